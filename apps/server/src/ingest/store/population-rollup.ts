import type { SyncConnection } from '../../db/sync-connection.ts';
import { dialectText } from '../../db/dialect.ts';

/**
 * Rolls old 5-minute population buckets up into hourly ones, so a year of history costs 12 times fewer
 * rows while recent days keep their 5-minute detail.
 *
 * Why merging is exact: a bucket stores sums, not averages. Its average is player_sum / samples, a mean
 * weighted by how many polls fell into it, so the hourly row built by summing player_sum and samples gives
 * exactly the average of every poll in the hour (averaging the twelve 5-minute averages would not, when
 * buckets hold different numbers of polls). The peak of the hour is the maximum of the bucket peaks. The
 * same holds when a later run merges into an hourly row written by an earlier one, which makes the job
 * safe to repeat.
 */

const POPULATION_ROLLUP_DAYS = 7;
const HOURLY_BUCKET_MINUTES = 60;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PopulationRollupResult {
  /** Finer-than-hourly buckets merged away. */
  bucketsRolledUp: number;
  /** Hourly rows written (created or merged into). */
  hourlyRows: number;
}

/** The start of the hour to keep in fine detail: buckets starting before it are rolled up. */
function computeRollupCutoff(now: Date, olderThanDays: number = POPULATION_ROLLUP_DAYS): Date {
  // Floored to the hour so an hour is always wholly fine or wholly hourly, never split between the two.
  return new Date(Math.floor((now.getTime() - olderThanDays * DAY_MS) / HOUR_MS) * HOUR_MS);
}

// The hourly row's key (server, HH:00:00.000Z) is also the key of that hour's first 5-minute bucket, so
// the upsert meets one of two rows: that bucket, already counted in the group's sums (replace it), or
// the hourly row of an earlier run, not counted (add to it). `server_population.` on the right-hand side
// is the existing row, read before the update. Built when used: its SQL is the store's (db/dialect.ts).
function upsertHourly(): string {
  // bucket_start is always Date.toISOString() text (YYYY-MM-DDTHH:MM:SS.sssZ, fixed width, UTC), so text
  // comparison is chronological and the start of its hour is ISO text too.
  const HOUR_OF_BUCKET = dialectText.isoHourStart('bucket_start');
  const existing = (column: string) => `server_population.${column}`;
  const isFine = `${existing('bucket_minutes')} < ${HOURLY_BUCKET_MINUTES}`;
  return `insert into server_population
    (server_guid, bucket_start, bucket_minutes, player_sum, peak_players, samples)
  select server_guid, ${HOUR_OF_BUCKET}, ${HOURLY_BUCKET_MINUTES}, sum(player_sum), max(peak_players), sum(samples)
  from server_population
  where bucket_minutes < ${HOURLY_BUCKET_MINUTES} and bucket_start < ?
  group by server_guid, ${HOUR_OF_BUCKET}
  on conflict (server_guid, bucket_start) do update set
    player_sum = case when ${isFine} then excluded.player_sum
      else ${existing('player_sum')} + excluded.player_sum end,
    peak_players = case when ${isFine} then excluded.peak_players
      else ${dialectText.greatest(existing('peak_players'), 'excluded.peak_players')} end,
    samples = case when ${isFine} then excluded.samples
      else ${existing('samples')} + excluded.samples end,
    bucket_minutes = ${HOURLY_BUCKET_MINUTES}`;
}

/**
 * Merges every bucket finer than an hour that starts before the cutoff (now − olderThanDays, floored to
 * the hour) into one row per server and UTC hour, in one transaction. Running it again changes nothing
 * until the cutoff moves, so an hourly schedule is safe; a crash mid-run rolls back whole.
 *
 * Pure SQL (one grouped upsert, one delete) so the work stays inside the database and is fast on a year of
 * data; the bucket_start index finds the rows to merge.
 */
export function rollUpPopulation(
  sqlite: SyncConnection,
  now: Date,
  options: { olderThanDays?: number } = {},
): PopulationRollupResult {
  const cutoff = computeRollupCutoff(now, options.olderThanDays).toISOString();
  sqlite.exec(dialectText.beginWrite);
  try {
    const counted = sqlite
      .prepare(
        `select count(*) as buckets from server_population
        where bucket_minutes < ${HOURLY_BUCKET_MINUTES} and bucket_start < ?`,
      )
      .get(cutoff);
    const bucketsRolledUp = Number(counted?.buckets ?? 0);
    let hourlyRows = 0;
    if (bucketsRolledUp > 0) {
      hourlyRows = Number(sqlite.prepare(upsertHourly()).run(cutoff).changes);
      // The first bucket of each hour became the hourly row above; this removes the other eleven.
      sqlite
        .prepare(`delete from server_population where bucket_minutes < ${HOURLY_BUCKET_MINUTES} and bucket_start < ?`)
        .run(cutoff);
    }
    sqlite.exec('commit');
    return { bucketsRolledUp, hourlyRows };
  } catch (error) {
    sqlite.exec('rollback');
    throw error;
  }
}
