import { COMPARISON_NOT_FOUND_MESSAGE, type ComparisonBucket, type ComparisonResponse } from '@frontline/contract';
import { HttpError } from '../../../lib/api-client.ts';
import type { Tone } from '../../../lib/tones.ts';

/**
 * The comparison's rules and words (spec: site-statistics §2 "Comparison", §5 comparison rules, §8 comparison
 * messages, §9 ping bands).
 */

/** The Performance Over Time tabs, in the answer's order (the contract's COMPARISON_BUCKETS). */
export const PERFORMANCE_TABS: readonly { value: ComparisonBucket; label: string }[] = [
  { value: 'Last30Days', label: 'Last 30 Days' },
  { value: 'Last6Months', label: 'Last 6 Months' },
  { value: 'LastYear', label: 'Last Year' },
  { value: 'AllTime', label: 'All Time' },
];

export const COMPARISON_MESSAGES = {
  /** §8 "404 gives …" (also the server's message). */
  notFound: COMPARISON_NOT_FOUND_MESSAGE,
  failed: 'Failed to fetch comparison data. Please try again later.',
  noData: 'No comparison data returned. The players may not have any recent overlapping history.',
  activityHoursFailed: 'Failed to fetch activity hours data',
} as const;

/** §8: a 404 names the players as unknown; any other failure is the general message. */
export function comparisonFailureMessage(error: unknown): string {
  return error instanceof HttpError && error.status === 404 ? COMPARISON_MESSAGES.notFound : COMPARISON_MESSAGES.failed;
}

/**
 * §5 "A result lacking player1, player2, killRates or bucketTotals is invalid" (an empty answer reads as `{}`, §7).
 */
export function isUsableComparison(
  answer: Partial<ComparisonResponse> | null | undefined,
): answer is ComparisonResponse {
  return Boolean(
    answer && answer.player1 && answer.player2 && Array.isArray(answer.killRates) && Array.isArray(answer.bucketTotals),
  );
}

/** §9 "Ping bands: … (comparison: at most 50, at most 100)": green, yellow, else red. */
export function comparisonPingTone(averagePing: number): Tone {
  if (averagePing <= 50) return 'good';
  if (averagePing <= 100) return 'warn';
  return 'low';
}

/**
 * Which side wins a figure: 1 or 2, or null on a tie or when either is missing. `lowerWins` for figures where less
 * is better (§2 "average ping, lower better").
 */
export function winnerOf(first: number | null | undefined, second: number | null | undefined, lowerWins = false) {
  if (first === null || first === undefined || second === null || second === undefined) return null;
  if (!Number.isFinite(first) || !Number.isFinite(second) || first === second) return null;
  return first > second !== lowerWins ? 1 : 2;
}

/** A player's figure from one of the answer's per-player lists, found by name (the answer lists player1 first). */
export function figureOf<Entry extends { playerName: string }>(
  entries: readonly Entry[] | undefined,
  playerName: string,
  index: 0 | 1,
): Entry | undefined {
  return entries?.find((entry) => entry.playerName === playerName) ?? entries?.[index];
}
