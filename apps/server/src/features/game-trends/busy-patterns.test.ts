import { describe, expect, it } from 'vitest';
import {
  BUSY_TEXTS,
  MIN_PATTERN_DATA_POINTS,
  buildHourlyTimeline,
  buildWeekPatterns,
  classifyCurrentPlayers,
  classifyGamePlayers,
  classifyTypicalPlayers,
  computePercentile,
  computeWeekSlot,
  describeValues,
  type HourPattern,
} from './busy-patterns.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('computePercentile (domain-facts §5: linear interpolation at index p·(n−1))', () => {
  it('interpolates between the two nearest ranks', () => {
    const values = [1, 2, 3, 4];
    expect(computePercentile(values, 0.25)).toBeCloseTo(1.75, 10); // index 0.75
    expect(computePercentile(values, 0.5)).toBeCloseTo(2.5, 10); // index 1.5
    expect(computePercentile(values, 0.75)).toBeCloseTo(3.25, 10); // index 2.25
    expect(computePercentile(values, 0.9)).toBeCloseTo(3.7, 10); // index 2.7
  });

  it('hits exact ranks without interpolating, and handles one value and none', () => {
    expect(computePercentile([0, 10, 20, 30, 40], 0.25)).toBe(10);
    expect(computePercentile([0, 10, 20, 30, 40], 0.5)).toBe(20);
    expect(computePercentile([0, 10, 20, 30, 40], 0.75)).toBe(30);
    expect(computePercentile([0, 10, 20, 30, 40], 0.9)).toBeCloseTo(36, 10); // index 3.6
    expect(computePercentile([7], 0.9)).toBe(7);
    expect(computePercentile([], 0.5)).toBe(0);
  });

  it('describeValues sorts first, so the order of hour-instances does not matter', () => {
    expect(describeValues([40, 0, 30, 10, 20])).toEqual({
      dataPoints: 5,
      average: 20,
      q25: 10,
      median: 20,
      q75: 30,
      q90: expect.closeTo(36, 10) as number,
    });
  });
});

describe('buildWeekPatterns', () => {
  it('groups hour-instances by UTC day of week and hour, never by date', () => {
    // 2025-06-18 is a Wednesday (getUTCDay 3).
    const wednesday20 = Date.parse('2025-06-18T20:00:00.000Z');
    const patterns = buildWeekPatterns([
      { hourStartMs: wednesday20, averagePlayers: 10 },
      { hourStartMs: wednesday20 - 7 * DAY_MS, averagePlayers: 20 },
      { hourStartMs: wednesday20 - 14 * DAY_MS, averagePlayers: 30 },
      { hourStartMs: wednesday20 - DAY_MS, averagePlayers: 99 }, // Tuesday
      { hourStartMs: wednesday20 + HOUR_MS, averagePlayers: 98 }, // Wednesday 21:00
    ]);
    expect(patterns.get(3 * 24 + 20)).toMatchObject({ dataPoints: 3, average: 20, median: 20 });
    expect(patterns.get(2 * 24 + 20)).toMatchObject({ dataPoints: 1, average: 99 });
    expect(patterns.get(3 * 24 + 21)).toMatchObject({ dataPoints: 1, average: 98 });
    expect(patterns.size).toBe(3);
    expect(computeWeekSlot(new Date(wednesday20))).toBe(3 * 24 + 20);
  });
});

