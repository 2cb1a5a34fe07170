import { BADGE_DEFINITIONS, COMPARISON_BUCKET_DAYS } from '@frontline/contract';
import type { Kysely } from 'kysely';
import { compileOnce, type QueryValue } from '../../db/compiled-query.ts';
import { parameterChunks } from '../../db/parameter-chunks.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { RoundId, ServerGuid } from '../../domain/ids.ts';

/**
 * The SQL behind the comparison of two players (issue 19). Everything but the head-to-head rounds reads the round
 * aggregates of one player through its player key or index (server totals, UTC days summed per window, map months,
 * awards): a
 * handful to a few hundred rows whatever the history's length. The head-to-head intersects the two players' round
 * keys, each read from the (player, round) index alone (and kept by the service for the player's next comparisons),
 * then reads the start of the shared rounds and the figures of the newest by key (query plans:
 * compare.repository.test.ts).
 */

/** "Milestone" = the catalogue's achievementType milestone (kills, hours played and score marks). */
const MILESTONE_IDS = BADGE_DEFINITIONS.filter((badge) => badge.achievementType === 'milestone').map(
  (badge) => badge.id,
);

export interface ServerFiguresRecord {
  serverGuid: ServerGuid;
  serverName: string;
  country: string | null;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
  pingSum: number;
  pingCount: number;
}

/** The three windowed buckets of the comparison (AllTime is the server totals). */
export type WindowedBucket = keyof typeof COMPARISON_BUCKET_DAYS;
const WINDOWED_BUCKETS = Object.keys(COMPARISON_BUCKET_DAYS) as WindowedBucket[];

