import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { GameId } from '@frontline/contract';
import type { Selectable } from 'kysely';
import type { CollectorGamesTable, RoundsTable, ServersTable, SessionsTable } from '../../db/schema.ts';
import { decodePoll, encodeTimeline } from '../timeline-codec.ts';
import type { TrackerSnapshotState } from '../tracker/tracker.ts';
import type { GameStateRow, RoundRow, ServerRow, SessionRow, WriteBatch } from '../tracker/write-batch.ts';

/**
 * Writes the tracker's decisions, one transaction per poll cycle, and reads back the tracker's state on
 * start-up. This is the collector's hot path, so it uses prepared statements on the raw connection
 * (about three times faster than the query builder) and stays synchronous, so no other query can run
 * inside its transaction.
 */

export const POPULATION_BUCKET_MINUTES = 5;
export const PING_BIN_MS = 10;

const iso = (ms: number) => new Date(ms).toISOString();
const msOf = (text: string) => Date.parse(text);
const flag = (value: boolean) => (value ? 1 : 0);

/** Rows of a query whose columns are those of a table in db/schema.ts (node:sqlite returns untyped records). */
function allRows<T>(statement: StatementSync, ...parameters: SQLInputValue[]): T[] {
  return statement.all(...parameters) as unknown as T[];
}

function floorTo(ms: number, minutes: number): number {
  const size = minutes * 60_000;
  return Math.floor(ms / size) * size;
}

export interface CollectorStore {
  /** Applies the batches of one poll cycle atomically: all of it is written, or none. */
  applyBatches: (batches: readonly WriteBatch[]) => void;
  loadTrackerState: () => TrackerSnapshotState;
}

function prepareStatements(sqlite: DatabaseSync) {
  const prepare = (sql: string): StatementSync => sqlite.prepare(sql);
  return {
    upsertGame: prepare(`insert into collector_games (game, last_success_at, gap) values (?, ?, ?)
      on conflict (game) do update set last_success_at = excluded.last_success_at, gap = excluded.gap`),
    upsertServer: prepare(`insert into servers (server_guid, game, ip, port, feed_guid, name, map_name, game_type,
        num_players, bot_count, max_players, has_password, join_link, tickets1, tickets2, round_time_remain,
        is_online, first_seen, last_seen, absent_ms, open_round_id)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (server_guid) do update set feed_guid = excluded.feed_guid, name = excluded.name,
        map_name = excluded.map_name, game_type = excluded.game_type, num_players = excluded.num_players,
        bot_count = excluded.bot_count, max_players = excluded.max_players, has_password = excluded.has_password,
        join_link = excluded.join_link, tickets1 = excluded.tickets1, tickets2 = excluded.tickets2,
        round_time_remain = excluded.round_time_remain, is_online = excluded.is_online,
        first_seen = min(first_seen, excluded.first_seen), last_seen = excluded.last_seen,
        absent_ms = excluded.absent_ms, open_round_id = excluded.open_round_id`),
    upsertPlayer: prepare(`insert into players (player_name, first_seen, last_seen) values (?, ?, ?)
      on conflict (player_name) do update set last_seen = max(last_seen, excluded.last_seen)`),
    upsertRound: prepare(`insert into rounds (round_id, server_guid, map_name, game_type, start_time, end_time,
        last_poll_at, is_active, close_reason, tickets1, tickets2, team1_label, team2_label, round_time_remain,
        participant_count, poll_count, timeline)
      values (?, ?, ?, ?, ?, null, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, null)
      on conflict (round_id) do update set game_type = excluded.game_type, end_time = null,
        last_poll_at = excluded.last_poll_at, is_active = excluded.is_active, close_reason = null,
        tickets1 = excluded.tickets1, tickets2 = excluded.tickets2, team1_label = excluded.team1_label,
        team2_label = excluded.team2_label, round_time_remain = excluded.round_time_remain,
        participant_count = excluded.participant_count, poll_count = excluded.poll_count`),
    upsertSession: prepare(`insert into sessions (round_id, player_name, player_index, server_guid, start_time,
        last_seen, is_active, score, kills, deaths, segment_score, segment_kills, segment_deaths, segments,
        played_ms, absent_ms, observations, ping_sum, ping_count, team, team_label)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (round_id, player_name) do update set last_seen = excluded.last_seen,
        is_active = excluded.is_active, score = excluded.score, kills = excluded.kills, deaths = excluded.deaths,
        segment_score = excluded.segment_score, segment_kills = excluded.segment_kills,
        segment_deaths = excluded.segment_deaths, segments = excluded.segments, played_ms = excluded.played_ms,
        absent_ms = excluded.absent_ms, observations = excluded.observations, ping_sum = excluded.ping_sum,
        ping_count = excluded.ping_count, team = excluded.team, team_label = excluded.team_label`),
    insertRoundPoll: prepare(`insert or replace into round_polls (round_id, at, data) values (?, ?, ?)`),
    selectRoundPolls: prepare(`select data from round_polls where round_id = ? order by at`),
    selectRoundNames: prepare(`select player_name from sessions where round_id = ? order by player_index`),
    closeRound: prepare(`update rounds set is_active = 0, end_time = ?, close_reason = ?, timeline = ?
      where round_id = ?`),
    deleteRoundPolls: prepare(`delete from round_polls where round_id = ?`),
    addPopulation: prepare(`insert into server_population
        (server_guid, bucket_start, bucket_minutes, player_sum, peak_players, samples) values (?, ?, ?, ?, ?, 1)
      on conflict (server_guid, bucket_start) do update set player_sum = player_sum + excluded.player_sum,
        peak_players = max(peak_players, excluded.peak_players), samples = samples + 1`),
    addPing: prepare(`insert into server_ping_hourly (server_guid, hour_start, ping_bin, samples) values (?, ?, ?, ?)
      on conflict (server_guid, hour_start, ping_bin) do update set samples = samples + excluded.samples`),
  };
}

