import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format.ts';

describe('dates', () => {
  it('shows the day and the time, in the zone asked for', () => {
    expect(formatDateTime('2024-03-03T23:30:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('3 Mar 2024, 23:30');
  });
});
