/** A player's running totals as a poll shows them. */
export interface Counters {
  score: number;
  kills: number;
  deaths: number;
}

/**
 * Did this player's counters start again from zero (a rejoin, or a new round)? Deaths never go down
 * within one stint on a server; kills and score can (team kills, suicides), but not both at once by
 * more than a penalty, so a drop in deaths, or in kills and score together, is a reset. The tracker uses it to tell
 * stays and rounds apart, the kill streak walk to tell a rejoin from a penalty.
 */
export function countersReset(previous: Counters, current: Counters): boolean {
  if (current.deaths < previous.deaths) return true;
  return current.kills < previous.kills && current.score < previous.score && current.score <= previous.score / 2;
}
