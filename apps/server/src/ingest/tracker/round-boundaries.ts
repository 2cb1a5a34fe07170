/**
 * When does a round end although the map stays the same? DESIGN.md ("Where Frontline is stricter"):
 * when the same map restarts, seen as tickets jumping back up, the time remaining jumping up, or most
 * players' scores resetting together; where the feed shows neither tickets nor a clock (FH2), also when
 * the round has run longer than the server's time limit allows. These are pure functions of what the polls show.
 */

import { countersReset, type Counters } from '../../domain/player-counters.ts';

/** Tickets only bleed during a round; a rise this large means a fresh round (small rises are mode quirks). */
const TICKET_RISE_MIN = 10;
const TICKET_RISE_MIN_SHARE = 0.1;
/** The clock only runs down; a rise of more than a poll's worth (at least this) means it was reset. */
const TIME_REMAIN_RISE_MIN_SECONDS = 30;
/** "Most players": a majority of at least three players seen in both polls who had already played... */
const SCORE_RESET_MIN_PLAYERS = 3;
const SCORE_RESET_MIN_SHARE = 0.5;

export function ticketsJumpedUp(
  previous: { tickets1: number | null; tickets2: number | null },
  current: { tickets1: number | null; tickets2: number | null },
): boolean {
  if (
    previous.tickets1 === null ||
    previous.tickets2 === null ||
    current.tickets1 === null ||
    current.tickets2 === null
  ) {
    return false;
  }
  const before = previous.tickets1 + previous.tickets2;
  const rise = current.tickets1 + current.tickets2 - before;
  return rise >= TICKET_RISE_MIN && rise >= before * TICKET_RISE_MIN_SHARE;
}

export function timeRemainJumpedUp(previous: number | null, current: number | null, elapsedSeconds: number): boolean {
  // 0 or less means "no limit" or "not reported" on these servers: no clock to compare.
  if (previous === null || current === null || previous <= 0 || current <= 0) return false;
  return current - previous > Math.max(elapsedSeconds, TIME_REMAIN_RISE_MIN_SECONDS);
}

/** Whether a player's counters show any play: only then can a reset of them be seen. */
export function hasPlayed(counters: Counters): boolean {
  return counters.score !== 0 || counters.kills !== 0 || counters.deaths !== 0;
}

/**
 * The players present in both polls (and who had played) reset their counters together: all of them, at least
 * `minAllPlayers` (a player present in both polls did not rejoin in between, so two of them resetting at once
 * is a new round; where nothing else can show a restart, one will do), or more than half of at least three.
 */
export function mostScoresReset(
  pairs: readonly { previous: Counters; current: Counters }[],
  minAllPlayers = 2,
): boolean {
  const candidates = pairs.filter((pair) => hasPlayed(pair.previous));
  const resets = candidates.filter((pair) => countersReset(pair.previous, pair.current) || zeroedAgain(pair)).length;
  if (candidates.length >= minAllPlayers && resets === candidates.length && resets > 0) return true;
  if (candidates.length < SCORE_RESET_MIN_PLAYERS) return false;
  return resets > candidates.length * SCORE_RESET_MIN_SHARE;
}

/**
 * Counters back at exactly zero after points: a new round's first poll. (A player's stay can show that only after a
 * penalty that cancels every point, so it counts as a sign of a restart, never of a rejoin: countersReset.)
 */
function zeroedAgain({ previous, current }: { previous: Counters; current: Counters }): boolean {
  const zero = current.score === 0 && current.kills === 0 && current.deaths === 0;
  return zero && (previous.score > 0 || previous.kills > 0 || previous.deaths > 0);
}

/**
 * A round cannot last longer than the server's time limit: one that has been open longer has restarted, even
 * if nobody was there to show it. `limitSeconds` null or 0 means no limit is known.
 */
export function outlivedTimeLimit(startMs: number, atMs: number, limitSeconds: number | null): boolean {
  if (limitSeconds === null || limitSeconds <= 0) return false;
  return atMs - startMs >= limitSeconds * 1000;
}
