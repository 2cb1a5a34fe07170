import { describe, expect, it } from 'vitest';
import { asServerGuid } from '../../domain/ids.ts';
import {
  BucketAccumulator,
  PERIOD_RULES,
  buildDataPoints,
  computeBucketIndex,
  computeRollingAverage,
  resolveHistoryRange,
  summarizeHistory,
  type PopulationGroup,
} from './players-history.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const NOW = new Date('2025-06-18T10:37:12.000Z');

function group(
  serverGuid: string,
  bucketIndex: number,
  playerSum: number,
  samples: number,
  spanBuckets = 1,
): PopulationGroup {
  return { serverGuid: asServerGuid(serverGuid), bucketIndex, spanBuckets, playerSum, samples };
}

describe('resolveHistoryRange (spec §9 periods; bucket sizes of the issue)', () => {
  it('has the bucket size of each period', () => {
    expect(
      Object.fromEntries(Object.entries(PERIOD_RULES).map(([period, rule]) => [period, rule.bucketMinutes])),
    ).toEqual({
      '1d': 5,
      '3d': 30,
      '7d': 60,
      '1month': 240,
      '3months': 720,
      thisyear: 1440,
      alltime: 1440,
    });
  });

  it('goes back 1, 3, 7, 30 and 90 days, floored to a bucket boundary so the first bucket is whole', () => {
    expect(resolveHistoryRange('1d', NOW)).toEqual({
      startMs: Date.parse('2025-06-17T10:35:00.000Z'),
      bucketMinutes: 5,
    });
    expect(resolveHistoryRange('3d', NOW)).toEqual({
      startMs: Date.parse('2025-06-15T10:30:00.000Z'),
      bucketMinutes: 30,
    });
    expect(resolveHistoryRange('7d', NOW)).toEqual({
      startMs: Date.parse('2025-06-11T10:00:00.000Z'),
      bucketMinutes: 60,
    });
    expect(resolveHistoryRange('1month', NOW)).toEqual({
      startMs: Date.parse('2025-05-19T08:00:00.000Z'),
      bucketMinutes: 240,
    });
    expect(resolveHistoryRange('3months', NOW)).toEqual({
      startMs: Date.parse('2025-03-20T00:00:00.000Z'),
      bucketMinutes: 720,
    });
  });

  it('starts this year on 1 January UTC and all time nowhere', () => {
    expect(resolveHistoryRange('thisyear', NOW)).toEqual({
      startMs: Date.parse('2025-01-01T00:00:00.000Z'),
      bucketMinutes: 1440,
    });
    expect(resolveHistoryRange('alltime', NOW)).toEqual({ startMs: null, bucketMinutes: 1440 });
  });

  it('numbers buckets as floor(time / size)', () => {
    expect(computeBucketIndex(Date.parse('2025-06-18T10:37:12.000Z'), 60)).toBe(
      Math.floor(Date.parse('2025-06-18T10:00:00.000Z') / HOUR_MS),
    );
    expect(computeBucketIndex(Date.parse('2025-06-18T00:00:00.000Z'), 1440)).toBe(
      Date.parse('2025-06-18T00:00:00.000Z') / DAY_MS,
    );
  });
});

