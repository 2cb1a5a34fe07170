import type { GameId, PlayersSortKey } from '@frontline/contract';
import type { InferResult, Kysely } from 'kysely';
import { compileOnce, type QueryValue } from '../../db/compiled-query.ts';
import { greatest } from '../../db/dialect.ts';
import { nameContainsAny } from '../../db/like-pattern.ts';
import { findScoreRank } from '../../db/ranked-players.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { findServerGuidsNamed } from '../../db/server-names.ts';
import type { RoundId, ServerGuid } from '../../domain/ids.ts';

/**
 * The SQL behind the players list, the player profile and a player's map statistics. A profile reads the
 * round aggregates (migration 0004) and, for the recent windows (days to weeks), the player's sessions through
 * the (player, start) index: bounded by time, so the most active player's profile reads no more than the
 * least active one's history of the same span.
 */

export interface PlayerRecord {
  playerName: string;
  firstSeen: string;
  lastSeen: string | null;
}

export interface ListedPlayer {
  playerName: string;
  lastSeen: string;
}

export interface PlayerListQuery {
  /** Forms of a part of the name (lib/name-search.ts), any of which matches; undefined for everyone. */
  nameContainsAny?: readonly string[];
  /** Only players in an open session seen at or after this (ISO). */
  activeSince?: string;
  /** With activeSince: only players whose open session is on a server of this game. */
  game?: GameId;
  sortBy: PlayersSortKey;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface SessionRecord {
  sessionId: number;
  roundId: RoundId;
  roundIsActive: boolean;
  /** When the round ended (ISO UTC); null while it is open. A round counts on the UTC day it ended. */
  roundEndTime: string | null;
  serverGuid: ServerGuid;
  serverName: string;
  game: GameId;
  mapName: string;
  gameType: string;
  startTime: string;
  lastSeen: string;
  isActive: boolean;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

export interface ServerTotalsRecord {
  serverGuid: ServerGuid;
  serverName: string;
  game: GameId;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
  pingSum: number;
  pingCount: number;
  bestScore: number;
  bestRoundId: RoundId | null;
  bestMapName: string | null;
  bestStartTime: string | null;
  bestEndTime: string | null;
  /**
   * The server rankings' rank by total score (db/ranked-players.ts: every address of the server's name, ranked
   * players only, ties sharing); null when the player is not ranked there.
   */
  rank: number | null;
  rankedPlayers: number;
}

export interface DayTotals {
  day: number;
  rounds: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

export interface MapTotalsRecord {
  mapName: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

/** A session with its round and server: what a profile lists of a session (recent, best, open). */
function selectSessions(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('rounds as r', 'r.round_key', 's.round_key')
    .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
    .select([
      's.session_id',
      'r.round_id',
      'r.is_active as round_is_active',
      'r.end_time as round_end_time',
      'r.server_guid',
      'v.name as server_name',
      'v.game',
      'r.map_name',
      'r.game_type',
      's.start_time',
      's.last_seen',
      's.is_active',
      's.score',
      's.kills',
      's.deaths',
      's.played_ms',
    ]);
}

function toSessionRecord(row: InferResult<ReturnType<typeof selectSessions>>[number]): SessionRecord {
  return {
    sessionId: row.session_id,
    roundId: row.round_id,
    roundIsActive: row.round_is_active === 1,
    roundEndTime: row.round_end_time,
    serverGuid: row.server_guid,
    serverName: row.server_name,
    game: row.game,
    mapName: row.map_name,
    gameType: row.game_type,
    startTime: row.start_time,
    lastSeen: row.last_seen,
    isActive: row.is_active === 1,
    score: row.score,
    kills: row.kills,
    deaths: row.deaths,
    playedMs: row.played_ms,
  };
}

/**
 * The players a list shows (player_name, last_seen) before paging. Players online come from the few open
 * sessions alone; everyone else needs the players table, where a player's last sighting is the later of their
 * closed rounds' (kept in `players`) and their open sessions'.
 */
function selectListedPlayers(db: Kysely<DatabaseSchema>, query: PlayerListQuery) {
  const forms = query.nameContainsAny;
  if (query.activeSince !== undefined) {
    const { game } = query;
    if (game !== undefined) {
      // A game's players online: their open sessions' rounds are on its servers (a few primary-key steps each).
      return db
        .selectFrom('sessions as s')
        .innerJoin('rounds as r', 'r.round_key', 's.round_key')
        .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
        .select((eb) => ['s.player_name as player_name', eb.fn.max('s.last_seen').as('last_seen')])
        .where('s.is_active', '=', 1)
        .where('s.last_seen', '>=', query.activeSince)
        .where('v.game', '=', game)
        .$if(forms !== undefined, (qb) => qb.where((eb) => nameContainsAny(eb.ref('s.player_name'), forms ?? [])))
        .groupBy('s.player_name');
    }
    return db
      .selectFrom('sessions')
      .select((eb) => ['player_name', eb.fn.max('last_seen').as('last_seen')])
      .where('is_active', '=', 1)
      .where('last_seen', '>=', query.activeSince)
      .$if(forms !== undefined, (qb) => qb.where((eb) => nameContainsAny(eb.ref('player_name'), forms ?? [])))
      .groupBy('player_name');
  }
  return db
    .selectFrom('players as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sessions')
          .select((inner) => ['player_name', inner.fn.max('last_seen').as('last_seen')])
          .where('is_active', '=', 1)
          .groupBy('player_name')
          .as('o'),
      (join) => join.onRef('o.player_name', '=', 'p.player_name'),
    )
    .select((eb) => [
      'p.player_name',
      greatest(eb.fn.coalesce('p.last_seen', 'p.first_seen'), eb.fn.coalesce('o.last_seen', eb.val(''))).as(
        'last_seen',
      ),
    ])
    .$if(forms !== undefined, (qb) => qb.where((eb) => nameContainsAny(eb.ref('p.player_name'), forms ?? [])));
}

export function createPlayerProfileRepository(db: Kysely<DatabaseSchema>) {
  // A profile asks these on every view: compiled once (db/compiled-query.ts).
  const selectPlayer = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db
      .selectFrom('players')
      .select(['player_name', 'first_seen', 'last_seen'])
      .where('player_name', '=', value('name')),
  );
  const selectSessionsSince = compileOnce(db, (value: QueryValue<{ name: string; since: string; limit: number }>) =>
    selectSessions(db)
      .where('s.player_name', '=', value('name'))
      .where('s.start_time', '>=', value('since'))
      .orderBy('s.start_time', 'desc')
      .orderBy('s.session_id', 'desc')
      .limit(value('limit')),
  );
  const selectBestScores = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    selectSessions(db)
      .innerJoin('player_best_scores as b', 'b.session_id', 's.session_id')
      .where('b.player_name', '=', value('name'))
      .orderBy('b.score', 'desc')
      .orderBy('b.session_id', 'desc'),
  );
  const selectOpenRoundSessions = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    // The open rounds (a hundred or so) probed in the player's (player, round) index entries (migration 0017):
    // the player's other sessions are never read.
    selectSessions(db)
      .where('s.player_name', '=', value('name'))
      .where('s.round_key', 'in', (eb) => eb.selectFrom('rounds').select('round_key').where('is_active', '=', 1))
      .orderBy('s.last_seen', 'desc'),
  );

