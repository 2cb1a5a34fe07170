import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ROUND_AGGREGATES_BACKFILL_KEY } from './0004-round-aggregates.ts';
import { MAP_DAYS_REPLAY } from './0008-map-presence.ts';

/**
 * Round-closed work becomes a durable queue (DESIGN.md data flow, step 4; ingest/store/round-closed-queue.ts). The
 * poll's transaction only closes the round and adds it here; a separate step, in transactions of its own, does
 * the work and removes the row in the same transaction, so a crash between the two loses nothing and repeats
 * nothing.
 *
 * `seq` (the rowid) is the order rounds closed in, the order they are processed in. `work` says what is owed:
 * - `closed`: everything a closed round adds (its timeline from its polls, its players' totals, the round
 *   aggregates, its servers' ping statistics): rounds closed from here on;
 * - `aggregates`: the round aggregates only, for rounds closed before they existed (the replay migration 0004
 *   asked for);
 * - `map_days`: the map days only (the replay migration 0008 asked for).
 *
 * Those two replays were one start-up pass in one transaction before the collector started; they are now rows of
 * this queue, worked through in slices between polls with progress in the log.
 */
export const roundClosedQueue: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table round_closed_queue (
      seq integer primary key,
      round_key integer not null unique,
      work text not null check (work in ('closed', 'aggregates', 'map_days'))
    )`.execute(db);
    await sql`insert into round_closed_queue (round_key, work)
      select r.round_key, case m.value when ${MAP_DAYS_REPLAY} then 'map_days' else 'aggregates' end
      from rounds r join app_meta m on m.key = ${ROUND_AGGREGATES_BACKFILL_KEY}
      where r.is_active = 0 order by r.end_time, r.round_key`.execute(db);
    await sql`delete from app_meta where key = ${ROUND_AGGREGATES_BACKFILL_KEY}`.execute(db);
  },
};
