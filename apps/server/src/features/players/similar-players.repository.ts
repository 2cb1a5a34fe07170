import type { Kysely } from 'kysely';
import { playerExists } from '../../db/player-exists.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { PlayerFeatures } from '../../domain/similarity/player-features.ts';
import type { PreSortFacts } from '../../domain/similarity/rank-similar-players.ts';

/**
 * Reads of similar players' precomputed features (migration 0015; ingest/store/player-similarity-features.ts). Every
 * read is by key or by a server's rows: an answer never touches sessions.
 */

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
  /** Players with at least `minPlayedMs` in the window on one of the servers, active since `fromWeek`. */
  findCandidates: (serverGuids: readonly string[], fromWeek: number, minPlayedMs: number) => Promise<PreSortFacts[]>;
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

    async findCandidates(serverGuids, fromWeek, minPlayedMs) {
      if (serverGuids.length === 0) return [];
      const rows = await db
        .selectFrom('player_similarity_servers as s')
        .innerJoin('player_similarity_features as f', 'f.player_name', 's.player_name')
        .select(['f.player_name', 'f.kills', 'f.deaths', 'f.played_ms', 'f.favourite_server'])
        .distinct()
        .where('s.server_guid', 'in', serverGuids)
        .where('s.played_ms', '>=', minPlayedMs)
        // The player's latest week (the index rows' own is only that of the last session on their server).
        .where('f.last_week', '>=', fromWeek)
        .execute();
      return rows.map((row) => ({
        playerName: row.player_name,
        kills: Number(row.kills),
        deaths: Number(row.deaths),
        playedMinutes: Number(row.played_ms) / 60_000,
        favouriteServer: row.favourite_server,
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
