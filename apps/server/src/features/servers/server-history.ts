import type { ServerGuid } from '../../domain/ids.ts';
import { pingPercentiles, type PingBin } from '../../domain/ping-histogram.ts';
import { BucketAccumulator, computeBucketIndex } from '../../domain/population-buckets.ts';
import { roundTo } from '../../lib/numbers.ts';
import type { ServersRepository } from './servers.repository.ts';

/**
 * A server's player count and ping over a span of time, bucket by bucket (the server profile's activity
 * charts). Player counts come from the population table, as the browser's history does; pings from the
 * collector's hourly histograms, merged per bucket so a day's median is the median of the day's pings, not a
 * median of hourly medians. A server here is every address that carried its name (`guids`): counts of addresses
 * add up bucket by bucket, pings merge into one histogram.
 */

export interface HistorySpan {
  /** Unix ms, a bucket boundary. */
  startMs: number;
  endMs: number;
  bucketMinutes: number;
  /** Fold day buckets into weeks (ten-year views). */
  foldToWeeks: boolean;
}

export interface PlayerCountHistory {
  points: { timestamp: string; playerCount: number }[];
  /**
   * Players online on average while the server was polled in the span: the players of every poll summed, over
   * the number of polls (empty polls count as 0).
   */
  average: number;
}

const MINUTE_MS = 60_000;
const WEEK_DAYS = 7;
const DAY_MINUTES = 1440;

export async function readPlayerCountHistory(
  repository: ServersRepository,
  guids: readonly ServerGuid[],
  span: HistorySpan,
): Promise<PlayerCountHistory> {
  const slice = { from: new Date(span.startMs).toISOString(), before: new Date(span.endMs).toISOString() };
  const groups = (
    await Promise.all(
      guids.map((serverGuid) => repository.selectPopulationGroups(serverGuid, span.bucketMinutes, slice)),
    )
  ).flat();
  let playerSum = 0;
  let samples = 0;
  for (const group of groups) {
    playerSum += group.playerSum;
    samples += group.samples;
  }
  const accumulator = new BucketAccumulator();
  accumulator.addGroups(groups);
  let totals = accumulator.collectTotals(
    computeBucketIndex(span.startMs, span.bucketMinutes),
    computeBucketIndex(span.endMs, span.bucketMinutes),
  );
  let bucketMinutes = span.bucketMinutes;
  if (span.foldToWeeks && bucketMinutes === DAY_MINUTES) {
    // A week's figure is the mean of its days that have data (each day already an average of its polls).
    const weeks = new Map<number, { sum: number; days: number }>();
    for (const total of totals) {
      const week = Math.floor(total.bucketIndex / WEEK_DAYS);
      const entry = weeks.get(week) ?? { sum: 0, days: 0 };
      entry.sum += total.totalPlayers;
      entry.days += 1;
      weeks.set(week, entry);
    }
    totals = [...weeks].map(([week, entry]) => ({ bucketIndex: week, totalPlayers: entry.sum / entry.days }));
    bucketMinutes = WEEK_DAYS * DAY_MINUTES;
  }
  return {
    points: totals.map((total) => ({
      timestamp: new Date(total.bucketIndex * bucketMinutes * MINUTE_MS).toISOString(),
      playerCount: roundTo(total.totalPlayers, 1),
    })),
    average: samples > 0 ? playerSum / samples : 0,
  };
}

/** Median and 95th-percentile ping per bucket (at least an hour: the histograms are hourly). */
export async function readPingHistory(
  repository: ServersRepository,
  guids: readonly ServerGuid[],
  span: HistorySpan,
): Promise<{ timePeriod: string; medianPing: number; p95Ping: number }[]> {
  const bucketMinutes = span.foldToWeeks ? WEEK_DAYS * DAY_MINUTES : Math.max(60, span.bucketMinutes);
  const bucketMs = bucketMinutes * MINUTE_MS;
  // Buckets of a day or more read the daily histograms: a year is 365 days of bins, not 8 760 hours of them.
  const daily = bucketMinutes >= DAY_MINUTES;
  const from = new Date(span.startMs).toISOString();
  const before = new Date(span.endMs).toISOString();
  const rows = await repository.findPingBins(guids, { from, before }, daily ? 'day' : 'hour');
  const buckets = new Map<number, PingBin[]>();
  for (const row of rows) {
    const bucket = Math.floor(Date.parse(row.periodStart) / bucketMs) * bucketMs;
    const bins = buckets.get(bucket) ?? [];
    bins.push({ pingBin: row.pingBin, samples: row.samples });
    buckets.set(bucket, bins);
  }
  const data: { timePeriod: string; medianPing: number; p95Ping: number }[] = [];
  for (const [bucket, bins] of [...buckets].sort(([a], [b]) => a - b)) {
    const percentiles = pingPercentiles(bins);
    if (!percentiles) continue;
    data.push({
      timePeriod: new Date(bucket).toISOString(),
      medianPing: roundTo(percentiles.median, 1),
      p95Ping: roundTo(percentiles.p95, 1),
    });
  }
  return data;
}
