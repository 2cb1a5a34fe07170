import { PLACEMENT_POINTS, type RankingOrderBy } from '@frontline/contract';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { compileOnce, type QueryValue } from '../../db/compiled-query.ts';
import { equalsIgnoringCase, likeIgnoringCase } from '../../db/dialect.ts';
import { escapeLike, nameContainsAny } from '../../db/like-pattern.ts';
import { selectPopulationGroups, type TimeSlice } from '../../db/population.ts';
import { kdRatio, rankedPlayerTotals, rankingValue, type RankedTotals } from '../../db/ranked-players.ts';
import type { DatabaseSchema, ServersTable } from '../../db/schema.ts';
import { findServerProfiles, type ServerProfile } from '../../db/server-profiles.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import { nameSearchForms } from '../../lib/name-search.ts';

/**
 * The SQL behind the server profile, rankings and server search. Every figure comes from the round
 * aggregates (migration 0004), kept when rounds close, so no read here scans a server's sessions.
 * `fromDay` arguments are UTC day numbers (days since 1970-01-01); null means all time. `guids` are every
 * address that carried the server's name (db/server-names.ts), never none: the history of a name combines them.
 * With one guid `server_guid in (?)` is an equality to SQLite, which then reads the (server_guid, …) indexes in
 * their order.
 */

const SERVER_COLUMNS = [
  'server_guid',
  'name',
  'game',
  'ip',
  'port',
  'map_name',
  'num_players',
  'max_players',
  'join_link',
  'is_online',
  'first_seen',
  'last_seen',
] as const;

type ServerRow = Pick<Selectable<ServersTable>, (typeof SERVER_COLUMNS)[number]>;

export type ServerRecord = ReturnType<typeof toServerRecord>;

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

