import { HISTORY_BUCKET_MINUTES, type HistoryPeriod, type PlayersOnlineHistoryResponse } from '@frontline/contract';
import type { BucketTotal } from '../../domain/population-buckets.ts';
import { roundTo } from '../../lib/numbers.ts';

/**
 * Players-online history (domain-facts §5; spec site-statistics §3 Player history, §9 periods and
 * windows): how many players were online, bucket by bucket, over a period, with a rolling average.
 *
 * A bucket's total is the sum over servers of each server's average in that bucket (its polled player
 * counts averaged over the bucket), so a day-wide bucket shows "how many were online on a typical moment
 * of that day", not a sum over the day's hours (the reference site's quirk, deliberately not copied).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

interface PeriodRule {
  /** Days back from now; null: since 1 January UTC (thisyear) or everything (alltime), see resolveHistoryRange. */
  days: number | null;
  bucketMinutes: number;
}

// Every bucket size divides a day, so buckets never straddle midnight UTC and 1 January is a boundary.
const PERIOD_RULES: Record<HistoryPeriod, PeriodRule> = {
  '1d': { days: 1, bucketMinutes: HISTORY_BUCKET_MINUTES['1d'] },
  '3d': { days: 3, bucketMinutes: HISTORY_BUCKET_MINUTES['3d'] },
  '7d': { days: 7, bucketMinutes: HISTORY_BUCKET_MINUTES['7d'] },
  '1month': { days: 30, bucketMinutes: HISTORY_BUCKET_MINUTES['1month'] },
  '3months': { days: 90, bucketMinutes: HISTORY_BUCKET_MINUTES['3months'] },
  thisyear: { days: null, bucketMinutes: HISTORY_BUCKET_MINUTES.thisyear },
  alltime: { days: null, bucketMinutes: HISTORY_BUCKET_MINUTES.alltime },
};

export interface HistoryRange {
  /** Start of the first bucket (inclusive), null for everything. */
  startMs: number | null;
  bucketMinutes: number;
}

/**
 * The range a period covers, its start floored to a bucket boundary so the first bucket is whole
 * (a partly covered first bucket would average only the polls after the cut and dip for no reason).
 */
export function resolveHistoryRange(period: HistoryPeriod, now: Date): HistoryRange {
  const { days, bucketMinutes } = PERIOD_RULES[period];
  if (period === 'alltime') return { startMs: null, bucketMinutes };
  if (days === null) return { startMs: Date.UTC(now.getUTCFullYear(), 0, 1), bucketMinutes };
  const bucketMs = bucketMinutes * MINUTE_MS;
  return { startMs: Math.floor((now.getTime() - days * DAY_MS) / bucketMs) * bucketMs, bucketMinutes };
}

export type HistoryDataPoint = PlayersOnlineHistoryResponse['dataPoints'][number];
type HistoryInsights = PlayersOnlineHistoryResponse['insights'];

export function buildDataPoints(totals: readonly BucketTotal[], bucketMinutes: number): HistoryDataPoint[] {
  return totals.map(({ bucketIndex, totalPlayers }) => ({
    timestamp: new Date(bucketIndex * bucketMinutes * MINUTE_MS).toISOString(),
    totalPlayers: Math.round(totalPlayers),
  }));
}

/** Peak, low, average and the rolling average over `windowDays` (each point: mean of [t − window, t]). */
export function summarizeHistory(points: readonly HistoryDataPoint[], windowDays: number): HistoryInsights {
  if (points.length === 0) return { peakPlayers: 0, lowestPlayers: 0, overallAverage: 0, rollingAverage: [] };
  let peakPlayers = -Infinity;
  let lowestPlayers = Infinity;
  let total = 0;
  for (const { totalPlayers } of points) {
    peakPlayers = Math.max(peakPlayers, totalPlayers);
    lowestPlayers = Math.min(lowestPlayers, totalPlayers);
    total += totalPlayers;
  }
  return {
    peakPlayers,
    lowestPlayers,
    overallAverage: roundTo(total / points.length, 2),
    rollingAverage: computeRollingAverage(points, windowDays),
  };
}

/** A sliding window over time-ordered points: linear, since a year of 5-minute points would be 100 000. */
function computeRollingAverage(
  points: readonly HistoryDataPoint[],
  windowDays: number,
): HistoryInsights['rollingAverage'] {
  if (points.length < 2) return [];
  const times = points.map((point) => Date.parse(point.timestamp));
  const windowMs = windowDays * DAY_MS;
  const averages: HistoryInsights['rollingAverage'] = [];
  let first = 0;
  let sum = 0;
  for (let last = 0; last < points.length; last += 1) {
    sum += points[last]?.totalPlayers ?? 0;
    const time = times[last] ?? 0;
    while ((times[first] ?? time) < time - windowMs) {
      sum -= points[first]?.totalPlayers ?? 0;
      first += 1;
    }
    averages.push({ timestamp: points[last]?.timestamp ?? '', average: roundTo(sum / (last - first + 1), 2) });
  }
  return averages;
}
