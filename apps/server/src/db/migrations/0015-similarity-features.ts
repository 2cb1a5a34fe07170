import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Similar players' precomputed features (issue 19; docs/decisions/0018-similar-players-and-aliases.md), kept up to
 * date by the round-closed queue's `achievements` work, one closed round at a time, so that a similar-players answer
 * reads a few hundred rows instead of scanning six months of sessions.
 *
 * - `player_similarity_features`: one narrow row per player, what the candidate funnel sorts on (its latest week,
 *   totals in the window, favourite server);
 * - `player_similarity_summaries`: the player's features summed over their windows (JSON), what an answer scores;
 * - `player_similarity_states`: the weekly totals and online intervals the next round adds to (JSON;
 *   domain/similarity/player-features.ts), read and written only by the round-closed work. Kept apart from the
 *   rows an answer reads, which stay small and quick to find;
 * - `player_similarity_servers`: each player's minutes per server in the window, keyed by server: the candidates of
 *   an answer are the players of the target's servers (whose latest week is the narrow row's).
 * - `similarity_map_weeks`: every player's kills, score and minutes per map and week, for the maps' average rates
 *   that map dominance compares a player with.
 *
 * Rounds whose achievements were worked before this migration add nothing here: their players' features start with
 * the next round they play.
 */
export const similarityFeatures: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of [
      sql`create table player_similarity_features (
        player_name text primary key,
        last_week integer not null,
        kills integer not null,
        deaths integer not null,
        played_ms integer not null,
        favourite_server text
      ) without rowid`,
      sql`create table player_similarity_summaries (player_name text primary key, features text not null)`,
      sql`create table player_similarity_states (player_name text primary key, state text not null)`,
      sql`create table player_similarity_servers (
        server_guid text not null,
        player_name text not null,
        played_ms integer not null,
        last_week integer not null,
        primary key (server_guid, player_name)
      ) without rowid`,
      sql`create table similarity_map_weeks (
        map_name text not null,
        week integer not null,
        kills integer not null,
        score integer not null,
        played_ms integer not null,
        primary key (map_name, week)
      ) without rowid`,
    ]) {
      await statement.execute(db);
    }
  },
};