export function createServersRepository(db: Kysely<DatabaseSchema>) {
  // Every server screen looks its server up by name first: compiled once (db/compiled-query.ts).
  const selectServerByName = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db
      .selectFrom('servers')
      .select(SERVER_COLUMNS)
      .where((eb) => eb.or([eb('name', '=', value('name')), equalsIgnoringCase(eb.ref('name'), eb.val(value('name')))]))
      .orderBy((eb) => eb('name', '=', value('name')), 'desc')
      .orderBy('is_online', 'desc')
      .orderBy('last_seen', 'desc')
      .orderBy('server_guid')
      .limit(sql.lit(1)),
  );
  const selectServerAddresses = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db
      .selectFrom('servers')
      .select(SERVER_COLUMNS)
      .where('name', '=', value('name'))
      .orderBy('is_online', 'desc')
      .orderBy('last_seen', 'desc')
      .orderBy('server_guid'),
  );
  // The search box asks on every keystroke.
  const selectServersMatching = compileOnce(
    db,
    (value: QueryValue<{ contains: string; startsWith: string; limit: number; offset: number }>) =>
      db
        .selectFrom('servers as s')
        .leftJoin('server_profiles as p', 'p.server_guid', 's.server_guid')
        .select((eb) => [
          's.server_guid',
          's.name',
          's.game',
          's.map_name',
          's.num_players',
          's.is_online',
          's.last_seen',
          'p.country',
          eb
            .selectFrom('server_player_totals as t')
            .select((inner) => inner.fn.countAll<number>().as('players'))
            .whereRef('t.server_guid', '=', 's.server_guid')
            .as('total_players'),
        ])
        .where((eb) => likeIgnoringCase(eb.ref('s.name'), eb.val(value('contains'))))
        .orderBy((eb) => likeIgnoringCase(eb.ref('s.name'), eb.val(value('startsWith'))), 'desc')
        .orderBy((eb) => eb('s.is_online', '*', eb.ref('s.num_players')), 'desc')
        .orderBy('s.name')
        .orderBy('s.server_guid')
        .limit(value('limit'))
        .offset(value('offset')),
  );
  const countServersMatching = compileOnce(db, (value: QueryValue<{ contains: string }>) =>
    db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => likeIgnoringCase(eb.ref('name'), eb.val(value('contains')))),
  );

  return {
    /** The exact name first; else the same name in another case. Several servers may share a name: the one
     * online, then the one seen last, wins. */
    async findServerByName(name: string): Promise<ServerRecord | undefined> {
      const [row] = await selectServerByName({ name });
      return row && toServerRecord(row);
    },

    /** Every address that carried exactly this name, newest first (online, then seen last). */
    async findServerAddresses(name: string): Promise<ServerRecord[]> {
      return (await selectServerAddresses({ name })).map(toServerRecord);
    },

    /** What Frontline knows about the server beyond the feed (country, time zone, links), if anything. */
    async findServerProfile(serverGuid: ServerGuid): Promise<ServerProfile | undefined> {
      return (await findServerProfiles(db, [serverGuid])).get(serverGuid);
    },

    /**
     * The server's latest rounds somebody played, at any of its addresses, latest-ended first (the one being
     * played, if anyone has played it, first): the first rounds of its sessions page, which lists the rounds of
     * every address of the name and sorts by end too. Empty rounds (no human ever seen) are left out, from the
     * partial index of played rounds (migration 0009): the `> 0` stays a literal for that.
     */
    async findRecentRounds(guids: readonly ServerGuid[], limit: number) {
      const rows = await db
        .selectFrom('rounds')
        .select(['round_id', 'map_name', 'start_time', 'end_time', 'is_active', 'participant_count'])
        .where('server_guid', 'in', guids)
        .where((eb) => eb('participant_count', '>', eb.lit(0)))
        .orderBy((eb) => eb.fn.coalesce('end_time', 'last_poll_at'), 'desc')
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
    async sumPlayerPeriod(guids: readonly ServerGuid[], fromDay: number | null) {
      const rows =
        fromDay === null
          ? await db
              .selectFrom('server_player_totals')
              .select((eb) => ['player_name', ...periodSums(eb)])
              .where('server_guid', 'in', guids)
              .groupBy('player_name')
              .execute()
          : await db
              .selectFrom('server_player_days')
              .select((eb) => ['player_name', ...periodSums(eb)])
              .where('server_guid', 'in', guids)
              .where('day', '>=', fromDay)
              .groupBy('player_name')
              .execute();
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
    ) {
      const rows =
        fromDay === null
          ? await db
              .selectFrom('server_placement_totals')
              .select((eb) => ['player_name', ...placementSums(eb)])
              .where('server_guid', 'in', guids)
              .where('participant_band', '>=', minParticipantBand)
              .groupBy('player_name')
              .$call(mostPlacementsFirst)
              .limit(limit)
              .execute()
          : await db
              .selectFrom('server_placement_days')
              .select((eb) => ['player_name', ...placementSums(eb)])
              .where('server_guid', 'in', guids)
              .where('day', '>=', fromDay)
              .where('participant_band', '>=', minParticipantBand)
              .groupBy('player_name')
              .$call(mostPlacementsFirst)
              .limit(limit)
              .execute();
      return rows.map((row) => ({
        playerName: row.player_name,
        firstPlaces: Number(row.first),
        secondPlaces: Number(row.second),
        thirdPlaces: Number(row.third),
      }));
    },

    /** Best single-round scores of rounds that ended at or after `from` (ISO; null: all time). */
    async findTopScores(guids: readonly ServerGuid[], from: string | null, limit: number) {
      // The order is the key's, backwards: the best scores come first without a sort, newer rounds first on ties.
      const rows = await db
        .selectFrom('round_top_scores as t')
        .innerJoin('rounds as r', 'r.round_key', 't.round_key')
        .select(['t.player_name', 't.score', 't.kills', 't.deaths', 't.ended_at', 'r.map_name', 'r.round_id'])
        .where('t.server_guid', 'in', guids)
        .where('t.ended_at', '>=', from ?? '')
        .orderBy('t.score', 'desc')
        .orderBy('t.round_key', 'desc')
        .orderBy('t.player_name', 'desc')
        .limit(limit)
        .execute();
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
    async sumMaps(guids: readonly ServerGuid[], fromDay: number, toDay: number) {
      const rows = await db
        .selectFrom('server_map_days')
        .select((eb) => [
          'map_name',
          eb.fn.sum<number>('rounds').as('rounds'),
          eb.fn.sum<number>('played_ms').as('played_ms'),
          eb.fn.sum<number>('polls').as('polls'),
          eb.fn.sum<number>('player_poll_sum').as('player_poll_sum'),
          eb.fn.max('peak_players').as('peak_players'),
        ])
        .where('server_guid', 'in', guids)
        .where('day', '>=', fromDay)
        .where('day', '<', toDay)
        .groupBy('map_name')
        .execute();
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
      const row = await db
        .selectFrom('server_population')
        .select((eb) => eb.fn.max('peak_players').as('peak'))
        .where('server_guid', 'in', guids)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', before)
        .executeTakeFirst();
      return Number(row?.peak ?? 0);
    },

    /** One address's population rows in the slice, summed per bucket (db/population.ts). */
    selectPopulationGroups(serverGuid: ServerGuid, bucketMinutes: number, slice: TimeSlice) {
      return selectPopulationGroups(db, { kind: 'server', serverGuid }, bucketMinutes, slice);
    },

    /**
     * The ping histograms of the addresses whose hours (or days) start in [from, before), bin by bin:
     * `periodStart` is the hour's (or day's) start, ISO.
     */
    async findPingBins(guids: readonly ServerGuid[], slice: { from: string; before: string }, grain: 'hour' | 'day') {
      const rows =
        grain === 'day'
          ? await db
              .selectFrom('server_ping_daily')
              .select(['day_start as period_start', 'ping_bin', 'samples'])
              .where('server_guid', 'in', guids)
              .where('day_start', '>=', slice.from)
              .where('day_start', '<', slice.before)
              .execute()
          : await db
              .selectFrom('server_ping_hourly')
              .select(['hour_start as period_start', 'ping_bin', 'samples'])
              .where('server_guid', 'in', guids)
              .where('hour_start', '>=', slice.from)
              .where('hour_start', '<', slice.before)
              .execute();
      return rows.map((row) => ({
        periodStart: row.period_start,
        pingBin: row.ping_bin,
        samples: Number(row.samples),
      }));
    },

    /**
     * One page of the server's ranked players in the chosen order, each with their rank among all ranked players
     * (db/ranked-players.ts), how many match the filters, and how many are ranked.
     */
    async findRankings(guids: readonly ServerGuid[], query: RankingQuery) {
      // The rank is numbered over every ranked player before the filters pick the rows of the page.
      const numbered = db.selectFrom(rankedPlayerTotals(db, guids).as('ranked')).select((eb) => [
        'player_name',
        'rounds',
        'score',
        'kills',
        'deaths',
        'played_ms',
        kdRatio().as('kd_ratio'),
        eb.fn
          .agg<number>('rank')
          .over((over) => over.orderBy(rankingValue(query.orderBy), query.orderDirection))
          .as('rank'),
      ]);
      // The numbered rows keep the name `ranked`, which the filters are written against.
      const rows = await db
        .selectFrom(numbered.as('ranked'))
        .select(['player_name', 'score', 'kills', 'deaths', 'played_ms', 'kd_ratio', 'rank'])
        .where((eb) => rankingConditions(eb, query))
        .orderBy('rank')
        .orderBy('player_name')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      const counted = await db
        .selectFrom(rankedPlayerTotals(db, guids).as('ranked'))
        .select((eb) => [
          eb.fn.countAll<number>().as('ranked_players'),
          eb.fn.sum<number | null>(eb.case().when(rankingConditions(eb, query)).then(1).else(0).end()).as('total'),
        ])
        .executeTakeFirst();
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
        total: Number(counted?.total ?? 0),
        rankedPlayers: Number(counted?.ranked_players ?? 0),
      };
    },

    /** Servers whose name contains the text: names starting with it first, then the busiest, then by name. */
    async searchServers(text: string, limit: number, offset: number) {
      const contains = `%${escapeLike(text)}%`;
      const startsWith = `${escapeLike(text)}%`;
      const rows = await selectServersMatching({ contains, startsWith, limit, offset });
      const [counted] = await countServersMatching({ contains });
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
        total: Number(counted?.total ?? 0),
      };
    },
  };
}

