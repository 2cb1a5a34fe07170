import type { GameId, RankingOrderBy } from '@frontline/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { escapeLike, nameContainsAny } from '../../db/like-pattern.ts';
import { KD_RATIO, RANKING_VALUES, rankedPlayerTotals } from '../../db/ranked-players.ts';
import type { DatabaseSchema, ServerMapDaysTable } from '../../db/schema.ts';
import { serverGuidIn } from '../../db/server-names.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import { nameSearchForms } from '../../lib/name-search.ts';

/**
 * The SQL behind the server profile, rankings and server search. Every figure comes from the round
 * aggregates (migration 0004), kept when rounds close, so no read here scans a server's sessions.
 * `fromDay` arguments are UTC day numbers (days since 1970-01-01); null means all time. `guids` are every
 * address that carried the server's name (db/server-names.ts): the history of a name combines them.
 */

export interface ServerRecord {
  serverGuid: ServerGuid;
  name: string;
  game: GameId;
  ip: string;
  port: number;
  mapName: string;
  numPlayers: number;
  maxPlayers: number;
  joinLink: string | null;
  isOnline: boolean;
  firstSeen: string;
  lastSeen: string;
}

export interface RecentRoundRecord {
  roundId: string;
  mapName: string;
  startTime: string;
  endTime: string | null;
  isActive: boolean;
  participantCount: number;
}

/** One player's sums on one server over a period. */
export interface PlayerPeriodTotals {
  playerName: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

export interface PlacementTotals {
  playerName: string;
  firstPlaces: number;
  secondPlaces: number;
  thirdPlaces: number;
}

export interface TopScoreRecord {
  playerName: string;
  score: number;
  kills: number;
  deaths: number;
  mapName: string;
  endedAt: string;
  roundId: string;
}

export interface MapTotals {
  mapName: string;
  rounds: number;
  playedMs: number;
  polls: number;
  playerPollSum: number;
  peakPlayers: number;
}

export interface RankingFilters {
  /** Part of the name, any case (ASCII). */
  playerName?: string;
  minScore?: number;
  minKills?: number;
  minDeaths?: number;
  minKdRatio?: number;
  minPlayTimeMinutes?: number;
}

export interface RankingQuery extends RankingFilters {
  orderBy: RankingOrderBy;
  orderDirection: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface RankingRecord {
  rank: number;
  playerName: string;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
  kdRatio: number;
}

export interface ServerSearchRecord {
  serverGuid: ServerGuid;
  name: string;
  game: GameId;
  mapName: string;
  numPlayers: number;
  isOnline: boolean;
  lastSeen: string;
  country: string | null;
  totalPlayers: number;
}

export function createServersRepository(db: Kysely<DatabaseSchema>) {
  return {
    /** The exact name first; else the same name in another case. Several servers may share a name: the one
     * online, then the one seen last, wins. */
    async findServerByName(name: string): Promise<ServerRecord | undefined> {
      const { rows } = await sql<ServerRow>`
        select ${SERVER_COLUMNS} from servers
        where name = ${name} or name = ${name} collate nocase
        order by name = ${name} desc, is_online desc, last_seen desc, server_guid
        limit 1`.execute(db);
      const row = rows[0];
      return row && toServerRecord(row);
    },

    /** Every address that carried exactly this name, newest first (online, then seen last). */
    async findServerAddresses(name: string): Promise<ServerRecord[]> {
      const { rows } = await sql<ServerRow>`
        select ${SERVER_COLUMNS} from servers where name = ${name}
        order by is_online desc, last_seen desc, server_guid`.execute(db);
      return rows.map(toServerRecord);
    },

    /**
     * The server's latest rounds somebody played, at any of its addresses, latest-ended first (the one being
     * played, if anyone has played it, first): the first rounds of its sessions page, which lists the rounds of
     * every address of the name and sorts by end too. Empty rounds (no human ever seen) are left out, from the
     * partial index of played rounds (migration 0009): the `> 0` stays literal for that.
     */
    async findRecentRounds(guids: readonly ServerGuid[], limit: number): Promise<RecentRoundRecord[]> {
      const rows = await db
        .selectFrom('rounds')
        .select(['round_id', 'map_name', 'start_time', 'end_time', 'is_active', 'participant_count'])
        .where(sql<boolean>`${serverGuidIn(sql`server_guid`, guids)}`)
        .where(sql<boolean>`participant_count > 0`)
        .orderBy(sql`coalesce(end_time, last_poll_at)`, 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        roundId: row.round_id,
        mapName: row.map_name,
        startTime: row.start_time,
        endTime: row.end_time,
        isActive: row.is_active === 1,
        participantCount: row.participant_count,
      }));
    },

