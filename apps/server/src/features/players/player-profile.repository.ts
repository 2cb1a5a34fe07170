import type { PlayersSortKey } from '@frontline/contract';
import { sql, type Kysely } from 'kysely';
import { nameContainsAny } from '../../db/like-pattern.ts';
import { findScoreRank } from '../../db/ranked-players.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { findServerGuidsNamed } from '../../db/server-names.ts';
import { asServerGuid } from '../../domain/ids.ts';

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
  sortBy: PlayersSortKey;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface SessionRecord {
  sessionId: number;
  roundId: string;
  roundIsActive: boolean;
  /** When the round ended (ISO UTC); null while it is open. A round counts on the UTC day it ended. */
  roundEndTime: string | null;
  serverGuid: string;
  serverName: string;
  game: string;
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
  serverGuid: string;
  serverName: string;
  game: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
  pingSum: number;
  pingCount: number;
  bestScore: number;
  bestRoundId: string | null;
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

const SESSION_COLUMNS = sql`s.session_id, r.round_id, r.is_active as round_is_active, r.end_time as round_end_time,
  r.server_guid, v.name as server_name,
  v.game, r.map_name, r.game_type, s.start_time, s.last_seen, s.is_active, s.score, s.kills, s.deaths, s.played_ms`;

interface SessionRow {
  session_id: number;
  round_id: string;
  round_is_active: number;
  round_end_time: string | null;
  server_guid: string;
  server_name: string;
  game: string;
  map_name: string;
  game_type: string;
  start_time: string;
  last_seen: string;
  is_active: number;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
}

function toSessionRecord(row: SessionRow): SessionRecord {
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

export function createPlayerProfileRepository(db: Kysely<DatabaseSchema>) {
  return {
    async findPlayer(name: string): Promise<PlayerRecord | undefined> {
      const row = await db
        .selectFrom('players')
        .select(['player_name', 'first_seen', 'last_seen'])
        .where('player_name', '=', name)
        .executeTakeFirst();
      return row && { playerName: row.player_name, firstSeen: row.first_seen, lastSeen: row.last_seen };
    },

    /**
     * One page of players and how many match. A player's last sighting is the later of their closed rounds'
     * (kept in `players`) and their open sessions'.
     */
    async listPlayers(query: PlayerListQuery): Promise<{ rows: ListedPlayer[]; total: number }> {
      const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
      const order =
        query.sortBy === 'playerName' ? sql`player_name ${direction}` : sql`last_seen ${direction}, player_name`;
      const nameMatches = (column: string) =>
        query.nameContainsAny ? sql`(${nameContainsAny(sql.ref(column), query.nameContainsAny)})` : sql`1 = 1`;
      // Players online come from the few open sessions alone; everyone else needs the players table.
      const matches = query.activeSince
        ? sql`select player_name, max(last_seen) as last_seen from sessions
            where is_active = 1 and last_seen >= ${query.activeSince} and ${nameMatches('player_name')}
            group by player_name`
        : sql`select p.player_name, max(coalesce(p.last_seen, p.first_seen), coalesce(o.last_seen, '')) as last_seen
            from players p left join (select player_name, max(last_seen) as last_seen from sessions
              where is_active = 1 group by player_name) o on o.player_name = p.player_name
            where ${nameMatches('p.player_name')}`;
      const { rows } = await sql<{ player_name: string; last_seen: string; total: number }>`
        with matches as (${matches})
        select player_name, last_seen, count(*) over () as total from matches
        order by ${order}
        limit ${query.limit} offset ${query.offset}`.execute(db);
      const total =
        rows[0]?.total ??
        (await sql<{ total: number }>`with matches as (${matches}) select count(*) as total from matches`.execute(db))
          .rows[0]?.total ??
        0;
      return {
        rows: rows.map((row) => ({ playerName: row.player_name, lastSeen: row.last_seen })),
        total: Number(total),
      };
    },

    /** The player's sessions that started at or after `since` (ISO), newest first, at most `limit`. */
    async findSessionsSince(name: string, since: string | null, limit: number): Promise<SessionRecord[]> {
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS}
        from sessions s join rounds r on r.round_key = s.round_key join servers v on v.server_guid = r.server_guid
        where s.player_name = ${name} and s.start_time >= ${since ?? ''}
        order by s.start_time desc, s.session_id desc
        limit ${limit}`.execute(db);
      return rows.map(toSessionRecord);
    },

    /** The player's kept best single-round scores (round aggregates), best first. */
    async findBestScores(name: string): Promise<SessionRecord[]> {
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS}
        from player_best_scores b join sessions s on s.session_id = b.session_id
          join rounds r on r.round_key = s.round_key join servers v on v.server_guid = r.server_guid
        where b.player_name = ${name}
        order by b.score desc, b.session_id desc`.execute(db);
      return rows.map(toSessionRecord);
    },

    /** Per server totals of closed rounds, with the best round and the player's rank by total score. */
    async findServerTotals(name: string): Promise<ServerTotalsRecord[]> {
      const { rows } = await sql<{
        server_guid: string;
        server_name: string;
        game: string;
        rounds: number;
        score: number;
        kills: number;
        deaths: number;
        played_ms: number;
        ping_sum: number;
        ping_count: number;
        best_score: number;
        best_round_id: string | null;
        best_map_name: string | null;
        best_start_time: string | null;
        best_end_time: string | null;
      }>`
        select t.server_guid, v.name as server_name, v.game, t.rounds, t.score, t.kills, t.deaths, t.played_ms,
          t.ping_sum, t.ping_count, t.best_score, r.round_id as best_round_id, r.map_name as best_map_name,
          r.start_time as best_start_time, r.end_time as best_end_time
        from server_player_totals t join servers v on v.server_guid = t.server_guid
          left join rounds r on r.round_key = t.best_round_key
        where t.player_name = ${name}`.execute(db);
      // The rank is the server rankings' own (db/ranked-players.ts): over every address of the server's name.
      const ranks = new Map(
        await Promise.all(
          [...new Set(rows.map((row) => row.server_name))].map(
            async (serverName) =>
              [serverName, await findScoreRank(db, await findServerGuidsNamed(db, serverName), name)] as const,
          ),
        ),
      );
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        serverName: row.server_name,
        game: row.game,
        rounds: Number(row.rounds),
        score: Number(row.score),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
        pingSum: Number(row.ping_sum),
        pingCount: Number(row.ping_count),
        bestScore: Number(row.best_score),
        bestRoundId: row.best_score > 0 ? row.best_round_id : null,
        bestMapName: row.best_score > 0 ? row.best_map_name : null,
        bestStartTime: row.best_score > 0 ? row.best_start_time : null,
        bestEndTime: row.best_score > 0 ? row.best_end_time : null,
        rank: ranks.get(row.server_name)?.rank ?? null,
        rankedPlayers: ranks.get(row.server_name)?.rankedPlayers ?? 0,
      }));
    },

    /** The player's sessions in rounds still open (not yet in any aggregate). */
    async findOpenRoundSessions(name: string): Promise<SessionRecord[]> {
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS}
        from rounds r join sessions s on s.round_key = r.round_key join servers v on v.server_guid = r.server_guid
        where r.is_active = 1 and s.player_name = ${name}
        order by s.last_seen desc`.execute(db);
      return rows.map(toSessionRecord);
    },

    /** Totals per UTC day (all servers) from `fromDay` on. */
    async sumDays(name: string, fromDay: number): Promise<DayTotals[]> {
      const { rows } = await sql<{ day: number; rounds: number; kills: number; deaths: number; played_ms: number }>`
        select day, sum(rounds) as rounds, sum(kills) as kills, sum(deaths) as deaths, sum(played_ms) as played_ms
        from server_player_days where player_name = ${name} and day >= ${fromDay}
        group by day order by day`.execute(db);
      return rows.map((row) => ({
        day: Number(row.day),
        rounds: Number(row.rounds),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
      }));
    },

    /** Maps of the player on a server over whole months [fromMonth, toMonth] (yyyymm). */
    async sumMapMonths(
      name: string,
      serverGuid: string,
      fromMonth: number,
      toMonth: number,
    ): Promise<MapTotalsRecord[]> {
      const { rows } = await sql<{
        map_name: string;
        rounds: number;
        score: number;
        kills: number;
        deaths: number;
        played_ms: number;
      }>`
        select map_name, sum(rounds) as rounds, sum(score) as score, sum(kills) as kills, sum(deaths) as deaths,
          sum(played_ms) as played_ms
        from player_map_months
        where player_name = ${name} and server_guid = ${serverGuid} and month >= ${fromMonth} and month <= ${toMonth}
        group by map_name`.execute(db);
      return rows.map((row) => ({
        mapName: row.map_name,
        rounds: Number(row.rounds),
        score: Number(row.score),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
      }));
    },

    async serverExists(serverGuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('servers')
        .select('server_guid')
        .where('server_guid', '=', asServerGuid(serverGuid))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PlayerProfileRepository = ReturnType<typeof createPlayerProfileRepository>;
