import { describe, expect, it } from 'vitest';
import {
  buildHourlyTimeline,
  buildRhythm,
  classifyCurrentPlayers,
  classifyGamePlayers,
  computeWeekSlot,
  countHistoryDays,
  estimateHour,
  type Rhythm,
} from './busy-patterns.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// 2025-06-18 is a Wednesday (getUTCDay 3); now is 20:15 UTC.
const WEDNESDAY_20 = Date.parse('2025-06-18T20:00:00.000Z');
const NOW = new Date(WEDNESDAY_20 + 15 * 60_000);

/** A rhythm whose only hours are `values` at Wednesday 20:00 UTC, one per week back. */
function wednesdaysAt20(values: readonly number[]): Rhythm {
  return buildRhythm(
    values.map((averagePlayers, index) => ({ hourStartMs: WEDNESDAY_20 - (index + 1) * 7 * DAY_MS, averagePlayers })),
  );
}

describe('the pattern of an hour (domain-facts §5: percentiles by linear interpolation at index p·(n−1))', () => {
  it('puts Q25, the median, Q75 and Q90 between the two nearest ranks: 1, 2, 3, 4 → 1.75, 2.5, 3.25, 3.7', () => {
    const rhythm = wednesdaysAt20([3, 1, 4, 2]);
    const levelAt = (players: number) => classifyCurrentPlayers(players, rhythm, NOW).busyLevel;
    expect([levelAt(1.74), levelAt(1.75)]).toEqual(['very_quiet', 'quiet']);
    expect([levelAt(2.49), levelAt(2.5)]).toEqual(['quiet', 'moderate']);
    expect([levelAt(3.24), levelAt(3.25)]).toEqual(['moderate', 'busy']);
    expect([levelAt(3.69), levelAt(3.7)]).toEqual(['busy', 'very_busy']);
  });
});

describe('buildRhythm', () => {
  it('groups hour-instances by UTC day of week and hour, never by date', () => {
    // 2025-06-18 is a Wednesday (getUTCDay 3).
    const wednesday20 = Date.parse('2025-06-18T20:00:00.000Z');
    const patterns = buildRhythm([
      { hourStartMs: wednesday20, averagePlayers: 10 },
      { hourStartMs: wednesday20 - 7 * DAY_MS, averagePlayers: 20 },
      { hourStartMs: wednesday20 - 14 * DAY_MS, averagePlayers: 30 },
      { hourStartMs: wednesday20 - DAY_MS, averagePlayers: 99 }, // Tuesday
      { hourStartMs: wednesday20 + HOUR_MS, averagePlayers: 98 }, // Wednesday 21:00
    ]).byWeekHour;
    expect(patterns.get(3 * 24 + 20)).toMatchObject({ dataPoints: 3, average: 20, median: 20 });
    expect(patterns.get(2 * 24 + 20)).toMatchObject({ dataPoints: 1, average: 99 });
    expect(patterns.get(3 * 24 + 21)).toMatchObject({ dataPoints: 1, average: 98 });
    expect(patterns.size).toBe(3);
    expect(computeWeekSlot(new Date(wednesday20))).toBe(3 * 24 + 20);
  });
});

describe('classifyCurrentPlayers (spec §3 Busy indicator; domain-facts §5 thresholds)', () => {
  // q25 = 10, median = 20, q75 = 30, q90 = 36, average 20 (in any order: a pattern sorts its hours first).
  const rhythm = wednesdaysAt20([40, 0, 30, 10, 20]);

  // The spec's texts for each level.
  it.each([
    [40, 'very_busy', 'Busier than usual'],
    [36, 'very_busy', 'Busier than usual'], // exactly Q90
    [35.99, 'busy', 'Busy'],
    [30, 'busy', 'Busy'], // exactly Q75
    [29.99, 'moderate', 'As busy as usual'],
    [20, 'moderate', 'As busy as usual'], // exactly the median
    [19.99, 'quiet', 'Not too busy'],
    [10, 'quiet', 'Not too busy'], // exactly Q25
    [9.99, 'very_quiet', 'Quieter than usual'],
    [0, 'very_quiet', 'Quieter than usual'],
  ] as const)('%s players now is %s', (current, level, text) => {
    const verdict = classifyCurrentPlayers(current, rhythm, NOW);
    expect(verdict).toEqual({
      busyLevel: level,
      busyText: text,
      typicalPlayers: 20,
      basis: 'weekday_hour',
      dataPoints: 5,
    });
  });

  it('calls the same count as always "as busy as usual", not "busier than usual" (past hours all alike)', () => {
    const alwaysEmpty = wednesdaysAt20([0, 0, 0]);
    expect(classifyCurrentPlayers(0, alwaysEmpty, NOW).busyLevel).toBe('moderate');
    expect(classifyCurrentPlayers(1, alwaysEmpty, NOW).busyLevel).toBe('very_busy');
    const alwaysTen = wednesdaysAt20([10, 10, 10]);
    expect(classifyCurrentPlayers(10, alwaysTen, NOW).busyLevel).toBe('moderate');
    expect(classifyCurrentPlayers(9, alwaysTen, NOW).busyLevel).toBe('very_quiet');
  });

  it('rounds the typical players to one decimal', () => {
    expect(classifyCurrentPlayers(0, wednesdaysAt20([1, 2, 2.2]), NOW).typicalPlayers).toBe(1.7);
  });
});

