import {
  COMPARISON_NOT_FOUND_MESSAGE,
  COMPARISON_SAME_PLAYER_MESSAGE,
  type ComparisonBucket,
  type ComparisonResponse,
} from '@frontline/contract';
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
  /** The same name twice (also the server's 400 message). */
  samePlayer: COMPARISON_SAME_PLAYER_MESSAGE,
  failed: 'Failed to fetch comparison data. Please try again later.',
  noData: 'No comparison data returned. The players may not have any recent overlapping history.',
  activityHoursFailed: 'Failed to fetch activity hours data',
} as const;

/** §8: a 404 names the players as unknown; a 400 for the same name twice says so; any other failure is general. */
export function comparisonFailureMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return COMPARISON_MESSAGES.failed;
  if (error.status === 404) return COMPARISON_MESSAGES.notFound;
  const message = (error.body as { message?: unknown } | null)?.message;
  if (error.status === 400 && message === COMPARISON_SAME_PLAYER_MESSAGE) return COMPARISON_MESSAGES.samePlayer;
  return COMPARISON_MESSAGES.failed;
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
 * Which side wins a figure: 1 or 2, or null on a tie or when either is missing. The figures are compared as shown,
 * rounded to the `decimals` the page writes them with: two K/D of 1.004 and 1.001 both read "1.00", and an arrow
 * beside one of two equal numbers would say something the page does not show. `lowerWins` for figures where less is
 * better (§2 "average ping, lower better").
 */
export function winnerOf(
  first: number | null | undefined,
  second: number | null | undefined,
  { decimals, lowerWins = false }: { decimals: number; lowerWins?: boolean },
): Side | null {
  if (first === null || first === undefined || second === null || second === undefined) return null;
  if (!Number.isFinite(first) || !Number.isFinite(second)) return null;
  const [shownFirst, shownSecond] = [first, second].map((value) => Number(value.toFixed(decimals)));
  if (shownFirst === shownSecond) return null;
  return (shownFirst ?? 0) > (shownSecond ?? 0) !== lowerWins ? 1 : 2;
}

type Side = 1 | 2;

/**
 * §5 "Comparison needs both names non-blank after trimming"; and two different names: a player compared with
 * himself is refused (the API answers 400 with the same words, docs/formulas.md "Comparison").
 */
export function isSelfComparison(player1: string, player2: string): boolean {
  const first = player1.trim();
  return first !== '' && first === player2.trim();
}

/** A player's figure from one of the answer's per-player lists, found by name (the answer lists player1 first). */
export function figureOf<Entry extends { playerName: string }>(
  entries: readonly Entry[] | undefined,
  playerName: string,
  index: 0 | 1,
): Entry | undefined {
  return entries?.find((entry) => entry.playerName === playerName) ?? entries?.[index];
}
