import type { HistoryPeriod, PlayersOnlineHistoryResponse } from '@frontline/contract';
import type { ServerGuid } from '../../domain/ids.ts';
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
export const PERIOD_RULES: Record<HistoryPeriod, PeriodRule> = {
  '1d': { days: 1, bucketMinutes: 5 },
  '3d': { days: 3, bucketMinutes: 30 },
  '7d': { days: 7, bucketMinutes: 60 },
  '1month': { days: 30, bucketMinutes: 240 },
  '3months': { days: 90, bucketMinutes: 720 },
  thisyear: { days: null, bucketMinutes: 1440 },
  alltime: { days: null, bucketMinutes: 1440 },
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

export function computeBucketIndex(timeMs: number, bucketMinutes: number): number {
  return Math.floor(timeMs / (bucketMinutes * MINUTE_MS));
}

/**
 * The sums of one server's population rows that fall in one bucket. A row longer than the bucket (an
 * hourly row, after the 7-day rollup, met by 5- or 30-minute buckets) covers `spanBuckets` buckets from
 * `bucketIndex` on, and lends each its own average: finer detail no longer exists.
 */
export interface PopulationGroup {
  serverGuid: ServerGuid;
  bucketIndex: number;
  spanBuckets: number;
  playerSum: number;
  samples: number;
}

interface PopulationSums {
  playerSum: number;
  samples: number;
}

type ServerSums = Map<string, PopulationSums>;

export interface BucketTotal {
  bucketIndex: number;
  /** Sum over servers of each server's average players in the bucket, unrounded. */
  totalPlayers: number;
}

/**
 * Keeps the running sums of each server in each bucket, and the totals of buckets that can no longer
 * change. Sums (not averages) are kept because a bucket's rows arrive in pieces (one query per chunk of
 * time, then the newest rows on each request) and only sums add up exactly.
 */
export class BucketAccumulator {
  readonly #settled = new Map<number, number>();
  readonly #open = new Map<number, ServerSums>();

  addGroups(groups: Iterable<PopulationGroup>): void {
    addGroupsTo(this.#open, groups);
  }

  /** Replaces the sums of every bucket before `bucketIndex` by its total: no row of it can still arrive. */
  settleBefore(bucketIndex: number): void {
    for (const [index, servers] of this.#open) {
      if (index >= bucketIndex) continue;
      this.#settled.set(index, (this.#settled.get(index) ?? 0) + sumServerAverages(servers));
      this.#open.delete(index);
    }
  }

  /** Forgets buckets before `bucketIndex` (a rolling period has moved past them). */
  dropBefore(bucketIndex: number): void {
    for (const index of this.#settled.keys()) if (index < bucketIndex) this.#settled.delete(index);
    for (const index of this.#open.keys()) if (index < bucketIndex) this.#open.delete(index);
  }

  /**
   * The totals of buckets in [fromIndex, toIndex], in time order, with `fresh` groups (rows too recent to
   * keep) added to the kept sums of this call only.
   */
  collectTotals(fromIndex: number | null, toIndex: number, fresh: readonly PopulationGroup[] = []): BucketTotal[] {
    const freshSums = new Map<number, ServerSums>();
    addGroupsTo(freshSums, fresh);
    const indexes = new Set<number>([...this.#settled.keys(), ...this.#open.keys(), ...freshSums.keys()]);
    const totals: BucketTotal[] = [];
    for (const index of [...indexes].sort((a, b) => a - b)) {
      if ((fromIndex !== null && index < fromIndex) || index > toIndex) continue;
      const merged = mergeServerSums(this.#open.get(index), freshSums.get(index));
      totals.push({ bucketIndex: index, totalPlayers: (this.#settled.get(index) ?? 0) + sumServerAverages(merged) });
    }
    return totals;
  }
}

function addGroupsTo(target: Map<number, ServerSums>, groups: Iterable<PopulationGroup>): void {
  for (const group of groups) {
    for (let offset = 0; offset < group.spanBuckets; offset += 1) {
      const index = group.bucketIndex + offset;
      let servers = target.get(index);
      if (!servers) {
        servers = new Map();
        target.set(index, servers);
      }
      const sums = servers.get(group.serverGuid);
      if (sums) {
        sums.playerSum += group.playerSum;
        sums.samples += group.samples;
      } else {
        servers.set(group.serverGuid, { playerSum: group.playerSum, samples: group.samples });
      }
    }
  }
}

function mergeServerSums(kept: ServerSums | undefined, fresh: ServerSums | undefined): ServerSums {
  if (!fresh) return kept ?? new Map<string, PopulationSums>();
  if (!kept) return fresh;
  const merged = new Map<string, PopulationSums>();
  for (const [guid, sums] of kept) merged.set(guid, { ...sums });
  for (const [guid, sums] of fresh) {
    const existing = merged.get(guid);
    if (existing) {
      existing.playerSum += sums.playerSum;
      existing.samples += sums.samples;
    } else {
      merged.set(guid, { ...sums });
    }
  }
  return merged;
}

function sumServerAverages(servers: ServerSums): number {
  let total = 0;
  for (const { playerSum, samples } of servers.values()) if (samples > 0) total += playerSum / samples;
  return total;
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
export function computeRollingAverage(
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