    /** Every player's sums on the server since `fromDay` (null: all time, from the totals table). */
    async sumPlayerPeriod(guids: readonly ServerGuid[], fromDay: number | null): Promise<PlayerPeriodTotals[]> {
      const { rows } =
        fromDay === null
          ? await sql<PlayerPeriodRow>`
              select player_name, sum(rounds) as rounds, sum(score) as score, sum(kills) as kills,
                sum(deaths) as deaths, sum(played_ms) as played_ms
              from server_player_totals where ${serverGuidIn(sql`server_guid`, guids)}
              group by player_name`.execute(db)
          : await sql<PlayerPeriodRow>`
              select player_name, sum(rounds) as rounds, sum(score) as score, sum(kills) as kills,
                sum(deaths) as deaths, sum(played_ms) as played_ms
              from server_player_days where ${serverGuidIn(sql`server_guid`, guids)} and day >= ${fromDay}
              group by player_name`.execute(db);
      return rows.map((row) => ({
        playerName: row.player_name,
        rounds: Number(row.rounds),
        score: Number(row.score),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
      }));
    },

    /** The best placement records: most first places, then second, then third. */
    async findTopPlacements(
      guids: readonly ServerGuid[],
      fromDay: number | null,
      minParticipantBand: number,
      limit: number,
    ): Promise<PlacementTotals[]> {
      const servers = serverGuidIn(sql`server_guid`, guids);
      const source =
        fromDay === null
          ? sql`server_placement_totals where ${servers}`
          : sql`server_placement_days where ${servers} and day >= ${fromDay}`;
      const { rows } = await sql<{ player_name: string; first: number; second: number; third: number }>`
        select player_name, sum(first_places) as first, sum(second_places) as second, sum(third_places) as third
        from ${source} and participant_band >= ${minParticipantBand}
        group by player_name
        order by first desc, second desc, third desc, player_name
        limit ${limit}`.execute(db);
      return rows.map((row) => ({
        playerName: row.player_name,
        firstPlaces: Number(row.first),
        secondPlaces: Number(row.second),
        thirdPlaces: Number(row.third),
      }));
    },

    /** Best single-round scores of rounds that ended at or after `from` (ISO; null: all time). */
    async findTopScores(guids: readonly ServerGuid[], from: string | null, limit: number): Promise<TopScoreRecord[]> {
      // The order is the key's, backwards: the best scores come first without a sort, newer rounds first on ties.
      const { rows } = await sql<{
        player_name: string;
        score: number;
        kills: number;
        deaths: number;
        ended_at: string;
        map_name: string;
        round_id: string;
      }>`
        select t.player_name, t.score, t.kills, t.deaths, t.ended_at, r.map_name, r.round_id
        from round_top_scores t join rounds r on r.round_key = t.round_key
        where ${serverGuidIn(sql`t.server_guid`, guids)} and t.ended_at >= ${from ?? ''}
        order by t.score desc, t.round_key desc, t.player_name desc
        limit ${limit}`.execute(db);
      return rows.map((row) => ({
        playerName: row.player_name,
        score: row.score,
        kills: row.kills,
        deaths: row.deaths,
        mapName: row.map_name,
        endedAt: row.ended_at,
        roundId: row.round_id,
      }));
    },

    /** Maps of rounds that ended on days [fromDay, toDay). */
    async sumMaps(guids: readonly ServerGuid[], fromDay: number, toDay: number): Promise<MapTotals[]> {
      const { rows } = await sql<Omit<ServerMapDaysTable, 'server_guid' | 'day'>>`
        select map_name, sum(rounds) as rounds, sum(played_ms) as played_ms, sum(polls) as polls,
          sum(player_poll_sum) as player_poll_sum, max(peak_players) as peak_players
        from server_map_days
        where ${serverGuidIn(sql`server_guid`, guids)} and day >= ${fromDay} and day < ${toDay}
        group by map_name`.execute(db);
      return rows.map((row) => ({
        mapName: row.map_name,
        rounds: Number(row.rounds),
        playedMs: Number(row.played_ms),
        polls: Number(row.polls),
        playerPollSum: Number(row.player_poll_sum),
        peakPlayers: Number(row.peak_players),
      }));
    },

    /** The highest player count of one poll in [from, before), on any of the addresses. */
    async findPeakPlayers(guids: readonly ServerGuid[], from: string, before: string): Promise<number> {
      const { rows } = await sql<{ peak: number | null }>`
        select max(peak_players) as peak from server_population
        where ${serverGuidIn(sql`server_guid`, guids)} and bucket_start >= ${from} and bucket_start < ${before}`.execute(
        db,
      );
      return Number(rows[0]?.peak ?? 0);
    },

