import type { GameId } from '@frontline/contract';
import type { Kysely } from 'kysely';
import { isoHour, realQuotient } from '../../db/dialect.ts';
import { inScope, inSlice, selectPopulationGroups, type PopulationScope, type TimeSlice } from '../../db/population.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { ServerGuid } from '../../domain/ids.ts';

/**
 * The SQL behind game trends: server population (db/population.ts) and the servers' current state. Every
 * population read takes a time slice [from, before), so the service can fetch history in chunks and only the
 * newest rows on a warm cache; hours are the first characters of the rows' ISO `bucket_start` (db/dialect.ts).
 */

export function createGameTrendsRepository(db: Kysely<DatabaseSchema>) {
  return {
    /** Human players now on each of the servers Frontline knows (0 when offline), with their game. */
    async findServerLoads(serverGuids: readonly ServerGuid[]) {
      if (serverGuids.length === 0) return [];
      const rows = await db
        .selectFrom('servers')
        .select(['server_guid', 'game', 'num_players', 'is_online'])
        .where('server_guid', 'in', serverGuids)
        .execute();
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        game: row.game,
        currentPlayers: row.is_online ? row.num_players : 0,
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

    /** Human players on the game's online servers now. */
    async sumOnlinePlayers(game: GameId): Promise<number> {
      const row = await db
        .selectFrom('servers')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('num_players'), eb.lit(0)).as('players'))
        .where('game', '=', game)
        .where('is_online', '=', 1)
        .executeTakeFirst();
      return Number(row?.players ?? 0);
    },

    /** The oldest population row's bucket start (ISO), null when there is none. */
    async findEarliestPopulation(): Promise<string | null> {
      // The primary key starts with bucket_start, so this is one step down the b-tree.
      const row = await db
        .selectFrom('server_population')
        .select((eb) => eb.fn.min('bucket_start').as('earliest'))
        .executeTakeFirst();
      return row?.earliest ?? null;
    },

    /** The sums of each server's population rows per UTC hour (`hour`: 'YYYY-MM-DDTHH'). */
    async selectServerHourSums(serverGuids: readonly ServerGuid[], slice: TimeSlice) {
      if (serverGuids.length === 0) return [];
      const rows = await db
        .selectFrom('server_population as p')
        .select((eb) => [
          'p.server_guid',
          isoHour(eb.ref('p.bucket_start')).as('hour'),
          eb.fn.sum<number>('p.player_sum').as('player_sum'),
          eb.fn.sum<number>('p.samples').as('samples'),
        ])
        .where((eb) => eb.and([eb('p.server_guid', 'in', serverGuids), inSlice(eb, slice)]))
        .groupBy((eb) => ['p.server_guid', isoHour(eb.ref('p.bucket_start'))])
        .execute();
      return rows.map((row) => ({
        serverGuid: row.server_guid,
        hour: row.hour,
        playerSum: Number(row.player_sum),
        samples: Number(row.samples),
      }));
    },

    /**
     * The game's players per UTC hour: each server's hour averaged first (its own polls), then the averages
     * summed over the servers.
     */
    async selectGameHourTotals(game: GameId, slice: TimeSlice) {
      const rows = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('server_population as p')
            .select((inner) => [
              isoHour(inner.ref('p.bucket_start')).as('hour'),
              realQuotient(inner.fn.sum('p.player_sum'), inner.fn.sum('p.samples')).as('average'),
            ])
            .where((inner) => inner.and([inScope(inner, { kind: 'game', game }), inSlice(inner, slice)]))
            .groupBy((inner) => ['p.server_guid', isoHour(inner.ref('p.bucket_start'))])
            .having((inner) => inner(inner.fn.sum('p.samples'), '>', 0))
            .as('server_hours'),
        )
        .select((eb) => ['hour', eb.fn.sum<number>('average').as('total_players')])
        .groupBy('hour')
        .execute();
      return rows.map((row) => ({ hour: row.hour, totalPlayers: Number(row.total_players) }));
    },

    selectPopulationGroups(scope: PopulationScope, bucketMinutes: number, slice: TimeSlice) {
      return selectPopulationGroups(db, scope, bucketMinutes, slice);
    },
  };
}

export type GameTrendsRepository = ReturnType<typeof createGameTrendsRepository>;
