import { MINIMUM_TO_RANK, type RankingOrderBy } from '@frontline/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from './schema.ts';
import { serverGuidIn } from './server-names.ts';

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

/** The ranked players' all-time totals on the servers of `guids`: player_name, rounds, score, kills, deaths, played_ms. */
export function rankedPlayerTotals(guids: readonly string[]): RawBuilder<unknown> {
  const ranked = sql`rounds >= ${MINIMUM_TO_RANK.rounds} and played_ms >= ${MINIMUM_PLAYED_MS}`;
  // One address (nearly every server): the rows as they are, read through the (server_guid, …) indexes.
  if (guids.length === 1) {
    return sql`(select player_name, rounds, score, kills, deaths, played_ms from server_player_totals
      where ${serverGuidIn(sql`server_guid`, guids)} and ${ranked})`;
  }
  return sql`(select player_name, sum(rounds) as rounds, sum(score) as score, sum(kills) as kills,
      sum(deaths) as deaths, sum(played_ms) as played_ms
    from server_player_totals where ${serverGuidIn(sql`server_guid`, guids)}
    group by player_name having sum(rounds) >= ${MINIMUM_TO_RANK.rounds} and sum(played_ms) >= ${MINIMUM_PLAYED_MS})`;
}

/** K/D as §5 defines it: the kills when there are no deaths. */
export const KD_RATIO = sql`case when deaths = 0 then kills else cast(kills as real) / deaths end`;

/** The value each order compares, as the screens show it (ties are equal shown figures). */
export const RANKING_VALUES: Record<RankingOrderBy, RawBuilder<unknown>> = {
  TotalScore: sql`score`,
  TotalKills: sql`kills`,
  TotalDeaths: sql`deaths`,
  KDRatio: sql`round(${KD_RATIO}, 2)`,
  // Whole minutes rounded half up, as minutesOf() shows them (integer division in both dialects).
  TotalPlayTimeMinutes: sql`(played_ms + 30000) / 60000`,
};

export interface ScoreRank {
  /** Null when the player is not ranked there (below the minimum). */
  rank: number | null;
  rankedPlayers: number;
}

/** The player's rank by total score (the rankings' default order) on the servers of `guids`. */
export async function findScoreRank(
  db: Kysely<DatabaseSchema>,
  guids: readonly string[],
  playerName: string,
): Promise<ScoreRank> {
  const { rows } = await sql<{ ranked_players: number; own_score: number | null; ahead: number }>`
    with ranked as ${rankedPlayerTotals(guids)},
      own as (select score from ranked where player_name = ${playerName})
    select (select count(*) from ranked) as ranked_players, (select score from own) as own_score,
      (select count(*) from ranked where score > (select score from own)) as ahead`.execute(db);
  const row = rows[0];
  return {
    rank: row?.own_score === null || row?.own_score === undefined ? null : Number(row.ahead) + 1,
    rankedPlayers: Number(row?.ranked_players ?? 0),
  };
}