  return {
    async findPlayer(name: string): Promise<PlayerRecord | undefined> {
      const [row] = await selectPlayer({ name });
      return row && { playerName: row.player_name, firstSeen: row.first_seen, lastSeen: row.last_seen };
    },

    /** One page of players and how many match. */
    async listPlayers(query: PlayerListQuery): Promise<{ rows: ListedPlayer[]; total: number }> {
      const matches = selectListedPlayers(db, query);
      const rows = await db
        .with('matches', () => matches)
        .selectFrom('matches')
        .select((eb) => ['player_name', 'last_seen', eb.fn.countAll<number>().over().as('total')])
        .$if(query.sortBy === 'playerName', (qb) => qb.orderBy('player_name', query.sortOrder))
        .$if(query.sortBy === 'lastSeen', (qb) => qb.orderBy('last_seen', query.sortOrder).orderBy('player_name'))
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      // A page past the end holds no row to carry the count.
      const total =
        rows[0]?.total ??
        (
          await db
            .with('matches', () => matches)
            .selectFrom('matches')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirst()
        )?.total ??
        0;
      return {
        rows: rows.map((row) => ({ playerName: row.player_name, lastSeen: row.last_seen })),
        total: Number(total),
      };
    },

    /** The player's sessions that started at or after `since` (ISO), newest first, at most `limit`. */
    async findSessionsSince(name: string, since: string | null, limit: number): Promise<SessionRecord[]> {
      const rows = await selectSessionsSince({ name, since: since ?? '', limit });
      return rows.map(toSessionRecord);
    },

    /** The player's kept best single-round scores (round aggregates), best first. */
    async findBestScores(name: string): Promise<SessionRecord[]> {
      return (await selectBestScores({ name })).map(toSessionRecord);
    },

    /** Per server totals of closed rounds, with the best round and the player's rank by total score. */
    async findServerTotals(name: string): Promise<ServerTotalsRecord[]> {
      const rows = await db
        .selectFrom('server_player_totals as t')
        .innerJoin('servers as v', 'v.server_guid', 't.server_guid')
        .leftJoin('rounds as r', 'r.round_key', 't.best_round_key')
        .select([
          't.server_guid',
          'v.name as server_name',
          'v.game',
          't.rounds',
          't.score',
          't.kills',
          't.deaths',
          't.played_ms',
          't.ping_sum',
          't.ping_count',
          't.best_score',
          'r.round_id as best_round_id',
          'r.map_name as best_map_name',
          'r.start_time as best_start_time',
          'r.end_time as best_end_time',
        ])
        .where('t.player_name', '=', name)
        .execute();
      // The rank is the server rankings' own (db/ranked-players.ts): over every address of the server's name.
      const ranks = new Map(
        await Promise.all(
          [...new Set(rows.map((row) => row.server_name))].map(
            async (serverName) =>
              [serverName, await findScoreRank(db, await findServerGuidsNamed(db, serverName), name)] as const,
          ),
        ),
      );
      return rows.map((row) => {
        const hasBest = row.best_score > 0;
        return {
          serverGuid: row.server_guid,
          serverName: row.server_name,
          game: row.game,
          rounds: row.rounds,
          score: row.score,
          kills: row.kills,
          deaths: row.deaths,
          playedMs: row.played_ms,
          pingSum: row.ping_sum,
          pingCount: row.ping_count,
          bestScore: row.best_score,
          bestRoundId: hasBest ? row.best_round_id : null,
          bestMapName: hasBest ? row.best_map_name : null,
          bestStartTime: hasBest ? row.best_start_time : null,
          bestEndTime: hasBest ? row.best_end_time : null,
          rank: ranks.get(row.server_name)?.rank ?? null,
          rankedPlayers: ranks.get(row.server_name)?.rankedPlayers ?? 0,
        };
      });
    },

    /** The player's sessions in rounds still open (not yet in any aggregate). */
    async findOpenRoundSessions(name: string): Promise<SessionRecord[]> {
      return (await selectOpenRoundSessions({ name })).map(toSessionRecord);
    },

    /** Totals per UTC day (all servers) from `fromDay` on. */
    async sumDays(name: string, fromDay: number): Promise<DayTotals[]> {
      const rows = await db
        .selectFrom('server_player_days')
        .select((eb) => [
          'day',
          eb.fn.sum<number>('rounds').as('rounds'),
          eb.fn.sum<number>('kills').as('kills'),
          eb.fn.sum<number>('deaths').as('deaths'),
          eb.fn.sum<number>('played_ms').as('played_ms'),
        ])
        .where('player_name', '=', name)
        .where('day', '>=', fromDay)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({
        day: row.day,
        rounds: Number(row.rounds),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
      }));
    },

