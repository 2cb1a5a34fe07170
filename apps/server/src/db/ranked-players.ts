import { MINIMUM_TO_RANK, type RankingOrderBy } from '@frontline/contract';
import {
  expressionBuilder,
  type AliasableExpression,
  type QueryCreator,
  type SelectQueryBuilder,
  type Selectable,
} from 'kysely';
import type { ServerGuid } from '../domain/ids.ts';
import { realQuotient, roundToDigits } from './dialect.ts';
import type { DatabaseSchema, ServerPlayerTotalsTable } from './schema.ts';

/**
 * Who is ranked on a server and what their rank is: the one definition behind the server rankings and the rank
 * on a player's profile, so both always give the same number.
 *
 * - A server is every address that carried its name (server-names.ts); a player's totals on it are the sums of
 *   their closed rounds over those addresses, all time (`server_player_totals`).
 * - Ranked: at least MINIMUM_TO_RANK.rounds closed rounds and MINIMUM_TO_RANK.minutes minutes played there.
 * - Rank: 1 + the ranked players strictly ahead in the chosen order, compared on the figure as shown (K/D to 2
 *   decimals, play time in whole minutes), so ties share a rank (1, 2, 2, 4). Filters on a list only pick rows.
 */

/** MINIMUM_TO_RANK.minutes in the unit of the aggregates' `played_ms`; the ratio boards ask it within their period. */
export const MINIMUM_PLAYED_MS = MINIMUM_TO_RANK.minutes * 60_000;

/** A ranked player's all-time totals on a server (summed over its addresses). */
export type RankedTotals = Pick<
  Selectable<ServerPlayerTotalsTable>,
  'player_name' | 'rounds' | 'score' | 'kills' | 'deaths' | 'played_ms'
>;

/** The ranked players' totals on the servers of `guids` (at least one), as a subquery. */
export function rankedPlayerTotals(
  db: QueryCreator<DatabaseSchema>,
  guids: readonly ServerGuid[],
): SelectQueryBuilder<DatabaseSchema, 'server_player_totals', RankedTotals> {
  const [only] = guids;
  // One address (nearly every server): the rows as they are, read through the (server_guid, …) indexes.
  if (guids.length === 1 && only !== undefined) {
    return db
      .selectFrom('server_player_totals')
      .select(['player_name', 'rounds', 'score', 'kills', 'deaths', 'played_ms'])
      .where('server_guid', '=', only)
      .where('rounds', '>=', MINIMUM_TO_RANK.rounds)
      .where('played_ms', '>=', MINIMUM_PLAYED_MS);
  }
  return db
    .selectFrom('server_player_totals')
    .select((eb) => [
      'player_name',
      eb.fn.sum<number>('rounds').as('rounds'),
      eb.fn.sum<number>('score').as('score'),
      eb.fn.sum<number>('kills').as('kills'),
      eb.fn.sum<number>('deaths').as('deaths'),
      eb.fn.sum<number>('played_ms').as('played_ms'),
    ])
    .where('server_guid', 'in', guids)
    .groupBy('player_name')
    .having((eb) =>
      eb.and([
        eb(eb.fn.sum('rounds'), '>=', MINIMUM_TO_RANK.rounds),
        eb(eb.fn.sum('played_ms'), '>=', MINIMUM_PLAYED_MS),
      ]),
    );
}

// The figures below name the totals' columns unqualified, so they read whichever row they are placed in.
const totals = expressionBuilder<{ ranked: RankedTotals }, 'ranked'>();

/**
 * K/D as §5 defines it: the kills when there are no deaths. Built when a query is (its division is the store's SQL,
 * db/dialect.ts), like the values below.
 */
export const kdRatio = () =>
  totals
    .case()
    .when('deaths', '=', totals.lit(0))
    .then(totals.ref('kills'))
    .else(realQuotient(totals.ref('kills'), totals.ref('deaths')))
    .end();

/** The value each order compares, as the screens show it (ties are equal shown figures). */
export const rankingValue = (orderBy: RankingOrderBy): AliasableExpression<number> => rankingValues()[orderBy];

const rankingValues = (): Record<RankingOrderBy, AliasableExpression<number>> => ({
  TotalScore: totals.ref('score'),
  TotalKills: totals.ref('kills'),
  TotalDeaths: totals.ref('deaths'),
  KDRatio: roundToDigits(kdRatio(), 2),
  // Whole minutes rounded half up, as wholeMinutes() shows them (integer division in both dialects; literals, so
  // SQLite does not divide bound floating-point values).
  TotalPlayTimeMinutes: totals(totals.parens('played_ms', '+', totals.lit(30_000)), '/', totals.lit(60_000)),
});

export interface ScoreRank {
  /** Null when the player is not ranked there (below the minimum). */
  rank: number | null;
  rankedPlayers: number;
}

/** The player's rank by total score (the rankings' default order) on the servers of `guids` (at least one). */
export async function findScoreRank(
  db: QueryCreator<DatabaseSchema>,
  guids: readonly ServerGuid[],
  playerName: string,
): Promise<ScoreRank> {
  const row = await db
    .with('ranked', (query) => rankedPlayerTotals(query, guids))
    .with('own', (query) => query.selectFrom('ranked').select('score').where('player_name', '=', playerName))
    .selectNoFrom((eb) => [
      eb
        .selectFrom('ranked')
        .select((count) => count.fn.countAll<number>().as('players'))
        .as('ranked_players'),
      eb.selectFrom('own').select('score').as('own_score'),
      eb
        .selectFrom('ranked')
        .select((count) => count.fn.countAll<number>().as('ahead'))
        .where('score', '>', (own) => own.selectFrom('own').select('score'))
        .as('ahead'),
    ])
    .executeTakeFirst();
  return {
    rank: row?.own_score === null || row?.own_score === undefined ? null : Number(row.ahead) + 1,
    rankedPlayers: Number(row?.ranked_players ?? 0),
  };
}
