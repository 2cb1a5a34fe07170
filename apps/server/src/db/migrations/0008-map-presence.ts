import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ROUND_AGGREGATES_BACKFILL_KEY } from './0004-round-aggregates.ts';

/**
 * `server_map_days` counts what players saw (the server profile's maps table). Until now a map's play time was
 * the length of its rounds, empty rounds included (a server nobody played on showed 100 % for its map), and its
 * polls were only those that saw a player, so the average players per poll skipped the empty ones. From here:
 *
 * - `played_ms`: each round's length times the share of its polls that saw at least one player (an empty
 *   round adds 0);
 * - `polls`: every poll of the round (`rounds.poll_count`), so `player_poll_sum / polls` is the average over
 *   every poll, empty polls counting 0;
 * - `player_poll_sum`, `peak_players`, `rounds`: unchanged.
 *
 * The columns keep their names; their rows are recomputed from the closed rounds' timelines by the start-up
 * replay of the round aggregates (ingest/store/round-aggregates.ts, `backfillRoundAggregates`), asked here for
 * this table only. When a full replay is already owed (a database older than 0004), that one covers it.
 */
export const MAP_DAYS_REPLAY = 'server_map_days';

export const mapPresence: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from server_map_days`.execute(db);
    await sql`insert into app_meta (key, value)
      select ${ROUND_AGGREGATES_BACKFILL_KEY}, ${MAP_DAYS_REPLAY} where exists (select 1 from rounds where is_active = 0)
      on conflict (key) do nothing`.execute(db);
  },
};