export type ServersRepository = ReturnType<typeof createServersRepository>;

/** One player's sums over a period's rows (all-time totals or per-day rows: the columns are the same). */
function periodSums(eb: ExpressionBuilder<DatabaseSchema, 'server_player_totals' | 'server_player_days'>) {
  return [
    eb.fn.sum<number>('rounds').as('rounds'),
    eb.fn.sum<number>('score').as('score'),
    eb.fn.sum<number>('kills').as('kills'),
    eb.fn.sum<number>('deaths').as('deaths'),
    eb.fn.sum<number>('played_ms').as('played_ms'),
  ] as const;
}

/** Most first places first, then second, then third, then by name (the placement boards' order). */
/**
 * Standings in the order of the points the board shows beside them (3 for a first, 2 for a second, 1 for a third),
 * then by firsts, seconds and thirds, then name (docs/formulas.md "Placements"; decision 0031).
 */
function mostPlacementsFirst<
  Tables extends keyof DatabaseSchema,
  Row extends { player_name: string; points: number; first: number; second: number; third: number },
>(query: SelectQueryBuilder<DatabaseSchema, Tables, Row>) {
  return query
    .orderBy('points', 'desc')
    .orderBy('first', 'desc')
    .orderBy('second', 'desc')
    .orderBy('third', 'desc')
    .orderBy('player_name');
}

