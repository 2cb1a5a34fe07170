import type { BestScore, PlayerStatsResponse } from '@frontline/contract';

/**
 * The profile's Best Scores section (spec: site-statistics §2 "Best Scores (tabs All Time, 30 Days, This Week;
 * first 6 cards; 'View All N Scores' when more than 6; card opens round report; empty 'No scores recorded
 * yet')"; §9 "Best Scores 6 cards").
 */

export const BEST_SCORE_TABS = ['allTime', 'last30Days', 'thisWeek'] as const;
export type BestScoreTab = (typeof BEST_SCORE_TABS)[number];

export const BEST_SCORE_TAB_LABELS: Record<BestScoreTab, string> = {
  allTime: 'All Time',
  last30Days: '30 Days',
  thisWeek: 'This Week',
};

const BEST_SCORES_SHOWN = 6;

export function bestScoresOf(bestScores: PlayerStatsResponse['bestScores'], tab: BestScoreTab): BestScore[] {
  return bestScores[tab];
}

/** The cards on screen: the first 6, or every one once 'View All' was chosen. */
export function visibleBestScores(scores: readonly BestScore[], expanded: boolean): readonly BestScore[] {
  return expanded ? scores : scores.slice(0, BEST_SCORES_SHOWN);
}

/** The label of the expand button, or null when all cards already show (6 or fewer). */
export function viewAllLabel(count: number): string | null {
  return count > BEST_SCORES_SHOWN ? `View All ${count} Scores` : null;
}
