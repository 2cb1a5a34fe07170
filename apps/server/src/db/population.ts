import type { GameId } from '@frontline/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ServerGuid } from '../domain/ids.ts';
import type { PopulationGroup } from '../domain/population-buckets.ts';
import { isoDay, isoMinuteOfDay } from './dialect.ts';
import type { DatabaseSchema } from './schema.ts';

/**
 * Reads of server population (`server_population`: 5-minute rows, hourly after the 7-day rollup) that a game's
 * history (game-trends) and a server's activity chart (servers) share. Every read takes a time slice [from,
 * before), so a caller can fetch history in chunks and only the newest rows on a warm cache. `bucket_start` is
 * fixed-width ISO text (UTC), so comparing it as text is comparing times.
 */

/** Which servers a history covers: every server of a game, or one. */
export type PopulationScope = { kind: 'game'; game: GameId } | { kind: 'server'; serverGuid: ServerGuid };

export interface TimeSlice {
  /** Inclusive ISO lower bound; null for no bound. */
  from: string | null;
  /** Exclusive ISO upper bound. */
  before: string;
}

type PopulationRows = ExpressionBuilder<DatabaseSchema & { p: DatabaseSchema['server_population'] }, 'p'>;

/** The rows of the scope's servers: one server's, or those of the servers of a game (a subquery). */
export function inScope(eb: PopulationRows, scope: PopulationScope) {
  return scope.kind === 'server'
    ? eb('p.server_guid', '=', scope.serverGuid)
    : eb('p.server_guid', 'in', eb.selectFrom('servers').select('server_guid').where('game', '=', scope.game));
}

/** The rows that start in the slice. */
export function inSlice(eb: PopulationRows, slice: TimeSlice) {
  const before = eb('p.bucket_start', '<', slice.before);
  return slice.from === null ? before : eb.and([eb('p.bucket_start', '>=', slice.from), before]);
}

/**
 * The scope's population rows in the slice, summed per server and bucket of `bucketMinutes` (a divisor of a
 * day). Rows no longer than a bucket merge into it; a longer row (hourly, met by 5- or 30-minute buckets) stays a
 * group of its own, spanning the buckets it covers (domain/population-buckets.ts lends each its average).
 */
export async function selectPopulationGroups(
  db: Kysely<DatabaseSchema>,
  scope: PopulationScope,
  bucketMinutes: number,
  slice: TimeSlice,
): Promise<PopulationGroup[]> {
  if (!Number.isInteger(bucketMinutes) || 1440 % bucketMinutes !== 0) {
    throw new Error(`bucket of ${bucketMinutes} minutes does not divide a day`);
  }
  // Literals, not parameters: select and group by then hold the same text, which both dialects read as one
  // expression (with parameters PostgreSQL would see two).
  const bucketKey = (eb: PopulationRows) => {
    const size = eb.lit(bucketMinutes);
    const start = eb.ref('p.bucket_start');
    return {
      day: isoDay(start),
      slot: eb(isoMinuteOfDay(start), '/', size),
      rowClass: eb.case().when('p.bucket_minutes', '>', size).then(eb.ref('p.bucket_minutes')).else(0).end(),
    };
  };
  const rows = await db
    .selectFrom('server_population as p')
    .select((eb) => {
      const { day, slot, rowClass } = bucketKey(eb);
      return [
        'p.server_guid',
        day.as('day'),
        slot.as('slot'),
        rowClass.as('row_class'),
        eb.fn.sum<number>('p.player_sum').as('player_sum'),
        eb.fn.sum<number>('p.samples').as('samples'),
      ];
    })
    .where((eb) => eb.and([inScope(eb, scope), inSlice(eb, slice)]))
    .groupBy((eb) => {
      const { day, slot, rowClass } = bucketKey(eb);
      return ['p.server_guid', day, slot, rowClass];
    })
    .execute();
  const bucketsPerDay = 1440 / bucketMinutes;
  return rows.map((row) => {
    const rowClassMinutes = Number(row.row_class);
    return {
      serverGuid: row.server_guid,
      bucketIndex: (Date.parse(`${row.day}T00:00:00.000Z`) / 86_400_000) * bucketsPerDay + Number(row.slot),
      spanBuckets: rowClassMinutes > 0 ? rowClassMinutes / bucketMinutes : 1,
      playerSum: Number(row.player_sum),
      samples: Number(row.samples),
    };
  });
}
