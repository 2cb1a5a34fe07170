import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Aggregates kept up to date when a round closes (DESIGN.md "Round-closed processing … updates the aggregates
 * incrementally"), so that a server's leaderboards, rankings, map table and a player's per-server figures
 * never scan sessions. `day` is the UTC day of the round's end, in days since 1970-01-01; the per-day tables
 * answer the rolling windows (a week, a month), the totals tables answer "all time" without summing days.
 *
 * A database that already holds closed rounds gets its aggregates by replaying them once at start-up (see
 * ingest/store/round-aggregates.ts, `backfillRoundAggregates`): the migration only marks that it is owed.
 */
export const ROUND_AGGREGATES_BACKFILL_KEY = 'round_aggregates_backfill';

export const roundAggregates: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of [
      sql`create table server_player_totals (
        server_guid text not null,
        player_name text not null,
        rounds integer not null,
        score integer not null,
        kills integer not null,
        deaths integer not null,
        played_ms integer not null,
        ping_sum integer not null,
        ping_count integer not null,
        best_score integer not null,
        best_round_key integer not null,
        last_seen text not null,
        primary key (server_guid, player_name)
      ) without rowid`,
      sql`create index server_player_totals_player on server_player_totals (player_name)`,
      // A player's rank on a server is one count over this index.
      sql`create index server_player_totals_score on server_player_totals (server_guid, score)`,
      sql`create table server_player_days (
        server_guid text not null,
        day integer not null,
        player_name text not null,
        rounds integer not null,
        score integer not null,
        kills integer not null,
        deaths integer not null,
        played_ms integer not null,
        primary key (server_guid, day, player_name)
      ) without rowid`,
      sql`create index server_player_days_player on server_player_days (player_name, day)`,
      // participant_band: the highest of 0, 10, 15, 20, 25, 30 not above the round's participants, so a
      // weighted count for "at least N players" is a sum over bands >= N.
      sql`create table server_placement_days (
        server_guid text not null,
        day integer not null,
        participant_band integer not null,
        player_name text not null,
        first_places integer not null,
        second_places integer not null,
        third_places integer not null,
        primary key (server_guid, day, participant_band, player_name)
      ) without rowid`,
      sql`create table server_placement_totals (
        server_guid text not null,
        participant_band integer not null,
        player_name text not null,
        first_places integer not null,
        second_places integer not null,
        third_places integer not null,
        primary key (server_guid, participant_band, player_name)
      ) without rowid`,
      // Each round's ten best scores: the best single-round scores of any window are among them, and the
      // key's order (server, score) finds them without sorting.
      sql`create table round_top_scores (
        server_guid text not null,
        score integer not null,
        round_key integer not null,
        player_name text not null,
        kills integer not null,
        deaths integer not null,
        ended_at text not null,
        primary key (server_guid, score, round_key, player_name)
      ) without rowid`,
      // Players online during a map's rounds, from their polls: polls and the sum of players over them give the
      // average, peak_players the most in one poll.
      sql`create table server_map_days (
        server_guid text not null,
        day integer not null,
        map_name text not null,
        rounds integer not null,
        played_ms integer not null,
        polls integer not null,
        player_poll_sum integer not null,
        peak_players integer not null,
        primary key (server_guid, day, map_name)
      ) without rowid`,
      // A player's maps on a server by calendar month (UTC, yyyymm): this year and last year are whole months.
      sql`create table player_map_months (
        player_name text not null,
        server_guid text not null,
        month integer not null,
        map_name text not null,
        rounds integer not null,
        score integer not null,
        kills integer not null,
        deaths integer not null,
        played_ms integer not null,
        primary key (player_name, server_guid, month, map_name)
      ) without rowid`,
      // Each player's best single-round scores (the best 20, kept so when a round closes).
      sql`create table player_best_scores (
        player_name text not null,
        score integer not null,
        session_id integer not null,
        primary key (player_name, score, session_id)
      ) without rowid`,
      sql`insert into app_meta (key, value)
        select ${ROUND_AGGREGATES_BACKFILL_KEY}, 'pending' where exists (select 1 from rounds where is_active = 0)`,
    ]) {
      await statement.execute(db);
    }
  },
};
