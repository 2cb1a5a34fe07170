import { describe, expect, it } from 'vitest';
import { utcTimestamp } from './timestamps.ts';

describe('utcTimestamp', () => {
  it('accepts UTC times ending with Z, with or without fractions of a second', () => {
    expect(utcTimestamp.safeParse('2024-05-01T18:30:00.000Z').success).toBe(true);
    expect(utcTimestamp.safeParse('2024-05-01T18:30:00Z').success).toBe(true);
    expect(utcTimestamp.safeParse(new Date(0).toISOString()).success).toBe(true);
  });

  it('rejects an offset, a local time, SQLite’s space-separated form and a bare date', () => {
    for (const text of ['2024-05-01T18:30:00+02:00', '2024-05-01T18:30:00', '2024-05-01 18:30:00', '2024-05-01']) {
      expect(utcTimestamp.safeParse(text).success, text).toBe(false);
    }
  });
});
