import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { Selectable } from 'kysely';
import { dialectText } from '../../db/dialect.ts';
import type { CollectorGamesTable, RoundsTable, ServersTable, SessionsTable } from '../../db/schema.ts';
import type { EntryState } from '../tracker/name-entries.ts';
import type { TrackerSnapshotState } from '../tracker/tracker.ts';
import { floorTo, isoTime as iso } from './iso-time.ts';
import { createRoundClosedQueue, type RoundClosedQueue } from './round-closed-queue.ts';
import type { GameStateRow, RoundRow, ServerRow, SessionRow, WriteBatch } from '../tracker/write-batch.ts';

/**
 * Writes the tracker's decisions, one transaction per poll cycle, and reads back the tracker's state on
 * start-up. This is the collector's hot path, so it uses prepared statements on the raw connection
 * (about three times faster than the query builder) and stays synchronous, so no other query can run
 * inside its transaction.
 */

const POPULATION_BUCKET_MINUTES = 5;

const msOf = (text: string) => Date.parse(text);
const flag = (value: boolean) => (value ? 1 : 0);

/** Rows of a query whose columns are those of a table in db/schema.ts (node:sqlite returns untyped records). */
function allRows<T>(statement: StatementSync, ...parameters: SQLInputValue[]): T[] {
  return statement.all(...parameters) as unknown as T[];
}

export interface ApplyOptions {
  /**
   * Do each closed round's work (its timeline, totals, aggregates) in this same transaction instead of queueing it:
   * for history generation, whose bulk batches close thousands of rounds and have no poll to keep on time.
   */
  completeClosedRounds?: boolean;
}

export interface CollectorStore {
  /**
   * Applies the batches of one poll cycle atomically: all of it is written, or none. A round that closes is only
   * closed and queued (round-closed-queue.ts), unless `completeClosedRounds`.
   */
  applyBatches: (batches: readonly WriteBatch[], options?: ApplyOptions) => void;
  /** The round-closed step on the same connection. */
  roundClosedQueue: RoundClosedQueue;
  loadTrackerState: () => TrackerSnapshotState;
}

const { greatest, least } = dialectText;