describe('classifyCurrentPlayers falls back on the surest history there is', () => {
  it('same weekday and hour needs 3 past hours: with 2 it uses the same hour on other days', () => {
    // Two Wednesdays at 20:00 (10, 30) and a Monday and a Tuesday at 20:00 (20, 20): four 20:00s.
    const rhythm = buildRhythm([
      { hourStartMs: WEDNESDAY_20 - 7 * DAY_MS, averagePlayers: 10 },
      { hourStartMs: WEDNESDAY_20 - 14 * DAY_MS, averagePlayers: 30 },
      { hourStartMs: WEDNESDAY_20 - DAY_MS, averagePlayers: 20 },
      { hourStartMs: WEDNESDAY_20 - 2 * DAY_MS, averagePlayers: 20 },
      { hourStartMs: WEDNESDAY_20 - 5 * HOUR_MS, averagePlayers: 99 }, // 15:00: another hour, not counted
    ]);
    // 20:00 over all days: 10, 20, 20, 30 → median 20, Q75 22.5, Q90 27.
    expect(classifyCurrentPlayers(23, rhythm, NOW)).toEqual({
      busyLevel: 'busy',
      busyText: 'Busy',
      typicalPlayers: 20,
      basis: 'hour',
      dataPoints: 4,
    });
  });

  it('one day of history: the whole day’s spread, scaled to what this hour had (a rough estimate)', () => {
    // Yesterday: 0 players overnight (00–11), 30 in the afternoon and evening (12–23); 20:00 had 30.
    const yesterday = Date.parse('2025-06-17T00:00:00.000Z');
    const rhythm = buildRhythm(
      Array.from({ length: 24 }, (_, hour) => ({
        hourStartMs: yesterday + hour * HOUR_MS,
        averagePlayers: hour < 12 ? 0 : 30,
      })),
    );
    expect(countHistoryDays(rhythm, NOW)).toBe(1); // since yesterday 00:00: 1 day 20¼ hours
    // All hours: average 15, median 15, Q75 30, Q90 30; scaled by 30 / 15: median 30, Q75 60, Q90 60.
    expect(classifyCurrentPlayers(30, rhythm, NOW)).toEqual({
      busyLevel: 'moderate',
      busyText: 'As busy as usual',
      typicalPlayers: 30,
      basis: 'overall',
      dataPoints: 24,
    });
    expect(classifyCurrentPlayers(60, rhythm, NOW).busyLevel).toBe('very_busy');
    // Below the scaled median (30) but not below Q25 (the night's 0): not too busy.
    expect(classifyCurrentPlayers(10, rhythm, NOW).busyLevel).toBe('quiet');
  });

  it('an hour never seen: compared with all the server’s hours unscaled, and no typical figure', () => {
    // Only three morning hours today, 6, 8 and 10 players; it is now 20:00.
    const today = Date.parse('2025-06-18T00:00:00.000Z');
    const rhythm = buildRhythm(
      [6, 8, 10].map((averagePlayers, index) => ({ hourStartMs: today + (8 + index) * HOUR_MS, averagePlayers })),
    );
    expect(classifyCurrentPlayers(8, rhythm, NOW)).toEqual({
      busyLevel: 'moderate',
      busyText: 'As busy as usual',
      typicalPlayers: null,
      basis: 'overall',
      dataPoints: 3,
    });
    expect(classifyCurrentPlayers(11, rhythm, NOW).busyLevel).toBe('very_busy');
    expect(classifyCurrentPlayers(2, rhythm, NOW).busyLevel).toBe('very_quiet');
  });

  it('is unknown only with no history at all', () => {
    expect(classifyCurrentPlayers(12, buildRhythm([]), NOW)).toEqual({
      busyLevel: 'unknown',
      busyText: 'Not enough data',
      typicalPlayers: null,
      basis: 'none',
      dataPoints: 0,
    });
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
    const timeline = buildHourlyTimeline(wednesdaysAt20([players, players, players]), NOW);
    expect(timeline.find((entry) => entry.hour === 20)).toMatchObject({ typicalPlayers: players, busyLevel: level });
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
  it("gives hours 0–23 UTC: today's weekday-hour from 3 weeks on, else the hour on any day, else null", () => {
    const wednesday = Date.parse('2025-06-18T00:00:00.000Z');
    const rhythm = buildRhythm([
      // 09:00 on three past Wednesdays: 10, 12, 14 → weekday_hour.
      ...[10, 12, 14].map((averagePlayers, index) => ({
        hourStartMs: wednesday + 9 * HOUR_MS - (index + 1) * 7 * DAY_MS,
        averagePlayers,
      })),
      // 09:00 on a Tuesday, 40: not today's weekday, so left out while Wednesdays suffice.
      { hourStartMs: wednesday - DAY_MS + 9 * HOUR_MS, averagePlayers: 40 },
      // 21:00 on one Wednesday (22) and on a Monday (11.5): only two, so the hour on any day.
      { hourStartMs: wednesday - 7 * DAY_MS + 21 * HOUR_MS, averagePlayers: 22 },
      { hourStartMs: wednesday - 2 * DAY_MS + 21 * HOUR_MS, averagePlayers: 11.5 },
    ]);
    const timeline = buildHourlyTimeline(rhythm, new Date(wednesday + 9 * HOUR_MS + 17 * 60_000));
    expect(timeline.map((entry) => entry.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(timeline[9]).toEqual({
      hour: 9,
      typicalPlayers: 12,
      busyLevel: 'moderate',
      isCurrentHour: true,
      basis: 'weekday_hour',
      dataPoints: 3,
    });
    expect(timeline[21]).toEqual({
      hour: 21,
      typicalPlayers: 16.8, // (22 + 11.5) / 2 = 16.75
      busyLevel: 'busy',
      isCurrentHour: false,
      basis: 'hour',
      dataPoints: 2,
    });
    // Never seen at 05:00: missing, not 0.
    expect(timeline[5]).toEqual({
      hour: 5,
      typicalPlayers: null,
      busyLevel: 'unknown',
      isCurrentHour: false,
      basis: 'none',
      dataPoints: 0,
    });
    expect(timeline.filter((entry) => entry.typicalPlayers === null)).toHaveLength(22);
    expect(timeline.filter((entry) => entry.isCurrentHour)).toHaveLength(1);
  });

  it('gives the current hour the same typical figure as the verdict, whatever the basis', () => {
    const day = Date.parse('2025-06-17T00:00:00.000Z');
    const rhythm = buildRhythm([{ hourStartMs: day + 20 * HOUR_MS, averagePlayers: 7.25 }]);
    const verdict = classifyCurrentPlayers(3, rhythm, NOW);
    const current = buildHourlyTimeline(rhythm, NOW).find((entry) => entry.isCurrentHour);
    expect(verdict.typicalPlayers).toBe(7.3);
    expect(current?.typicalPlayers).toBe(7.3);
  });
});

describe('estimateHour (the landing forecast of a game)', () => {
  it('prefers 3 or more of the same weekday and hour, then the hour on any day, then nothing', () => {
    const rhythm = buildRhythm([
      ...[30, 40, 50].map((averagePlayers, index) => ({
        hourStartMs: WEDNESDAY_20 - (index + 1) * 7 * DAY_MS,
        averagePlayers,
      })),
      { hourStartMs: WEDNESDAY_20 - DAY_MS, averagePlayers: 0 },
      { hourStartMs: WEDNESDAY_20 - DAY_MS + HOUR_MS, averagePlayers: 9 },
    ]);
    expect(estimateHour(rhythm, computeWeekSlot(new Date(WEDNESDAY_20)))).toEqual({
      typical: 40,
      basis: 'weekday_hour',
      dataPoints: 3,
    });
    // Thursday 20:00: no Thursday at all, so 20:00 on any day: 30, 40, 50, 0.
    expect(estimateHour(rhythm, computeWeekSlot(new Date(WEDNESDAY_20 + DAY_MS)))).toEqual({
      typical: 30,
      basis: 'hour',
      dataPoints: 4,
    });
    expect(estimateHour(rhythm, computeWeekSlot(new Date(WEDNESDAY_20 + 2 * HOUR_MS)))).toEqual({
      typical: null,
      basis: 'none',
      dataPoints: 0,
    });
  });

  it('counts whole days since the first hour seen, however many hours were seen', () => {
    const rhythm = buildRhythm([
      { hourStartMs: Date.parse('2025-06-16T20:00:00.000Z'), averagePlayers: 1 },
      { hourStartMs: Date.parse('2025-06-17T00:00:00.000Z'), averagePlayers: 1 },
      { hourStartMs: Date.parse('2025-06-17T05:00:00.000Z'), averagePlayers: 1 },
    ]);
    expect(rhythm.overall?.dataPoints).toBe(3);
    expect(countHistoryDays(rhythm, NOW)).toBe(2); // Monday 20:00 to Wednesday 20:15
    expect(countHistoryDays(rhythm, new Date(Date.parse('2025-06-18T19:59:00.000Z')))).toBe(1);
    expect(countHistoryDays(buildRhythm([]), NOW)).toBe(0);
  });
});
