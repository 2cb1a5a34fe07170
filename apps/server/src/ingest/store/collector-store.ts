import type { SQLInputValue } from 'node:sqlite';
import type { SyncConnection, SyncStatement } from '../../db/sync-connection.ts';
import type { Selectable } from 'kysely';
import { dialectText } from '../../db/dialect.ts';
import { prepareRowsInsert, prepareRowsUpdate, type RowsInsertShape } from '../../db/row-batches.ts';
import type { CollectorGamesTable, HeldPollsTable, RoundsTable, ServersTable, SessionsTable } from '../../db/schema.ts';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import type { UnconfirmedChange } from '../tracker/poll-judgement.ts';
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
function allRows<T>(statement: SyncStatement, ...parameters: SQLInputValue[]): T[] {
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

/** `column = excluded.column` for each: an upsert that replaces the stored figures with the new row's. */
const replacing = (columns: readonly string[]) => columns.map((column) => `${column} = excluded.${column}`).join(', ');

const SERVER_COLUMNS = [
  'server_guid',
  'game',
  'ip',
  'port',
  'feed_guid',
  'name',
  'map_name',
  'game_type',
  'num_players',
  'bot_count',
  'max_players',
  'has_password',
  'join_link',
  'tickets1',
  'tickets2',
  'round_time_remain',
  'is_online',
  'first_seen',
  'last_seen',
  'evidence_clock_ms',
  'open_round_id',
] as const;
const ROUND_COLUMNS = [
  'round_key',
  'round_id',
  'server_guid',
  'map_name',
  'game_type',
  'start_time',
  'last_poll_at',
  'is_active',
  'tickets1',
  'tickets2',
  'team1_label',
  'team2_label',
  'round_time_remain',
  'participant_count',
  'poll_count',
] as const;
/** What a poll changes in a session, in sessionStateParams' order (is_active apart: see the sessions' upsert). */
const SESSION_STATE_COLUMNS = [
  'last_seen',
  'score',
  'kills',
  'deaths',
  'segment_score',
  'segment_kills',
  'segment_deaths',
  'extra_entries',
  'segments',
  'played_ms',
  'seen_clock_ms',
  'observations',
  'ping_sum',
  'ping_count',
  'team',
  'team_label',
] as const;
const SESSION_COLUMNS = [
  ...SESSION_STATE_COLUMNS,
  'session_id',
  'round_key',
  'player_name',
  'player_index',
  'start_time',
  'is_active',
] as const;

function prepareStatements(sqlite: SyncConnection) {
  const prepare = (sql: string): SyncStatement => sqlite.prepare(sql);
  const rowsInsert = (shape: RowsInsertShape) => prepareRowsInsert(sqlite, shape);
  return {
    upsertGame: prepare(`insert into collector_games (game, last_success_at, gap, clock_ms) values (?, ?, ?, ?)
      on conflict (game) do update set last_success_at = excluded.last_success_at, gap = excluded.gap,
        clock_ms = excluded.clock_ms`),
    upsertServers: rowsInsert({
      table: 'servers',
      columns: SERVER_COLUMNS,
      key: ['server_guid'],
      onConflict: {
        sql: `on conflict (server_guid) do update set
          ${replacing(SERVER_COLUMNS.slice(4).filter((column) => column !== 'first_seen'))},
          first_seen = ${least('servers.first_seen', 'excluded.first_seen')}`,
        keep: 'last',
      },
    }),
    insertPlayers: rowsInsert({
      table: 'players',
      columns: ['player_name', 'first_seen'],
      key: ['player_name'],
      onConflict: { sql: 'on conflict (player_name) do nothing', keep: 'first' },
    }),
    // A round's identity (key, id, server, map, start) is written once, when it opens.
    upsertRounds: rowsInsert({
      table: 'rounds',
      columns: ROUND_COLUMNS,
      key: ['round_key'],
      onConflict: { replace: ROUND_COLUMNS.slice(4).filter((column) => column !== 'start_time') },
    }),
    // is_active is left out of the update: naming it would rewrite the open-sessions index entry of every session
    // every poll (3,200 updates took 7.8 ms with it, 4.1 without); it is written when it changes (setSessionsActive).
    upsertSessions: rowsInsert({
      table: 'sessions',
      columns: SESSION_COLUMNS,
      key: ['session_id'],
      onConflict: { replace: SESSION_STATE_COLUMNS },
    }),
    setSessionsActive: prepareRowsUpdate(sqlite, { table: 'sessions', set: ['is_active'], key: ['session_id'] }),
    upsertRoundPolls: rowsInsert({
      table: 'round_polls',
      columns: ['at', 'round_key', 'data'],
      key: ['at', 'round_key'],
      // Nearly always a new row (a poll is written once): inserted, not looked for first.
      onConflict: { sql: 'on conflict (at, round_key) do update set data = excluded.data', keep: 'last' },
    }),
    holdPoll: prepare(`insert into held_polls (server_guid, held_at, clock_ms, change, snapshot) values (?, ?, ?, ?, ?)
      on conflict (server_guid) do update set held_at = excluded.held_at, clock_ms = excluded.clock_ms,
        change = excluded.change, snapshot = excluded.snapshot`),
    releasePoll: prepare('delete from held_polls where server_guid = ?'),
    closeRound: prepare(
      `update rounds set is_active = 0, end_time = ?, closed_at = ?, close_reason = ? where round_key = ?`,
    ),
    // A bucket's samples are summed before they are written (one row per bucket and call).
    addPopulation: rowsInsert({
      table: 'server_population',
      columns: ['bucket_start', 'server_guid', 'bucket_minutes', 'player_sum', 'peak_players', 'samples'],
      key: ['bucket_start', 'server_guid'],
      onConflict: {
        sql: `on conflict (bucket_start, server_guid) do update set
          player_sum = server_population.player_sum + excluded.player_sum,
          peak_players = ${greatest('server_population.peak_players', 'excluded.peak_players')},
          samples = server_population.samples + excluded.samples`,
        keep: 'last',
      },
    }),
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

export function createCollectorStore(sqlite: SyncConnection): CollectorStore {
  const statements = prepareStatements(sqlite);
  const queue = createRoundClosedQueue(sqlite);

  function applyBatch(batch: WriteBatch, { completeClosedRounds = false }: ApplyOptions): void {
    for (const game of batch.games) {
      const lastSuccess = game.lastSuccessAt === null ? null : iso(game.lastSuccessAt);
      statements.upsertGame.run(game.game, lastSuccess, flag(game.gap), game.clockMs);
    }
    statements.upsertServers.write(batch.servers.map(serverParams));
    statements.insertPlayers.write(batch.playersSeen.map((player) => [player.playerName, iso(player.at)]));
    statements.upsertRounds.write([...batch.roundsOpened, ...batch.roundsUpdated].map(roundParams));
    statements.upsertSessions.write(
      batch.sessions.map((session) => [
        ...sessionStateParams(session),
        session.roundKey,
        session.playerName,
        session.playerIndex,
        iso(session.startTime),
        flag(session.isActive),
      ]),
    );
    statements.setSessionsActive.write(
      batch.sessionsActivityChanged.map((session) => [flag(session.isActive), session.sessionId]),
    );
    // A bulk batch that does its rounds' work at once keeps the polls of a round closing in it in memory: they go
    // straight into its timeline (most polls of a generated history never touch the open-polls table).
    const closing = new Map<number, Uint8Array[]>(
      completeClosedRounds ? batch.roundsClosed.map((close) => [close.roundKey, []]) : [],
    );
    const pollsToStore: [number, number, Uint8Array][] = [];
    for (const poll of batch.roundPolls) {
      const pending = closing.get(poll.roundKey);
      if (pending) pending.push(poll.data);
      else pollsToStore.push([poll.at, poll.roundKey, poll.data]);
    }
    statements.upsertRoundPolls.write(pollsToStore);
    for (const { serverGuid, held } of batch.heldPolls) {
      if (held) {
        const snapshot = JSON.stringify(held.snapshot);
        statements.holdPoll.run(serverGuid, held.at, held.clockMs, held.change, snapshot);
      } else {
        statements.releasePoll.run(serverGuid);
      }
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
    statements.addPopulation.write(
      [...buckets.values()].map((totals) => [
        iso(totals.bucket),
        totals.serverGuid,
        POPULATION_BUCKET_MINUTES,
        totals.sum,
        totals.peak,
        totals.samples,
      ]),
    );
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
      const heldPolls = allRows<HeldPollsTable>(sqlite.prepare('select * from held_polls')).map((row) => ({
        serverGuid: row.server_guid,
        held: {
          at: row.held_at,
          clockMs: row.clock_ms,
          change: row.change as UnconfirmedChange,
          snapshot: JSON.parse(row.snapshot) as ServerSnapshot,
        },
      }));
      return {
        games,
        servers,
        openRounds,
        heldPolls,
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
