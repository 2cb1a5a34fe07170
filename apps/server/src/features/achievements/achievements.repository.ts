import type { Kysely } from 'kysely';
import { playerExists } from '../../db/player-exists.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { AwardContext } from '../../domain/achievements/award-storage.ts';
import type { RoundId } from '../../domain/ids.ts';
import type { AwardKey } from './award-groups.ts';

/**
 * The SQL behind the achievements API. A player's awards are read through the award table's key (player, id, …)
 * and its (player, instant) index; a round's through its round index. What an award row does not repeat (the
 * round's id, map and server) comes from a join on the round.
 */

export interface AwardRecord {
  playerName: string;
  achievementId: string;
  roundKey: number;
  achievedAt: string;
  tier: string;
  value: number;
  /** As stored (domain/achievements/award-storage.ts): `context` rebuilds the whole of it. */
  metadata: string;
  roundId: string;
  mapName: string;
  serverGuid: string;
  serverName: string;
  roundIsActive: boolean;
  context: AwardContext;
}

export interface AwardPageFilter {
  playerName: string;
  mapName?: string;
  achievementId?: string;
}

export interface MilestoneTotalsRecord {
  kills: number;
  score: number;
  playedMs: number;
}

/** Awards with their round and server, the source of every read here. */
const awardsFrom = (db: Kysely<DatabaseSchema>) =>
  db
    .selectFrom('player_achievements as a')
    .innerJoin('rounds as r', 'r.round_key', 'a.round_key')
    .innerJoin('servers as s', 's.server_guid', 'r.server_guid')
    // The player's session of the round (one per name and round): what the stored metadata leaves out.
    .leftJoin('sessions as p', (join) =>
      join.onRef('p.round_key', '=', 'a.round_key').onRef('p.player_name', '=', 'a.player_name'),
    );

type Awards = ReturnType<typeof awardsFrom>;

