import type { SimilarityMode } from '@frontline/contract';
import { killDeathRatioOf } from './player-features.ts';
import { scoreSimilarity, type ScoredFeatures, type SimilarityResult } from './similarity-score.ts';

/**
 * Domain facts §6's candidate funnel: candidates are pre-sorted (same favourite server first, then
 * |ΔK/D| + |Δminutes|/1000), the first 15 × limit are scored, and the best `limit` are returned (no minimum score).
 * Ties keep the pre-sort's order, then the name, so an answer never depends on the order rows came in.
 *
 * In alias mode the pre-sort leaves the minutes out (decision 0018): that mode gives play time no weight, and the
 * name a player is leaving behind has, by its nature, far fewer minutes than the one he moved to, so the minutes
 * would push the very candidate alias detection looks for out of the funnel.
 */

export const CANDIDATES_PER_RESULT = 15;

export interface PreSortFacts {
  playerName: string;
  kills: number;
  deaths: number;
  playedMinutes: number;
  favouriteServer: string | null;
}

export function preSortCandidates<T extends PreSortFacts>(
  target: PreSortFacts,
  candidates: readonly T[],
  limit: number,
  mode: SimilarityMode,
): T[] {
  const minutesWeight = mode === 'aliasdetection' ? 0 : 1 / 1000;
  const targetKd = killDeathRatioOf(target);
  const distance = (candidate: T) =>
    Math.abs(killDeathRatioOf(candidate) - targetKd) +
    Math.abs(candidate.playedMinutes - target.playedMinutes) * minutesWeight;
  const sameServer = (candidate: T) =>
    target.favouriteServer !== null && candidate.favouriteServer === target.favouriteServer ? 0 : 1;
  return candidates
    .filter((candidate) => candidate.playerName !== target.playerName)
    .map((candidate) => ({ candidate, server: sameServer(candidate), distance: distance(candidate) }))
    .sort(
      (a, b) =>
        a.server - b.server || a.distance - b.distance || a.candidate.playerName.localeCompare(b.candidate.playerName),
    )
    .slice(0, CANDIDATES_PER_RESULT * limit)
    .map(({ candidate }) => candidate);
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
  return candidates
    .filter((candidate) => candidate.playerName !== target.playerName)
    .map((features, order) => ({ features, similarity: scoreSimilarity(target, features, mode), order }))
    .sort((a, b) => b.similarity.score - a.similarity.score || a.order - b.order)
    .slice(0, limit)
    .map(({ features, similarity }) => ({ features, similarity }));
}
