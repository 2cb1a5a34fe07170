import { describe, expect, it } from 'vitest';
import { formatUtcOffset, hourBandOf, localHourOf, minutesByBand, toLocalHours } from './local-hours.ts';

describe('local hours', () => {
  it('moves UTC hours to the local hour they start in, whole and half-hour zones alike', () => {
    expect(localHourOf(20, 120)).toBe(22); // Paris in summer
    expect(localHourOf(2, -300)).toBe(21); // New York in winter: the evening before
    expect(localHourOf(0, 330)).toBe(5); // India: 05:30
    expect(localHourOf(23, 60)).toBe(0);
  });

  it('gives 24 values, local midnight first, dropping bad hours and negative minutes', () => {
    const local = toLocalHours(
      [
        { hour: 23, minutes: 30 },
        { hour: 0, minutes: 10 },
        { hour: 24, minutes: 99 },
        { hour: 5, minutes: -4 },
      ],
      (entry) => entry.minutes,
      60,
    );
    expect(local).toHaveLength(24);
    expect(local[0]).toBe(30);
    expect(local[1]).toBe(10);
    expect(local.reduce((sum, value) => sum + value, 0)).toBe(40);
  });

  it('§9 "Hour bands local: Early 00-08, Day 08-16, Night 16-24"', () => {
    expect([0, 7, 8, 15, 16, 23].map(hourBandOf)).toEqual(['Early', 'Early', 'Day', 'Day', 'Night', 'Night']);
    const minutes = Array.from({ length: 24 }, (_, hour) => hour);
    expect(minutesByBand(minutes)).toEqual({ Early: 28, Day: 92, Night: 156 });
  });

  it('names the offset', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(120)).toBe('UTC+2');
    expect(formatUtcOffset(-300)).toBe('UTC-5');
    expect(formatUtcOffset(330)).toBe('UTC+5:30');
  });
});
