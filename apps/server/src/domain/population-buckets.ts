import type { ServerGuid } from './ids.ts';

/**
 * Players online per time bucket, from the population rows the collector writes (`server_population`: each row
 * sums the players of the polls in its 5 minutes, or in its hour after the rollup). A bucket's total is the sum
 * over servers of each server's average in that bucket, so a day-wide bucket shows how many were online at a
 * typical moment of the day, not a sum over its hours. The game's history (game-trends) and a server's activity
 * chart (servers) both total buckets this way.
 */

const MINUTE_MS = 60_000;

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

/**
 * The servers' averages summed in the order of their guids: floating-point addition depends on the order, and the
 * rows come in whatever order the store's grouping gives (PostgreSQL's differs from SQLite's), so a total that
 * lands on a half would otherwise round one way on one store and the other way on the other.
 */
function sumServerAverages(servers: ServerSums): number {
  let total = 0;
  for (const guid of [...servers.keys()].sort()) {
    const { playerSum, samples } = servers.get(guid) ?? { playerSum: 0, samples: 0 };
    if (samples > 0) total += playerSum / samples;
  }
  return total;
}