function prepareStatements(sqlite: DatabaseSync) {
  const prepare = (sql: string): StatementSync => sqlite.prepare(sql);
  return {
    upsertGame: prepare(`insert into collector_games (game, last_success_at, gap, clock_ms) values (?, ?, ?, ?)
      on conflict (game) do update set last_success_at = excluded.last_success_at, gap = excluded.gap,
        clock_ms = excluded.clock_ms`),
    upsertServer: prepare(`insert into servers (server_guid, game, ip, port, feed_guid, name, map_name, game_type,
        num_players, bot_count, max_players, has_password, join_link, tickets1, tickets2, round_time_remain,
        is_online, first_seen, last_seen, evidence_clock_ms, open_round_id)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (server_guid) do update set feed_guid = excluded.feed_guid, name = excluded.name,
        map_name = excluded.map_name, game_type = excluded.game_type, num_players = excluded.num_players,
        bot_count = excluded.bot_count, max_players = excluded.max_players, has_password = excluded.has_password,
        join_link = excluded.join_link, tickets1 = excluded.tickets1, tickets2 = excluded.tickets2,
        round_time_remain = excluded.round_time_remain, is_online = excluded.is_online,
        first_seen = ${least('first_seen', 'excluded.first_seen')}, last_seen = excluded.last_seen,
        evidence_clock_ms = excluded.evidence_clock_ms, open_round_id = excluded.open_round_id`),
    insertPlayer: prepare(`insert into players (player_name, first_seen) values (?, ?)
      on conflict (player_name) do nothing`),
    upsertRound: prepare(`insert into rounds (round_key, round_id, server_guid, map_name, game_type, start_time,
        end_time, last_poll_at, is_active, close_reason, tickets1, tickets2, team1_label, team2_label,
        round_time_remain, participant_count, poll_count, timeline)
      values (?, ?, ?, ?, ?, ?, null, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, null)
      on conflict (round_key) do update set game_type = excluded.game_type,
        last_poll_at = excluded.last_poll_at, is_active = excluded.is_active,
        tickets1 = excluded.tickets1, tickets2 = excluded.tickets2, team1_label = excluded.team1_label,
        team2_label = excluded.team2_label, round_time_remain = excluded.round_time_remain,
        participant_count = excluded.participant_count, poll_count = excluded.poll_count`),
    // Nearly every session written is an existing one: update it by rowid, and insert only when it is new.
    // is_active is left out: naming it would rewrite the open-sessions index entry of every session every poll
    // (3,200 updates took 7.8 ms with it, 4.1 without); it is written when it changes (setSessionActive).
    updateSession: prepare(`update sessions set last_seen = ?, score = ?, kills = ?, deaths = ?,
        segment_score = ?, segment_kills = ?, segment_deaths = ?, extra_entries = ?, segments = ?, played_ms = ?,
        seen_clock_ms = ?, observations = ?, ping_sum = ?, ping_count = ?, team = ?, team_label = ?
      where session_id = ?`),
    insertSession: prepare(`insert into sessions (last_seen, score, kills, deaths, segment_score,
        segment_kills, segment_deaths, extra_entries, segments, played_ms, seen_clock_ms, observations, ping_sum,
        ping_count, team, team_label, session_id, round_key, player_name, player_index, start_time, is_active)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    setSessionActive: prepare('update sessions set is_active = ? where session_id = ?'),
    insertRoundPoll: prepare(`insert into round_polls (at, round_key, data) values (?, ?, ?)
      on conflict (at, round_key) do update set data = excluded.data`),
    closeRound: prepare(
      `update rounds set is_active = 0, end_time = ?, closed_at = ?, close_reason = ? where round_key = ?`,
    ),
    addPopulation: prepare(`insert into server_population
        (bucket_start, server_guid, bucket_minutes, player_sum, peak_players, samples) values (?, ?, ?, ?, ?, ?)
      on conflict (bucket_start, server_guid) do update set player_sum = player_sum + excluded.player_sum,
        peak_players = ${greatest('peak_players', 'excluded.peak_players')}, samples = samples + excluded.samples`),
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
    row.evidenceClockMs,
    row.openRoundId,
  ];
}

function roundParams(row: RoundRow) {
  return [
    row.roundKey,
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

/** The columns a session's update changes, then its id (the order of both session statements; is_active apart). */
function sessionStateParams(row: SessionRow) {
  return [
    iso(row.lastSeen),
    row.score,
    row.kills,
    row.deaths,
    row.segmentScore,
    row.segmentKills,
    row.segmentDeaths,
    row.extraEntries.length === 0 ? null : JSON.stringify(row.extraEntries),
    row.segments,
    row.playedMs,
    row.seenClockMs,
    row.observations,
    row.pingSum,
    row.pingCount,
    row.team,
    row.teamLabel,
    row.sessionId,
  ];
}

export function createCollectorStore(sqlite: DatabaseSync): CollectorStore {
  const statements = prepareStatements(sqlite);
  const queue = createRoundClosedQueue(sqlite);

  function applyBatch(batch: WriteBatch, { completeClosedRounds = false }: ApplyOptions): void {
    for (const game of batch.games) {
      const lastSuccess = game.lastSuccessAt === null ? null : iso(game.lastSuccessAt);
      statements.upsertGame.run(game.game, lastSuccess, flag(game.gap), game.clockMs);
    }
    for (const server of batch.servers) statements.upsertServer.run(...serverParams(server));
    for (const player of batch.playersSeen) statements.insertPlayer.run(player.playerName, iso(player.at));
    for (const round of [...batch.roundsOpened, ...batch.roundsUpdated])
      statements.upsertRound.run(...roundParams(round));
    for (const session of batch.sessions) {
      const state = sessionStateParams(session);
      if (statements.updateSession.run(...state).changes === 0) {
        statements.insertSession.run(
          ...state,
          session.roundKey,
          session.playerName,
          session.playerIndex,
          iso(session.startTime),
          flag(session.isActive),
        );
      }
    }
    for (const session of batch.sessionsActivityChanged) {
      statements.setSessionActive.run(flag(session.isActive), session.sessionId);
    }
    // A bulk batch that does its rounds' work at once keeps the polls of a round closing in it in memory: they go
    // straight into its timeline (most polls of a generated history never touch the open-polls table).
    const closing = new Map<number, Uint8Array[]>(
      completeClosedRounds ? batch.roundsClosed.map((close) => [close.roundKey, []]) : [],
    );
    for (const poll of batch.roundPolls) {
      const pending = closing.get(poll.roundKey);
      if (pending) pending.push(poll.data);
      else statements.insertRoundPoll.run(poll.at, poll.roundKey, poll.data);
    }
    // Queued in the order the achievements' backfill reads closed rounds (migration 0014): when found closed, then
    // by end and key, so that a live run and a backfill give each player's rounds in the same order.
    const closes = batch.roundsClosed.toSorted(
      (a, b) => a.closedAt - b.closedAt || a.endTime - b.endTime || a.roundKey - b.roundKey,
    );
    for (const close of closes) {
      statements.closeRound.run(iso(close.endTime), iso(close.closedAt), close.reason, close.roundKey);
      if (!completeClosedRounds) queue.enqueue(close.roundKey);
    }
    if (completeClosedRounds) {
      queue.completeRounds([...closing].map(([roundKey, pollsInMemory]) => ({ roundKey, pollsInMemory })));
    }
    // Samples of one bucket are summed first: a bulk batch then writes each bucket once.
    const buckets = new Map<
      string,
      { bucket: number; serverGuid: string; sum: number; peak: number; samples: number }
    >();
    for (const sample of batch.population) {
      const bucket = floorTo(sample.at, POPULATION_BUCKET_MINUTES);
      const key = `${bucket}|${sample.serverGuid}`;
      const totals = buckets.get(key);
      if (totals) {
        totals.sum += sample.players;
        totals.peak = Math.max(totals.peak, sample.players);
        totals.samples += 1;
      } else {
        buckets.set(key, {
          bucket,
          serverGuid: sample.serverGuid,
          sum: sample.players,
          peak: sample.players,
          samples: 1,
        });
      }
    }
    for (const totals of buckets.values()) {
      statements.addPopulation.run(
        iso(totals.bucket),
        totals.serverGuid,
        POPULATION_BUCKET_MINUTES,
        totals.sum,
        totals.peak,
        totals.samples,
      );
    }
  }

  return {
    roundClosedQueue: queue,

    applyBatches(batches, options = {}) {
      sqlite.exec(dialectText.beginWrite);
      try {
        for (const batch of batches) applyBatch(batch, options);
        sqlite.exec('commit');
      } catch (error) {
        sqlite.exec('rollback');
        throw error;
      }
    },

    loadTrackerState() {
      const games = allRows<CollectorGamesTable>(sqlite.prepare('select * from collector_games')).map(
        (row): GameStateRow => ({
          game: row.game,
          lastSuccessAt: row.last_success_at === null ? null : msOf(row.last_success_at),
          gap: row.gap === 1,
          clockMs: row.clock_ms,
        }),
      );
      // Offline servers without an open round need no state: they start afresh when they come back.
      const servers = allRows<ServersTable>(
        sqlite.prepare('select * from servers where is_online = 1 or open_round_id is not null'),
      ).map(toServerRow);
      const rounds = allRows<RoundsTable>(sqlite.prepare('select * from rounds where is_active = 1')).map(toRoundRow);
      const sessionsOf = sqlite.prepare('select * from sessions where round_key = ? order by player_index');
      const openRounds = rounds.map((row) => ({
        row,
        sessions: allRows<Selectable<SessionsTable>>(sessionsOf, row.roundKey).map(toSessionRow),
      }));
      const nextKey = (table: 'rounds' | 'sessions', column: 'round_key' | 'session_id') =>
        (allRows<{ last: number | null }>(sqlite.prepare(`select max(${column}) as last from ${table}`))[0]?.last ??
          0) + 1;
      return {
        games,
        servers,
        openRounds,
        nextRoundKey: nextKey('rounds', 'round_key'),
        nextSessionId: nextKey('sessions', 'session_id'),
      };
    },
  };
}

function toServerRow(row: ServersTable): ServerRow {
  return {
    serverGuid: row.server_guid,
    game: row.game,
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
    evidenceClockMs: row.evidence_clock_ms,
    openRoundId: row.open_round_id,
  };
}

function toRoundRow(row: RoundsTable): RoundRow {
  return {
    roundKey: row.round_key,
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
    sessionId: row.session_id,
    roundKey: row.round_key,
    playerName: row.player_name,
    playerIndex: row.player_index,
    startTime: msOf(row.start_time),
    lastSeen: msOf(row.last_seen),
    isActive: row.is_active === 1,
    score: row.score,
    kills: row.kills,
    deaths: row.deaths,
    segmentScore: row.segment_score,
    segmentKills: row.segment_kills,
    segmentDeaths: row.segment_deaths,
    extraEntries: row.extra_entries === null ? [] : (JSON.parse(row.extra_entries) as EntryState[]),
    segments: row.segments,
    playedMs: row.played_ms,
    seenClockMs: row.seen_clock_ms,
    observations: row.observations,
    pingSum: row.ping_sum,
    pingCount: row.ping_count,
    team: row.team,
    teamLabel: row.team_label,
  };
}
