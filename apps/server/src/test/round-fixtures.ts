import { dialectText } from '../db/dialect.ts';
import type { SyncConnection } from '../db/sync-connection.ts';
import { createRoundAggregates } from '../ingest/store/round-aggregates.ts';
import { encodePoll, encodeTimeline, type TimelinePoll } from '../domain/timeline-codec.ts';

/**
 * Hand-built servers, rounds and sessions for tests whose right answers are worked out by hand. Rows are
 * written as the collector writes them, and a closed round goes through the same round-close aggregation as in
 * production (`createRoundAggregates(...).addClosedRound`), so what the tests read is what a deployment reads.
 */

export interface FixtureServer {
  serverGuid: string;
  name: string;
  game?: string;
  ip?: string;
  port?: number;
  mapName?: string;
  numPlayers?: number;
  maxPlayers?: number;
  isOnline?: boolean;
  firstSeen: string;
  lastSeen: string;
}

export function insertServer(sqlite: SyncConnection, server: FixtureServer): void {
  sqlite
    .prepare(
      `insert into servers (server_guid, game, ip, port, feed_guid, name, map_name, game_type, num_players, bot_count,
        max_players, has_password, join_link, tickets1, tickets2, round_time_remain, is_online, first_seen, last_seen,
        evidence_clock_ms, open_round_id)
      values (?, ?, ?, ?, null, ?, ?, 'conquest', ?, 0, ?, 0, ?, null, null, -1, ?, ?, ?, 0, null)`,
    )
    .run(
      server.serverGuid,
      server.game ?? 'bf1942',
      server.ip ?? '203.0.113.7',
      server.port ?? 14567,
      server.name,
      server.mapName ?? 'wake',
      server.numPlayers ?? 0,
      server.maxPlayers ?? 64,
      `bf1942://${server.ip ?? '203.0.113.7'}:${server.port ?? 14567}`,
      server.isOnline === false ? 0 : 1,
      server.firstSeen,
      server.lastSeen,
    );
}

export interface FixtureSession {
  name: string;
  score: number;
  kills: number;
  deaths: number;
  /** Minutes observed playing. */
  minutes: number;
  /** Average ping of the session (one sample). */
  ping?: number;
  /** Defaults to the round's start. */
  start?: string;
  /** Defaults to the round's end (or start while it is open). */
  lastSeen?: string;
  /** The team index last seen on (defaults to 1, labelled as the round's first team). */
  team?: number;
}

export interface FixtureRound {
  roundKey: number;
  serverGuid: string;
  mapName: string;
  start: string;
  /** Null: the round is still being played (not aggregated). */
  end: string | null;
  /** Defaults to the number of sessions. */
  participantCount?: number;
  sessions: readonly FixtureSession[];
  /** Players online in each poll (for a map's average and peak); defaults to one poll of all sessions. */
  pollPlayerCounts?: readonly number[];
  /**
   * The round's polls as the collector recorded them (sample.player = the session's index in `sessions`):
   * stored as the round's timeline when closed, as its open polls otherwise. Replaces pollPlayerCounts.
   */
  polls?: readonly TimelinePoll[];
  gameType?: string;
  teamLabels?: readonly [string, string];
  tickets?: readonly [number | null, number | null];
}

