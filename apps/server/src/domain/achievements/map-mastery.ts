import { findBadgeDefinition, type BadgeDefinition } from '@frontline/contract';
import type { BadgeAward } from './badge-progress.ts';

/**
 * Map mastery (issue 18: "map specialist/dominator/legend (percentile of a map's players by score with the minimum
 * rounds)"; the rule and its edge cases are docs/decisions/0016-badges-never-awarded-before.md). A player is in the
 * top p % of a map when their rank there is at most p % of the map's players, rounded down: the top 10 % of 25
 * players is the first 2, and the top 1 % starts to exist at 100 players. So no tier goes to the only player of a
 * map, and the catalogue's `min_map_players` keeps the lowest tier off maps too quiet for a percentile to mean much.
 */

export interface MapStanding {
  mapName: string;
  /** The player's closed rounds on the map, this one included. */
  roundsOnMap: number;
  /** 1-based, by total score on the map, highest first (players with equal totals share a rank). */
  rankOnMap: number;
  /** Players with at least one closed round on the map. */
  playersOnMap: number;
}

interface MasteryRule {
  definition: BadgeDefinition;
  topPercent: number;
  minRounds: number;
  minPlayers: number;
}

const MASTERY_RULES: readonly MasteryRule[] = ['map_specialist', 'map_dominator', 'map_legend'].map((id) => {
  const definition = findBadgeDefinition(id);
  const {
    top_percent: topPercent,
    min_map_rounds: minRounds,
    min_map_players: minPlayers,
  } = definition?.requirements ?? {};
  if (!definition || topPercent === undefined || minRounds === undefined || minPlayers === undefined) {
    throw new Error(`badge ${id} lacks its map mastery requirements in the catalogue`);
  }
  return { definition, topPercent, minRounds, minPlayers };
});

/** Below this many rounds on a map no mastery badge is in reach, so a caller need not work out the rank. */
export const MAP_MASTERY_MIN_ROUNDS = Math.min(...MASTERY_RULES.map((rule) => rule.minRounds));

/** The map mastery badges a standing earns that are not in `owned`, lowest tier first. */
export function mapMasteryAwards(standing: MapStanding, owned: ReadonlySet<string>): BadgeAward[] {
  const { mapName, roundsOnMap, rankOnMap, playersOnMap } = standing;
  if (!Number.isInteger(rankOnMap) || rankOnMap < 1 || rankOnMap > playersOnMap) {
    throw new RangeError(`rank ${rankOnMap} is not a place among ${playersOnMap} players of ${mapName}`);
  }
  const awards: BadgeAward[] = [];
  for (const rule of MASTERY_RULES) {
    if (owned.has(rule.definition.id)) continue;
    if (roundsOnMap < rule.minRounds || playersOnMap < rule.minPlayers) continue;
    // rank ≤ players × p / 100, in whole numbers so that a rank exactly at the edge (10 of 100) is in.
    if (rankOnMap * 100 > playersOnMap * rule.topPercent) continue;
    awards.push({
      achievementId: rule.definition.id,
      value: rankOnMap,
      tier: rule.definition.tier,
      metadata: {
        map_name: mapName,
        rank: rankOnMap,
        players: playersOnMap,
        rounds: roundsOnMap,
        top_percent: rule.topPercent,
      },
    });
  }
  return awards;
}
