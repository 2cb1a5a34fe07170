import type { GameId } from '@frontline/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import type { PopulationGroup } from './players-history.ts';

/**
 * The SQL behind game trends: server population (`server_population`, 5-minute rows, hourly after the
 * 7-day rollup) and the servers' current state. Every query reads a time slice [from, before) so that the
 * service can fetch history in chunks and only the newest rows on a warm cache.
 *
 * `bucket_start` is fixed-width ISO text (UTC), so text comparison is chronological and its leading
 * characters name the day (10) and the hour (13); buckets are computed from that text, which keeps the SQL
 * portable (no dialect's date functions) and cheap.
 */

/** Which servers a history covers: every server of a game, or one. */
export type PopulationScope = { kind: 'game'; game: GameId } | { kind: 'server'; serverGuid: ServerGuid };

export interface TimeSlice {
  /** Inclusive ISO lower bound; null for no bound. */
  from: string | null;
  /** Exclusive ISO upper bound. */
  before: string;
}

export interface ServerLoad {
  serverGuid: ServerGuid;
  game: GameId;
  /** Human players now; 0 when the server is offline. */
  currentPlayers: number;
}

/** The sums of one server's population rows in one UTC hour. */
export interface ServerHourSums {
  serverGuid: ServerGuid;
  /** 'YYYY-MM-DDTHH' */
  hour: string;
  playerSum: number;
  samples: number;
}

/** A game's players in one UTC hour: the sum over its servers of each server's average in that hour. */
export interface GameHourTotal {
  hour: string;
  totalPlayers: number;
}

export interface GameTrendsRepository {
  findServerLoads(serverGuids: readonly ServerGuid[]): Promise<ServerLoad[]>;
  serverExists(serverGuid: ServerGuid): Promise<boolean>;
  sumOnlinePlayers(game: GameId): Promise<number>;
  findEarliestPopulation(): Promise<string | null>;
  selectServerHourSums(serverGuids: readonly ServerGuid[], slice: TimeSlice): Promise<ServerHourSums[]>;
  selectGameHourTotals(game: GameId, slice: TimeSlice): Promise<GameHourTotal[]>;
  selectPopulationGroups(scope: PopulationScope, bucketMinutes: number, slice: TimeSlice): Promise<PopulationGroup[]>;
}

const HOUR_OF_BUCKET = sql`substr(p.bucket_start, 1, 13)`;
const DAY_OF_BUCKET = sql`substr(p.bucket_start, 1, 10)`;
const MINUTE_OF_DAY = sql`(cast(substr(p.bucket_start, 12, 2) as integer) * 60 + cast(substr(p.bucket_start, 15, 2) as integer))`;

export function createGameTrendsRepository(db: Kysely<DatabaseSchema>): GameTrendsRepository {
  return {
    async findServerLoads(serverGuids) {
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

    async serverExists(serverGuid) {
      const row = await db
        .selectFrom('servers')
        .select('server_guid')
        .where('server_guid', '=', serverGuid)
        .executeTakeFirst();
      return row !== undefined;
    },

    async sumOnlinePlayers(game) {
      const row = await db
        .selectFrom('servers')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('num_players'), eb.lit(0)).as('players'))
        .where('game', '=', game)
        .where('is_online', '=', 1)
        .executeTakeFirst();
      return Number(row?.players ?? 0);
    },

    async findEarliestPopulation() {
      // The primary key starts with bucket_start, so this is one step down the b-tree.
      const row = await db
        .selectFrom('server_population')
        .select((eb) => eb.fn.min('bucket_start').as('earliest'))
        .executeTakeFirst();
      return row?.earliest ?? null;
    },

    async selectServerHourSums(serverGuids, slice) {
      if (serverGuids.length === 0) return [];
      const guids = sql.join(serverGuids.map((guid) => sql`${guid}`));
      const result = await sql<{ server_guid: ServerGuid; hour: string; player_sum: number; samples: number }>`
        select p.server_guid, ${HOUR_OF_BUCKET} as hour, sum(p.player_sum) as player_sum, sum(p.samples) as samples
        from server_population p
        where p.server_guid in (${guids}) and ${sliceCondition(slice)}
        group by p.server_guid, ${HOUR_OF_BUCKET}`.execute(db);
      return result.rows.map((row) => ({
        serverGuid: row.server_guid,
        hour: row.hour,
        playerSum: Number(row.player_sum),
        samples: Number(row.samples),
      }));
    },

    async selectGameHourTotals(game, slice) {
      // Each server's hour is averaged first (its own polls), then the averages are summed over servers.
      const result = await sql<{ hour: string; total_players: number }>`
        select hour, sum(average) as total_players from (
          select ${HOUR_OF_BUCKET} as hour, sum(p.player_sum) * 1.0 / sum(p.samples) as average
          from server_population p
          where p.server_guid in (select server_guid from servers where game = ${game}) and ${sliceCondition(slice)}
          group by p.server_guid, ${HOUR_OF_BUCKET}
          having sum(p.samples) > 0
        ) as server_hours
        group by hour`.execute(db);
      return result.rows.map((row) => ({ hour: row.hour, totalPlayers: Number(row.total_players) }));
    },

    async selectPopulationGroups(scope, bucketMinutes, slice) {
      // Whitelisted by the caller (a divisor of a day), so it can be a literal: the same text in select and
      // group by lets both dialects see one expression.
      if (!Number.isInteger(bucketMinutes) || 1440 % bucketMinutes !== 0) {
        throw new Error(`bucket of ${bucketMinutes} minutes does not divide a day`);
      }
      const size = sql.lit(bucketMinutes);
      // Rows no longer than a bucket merge into it (class 0); a longer row (hourly, met by 5- or 30-minute
      // buckets) stays its own group so the service can spread it over the buckets it covers.
      const rowClass = sql`case when p.bucket_minutes > ${size} then p.bucket_minutes else 0 end`;
      const slot = sql`${MINUTE_OF_DAY} / ${size}`;
      const result = await sql<{
        server_guid: ServerGuid;
        day: string;
        slot: number;
        row_class: number;
        player_sum: number;
        samples: number;
      }>`
        select p.server_guid, ${DAY_OF_BUCKET} as day, ${slot} as slot, ${rowClass} as row_class,
          sum(p.player_sum) as player_sum, sum(p.samples) as samples
        from server_population p
        where ${scopeCondition(scope)} and ${sliceCondition(slice)}
        group by p.server_guid, ${DAY_OF_BUCKET}, ${slot}, ${rowClass}`.execute(db);
      const bucketsPerDay = 1440 / bucketMinutes;
      return result.rows.map((row) => {
        const rowClassMinutes = Number(row.row_class);
        return {
          serverGuid: row.server_guid,
          bucketIndex: (Date.parse(`${row.day}T00:00:00.000Z`) / 86_400_000) * bucketsPerDay + Number(row.slot),
          spanBuckets: rowClassMinutes > 0 ? rowClassMinutes / bucketMinutes : 1,
          playerSum: Number(row.player_sum),
          samples: Number(row.samples),
        };
      });
    },
  };
}

function scopeCondition(scope: PopulationScope): RawBuilder<unknown> {
  return scope.kind === 'server'
    ? sql`p.server_guid = ${scope.serverGuid}`
    : sql`p.server_guid in (select server_guid from servers where game = ${scope.game})`;
}

function sliceCondition(slice: TimeSlice): RawBuilder<unknown> {
  return slice.from === null
    ? sql`p.bucket_start < ${slice.before}`
    : sql`p.bucket_start >= ${slice.from} and p.bucket_start < ${slice.before}`;
}
