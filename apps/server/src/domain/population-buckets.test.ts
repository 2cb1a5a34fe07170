import { describe, expect, it } from 'vitest';
import { asServerGuid } from './ids.ts';
import { BucketAccumulator, computeBucketIndex, type PopulationGroup } from './population-buckets.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function group(
  serverGuid: string,
  bucketIndex: number,
  playerSum: number,
  samples: number,
  spanBuckets = 1,
): PopulationGroup {
  return { serverGuid: asServerGuid(serverGuid), bucketIndex, spanBuckets, playerSum, samples };
}

describe('computeBucketIndex', () => {
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
