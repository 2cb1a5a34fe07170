import { sql, type Kysely } from 'kysely';
import { playerExists } from '../../db/player-exists.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { PlayerFeatures } from '../../domain/similarity/player-features.ts';
import type { PreSortFacts } from '../../domain/similarity/rank-similar-players.ts';

/**
 * Reads of similar players' precomputed features (migration 0015; ingest/store/player-similarity-features.ts). Every
 * read is by key or by a server's rows: an answer never touches sessions.
 */

/** A row written before its presence was: no hour known, so no meeting and no expected one either. */
const NO_PRESENCE = new Uint8Array(0);

export interface ServerFacts {
  name: string;
  game: string;
}

export interface MapRates {
  killsPerMinute: number;
  scorePerMinute: number;
}

export interface SimilarPlayersRepository {
  playerExists: (playerName: string) => Promise<boolean>;
  findFeatures: (playerName: string) => Promise<PlayerFeatures | undefined>;
  /**
   * Players with at least `minPlayedMs` in the window on one of the target's servers, active since `fromWeek`, each
   * with the share of play it has in common with the target (whose share per server is given).
   */
  findCandidates: (
    targetShares: readonly { serverGuid: string; share: number }[],
    fromWeek: number,
    minPlayedMs: number,
  ) => Promise<PreSortFacts[]>;
  findFeaturesOf: (playerNames: readonly string[]) => Promise<PlayerFeatures[]>;
  /** Every player's average kill and score rates per map over the weeks from `fromWeek`. */
  findMapRates: (mapNames: readonly string[], fromWeek: number) => Promise<Map<string, MapRates>>;
  findServers: (serverGuids: readonly string[]) => Promise<Map<string, ServerFacts>>;
}

export function createSimilarPlayersRepository(db: Kysely<DatabaseSchema>): SimilarPlayersRepository {
  return {
    playerExists: (playerName) => playerExists(db, playerName),

    async findFeatures(playerName) {
      const row = await db
        .selectFrom('player_similarity_summaries')
        .select('features')
        .where('player_name', '=', playerName)
        .executeTakeFirst();
      return row ? (JSON.parse(row.features) as PlayerFeatures) : undefined;
    },

    async findCandidates(targetShares, fromWeek, minPlayedMs) {
      if (targetShares.length === 0) return [];
      // The target's share of play per server, as a table the candidates' rows join: the database sums each
      // candidate's shared share and sends one row per candidate, not one per candidate and server.
      const shares = sql<{ column1: string; column2: number }>`(values ${sql.join(
        targetShares.map(({ serverGuid, share }) => sql`(${serverGuid}, cast(${share} as double precision))`),
      )})`.as('t');
      const candidateShare = sql<number>`cast(s.played_ms as double precision) / f.played_ms`;
      const rows = await db
        .selectFrom(shares)
        .innerJoin('player_similarity_servers as s', 's.server_guid', 't.column1')
        .innerJoin('player_similarity_features as f', 'f.player_name', 's.player_name')
        .select((eb) => [
          'f.player_name',
          'f.last_week',
          'f.kills',
          'f.deaths',
          'f.played_ms',
          'f.favourite_server',
          'f.presence',
          eb.fn
            .sum<number>(sql`case when t.column2 < ${candidateShare} then t.column2 else ${candidateShare} end`)
            .as('shared_share'),
        ])
        .where('s.played_ms', '>=', minPlayedMs)
        // The player's latest week (the index rows' own is only that of the last session on their server).
        .where('f.last_week', '>=', fromWeek)
        // Grouped by the key alone: f's other columns depend on it (PostgreSQL allows them too), and a blob in the
        // grouping key made the sort compare 273 bytes per row.
        .groupBy('f.player_name')
        .execute();
      return rows.map((row) => ({
        playerName: row.player_name,
        lastWeek: Number(row.last_week),
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMinutes: Number(row.played_ms) / 60_000,
        favouriteServer: row.favourite_server,
        presence: row.presence ?? NO_PRESENCE,
        sharedServerShare: Number(row.shared_share),
      }));
    },

    async findFeaturesOf(playerNames) {
      if (playerNames.length === 0) return [];
      const rows = await db
        .selectFrom('player_similarity_summaries')
        .select('features')
        .where('player_name', 'in', playerNames)
        .execute();
      return rows.map((row) => JSON.parse(row.features) as PlayerFeatures);
    },

    async findMapRates(mapNames, fromWeek) {
      const rates = new Map<string, MapRates>();
      if (mapNames.length === 0) return rates;
      const rows = await db
        .selectFrom('similarity_map_weeks')
        .select((eb) => [
          'map_name',
          eb.fn.sum<number>('kills').as('kills'),
          eb.fn.sum<number>('score').as('score'),
          eb.fn.sum<number>('played_ms').as('played_ms'),
        ])
        .where('map_name', 'in', mapNames)
        .where('week', '>=', fromWeek)
        .groupBy('map_name')
        .execute();
      for (const row of rows) {
        const minutes = Number(row.played_ms) / 60_000;
        if (minutes <= 0) continue;
        rates.set(row.map_name, {
          killsPerMinute: Number(row.kills) / minutes,
          scorePerMinute: Number(row.score) / minutes,
        });
      }
      return rates;
    },

    async findServers(serverGuids) {
      const servers = new Map<string, ServerFacts>();
      if (serverGuids.length === 0) return servers;
      const rows = await db
        .selectFrom('servers')
        .select(['server_guid', 'name', 'game'])
        .where('server_guid', 'in', serverGuids as never[])
        .execute();
      for (const row of rows) servers.set(row.server_guid, { name: row.name, game: row.game });
      return servers;
    },
  };
}
