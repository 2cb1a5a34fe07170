import { describe, expect, it } from 'vitest';
import { localHourOf } from './local-hour.ts';

const at = (iso: string): number => Date.parse(iso);

describe('localHourOf (issue 18: night owl and early bird "by the server\'s local time")', () => {
  it("reads the hour on the zone's wall clock, across the spring-forward change of Europe/Berlin", () => {
    // 2024-03-31: clocks jump from 02:00 CET to 03:00 CEST at 01:00 UTC.
    expect(localHourOf(at('2024-03-31T00:59:59Z'), 'Europe/Berlin')).toBe(1);
    expect(localHourOf(at('2024-03-31T01:00:00Z'), 'Europe/Berlin')).toBe(3);
    // 2024-10-27: back from 03:00 CEST to 02:00 CET at 01:00 UTC, so 02 happens twice.
    expect(localHourOf(at('2024-10-27T00:30:00Z'), 'Europe/Berlin')).toBe(2);
    expect(localHourOf(at('2024-10-27T01:30:00Z'), 'Europe/Berlin')).toBe(2);
    expect(localHourOf(at('2024-10-27T02:30:00Z'), 'Europe/Berlin')).toBe(3);
  });

  it('follows a half-hour zone to the minute (Asia/Kolkata, UTC+05:30)', () => {
    expect(localHourOf(at('2024-01-01T18:29:59Z'), 'Asia/Kolkata')).toBe(23);
    expect(localHourOf(at('2024-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe(0);
    // America/St_Johns is UTC−02:30 in summer: 00:30 UTC is 22:00 there, the night owl's first hour.
    expect(localHourOf(at('2024-07-01T00:29:59Z'), 'America/St_Johns')).toBe(21);
    expect(localHourOf(at('2024-07-01T00:30:00Z'), 'America/St_Johns')).toBe(22);
  });

  it('reads midnight as 0, never 24 (hourCycle h23)', () => {
    expect(localHourOf(at('2024-06-01T22:00:00Z'), 'Europe/Berlin')).toBe(0);
    expect(localHourOf(at('2024-06-01T04:00:00Z'), 'America/New_York')).toBe(0);
  });

  it('falls back to the UTC hour for a server without a zone or with an unknown one, every time', () => {
    const ms = at('2024-06-01T13:45:00Z');
    expect(localHourOf(ms, null)).toBe(13);
    expect(localHourOf(ms, 'Mars/Olympus_Mons')).toBe(13);
    expect(localHourOf(ms, 'Mars/Olympus_Mons')).toBe(13);
    expect(localHourOf(ms, '')).toBe(13);
  });
});
