import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What the collector records: servers, players, rounds, sessions, the polls of open rounds (replaced by
 * one compact timeline per round when it closes), server population and ping statistics. Every tracker
 * field is stored so the tracker can be rebuilt after a crash. Times are ISO-8601 UTC text, except in
 * per-poll data and the tracker's clocks (unix milliseconds), where compactness and speed matter.
 */
export const collector: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of [
      sql`create table collector_games (
        game text primary key,
        last_success_at text,
        gap integer not null,
        clock_ms integer not null
      )`,
      sql`create table servers (
        server_guid text primary key,
        game text not null,
        ip text not null,
        port integer not null,
        feed_guid text,
        name text not null,
        map_name text not null,
        game_type text not null,
        num_players integer not null,
        bot_count integer not null,
        max_players integer not null,
        has_password integer not null,
        join_link text,
        tickets1 integer,
        tickets2 integer,
        round_time_remain integer,
        is_online integer not null,
        first_seen text not null,
        last_seen text not null,
        evidence_clock_ms integer not null,
        open_round_id text
      )`,
      sql`create index servers_game_online on servers (game, is_online)`,
      sql`create index servers_name on servers (name)`,
      // played_ms and last_seen sum up the player's sessions of closed rounds, maintained when a round
      // closes, so a player's totals never need all their sessions (open rounds add the few live ones).
      sql`create table players (
        player_name text primary key,
        first_seen text not null,
        played_ms integer not null default 0,
        last_seen text
      ) without rowid`,
      // round_key: a compact, increasing key for the tables that refer to rounds (recent rows stay together
      // on disk); round_id: the public id.
      sql`create table rounds (
        round_key integer primary key,
        round_id text not null unique,
        server_guid text not null,
        map_name text not null,
        game_type text not null,
        start_time text not null,
        end_time text,
        last_poll_at text not null,
        is_active integer not null,
        close_reason text,
        tickets1 integer,
        tickets2 integer,
        team1_label text not null,
        team2_label text not null,
        round_time_remain integer,
        participant_count integer not null,
        poll_count integer not null,
        timeline blob
      )`,
      sql`create index rounds_server_start on rounds (server_guid, start_time)`,
      sql`create index rounds_start on rounds (start_time)`,
      sql`create index rounds_open on rounds (is_active) where is_active = 1`,
      // A session belongs to a round (and through it to a server); only the player and round lookups
      // need indexes of their own.
      sql`create table sessions (
        session_id integer primary key,
        round_key integer not null,
        player_name text not null,
        player_index integer not null,
        start_time text not null,
        last_seen text not null,
        is_active integer not null,
        score integer not null,
        kills integer not null,
        deaths integer not null,
        segment_score integer not null,
        segment_kills integer not null,
        segment_deaths integer not null,
        segments integer not null,
        played_ms integer not null,
        seen_clock_ms integer not null,
        observations integer not null,
        ping_sum integer not null,
        ping_count integer not null,
        team integer not null,
        team_label text not null
      )`,
      sql`create index sessions_round on sessions (round_key)`,
      sql`create index sessions_player_start on sessions (player_name, start_time)`,
      sql`create index sessions_open on sessions (is_active) where is_active = 1`,
      // Keyed by time first, so each poll appends at the end of the table instead of touching a page per round.
      sql`create table round_polls (
        at integer not null,
        round_key integer not null,
        data blob not null,
        primary key (at, round_key)
      ) without rowid`,
      sql`create index round_polls_round on round_polls (round_key, at)`,
      sql`create table server_population (
        bucket_start text not null,
        server_guid text not null,
        bucket_minutes integer not null,
        player_sum integer not null,
        peak_players integer not null,
        samples integer not null,
        primary key (bucket_start, server_guid)
      ) without rowid`,
      sql`create index server_population_server on server_population (server_guid, bucket_start)`,
      sql`create table server_ping_hourly (
        server_guid text not null,
        hour_start text not null,
        ping_bin integer not null,
        samples integer not null,
        primary key (server_guid, hour_start, ping_bin)
      ) without rowid`,
    ]) {
      await statement.execute(db);
    }
  },
};