export interface Figures {
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

/** A server's figures of the player summed over each windowed bucket. */
export interface WindowFiguresRecord {
  serverGuid: ServerGuid;
  windows: Record<WindowedBucket, Figures>;
}

export interface MapFiguresRecord {
  serverGuid: ServerGuid;
  mapName: string;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

export interface SharedRoundRecord {
  roundId: RoundId;
  startTime: string;
  mapName: string;
  serverGuid: ServerGuid;
  serverName: string;
  player1: { score: number; kills: number; deaths: number };
  player2: { score: number; kills: number; deaths: number };
}

/** A session's span and where it was played: what the comparison's online hours need of it, and no more. */
export interface OnlineSpanRecord {
  serverGuid: ServerGuid;
  startTime: string;
  lastSeen: string;
  playedMs: number;
}

export interface AwardRowRecord {
  achievementId: string;
  achievedAt: string;
  tier: string;
  value: number;
}

/** The head-to-head's order: newest round start first, then newest round key. */
const newestStartFirst = (a: { start_time: string; round_key: number }, b: { start_time: string; round_key: number }) =>
  b.start_time.localeCompare(a.start_time) || Number(b.round_key) - Number(a.round_key);

export function createCompareRepository(db: Kysely<DatabaseSchema>) {
  const selectServer = compileOnce(db, (value: QueryValue<{ guid: ServerGuid }>) =>
    db.selectFrom('servers').select(['server_guid', 'name']).where('server_guid', '=', value('guid')),
  );
  const selectServerFigures = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db
      .selectFrom('server_player_totals as t')
      .innerJoin('servers as v', 'v.server_guid', 't.server_guid')
      .leftJoin('server_profiles as p', 'p.server_guid', 't.server_guid')
      .select([
        't.server_guid',
        'v.name',
        'p.country',
        't.score',
        't.kills',
        't.deaths',
        't.played_ms',
        't.ping_sum',
        't.ping_count',
      ])
      .where('t.player_name', '=', value('name')),
  );
  // Each window's sums by server, summed by the database: a year of a busy player's days is thousands of rows.
  const selectWindowFigures = compileOnce(
    db,
    (value: QueryValue<Record<`from${WindowedBucket}`, number> & { name: string }>) =>
      db
        .selectFrom('server_player_days')
        .select((eb) => [
          'server_guid',
          ...WINDOWED_BUCKETS.flatMap((bucket) =>
            (['score', 'kills', 'deaths', 'played_ms'] as const).map((column) =>
              eb.fn
                .sum<number>(
                  eb
                    .case()
                    .when('day', '>=', value(`from${bucket}`))
                    .then(eb.ref(column))
                    .else(0)
                    .end(),
                )
                .as(`${column}_${bucket}`),
            ),
          ),
        ])
        .where('player_name', '=', value('name'))
        .where('day', '>=', value('fromLastYear'))
        .groupBy('server_guid'),
  );
  const selectMapFigures = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db
      .selectFrom('player_map_months')
      .select((eb) => [
        'server_guid',
        'map_name',
        eb.fn.sum<number>('score').as('score'),
        eb.fn.sum<number>('kills').as('kills'),
        eb.fn.sum<number>('deaths').as('deaths'),
        eb.fn.sum<number>('played_ms').as('played_ms'),
      ])
      .where('player_name', '=', value('name'))
      .groupBy(['server_guid', 'map_name']),
  );
  // The catalogue's milestone ids are fixed, so the list compiles with the query (a key lookup per id).
  const selectMilestoneAwards = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db
      .selectFrom('player_achievements')
      .select(['achievement_id', 'achieved_at', 'tier', 'value'])
      .where('player_name', '=', value('name'))
      .where('achievement_id', 'in', MILESTONE_IDS)
      .orderBy('achieved_at', 'desc')
      .orderBy('achievement_id'),
  );
  // A player's rounds from the (player, round) index alone, in key order: the head-to-head is their intersection.
  const selectRoundKeys = compileOnce(db, (value: QueryValue<{ name: string }>) =>
    db.selectFrom('sessions').select('round_key').where('player_name', '=', value('name')).orderBy('round_key'),
  );
  // The (player, start) index picks the window's sessions; only the round's server is joined (no names, no
  // figures): the comparison reads a month of a busy player's sessions for the hours alone.
  const selectOnlineSpans = compileOnce(db, (value: QueryValue<{ name: string; since: string; limit: number }>) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('rounds as r', 'r.round_key', 's.round_key')
      .select(['r.server_guid', 's.start_time', 's.last_seen', 's.played_ms'])
      .where('s.player_name', '=', value('name'))
      .where('s.start_time', '>=', value('since'))
      .orderBy('s.start_time', 'desc')
      .limit(value('limit')),
  );

  /** Of the rounds `keys`, those on the server when given, the `limit` newest by start (then key). */
  async function newestRoundKeys(keys: readonly number[], serverGuid: ServerGuid | undefined, limit: number) {
    const starts: { round_key: number; start_time: string }[] = [];
    for (const chunk of parameterChunks(keys)) {
      starts.push(
        ...(await db
          .selectFrom('rounds')
          .select(['round_key', 'start_time'])
          .where('round_key', 'in', chunk)
          .$if(serverGuid !== undefined, (qb) => qb.where('server_guid', '=', serverGuid as ServerGuid))
          .execute()),
      );
    }
    return starts
      .sort(newestStartFirst)
      .slice(0, limit)
      .map((row) => Number(row.round_key));
  }

  return {
    /** The server's guid and name; undefined for a guid Frontline does not know. */
    async findServer(guid: ServerGuid): Promise<{ guid: ServerGuid; name: string } | undefined> {
      const [row] = await selectServer({ guid });
      return row && { guid: row.server_guid, name: row.name };
    },

    /** The player's closed-round totals per server address, with the server's name and country. */
    async findServerFigures(name: string): Promise<ServerFiguresRecord[]> {
      const rows = await selectServerFigures({ name });
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        serverName: row.name,
        country: row.country,
        score: row.score,
        kills: row.kills,
        deaths: row.deaths,
        playedMs: row.played_ms,
        pingSum: row.ping_sum,
        pingCount: row.ping_count,
      }));
    },

    /**
     * The player's closed-round totals per server over each windowed bucket, a round counting on the UTC day it
     * ended; `fromDays` is each bucket's first day.
     */
    async findWindowFigures(name: string, fromDays: Record<WindowedBucket, number>): Promise<WindowFiguresRecord[]> {
      const rows = (await selectWindowFigures({
        name,
        fromLast30Days: fromDays.Last30Days,
        fromLast6Months: fromDays.Last6Months,
        fromLastYear: fromDays.LastYear,
      })) as unknown as (Record<string, number | string> & { server_guid: ServerGuid })[];
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        windows: Object.fromEntries(
          WINDOWED_BUCKETS.map((bucket) => [
            bucket,
            {
              score: Number(row[`score_${bucket}`]),
              kills: Number(row[`kills_${bucket}`]),
              deaths: Number(row[`deaths_${bucket}`]),
              playedMs: Number(row[`played_ms_${bucket}`]),
            },
          ]),
        ) as Record<WindowedBucket, Figures>,
      }));
    },

    /** The player's closed-round totals per server and map, all time. */
    async findMapFigures(name: string): Promise<MapFiguresRecord[]> {
      const rows = await selectMapFigures({ name });
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        mapName: row.map_name,
        score: Number(row.score),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMs: Number(row.played_ms),
      }));
    },

    /** The keys of the rounds the player has a session in, in ascending order. */
    async findRoundKeys(name: string): Promise<Float64Array> {
      const rows = await selectRoundKeys({ name });
      return Float64Array.from(rows, (row) => Number(row.round_key));
    },

    /**
     * Of the rounds both names played (`sharedKeys`, from their round keys), those on the server when given, newest
     * round start first (then newest key), at most `limit`, with both players' figures in each.
     */
    async findSharedRounds(
      player1: string,
      player2: string,
      sharedKeys: readonly number[],
      serverGuid: ServerGuid | undefined,
      limit: number,
    ): Promise<SharedRoundRecord[]> {
      // Most pairs share fewer rounds than the limit: their figures are read at once. Else the shared rounds' starts
      // first, and the figures of the newest (a statement per round key of thousands would read them all).
      const keys = sharedKeys.length <= limit ? sharedKeys : await newestRoundKeys(sharedKeys, serverGuid, limit);
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('rounds as r')
        .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
        .innerJoin('sessions as a', (join) =>
          join.onRef('a.round_key', '=', 'r.round_key').on('a.player_name', '=', player1),
        )
        .innerJoin('sessions as b', (join) =>
          join.onRef('b.round_key', '=', 'r.round_key').on('b.player_name', '=', player2),
        )
        .select([
          'r.round_key',
          'r.round_id',
          'r.start_time',
          'r.map_name',
          'r.server_guid',
          'v.name as server_name',
          'a.score as score1',
          'a.kills as kills1',
          'a.deaths as deaths1',
          'b.score as score2',
          'b.kills as kills2',
          'b.deaths as deaths2',
        ])
        .where('r.round_key', 'in', keys)
        .$if(serverGuid !== undefined, (qb) => qb.where('r.server_guid', '=', serverGuid as ServerGuid))
        .execute();
      return rows.sort(newestStartFirst).map((row) => ({
        roundId: row.round_id,
        startTime: row.start_time,
        mapName: row.map_name,
        serverGuid: row.server_guid,
        serverName: row.server_name,
        player1: { score: row.score1, kills: row.kills1, deaths: row.deaths1 },
        player2: { score: row.score2, kills: row.kills2, deaths: row.deaths2 },
      }));
    },

    /** The spans of the player's sessions that started at or after `since` (ISO), newest first, at most `limit`. */
    async findOnlineSpans(name: string, since: string, limit: number): Promise<OnlineSpanRecord[]> {
      const rows = await selectOnlineSpans({ name, since, limit });
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        startTime: row.start_time,
        lastSeen: row.last_seen,
        playedMs: row.played_ms,
      }));
    },

    /** The player's milestone awards, newest first. */
    async findMilestoneAwards(name: string): Promise<AwardRowRecord[]> {
      const rows = await selectMilestoneAwards({ name });
      return rows.map((row) => ({
        achievementId: row.achievement_id,
        achievedAt: row.achieved_at,
        tier: row.tier,
        value: row.value,
      }));
    },
  };
}

export type CompareRepository = ReturnType<typeof createCompareRepository>;
