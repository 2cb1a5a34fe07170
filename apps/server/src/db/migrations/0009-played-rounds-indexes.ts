import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Rounds somebody played (participant_count > 0; a round no human was ever seen in is an "empty round"): the
 * lists hide empty rounds unless asked (`includeEmpty=true`), and about a third of a busy server's rounds are
 * empty. With the indexes of 0002 and 0006 alone, a server's count of played rounds reads every one of its rows
 * (26 000 for a year-old server), and each page skips empty rounds row by row. These partial indexes hold only
 * played rounds, so the default lists, their counts and the filters' choices read index entries only:
 *
 * - `rounds_played_server_end`: a server's rounds newest-ended first (server sessions, Recent Rounds) and their
 *   count. The expression must stay the one rounds.repository.ts sorts by (as in 0006).
 * - `rounds_played_start`: every server's rounds newest-started first (the API's default order) and their count.
 * - `rounds_played_server_map`: a server's maps and game types (the filters' choices), and its rounds of one map.
 *
 * Queries must say `participant_count > 0` as written here for SQLite (and PostgreSQL) to use them.
 */
export const playedRoundsIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index rounds_played_server_end on rounds (server_guid, coalesce(end_time, last_poll_at))
      where participant_count > 0`.execute(db);
    await sql`create index rounds_played_start on rounds (start_time) where participant_count > 0`.execute(db);
    await sql`create index rounds_played_server_map on rounds (server_guid, map_name, game_type)
      where participant_count > 0`.execute(db);
  },
};
