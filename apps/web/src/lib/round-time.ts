import type { LiveServer } from '@frontline/contract';
import { formatRoundTime } from './format.ts';

/**
 * What a live server's round shows in TIME LEFT. A game with a round clock shows the spec's m:ss ('-' when missing
 * or negative, spec §9). FH2's feed has no clock at all, so instead of a dash its cell says how long the round has
 * run, as "12m in", from the round's first poll: a duration with "in", so it is never read as a countdown.
 */

export interface RoundTimeView {
  /** "12:34" left, "12m in" run so far, or '-'. */
  text: string;
  /** The same in words, for a tooltip and screen readers (elapsed rounds only). */
  title?: string;
  elapsed: boolean;
}

/** "<1m", "12m", "1h", "1h 5m". */
function formatMinutes(minutes: number): string {
  if (minutes < 1) return '<1m';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours}h${rest > 0 ? ` ${rest}m` : ''}` : `${rest}m`;
}

export function describeRoundTime(
  server: Pick<LiveServer, 'game' | 'roundTimeRemain' | 'roundStartedAt' | 'roundTimeLimit'>,
  now: Date,
): RoundTimeView {
  const started = server.roundStartedAt ? Date.parse(server.roundStartedAt) : Number.NaN;
  // FH2 is the one game whose feed reports no time left at all (spec §3 "roundTimeRemain … -1 hidden").
  if (server.game !== 'fh2' || Number.isNaN(started)) {
    return { text: formatRoundTime(server.roundTimeRemain), elapsed: false };
  }
  // A start a little in the future is clock skew between browser and server: the round has just begun.
  const run = formatMinutes(Math.max(0, Math.floor((now.getTime() - started) / 60_000)));
  const limit = server.roundTimeLimit
    ? `; rounds here last up to ${formatMinutes(Math.round(server.roundTimeLimit / 60))}`
    : '';
  return {
    text: `${run} in`,
    title: `Round running for at least ${run}${limit}. The FH2 feed reports no time left.`,
    elapsed: true,
  };
}