    /** Maps of the player on a server over whole months [fromMonth, toMonth] (yyyymm). */
    async sumMapMonths(
      name: string,
      serverGuid: ServerGuid,
      fromMonth: number,
      toMonth: number,
    ): Promise<MapTotalsRecord[]> {
      const rows = await db
        .selectFrom('player_map_months')
        .select((eb) => [
          'map_name',
          eb.fn.sum<number>('rounds').as('rounds'),
          eb.fn.sum<number>('score').as('score'),
          eb.fn.sum<number>('kills').as('kills'),
          eb.fn.sum<number>('deaths').as('deaths'),
          eb.fn.sum<number>('played_ms').as('played_ms'),
        ])
        .where('player_name', '=', name)
        .where('server_guid', '=', serverGuid)
        .where('month', '>=', fromMonth)
        .where('month', '<=', toMonth)
        .groupBy('map_name')
        .execute();
      return rows.map((row) => ({
        mapName: row.map_name,
        rounds: Number(row.rounds),
        score: Number(row.score),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
      }));
    },

    async serverExists(serverGuid: ServerGuid): Promise<boolean> {
      const row = await db
        .selectFrom('servers')
        .select('server_guid')
        .where('server_guid', '=', serverGuid)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PlayerProfileRepository = ReturnType<typeof createPlayerProfileRepository>;
