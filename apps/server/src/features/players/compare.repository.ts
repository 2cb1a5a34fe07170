import { BADGE_DEFINITIONS } from '@frontline/contract';
import type { Kysely } from 'kysely';
import { compileOnce, type QueryValue } from '../../db/compiled-query.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { RoundId, ServerGuid } from '../../domain/ids.ts';

/**
 * The SQL behind the comparison of two players (issue 19). Everything but the head-to-head rounds reads the round
 * aggregates of one player through its player key or index (server totals, UTC days, map months, awards): a
 * handful to a few hundred rows whatever the history's length. The head-to-head reads the rounds both players
 * played from the (player, round) index (query plans: compare.repository.test.ts).
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

export interface DayFiguresRecord {
  serverGuid: ServerGuid;
  day: number;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
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
  const selectDayFigures = compileOnce(db, (value: QueryValue<{ name: string; fromDay: number }>) =>
    db
      .selectFrom('server_player_days')
      .select(['server_guid', 'day', 'score', 'kills', 'deaths', 'played_ms'])
      .where('player_name', '=', value('name'))
      .where('day', '>=', value('fromDay')),
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
  // The second player's round keys, read from the (player, round) index alone (migration 0017), become a transient
  // index; the first player's own index entries are probed in it, so only the sessions of shared rounds are read,
  // and only then the second player's session of each. Over all history at once: a pair of the demo's most active
  // players takes 0.4 ms.
  const sharedRounds = (onOneServer: boolean) =>
    compileOnce(db, (value: QueryValue<{ player1: string; player2: string; guid: ServerGuid; limit: number }>) =>
      db
        .selectFrom('sessions as a')
        .innerJoin('sessions as b', (join) =>
          join.onRef('b.round_key', '=', 'a.round_key').on('b.player_name', '=', value('player2')),
        )
        .innerJoin('rounds as r', 'r.round_key', 'a.round_key')
        .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
        .select([
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
        .where('a.player_name', '=', value('player1'))
        .where('a.round_key', 'in', (eb) =>
          eb.selectFrom('sessions').select('round_key').where('player_name', '=', value('player2')),
        )
        .$if(onOneServer, (qb) => qb.where('r.server_guid', '=', value('guid')))
        .orderBy('r.start_time', 'desc')
        .orderBy('r.round_key', 'desc')
        .limit(value('limit')),
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
  const selectSharedRounds = sharedRounds(false);
  const selectSharedRoundsOnServer = sharedRounds(true);

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

    /** The player's closed-round totals per server and UTC day (the day a round ended), from `fromDay` on. */
    async findDayFigures(name: string, fromDay: number): Promise<DayFiguresRecord[]> {
      const rows = await selectDayFigures({ name, fromDay });
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        day: row.day,
        score: row.score,
        kills: row.kills,
        deaths: row.deaths,
        playedMs: row.played_ms,
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

    /** Rounds both names played (on one server when given), newest start first, at most `limit`. */
    async findSharedRounds(
      player1: string,
      player2: string,
      serverGuid: ServerGuid | undefined,
      limit: number,
    ): Promise<SharedRoundRecord[]> {
      const select = serverGuid === undefined ? selectSharedRounds : selectSharedRoundsOnServer;
      const rows = await select({ player1, player2, guid: serverGuid ?? ('' as ServerGuid), limit });
      return rows.map((row) => ({
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