function serverParams(row: ServerRow) {
  return [
    row.serverGuid,
    row.game,
    row.ip,
    row.port,
    row.feedGuid,
    row.name,
    row.mapName,
    row.gameType,
    row.numPlayers,
    row.botCount,
    row.maxPlayers,
    flag(row.hasPassword),
    row.joinLink,
    row.tickets1,
    row.tickets2,
    row.roundTimeRemain,
    flag(row.isOnline),
    iso(row.firstSeen),
    iso(row.lastSeen),
    row.absentMs,
    row.openRoundId,
  ];
}

function roundParams(row: RoundRow) {
  return [
    row.roundId,
    row.serverGuid,
    row.mapName,
    row.gameType,
    iso(row.startTime),
    iso(row.lastPollAt),
    flag(row.isActive),
    row.tickets1,
    row.tickets2,
    row.team1Label,
    row.team2Label,
    row.roundTimeRemain,
    row.participantCount,
    row.pollCount,
  ];
}

function sessionParams(row: SessionRow) {
  return [
    row.roundId,
    row.playerName,
    row.playerIndex,
    row.serverGuid,
    iso(row.startTime),
    iso(row.lastSeen),
    flag(row.isActive),
    row.score,
    row.kills,
    row.deaths,
    row.segmentScore,
    row.segmentKills,
    row.segmentDeaths,
    row.segments,
    row.playedMs,
    row.absentMs,
    row.observations,
    row.pingSum,
    row.pingCount,
    row.team,
    row.teamLabel,
  ];
}

