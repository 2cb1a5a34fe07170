import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `sessions_player_round` (player, round): which rounds a player played, read from the index alone.
 *
 * - A player's sessions in the rounds still open (profile and comparison): the index is probed once per open round
 *   (about a hundred) instead of reading every session the player ever had to learn its round (5.6 ms for the 30
 *   most active players of the 30-day demo, 0.04 ms with it; a year's player has ten times the sessions).
 * - The rounds two players both played (the comparison's head-to-head): one player's round keys from the index, each
 *   probed in the other's (0.4 ms instead of 16 ms on the demo's most active pairs, all history at once).
 *
 * Both columns are fixed when a session is created, so the collector's updates of a session never touch it; a
 * session's insert writes one more entry (about 25 bytes, once per session, not per poll).
 */
export const sessionsPlayerRoundIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index sessions_player_round on sessions (player_name, round_key)`.execute(db);
  },
};