function placementSums(eb: ExpressionBuilder<DatabaseSchema, 'server_placement_totals' | 'server_placement_days'>) {
  const [first, second, third]: readonly number[] = PLACEMENT_POINTS;
  const weighted = (points: number | undefined, column: 'first_places' | 'second_places' | 'third_places') =>
    eb(eb.lit(points ?? 0), '*', eb.ref(column));
  return [
    eb.fn.sum<number>('first_places').as('first'),
    eb.fn.sum<number>('second_places').as('second'),
    eb.fn.sum<number>('third_places').as('third'),
    eb.fn
      .sum<number>(
        eb(
          eb(weighted(first, 'first_places'), '+', weighted(second, 'second_places')),
          '+',
          weighted(third, 'third_places'),
        ),
      )
      .as('points'),
  ] as const;
}

function toServerRecord(row: ServerRow) {
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

/** The filters of a rankings request, on the figures as shown (K/D to 2 decimals, whole minutes). */
function rankingConditions(eb: ExpressionBuilder<{ ranked: RankedTotals }, 'ranked'>, filters: RankingFilters) {
  const conditions: Expression<SqlBool>[] = [];
  // The name as stored or as the rankings show it (a Cyrillic query also finds its cp1251 mojibake), as Find Players.
  if (filters.playerName) conditions.push(nameContainsAny(eb.ref('player_name'), nameSearchForms(filters.playerName)));
  if (filters.minScore !== undefined) conditions.push(eb('score', '>=', filters.minScore));
  if (filters.minKills !== undefined) conditions.push(eb('kills', '>=', filters.minKills));
  if (filters.minDeaths !== undefined) conditions.push(eb('deaths', '>=', filters.minDeaths));
  // So a player listed at 3.48 passes "at least 3.48".
  if (filters.minKdRatio !== undefined) conditions.push(eb(rankingValue('KDRatio'), '>=', filters.minKdRatio));
  if (filters.minPlayTimeMinutes !== undefined) {
    conditions.push(eb(rankingValue('TotalPlayTimeMinutes'), '>=', filters.minPlayTimeMinutes));
  }
  return eb.and(conditions);
}