describe('classifyCurrentPlayers (spec §3 Busy indicator; domain-facts §5 thresholds)', () => {
  // q25 = 10, median = 20, q75 = 30, q90 = 36, average 20.
  const pattern = describeValues([0, 10, 20, 30, 40]);

  it.each([
    [40, 'very_busy'],
    [36, 'very_busy'], // exactly Q90
    [35.99, 'busy'],
    [30, 'busy'], // exactly Q75
    [29.99, 'moderate'],
    [20, 'moderate'], // exactly the median
    [19.99, 'quiet'],
    [10, 'quiet'], // exactly Q25
    [9.99, 'very_quiet'],
    [0, 'very_quiet'],
  ] as const)('%s players now is %s', (current, level) => {
    const verdict = classifyCurrentPlayers(current, pattern);
    expect(verdict.busyLevel).toBe(level);
    expect(verdict.busyText).toBe(BUSY_TEXTS[level]);
    expect(verdict.typicalPlayers).toBe(20);
  });

  it('uses the texts of the spec', () => {
    expect(BUSY_TEXTS).toEqual({
      very_busy: 'Busier than usual',
      busy: 'Busy',
      moderate: 'As busy as usual',
      quiet: 'Not too busy',
      very_quiet: 'Quieter than usual',
      unknown: 'Not enough data',
    });
  });

  it('needs at least 3 hour-instances: with 2 the level is unknown and no typical figure is given', () => {
    expect(MIN_PATTERN_DATA_POINTS).toBe(3);
    const two: HourPattern = describeValues([5, 50]);
    expect(classifyCurrentPlayers(100, two)).toEqual({
      busyLevel: 'unknown',
      busyText: 'Not enough data',
      typicalPlayers: null,
    });
    expect(classifyCurrentPlayers(100, describeValues([5, 50, 7])).busyLevel).toBe('very_busy');
    expect(classifyCurrentPlayers(3, undefined).busyLevel).toBe('unknown');
  });

  it('rounds the typical players to one decimal', () => {
    expect(classifyCurrentPlayers(0, describeValues([1, 2, 2.2])).typicalPlayers).toBe(1.7);
  });
});

describe('level thresholds by player count', () => {
  it.each([
    [25, 'very_busy'],
    [20, 'very_busy'],
    [19.9, 'busy'],
    [15, 'busy'],
    [14.9, 'moderate'],
    [10, 'moderate'],
    [9.9, 'quiet'],
    [5, 'quiet'],
    [4.9, 'very_quiet'],
    [0, 'very_quiet'],
  ] as const)('a server typically at %s is %s (timeline: 20/15/10/5)', (players, level) => {
    expect(classifyTypicalPlayers(players)).toBe(level);
  });

  it.each([
    [50, 'very_busy'],
    [49, 'busy'],
    [30, 'busy'],
    [29, 'moderate'],
    [15, 'moderate'],
    [14, 'quiet'],
    [5, 'quiet'],
    [4, 'very_quiet'],
  ] as const)('a game predicted at %s is %s (forecast: 50/30/15/5)', (players, level) => {
    expect(classifyGamePlayers(players)).toBe(level);
  });
});

describe('buildHourlyTimeline', () => {
  it("gives hours 0–23 UTC from today's day-of-week patterns only, 0 where there is no history", () => {
    const wednesday = Date.parse('2025-06-18T00:00:00.000Z');
    const patterns = buildWeekPatterns([
      { hourStartMs: wednesday + 9 * HOUR_MS, averagePlayers: 12.34 },
      { hourStartMs: wednesday + 21 * HOUR_MS, averagePlayers: 22 },
      { hourStartMs: wednesday - DAY_MS + 5 * HOUR_MS, averagePlayers: 40 }, // Tuesday: not today
    ]);
    const timeline = buildHourlyTimeline(patterns, new Date(wednesday + 9 * HOUR_MS + 17 * 60_000));
    expect(timeline.map((entry) => entry.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(timeline[9]).toEqual({ hour: 9, typicalPlayers: 12.3, busyLevel: 'moderate', isCurrentHour: true });
    expect(timeline[21]).toEqual({ hour: 21, typicalPlayers: 22, busyLevel: 'very_busy', isCurrentHour: false });
    expect(timeline[5]).toEqual({ hour: 5, typicalPlayers: 0, busyLevel: 'very_quiet', isCurrentHour: false });
    expect(timeline.filter((entry) => entry.isCurrentHour)).toHaveLength(1);
  });
});
