/**
 * When does a round end although the map stays the same? DESIGN.md ("Where Frontline is stricter"):
 * when the same map restarts, seen as tickets jumping back up, the time remaining jumping up, or most
 * players' scores resetting together. These are pure functions of two consecutive observations.
 */

export interface Counters {
  score: number;
  kills: number;
  deaths: number;
}

/** Tickets only bleed during a round; a rise this large means a fresh round (small rises are mode quirks). */
const TICKET_RISE_MIN = 10;
const TICKET_RISE_MIN_SHARE = 0.1;
/** The clock only runs down; a rise of more than a poll's worth (at least this) means it was reset. */
const TIME_REMAIN_RISE_MIN_SECONDS = 30;
/** "Most players": a majority of the players seen in both polls who had already played. */
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

/**
 * Did this player's counters start again from zero (a rejoin, or a new round)? Deaths never go down
 * within one stint on a server; kills and score can (team kills, suicides), but not both at once by
 * more than a penalty, so a drop in deaths, or in kills and score together, is a reset.
 */
export function countersReset(previous: Counters, current: Counters): boolean {
  if (current.deaths < previous.deaths) return true;
  return current.kills < previous.kills && current.score < previous.score && current.score <= previous.score / 2;
}

function hasPlayed(counters: Counters): boolean {
  return counters.score !== 0 || counters.kills !== 0 || counters.deaths !== 0;
}

/** Most of the players present in both polls (and who had played) reset their counters together. */
export function mostScoresReset(pairs: readonly { previous: Counters; current: Counters }[]): boolean {
  const candidates = pairs.filter((pair) => hasPlayed(pair.previous));
  if (candidates.length < SCORE_RESET_MIN_PLAYERS) return false;
  const resets = candidates.filter((pair) => countersReset(pair.previous, pair.current)).length;
  return resets > candidates.length * SCORE_RESET_MIN_SHARE;
}
