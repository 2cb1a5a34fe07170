import { describe, expect, it } from 'vitest';
import { formatUtcOffset, localOffsetMinutes, peakLocalHour, toLocalHourBars } from './activity-hours';

// Spec §3 "activityByHour[hour in UTC, minutesActive]"; §9 "Hour labels 12am/12pm style".

const activity = (entries: [number, number][]) => entries.map(([hour, minutesActive]) => ({ hour, minutesActive }));

describe('toLocalHourBars', () => {
  it('gives 24 bars labelled 12am to 11pm, hours the API left out at 0', () => {
    const bars = toLocalHourBars(activity([[5, 30]]), 0);
    expect(bars).toHaveLength(24);
    expect(bars.map((bar) => bar.label).slice(0, 3)).toEqual(['12am', '1am', '2am']);
    expect(bars[12]?.label).toBe('12pm');
    expect(bars[23]?.label).toBe('11pm');
    expect(bars[5]?.minutesActive).toBe(30);
    expect(bars.filter((bar) => bar.minutesActive > 0)).toHaveLength(1);
  });

  it("moves UTC hours into the visitor's hours, east and west, wrapping around midnight", () => {
    const east = toLocalHourBars(activity([[23, 40]]), 120);
    expect(east[1]?.minutesActive).toBe(40);
    const west = toLocalHourBars(activity([[2, 15]]), -300);
    expect(west[21]?.minutesActive).toBe(15);
  });

  it('files a half-hour zone by the local hour each UTC hour starts in', () => {
    const india = toLocalHourBars(
      activity([
        [0, 10],
        [18, 20],
      ]),
      330,
    );
    expect(india[5]?.minutesActive).toBe(10);
    expect(india[23]?.minutesActive).toBe(20);
  });

  it('ignores hours outside 0–23 and negative minutes', () => {
    const bars = toLocalHourBars(
      activity([
        [24, 10],
        [-1, 10],
        [3, -5],
      ]),
      0,
    );
    expect(bars.every((bar) => bar.minutesActive === 0)).toBe(true);
  });
});

describe('peakLocalHour', () => {
  it('is the hour with the most minutes, the earliest of equals, or null when nothing was played', () => {
    const bars = toLocalHourBars(
      activity([
        [4, 10],
        [9, 50],
        [20, 50],
      ]),
      0,
    );
    expect(peakLocalHour(bars)?.localHour).toBe(9);
    expect(peakLocalHour(toLocalHourBars([], 0))).toBeNull();
  });
});

describe('offsets', () => {
  it('reads the offset east of UTC in minutes', () => {
    const at = new Date('2026-01-15T12:00:00Z');
    expect(localOffsetMinutes(at)).toBe(-at.getTimezoneOffset());
  });

  it('writes the offset for the caption', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(60)).toBe('UTC+1');
    expect(formatUtcOffset(-300)).toBe('UTC-5');
    expect(formatUtcOffset(330)).toBe('UTC+5:30');
    expect(formatUtcOffset(-570)).toBe('UTC-9:30');
  });
});