    /**
     * One page of the server's ranked players in the chosen order, each with their rank among all ranked players
     * (db/ranked-players.ts), how many match the filters, and how many are ranked.
     */
    async findRankings(
      guids: readonly ServerGuid[],
      query: RankingQuery,
    ): Promise<{ rows: RankingRecord[]; total: number; rankedPlayers: number }> {
      const filters = rankingConditions(query);
      const direction = query.orderDirection === 'asc' ? sql`asc` : sql`desc`;
      const ranked = rankedPlayerTotals(guids);
      // The rank is numbered over every ranked player before the filters pick the rows of the page.
      const { rows } = await sql<PlayerPeriodRow & { kd_ratio: number; rank: number }>`
        select player_name, score, kills, deaths, played_ms, kd_ratio, rank from (
          select player_name, score, kills, deaths, played_ms, ${KD_RATIO} as kd_ratio,
            rank() over (order by ${RANKING_VALUES[query.orderBy]} ${direction}) as rank
          from ${ranked} as ranked
        ) as numbered
        where ${filters}
        order by rank, player_name
        limit ${query.limit} offset ${query.offset}`.execute(db);
      const { rows: counted } = await sql<{ ranked_players: number; total: number | null }>`
        select count(*) as ranked_players, sum(case when ${filters} then 1 else 0 end) as total
        from ${ranked} as ranked`.execute(db);
      return {
        rows: rows.map((row) => ({
          rank: Number(row.rank),
          playerName: row.player_name,
          score: Number(row.score),
          kills: Number(row.kills),
          deaths: Number(row.deaths),
          playedMs: Number(row.played_ms),
          kdRatio: Number(row.kd_ratio),
        })),
        total: Number(counted[0]?.total ?? 0),
        rankedPlayers: Number(counted[0]?.ranked_players ?? 0),
      };
    },

    /** Servers whose name contains the text: names starting with it first, then the busiest, then by name. */
    async searchServers(
      text: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: ServerSearchRecord[]; total: number }> {
      const contains = `%${escapeLike(text)}%`;
      const startsWith = `${escapeLike(text)}%`;
      const { rows } = await sql<{
        server_guid: ServerGuid;
        name: string;
        game: GameId;
        map_name: string;
        num_players: number;
        is_online: number;
        last_seen: string;
        country: string | null;
        total_players: number;
      }>`
        select s.server_guid, s.name, s.game, s.map_name, s.num_players, s.is_online, s.last_seen,
          p.country,
          (select count(*) from server_player_totals t where t.server_guid = s.server_guid) as total_players
        from servers s left join server_profiles p on p.server_guid = s.server_guid
        where s.name like ${contains} escape '\\'
        order by s.name like ${startsWith} escape '\\' desc, s.is_online * s.num_players desc, s.name, s.server_guid
        limit ${limit} offset ${offset}`.execute(db);
      const { rows: counted } = await sql<{ total: number }>`
        select count(*) as total from servers where name like ${contains} escape '\\'`.execute(db);
      return {
        rows: rows.map((row) => ({
          serverGuid: row.server_guid,
          name: row.name,
          game: row.game,
          mapName: row.map_name,
          // The tracker's num_players counts people; bots are counted apart (bot_count).
          numPlayers: row.is_online === 1 ? row.num_players : 0,
          isOnline: row.is_online === 1,
          lastSeen: row.last_seen,
          country: row.country,
          totalPlayers: Number(row.total_players),
        })),
        total: Number(counted[0]?.total ?? 0),
      };
    },
  };
}

export type ServersRepository = ReturnType<typeof createServersRepository>;

interface PlayerPeriodRow {
  player_name: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
}

const SERVER_COLUMNS = sql`server_guid, name, game, ip, port, map_name, num_players, max_players,
  join_link, is_online, first_seen, last_seen`;

interface ServerRow {
  server_guid: ServerGuid;
  name: string;
  game: GameId;
  ip: string;
  port: number;
  map_name: string;
  num_players: number;
  max_players: number;
  join_link: string | null;
  is_online: number;
  first_seen: string;
  last_seen: string;
}

function toServerRecord(row: ServerRow): ServerRecord {
  return {
    serverGuid: row.server_guid,
    name: row.name,
    game: row.game,
    ip: row.ip,
    port: row.port,
    mapName: row.map_name,
    numPlayers: row.num_players,
    maxPlayers: row.max_players,
    joinLink: row.join_link,
    isOnline: row.is_online === 1,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
  };
}

function rankingConditions(filters: RankingFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  // The name as stored or as the rankings show it (a Cyrillic query also finds its cp1251 mojibake), as Find Players.
  if (filters.playerName) {
    conditions.push(sql`(${nameContainsAny(sql.ref('player_name'), nameSearchForms(filters.playerName))})`);
  }
  if (filters.minScore !== undefined) conditions.push(sql`score >= ${filters.minScore}`);
  if (filters.minKills !== undefined) conditions.push(sql`kills >= ${filters.minKills}`);
  if (filters.minDeaths !== undefined) conditions.push(sql`deaths >= ${filters.minDeaths}`);
  // On the figures as shown (K/D to 2 decimals, whole minutes), so a player listed at 3.48 passes "at least 3.48".
  if (filters.minKdRatio !== undefined) {
    conditions.push(sql`${RANKING_VALUES.KDRatio} >= ${filters.minKdRatio}`);
  }
  if (filters.minPlayTimeMinutes !== undefined) {
    conditions.push(sql`${RANKING_VALUES.TotalPlayTimeMinutes} >= ${filters.minPlayTimeMinutes}`);
  }
  return sql.join(conditions, sql` and `);
}