export function createCollectorStore(sqlite: DatabaseSync): CollectorStore {
  const statements = prepareStatements(sqlite);

  /** The round's open polls become one timeline blob, written in place of them. */
  function closeRound(roundId: string, endTime: number, reason: string): void {
    const names = allRows<{ player_name: string }>(statements.selectRoundNames, roundId).map((row) => row.player_name);
    const polls = allRows<{ data: Uint8Array }>(statements.selectRoundPolls, roundId).map((row) =>
      decodePoll(row.data),
    );
    const timeline = encodeTimeline({ names, polls });
    statements.closeRound.run(iso(endTime), reason, timeline, roundId);
    statements.deleteRoundPolls.run(roundId);
  }

  function applyBatch(batch: WriteBatch): void {
    for (const game of batch.games) {
      statements.upsertGame.run(
        game.game,
        game.lastSuccessAt === null ? null : iso(game.lastSuccessAt),
        flag(game.gap),
      );
    }
    for (const server of batch.servers) statements.upsertServer.run(...serverParams(server));
    for (const player of batch.playersSeen) {
      statements.upsertPlayer.run(player.playerName, iso(player.at), iso(player.at));
    }
    for (const round of [...batch.roundsOpened, ...batch.roundsUpdated])
      statements.upsertRound.run(...roundParams(round));
    for (const session of batch.sessions) statements.upsertSession.run(...sessionParams(session));
    for (const poll of batch.roundPolls) statements.insertRoundPoll.run(poll.roundId, poll.at, poll.data);
    for (const close of batch.roundsClosed) closeRound(close.roundId, close.endTime, close.reason);
    for (const sample of batch.population) {
      const bucket = iso(floorTo(sample.at, POPULATION_BUCKET_MINUTES));
      statements.addPopulation.run(
        sample.serverGuid,
        bucket,
        POPULATION_BUCKET_MINUTES,
        sample.players,
        sample.players,
      );
    }
    for (const sample of batch.pings) {
      const hour = iso(floorTo(sample.at, 60));
      const bins = new Map<number, number>();
      for (const ping of sample.pings) {
        const bin = Math.floor(ping / PING_BIN_MS) * PING_BIN_MS;
        bins.set(bin, (bins.get(bin) ?? 0) + 1);
      }
      for (const [bin, count] of bins) statements.addPing.run(sample.serverGuid, hour, bin, count);
    }
  }

  return {
    applyBatches(batches) {
      sqlite.exec('begin immediate');
      try {
        for (const batch of batches) applyBatch(batch);
        sqlite.exec('commit');
      } catch (error) {
        sqlite.exec('rollback');
        throw error;
      }
    },

    loadTrackerState() {
      const games = allRows<CollectorGamesTable>(sqlite.prepare('select * from collector_games')).map(
        (row): GameStateRow => ({
          game: row.game as GameId,
          lastSuccessAt: row.last_success_at === null ? null : msOf(row.last_success_at),
          gap: row.gap === 1,
        }),
      );
      // Offline servers without an open round need no state: they start afresh when they come back.
      const servers = allRows<ServersTable>(
        sqlite.prepare('select * from servers where is_online = 1 or open_round_id is not null'),
      ).map(toServerRow);
      const rounds = allRows<RoundsTable>(sqlite.prepare('select * from rounds where is_active = 1')).map(toRoundRow);
      const sessionsOf = sqlite.prepare('select * from sessions where round_id = ? order by player_index');
      const openRounds = rounds.map((row) => ({
        row,
        sessions: allRows<Selectable<SessionsTable>>(sessionsOf, row.roundId).map(toSessionRow),
      }));
      return { games, servers, openRounds };
    },
  };
}

function toServerRow(row: ServersTable): ServerRow {
  return {
    serverGuid: row.server_guid,
    game: row.game as GameId,
    ip: row.ip,
    port: row.port,
    feedGuid: row.feed_guid,
    name: row.name,
    mapName: row.map_name,
    gameType: row.game_type,
    numPlayers: row.num_players,
    botCount: row.bot_count,
    maxPlayers: row.max_players,
    hasPassword: row.has_password === 1,
    joinLink: row.join_link,
    tickets1: row.tickets1,
    tickets2: row.tickets2,
    roundTimeRemain: row.round_time_remain,
    isOnline: row.is_online === 1,
    firstSeen: msOf(row.first_seen),
    lastSeen: msOf(row.last_seen),
    absentMs: row.absent_ms,
    openRoundId: row.open_round_id,
  };
}

function toRoundRow(row: RoundsTable): RoundRow {
  return {
    roundId: row.round_id,
    serverGuid: row.server_guid,
    mapName: row.map_name,
    gameType: row.game_type,
    startTime: msOf(row.start_time),
    lastPollAt: msOf(row.last_poll_at),
    tickets1: row.tickets1,
    tickets2: row.tickets2,
    team1Label: row.team1_label,
    team2Label: row.team2_label,
    roundTimeRemain: row.round_time_remain,
    participantCount: row.participant_count,
    pollCount: row.poll_count,
    isActive: row.is_active === 1,
  };
}

function toSessionRow(row: Selectable<SessionsTable>): SessionRow {
  return {
    roundId: row.round_id,
    playerName: row.player_name,
    playerIndex: row.player_index,
    serverGuid: row.server_guid,
    startTime: msOf(row.start_time),
    lastSeen: msOf(row.last_seen),
    isActive: row.is_active === 1,
    score: row.score,
    kills: row.kills,
    deaths: row.deaths,
    segmentScore: row.segment_score,
    segmentKills: row.segment_kills,
    segmentDeaths: row.segment_deaths,
    segments: row.segments,
    playedMs: row.played_ms,
    absentMs: row.absent_ms,
    observations: row.observations,
    pingSum: row.ping_sum,
    pingCount: row.ping_count,
    team: row.team,
    teamLabel: row.team_label,
  };
}
