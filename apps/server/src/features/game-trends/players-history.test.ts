import { describe, expect, it } from 'vitest';
import { buildDataPoints, resolveHistoryRange, summarizeHistory } from './players-history.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const NOW = new Date('2025-06-18T10:37:12.000Z');

describe('resolveHistoryRange (spec §9 periods; bucket sizes of the issue)', () => {
  it('goes back 1, 3, 7, 30 and 90 days in buckets of 5, 30, 60, 240 and 720 minutes, floored to a bucket boundary so the first bucket is whole', () => {
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
    expect(summarizeHistory(points, 2).rollingAverage).toEqual([
      { timestamp: points[0]?.timestamp, average: 10 },
      { timestamp: points[1]?.timestamp, average: 15.5 },
      { timestamp: points[2]?.timestamp, average: 20.33 },
      { timestamp: points[3]?.timestamp, average: 30.67 },
    ]);
  });

  it('has no rolling average below 2 points, and zeros without points', () => {
    expect(summarizeHistory(points.slice(0, 1), 7).rollingAverage).toEqual([]);
    expect(summarizeHistory([], 7)).toEqual({
      peakPlayers: 0,
      lowestPlayers: 0,
      overallAverage: 0,
      rollingAverage: [],
    });
  });
});