export function insertRound(sqlite: SyncConnection, round: FixtureRound): void {
  sqlite
    .prepare(
      `insert into rounds (round_key, round_id, server_guid, map_name, game_type, start_time, end_time, last_poll_at,
        is_active, close_reason, tickets1, tickets2, team1_label, team2_label, round_time_remain, participant_count,
        poll_count)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?)`,
    )
    .run(
      round.roundKey,
      `round-${round.roundKey}`,
      round.serverGuid,
      round.mapName,
      round.gameType ?? 'conquest',
      round.start,
      round.end,
      round.end ?? (round.polls?.length ? new Date(round.polls.at(-1)?.at ?? 0).toISOString() : round.start),
      round.end === null ? 1 : 0,
      round.end === null ? null : 'map_change',
      round.tickets?.[0] ?? null,
      round.tickets?.[1] ?? null,
      round.teamLabels?.[0] ?? 'Axis',
      round.teamLabels?.[1] ?? 'Allies',
      round.participantCount ?? round.sessions.length,
      round.polls?.length ?? 1,
    );
  if (round.end !== null && round.polls) {
    sqlite
      .prepare('insert into round_timelines (round_key, timeline) values (?, ?)')
      .run(
        round.roundKey,
        encodeTimeline({ names: round.sessions.map((session) => session.name), polls: [...round.polls] }),
      );
  }
  const insertSession = sqlite.prepare(
    `insert into sessions (round_key, player_name, player_index, start_time, last_seen, is_active, score, kills,
      deaths, segment_score, segment_kills, segment_deaths, segments, played_ms, seen_clock_ms, observations,
      ping_sum, ping_count, team, team_label)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 1, ?, 0, 1, ?, ?, ?, ?)`,
  );
  const insertPlayer = sqlite.prepare(
    'insert into players (player_name, first_seen) values (?, ?) on conflict (player_name) do nothing',
  );
  round.sessions.forEach((session, index) => {
    insertPlayer.run(session.name, round.start);
    insertSession.run(
      round.roundKey,
      session.name,
      index,
      session.start ?? round.start,
      session.lastSeen ?? round.end ?? round.start,
      round.end === null ? 1 : 0,
      session.score,
      session.kills,
      session.deaths,
      session.minutes * 60_000,
      session.ping ?? 0,
      session.ping === undefined ? 0 : 1,
      session.team ?? 1,
      session.team === 2 ? (round.teamLabels?.[1] ?? 'Allies') : (round.teamLabels?.[0] ?? 'Axis'),
    );
  });
  if (round.end === null) {
    const insertPoll = sqlite.prepare('insert into round_polls (at, round_key, data) values (?, ?, ?)');
    for (const poll of round.polls ?? []) insertPoll.run(poll.at, round.roundKey, encodePoll(poll));
    return;
  }
  // As the store does when a round closes: players' play time and last sighting.
  sqlite
    .prepare(
      `update players set played_ms = players.played_ms + s.played_ms,
        last_seen = ${dialectText.greatest("coalesce(players.last_seen, '')", 's.last_seen')}
      from (select player_name, played_ms, last_seen from sessions where round_key = ?) as s
      where players.player_name = s.player_name`,
    )
    .run(round.roundKey);
  const counts = round.pollPlayerCounts ?? [round.sessions.length];
  const polls: readonly TimelinePoll[] =
    round.polls ??
    counts.map((count, index) => ({
      at: Date.parse(round.start) + index * 30_000,
      samples: Array.from({ length: count }, (_, player) => ({
        player,
        score: 0,
        kills: 0,
        deaths: 0,
        ping: 50,
        team: 1,
      })),
    }));
  createRoundAggregates(sqlite).addClosedRound(round.roundKey, polls);
}

/** One 5-minute population row (what the collector writes for polls in that bucket). */
export function insertPopulation(
  sqlite: SyncConnection,
  serverGuid: string,
  bucketStart: string,
  averagePlayers: number,
  peak = averagePlayers,
): void {
  sqlite
    .prepare(
      `insert into server_population (bucket_start, server_guid, bucket_minutes, player_sum, peak_players, samples)
      values (?, ?, 5, ?, ?, 10)`,
    )
    .run(bucketStart, serverGuid, averagePlayers * 10, peak);
}

/** Ping samples of one hour, as the collector's histograms (10 ms bins; the hour's and the day's). */
export function insertPingHour(
  sqlite: SyncConnection,
  serverGuid: string,
  hourStart: string,
  bins: Readonly<Record<number, number>>,
): void {
  const insert = sqlite.prepare(
    'insert into server_ping_hourly (server_guid, hour_start, ping_bin, samples) values (?, ?, ?, ?)',
  );
  const addToDay = sqlite.prepare(
    `insert into server_ping_daily (server_guid, day_start, ping_bin, samples) values (?, ?, ?, ?)
    on conflict (server_guid, day_start, ping_bin) do update set
      samples = server_ping_daily.samples + excluded.samples`,
  );
  const dayStart = `${hourStart.slice(0, 10)}T00:00:00.000Z`;
  for (const [bin, samples] of Object.entries(bins)) {
    insert.run(serverGuid, hourStart, Number(bin), samples);
    addToDay.run(serverGuid, dayStart, Number(bin), samples);
  }
}
