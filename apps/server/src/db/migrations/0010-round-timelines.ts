import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A closed round's timeline (its polls, one encoded blob of a few to a few dozen kilobytes) moves out of `rounds`
 * into `round_timelines`, keyed by the round: the lists, counts and filters read `rounds` rows without dragging
 * their blobs through the page cache, and only the round report reads a timeline.
 *
 * No foreign key to `rounds`: like `sessions` and `round_polls`, the row is written by the collector in the same
 * transaction that closes the round, and rounds are never deleted, so the key's check would cost a lookup on
 * every close and guard against nothing.
 *
 * `rounds.timeline` stays as a column (dropping it would rewrite the whole table) but is always null from here.
 * A database that already holds timelines there has them moved at start-up, in batches with progress
 * (db/round-timelines-copy.ts, `copyRoundTimelines`): a year's rounds are hundreds of thousands of blobs, too
 * many for one migration's transaction. The migration only marks that the copy is owed.
 */
export const ROUND_TIMELINES_COPY_KEY = 'round_timelines_copy';

export const roundTimelines: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table round_timelines (
      round_key integer primary key,
      timeline blob not null
    )`.execute(db);
    await sql`insert into app_meta (key, value)
      select ${ROUND_TIMELINES_COPY_KEY}, 'pending' where exists (select 1 from rounds where timeline is not null)
      on conflict (key) do nothing`.execute(db);
  },
};
