import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { minutesBetween } from '../dialect.ts';

/**
 * The server sessions page sorts a server's rounds by start, end, length, head count, map or game type, each both
 * ways. Start and end were read from indexes (0002's `rounds_server_start`, 0006 and 0009's end indexes); the other
 * four sorted all of the server's rounds for every page (4 ms on the busiest server of the 30-day demo, growing with
 * its history). rounds.repository.ts makes each direction of a sort the exact reverse of the other (ties by round
 * key), so one index per sort serves both, read forwards or backwards, and stops at the page.
 *
 * - `rounds_server_length`: the expression must stay the one rounds.repository.ts sorts by (as the end's must in
 *   0006 and 0009).
 * - `rounds_server_participants`, `rounds_server_game_type_desc`: whole, not partial, so that they also serve the
 *   page's "show empty rounds"; the default list skips the empty rounds as it walks them.
 * - `rounds_server_map_desc`: of played rounds only, like 0009's indexes: a map's played rounds are also counted
 *   from it without reading the table (a whole index would need the row of each to tell an empty round).
 *
 * The names are descending so that their first order (A to Z, ties newest first) is the index read backwards, as
 * every other sort's first order is.
 */
export const serverRoundsSortIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const length = minutesBetween(sql.ref('start_time'), sql`coalesce(end_time, last_poll_at)`);
    for (const statement of [
      sql`create index rounds_server_length on rounds (server_guid, ${length})`,
      sql`create index rounds_server_participants on rounds (server_guid, participant_count)`,
      sql`create index rounds_server_game_type_desc on rounds (server_guid, game_type desc)`,
      sql`create index rounds_server_map_desc on rounds (server_guid, map_name desc) where participant_count > 0`,
    ]) {
      await statement.execute(db);
    }
  },
};