describe('BucketAccumulator: a bucket total is the sum over servers of each server’s average', () => {
  it('adds server averages, not rows: two servers × twelve 5-minute rows in one hour', () => {
    const accumulator = new BucketAccumulator();
    // Server a: 10 players in every poll; server b: 0..11 players, 2 polls per row.
    for (let row = 0; row < 12; row += 1) {
      accumulator.addGroups([group('a', 100, 10 * 2, 2), group('b', 100, row * 2, 2)]);
    }
    expect(accumulator.collectTotals(null, 100)).toEqual([{ bucketIndex: 100, totalPlayers: 10 + 5.5 }]);
  });

  it('weights a server’s average by polls: sums merged before dividing', () => {
    const accumulator = new BucketAccumulator();
    accumulator.addGroups([group('a', 7, 10, 1), group('a', 7, 0, 9)]);
    expect(accumulator.collectTotals(null, 7)[0]?.totalPlayers).toBe(1);
  });

  it('lends an hourly row’s average to every finer bucket it covers', () => {
    const accumulator = new BucketAccumulator();
    accumulator.addGroups([group('a', 24, 6 * 120, 120, 12), group('b', 30, 2 * 10, 10)]);
    const totals = accumulator.collectTotals(null, 40);
    expect(totals.map((total) => total.bucketIndex)).toEqual([24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35]);
    expect(totals.find((total) => total.bucketIndex === 30)?.totalPlayers).toBe(6 + 2);
    expect(totals.find((total) => total.bucketIndex === 35)?.totalPlayers).toBe(6);
  });

  it('gives the same totals however the rows were split between settled and fresh reads', () => {
    const rows = [
      group('a', 1, 30, 3),
      group('a', 1, 40, 2),
      group('b', 1, 5, 5),
      group('a', 2, 8, 2),
      group('b', 2, 9, 3),
    ];
    const whole = new BucketAccumulator();
    whole.addGroups(rows);
    const split = new BucketAccumulator();
    split.addGroups(rows.slice(0, 2));
    split.settleBefore(1); // nothing before bucket 1 yet: bucket 1 stays open
    split.addGroups(rows.slice(2, 3));
    split.settleBefore(2);
    expect(split.collectTotals(null, 2, rows.slice(3))).toEqual(whole.collectTotals(null, 2));
    // A settled bucket keeps its total; fresh rows only ever land in later buckets.
    expect(split.collectTotals(1, 1)).toEqual([{ bucketIndex: 1, totalPlayers: 14 + 1 }]);
  });

  it('keeps fresh rows out of later calls, and forgets buckets before a rolling start', () => {
    const accumulator = new BucketAccumulator();
    accumulator.addGroups([group('a', 1, 1, 1), group('a', 2, 2, 1)]);
    expect(accumulator.collectTotals(null, 3, [group('a', 3, 3, 1)])).toHaveLength(3);
    expect(accumulator.collectTotals(null, 3)).toHaveLength(2);
    accumulator.dropBefore(2);
    expect(accumulator.collectTotals(null, 3)).toEqual([{ bucketIndex: 2, totalPlayers: 2 }]);
    expect(accumulator.collectTotals(3, 3)).toEqual([]);
  });
});

describe('history insights (domain-facts §5 Players-online history)', () => {
  const points = buildDataPoints(
    [0, 1, 2, 3].map((day) => ({ bucketIndex: 20_000 + day, totalPlayers: [10.4, 20.6, 30, 41][day] ?? 0 })),
    1440,
  );

  it('rounds each total and stamps the bucket start in UTC with Z', () => {
    expect(points.map((point) => point.totalPlayers)).toEqual([10, 21, 30, 41]);
    expect(points[0]?.timestamp).toBe(new Date(20_000 * DAY_MS).toISOString());
    expect(points[0]?.timestamp.endsWith('Z')).toBe(true);
  });

  it('finds peak, lowest and the average to 2 decimals', () => {
    const insights = summarizeHistory(points.slice(0, 3), 7);
    expect(insights).toMatchObject({ peakPlayers: 30, lowestPlayers: 10, overallAverage: 20.33 });
  });

  it('averages, for each point, the points within [t − window, t] (both ends included)', () => {
    expect(computeRollingAverage(points, 2)).toEqual([
      { timestamp: points[0]?.timestamp, average: 10 },
      { timestamp: points[1]?.timestamp, average: 15.5 },
      { timestamp: points[2]?.timestamp, average: 20.33 },
      { timestamp: points[3]?.timestamp, average: 30.67 },
    ]);
  });

  it('has no rolling average below 2 points, and zeros without points', () => {
    expect(computeRollingAverage(points.slice(0, 1), 7)).toEqual([]);
    expect(summarizeHistory([], 7)).toEqual({
      peakPlayers: 0,
      lowestPlayers: 0,
      overallAverage: 0,
      rollingAverage: [],
    });
  });
});