export function createAchievementsRepository(db: Kysely<DatabaseSchema>) {
  const awards = (): Awards => awardsFrom(db);

  const withFields = (query: Awards) =>
    query.select([
      'a.player_name as playerName',
      'a.achievement_id as achievementId',
      'a.round_key as roundKey',
      'a.achieved_at as achievedAt',
      'a.tier',
      'a.value',
      'a.metadata',
      'r.round_id as roundId',
      'r.map_name as mapName',
      'r.server_guid as serverGuid',
      's.name as serverName',
      'r.is_active as roundIsActive',
      'r.participant_count as participantCount',
      'r.tickets1',
      'r.tickets2',
      'r.team1_label as team1Label',
      'r.team2_label as team2Label',
      'p.score',
      'p.kills',
      'p.deaths',
      'p.team',
      'p.team_label as teamLabel',
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof withFields>['execute']>>[number];
  const toRecord = (row: Row): AwardRecord => ({
    playerName: row.playerName,
    achievementId: row.achievementId,
    roundKey: row.roundKey,
    achievedAt: row.achievedAt,
    tier: row.tier,
    value: row.value,
    metadata: row.metadata,
    roundId: row.roundId,
    mapName: row.mapName,
    serverGuid: row.serverGuid,
    serverName: row.serverName,
    roundIsActive: row.roundIsActive === 1,
    context: {
      serverName: row.serverName,
      participantCount: row.participantCount,
      tickets1: row.tickets1,
      tickets2: row.tickets2,
      teamLabels: [row.team1Label, row.team2Label],
      session:
        row.score === null
          ? null
          : { score: row.score, kills: row.kills!, deaths: row.deaths!, team: row.team!, teamLabel: row.teamLabel! },
    },
  });

  return {
    playerExists: (playerName: string) => playerExists(db, playerName),

    async milestoneTotals(playerName: string): Promise<MilestoneTotalsRecord | undefined> {
      return db
        .selectFrom('player_achievement_progress')
        .select(['kills', 'score', 'played_ms as playedMs'])
        .where('player_name', '=', playerName)
        .executeTakeFirst();
    },

    /** The player's newest awards, of the given ids when given. */
    async newestAwards(playerName: string, limit: number, achievementIds?: readonly string[]): Promise<AwardRecord[]> {
      let query = awards().where('a.player_name', '=', playerName);
      if (achievementIds) query = query.where('a.achievement_id', 'in', achievementIds);
      const rows = await withFields(query)
        .orderBy('a.achieved_at', 'desc')
        .orderBy('a.achievement_id')
        .orderBy('a.round_key', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /** Every award of the given ids (a player's kill streaks: a few hundred at most for the keenest). */
    async allAwardsOf(playerName: string, achievementIds: readonly string[]): Promise<AwardRecord[]> {
      const rows = await withFields(
        awards().where('a.player_name', '=', playerName).where('a.achievement_id', 'in', achievementIds),
      )
        .orderBy('a.achieved_at')
        .orderBy('a.value')
        .execute();
      return rows.map(toRecord);
    },

    /** Each id the player owns: how often, and its latest award. */
    async ownedBadges(playerName: string): Promise<(AwardRecord & { count: number })[]> {
      const counts = await db
        .selectFrom('player_achievements')
        .select(['achievement_id as achievementId', (eb) => eb.fn.countAll<number>().as('count')])
        .select((eb) => eb.fn.max('achieved_at').as('latest'))
        .where('player_name', '=', playerName)
        .groupBy('achievement_id')
        .execute();
      if (counts.length === 0) return [];
      // The latest award of each id: one indexed read per id (at most one per catalogue entry).
      const latest = await Promise.all(
        counts.map(({ achievementId, latest: achievedAt }) =>
          withFields(
            awards()
              .where('a.player_name', '=', playerName)
              .where('a.achievement_id', '=', achievementId)
              .where('a.achieved_at', '=', achievedAt),
          )
            .orderBy('a.round_key', 'desc')
            .limit(1)
            .executeTakeFirstOrThrow(),
        ),
      );
      return latest.map((row, index) => ({ ...toRecord(row), count: Number(counts[index]!.count) }));
    },

    /**
     * The key of every award the filter matches, in the page's order (time, then id, then round): what the page's
     * cards are made from. Read from the award table's own indexes (with the round for a map filter).
     */
    async awardKeys(filter: AwardPageFilter, sortOrder: 'asc' | 'desc'): Promise<AwardKey[]> {
      let query = db
        .selectFrom('player_achievements as a')
        .select(['a.achievement_id as achievementId', 'a.round_key as roundKey', 'a.achieved_at as achievedAt'])
        .where('a.player_name', '=', filter.playerName);
      if (filter.achievementId !== undefined) query = query.where('a.achievement_id', '=', filter.achievementId);
      if (filter.mapName !== undefined) {
        const mapName = filter.mapName;
        query = query.where('a.round_key', 'in', (eb) =>
          eb.selectFrom('rounds as r').select('r.round_key').where('r.map_name', '=', mapName),
        );
      }
      return query
        .orderBy('a.achieved_at', sortOrder)
        .orderBy('a.achievement_id')
        .orderBy('a.round_key', sortOrder)
        .execute();
    },

    /** The awards of the given keys (a page's cards), in the page's order. */
    async awardsOf(playerName: string, keys: readonly AwardKey[], sortOrder: 'asc' | 'desc'): Promise<AwardRecord[]> {
      if (keys.length === 0) return [];
      const times = keys.map((key) => key.achievedAt).sort();
      const wanted = new Set(keys.map(awardKeyText));
      // A page's cards are close in time: the awards of their ids between their first and last instant, less the
      // few that belong to cards of other pages.
      const rows = await withFields(
        awards()
          .where('a.player_name', '=', playerName)
          .where('a.achievement_id', 'in', [...new Set(keys.map((key) => key.achievementId))])
          .where('a.achieved_at', '>=', times[0]!)
          .where('a.achieved_at', '<=', times.at(-1)!),
      )
        .orderBy('a.achieved_at', sortOrder)
        .orderBy('a.achievement_id')
        .orderBy('a.round_key', sortOrder)
        .execute();
      return rows.map(toRecord).filter((award) => wanted.has(awardKeyText(award)));
    },

    /** The maps the player earned something on, by name. */
    async awardMaps(playerName: string): Promise<string[]> {
      const rows = await awards()
        .select('r.map_name as mapName')
        .distinct()
        .where('a.player_name', '=', playerName)
        .orderBy('r.map_name')
        .execute();
      return rows.map((row) => row.mapName);
    },

    async roundKeyOf(roundId: RoundId): Promise<number | undefined> {
      const row = await db.selectFrom('rounds').select('round_key').where('round_id', '=', roundId).executeTakeFirst();
      return row?.round_key;
    },

    async roundAwards(roundKey: number): Promise<AwardRecord[]> {
      const rows = await withFields(awards().where('a.round_key', '=', roundKey))
        .orderBy('a.achieved_at')
        .orderBy('a.player_name')
        .orderBy('a.achievement_id')
        .execute();
      return rows.map(toRecord);
    },
  };
}

export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;

function awardKeyText({ achievementId, roundKey, achievedAt }: AwardKey): string {
  return `${achievementId}|${roundKey}|${achievedAt}`;
}
