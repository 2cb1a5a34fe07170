import type { SimilarityMode } from '@frontline/contract';
import { killDeathRatioOf } from './player-features.ts';
import { estimateNonOverlap, presentHoursOf, sharesPresenceHour } from './presence-hours.ts';
import {
  killDeathTerm,
  killRateTerm,
  similarityScorer,
  SIMILARITY_WEIGHTS,
  type ScoredFeatures,
  type SimilarityResult,
} from './similarity-score.ts';

/**
 * Domain facts §6's candidate funnel: candidates are pre-sorted (same favourite server first, then
 * |ΔK/D| + |Δminutes|/1000), the first 15 × limit are scored, and the best `limit` are returned (no minimum score).
 * Ties keep the pre-sort's order, then the name, so an answer never depends on the order rows came in.
 *
 * Alias mode pre-sorts on its own terms, as far as the candidate rows can compute them (decision 0018, "Funnel"):
 * K/D, kill rate, the share of play on the same servers, and the non-overlap term estimated on presence hours; only
 * pings and map dominance wait for the scoring. Sorting on the favourite server and K/D, as default mode does, left
 * a planted alias of the demo 893rd of 1,938 candidates for his partner, far outside the 750 scored: a name played
 * for a few hours has a favourite server by chance, and K/D alone does not tell a person from a hundred strangers
 * of his skill.
 *
 * Alias mode never offers a name that was online at the same minute as the target: one person cannot be online
 * under two names at once (decision 0018, "Met names"). The funnel drops the candidates whose presence hours prove a
 * meeting before it keeps the first 15 × limit, and the ranking drops those whose intervals show one.
 */

export const CANDIDATES_PER_RESULT = 15;

export interface PreSortFacts {
  playerName: string;
  kills: number;
  deaths: number;
  playedMinutes: number;
  favouriteServer: string | null;
  /** Alias mode: the share of play both have on the same servers (sharedServerShare), as the candidate read found. */
  sharedServerShare: number;
  /** Alias mode: the candidate's presence hours. */
  lastWeek: number;
  presence: Uint8Array;
}

type Target = Omit<PreSortFacts, 'sharedServerShare'>;

export function preSortCandidates<T extends PreSortFacts>(
  target: Target,
  candidates: readonly T[],
  limit: number,
  mode: SimilarityMode,
): T[] {
  const alias = mode === 'aliasdetection';
  const targetHours = alias ? presentHoursOf(target) : [];
  const sortKey = alias ? aliasSortKey(target, targetHours) : defaultSortKey(target);
  return candidates
    .filter(
      (candidate) =>
        candidate.playerName !== target.playerName && !(alias && sharesPresenceHour(targetHours, candidate)),
    )
    .map((candidate) => ({ candidate, key: sortKey(candidate) }))
    .sort(
      (a, b) =>
        a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.candidate.playerName.localeCompare(b.candidate.playerName),
    )
    .slice(0, CANDIDATES_PER_RESULT * limit)
    .map(({ candidate }) => candidate);
}

/** Lower first: [0 for the same favourite server else 1, |ΔK/D| + |Δminutes|/1000]. */
function defaultSortKey(target: Target) {
  const targetKd = killDeathRatioOf(target);
  return (candidate: PreSortFacts): [number, number] => [
    target.favouriteServer !== null && candidate.favouriteServer === target.favouriteServer ? 0 : 1,
    Math.abs(killDeathRatioOf(candidate) - targetKd) + Math.abs(candidate.playedMinutes - target.playedMinutes) / 1000,
  ];
}

/** Lower first: minus alias mode's weighted terms that the candidate rows hold. */
function aliasSortKey(target: Target, targetHours: readonly number[]) {
  const weights = SIMILARITY_WEIGHTS.aliasdetection;
  return (candidate: PreSortFacts): [number, number] => [
    -(
      weights.killDeath * killDeathTerm(target, candidate) +
      weights.killRate * killRateTerm(target, candidate) +
      weights.favouriteServer * candidate.sharedServerShare +
      weights.nonOverlap * estimateNonOverlap(targetHours, candidate)
    ),
    0,
  ];
}

export interface RankedPlayer {
  features: ScoredFeatures;
  similarity: SimilarityResult;
}

export function rankSimilarPlayers(
  target: ScoredFeatures,
  candidates: readonly ScoredFeatures[],
  mode: SimilarityMode,
  limit: number,
): RankedPlayer[] {
  const score = similarityScorer(target, mode);
  return candidates
    .filter((candidate) => candidate.playerName !== target.playerName)
    .map((features, order) => ({ features, similarity: score(features), order }))
    .filter(({ similarity }) => mode !== 'aliasdetection' || !metTarget(similarity))
    .sort((a, b) => b.similarity.score - a.similarity.score || a.order - b.order)
    .slice(0, limit)
    .map(({ features, similarity }) => ({ features, similarity }));
}

/** Online at the same minute as the target at least once in the interval window: two people (decision 0018). */
export function metTarget(similarity: Pick<SimilarityResult, 'temporal'>): boolean {
  return similarity.temporal.overlapMinutes > 0;
}
