/** A player's running totals as a poll shows them. */
export interface Counters {
  score: number;
  kills: number;
  deaths: number;
}

export const ZERO_COUNTERS: Counters = Object.freeze({ score: 0, kills: 0, deaths: 0 });

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

/**
 * What one player's counters can be in one round (decision 0003, "Glitches"). A real round ends in the hundreds; a
 * player farming bots for three hours might reach a few thousand. A value outside these is a fault of the server or
 * the feed (`kills: -1000000`, `score: 1e300`), never play: it never enters a counter. Narrower than what the feed's
 * normalisation clamps to (decision 0004), which only keeps numbers safe to store.
 */
export const COUNTER_LIMITS = {
  score: { min: -10_000, max: 100_000 },
  kills: { min: -1_000, max: 20_000 },
  deaths: { min: -1_000, max: 20_000 },
} as const;

export function countersWithinLimits(counters: Counters): boolean {
  return (
    counters.score >= COUNTER_LIMITS.score.min &&
    counters.score <= COUNTER_LIMITS.score.max &&
    counters.kills >= COUNTER_LIMITS.kills.min &&
    counters.kills <= COUNTER_LIMITS.kills.max &&
    counters.deaths >= COUNTER_LIMITS.deaths.min &&
    counters.deaths <= COUNTER_LIMITS.deaths.max
  );
}

/**
 * How far one stay's counters can move between two sightings `elapsedMs` apart: a burst (a bomb on a crowd, a
 * capture, a feed that refreshed a server late and shows two intervals' play at once) plus a rate. Several times
 * what the games allow: a kill a second, a death every five (the respawn wait), five points a second; falls only by
 * penalties (team kills, suicides). Over a 30-s poll: kills +40/−8, deaths +11, score +200/−50.
 */
const MOVE_LIMITS = {
  killsUp: { burst: 10, perSecond: 1 },
  killsDown: { burst: 5, perSecond: 0.1 },
  deathsUp: { burst: 5, perSecond: 0.2 },
  scoreUp: { burst: 50, perSecond: 5 },
  scoreDown: { burst: 20, perSecond: 1 },
} as const;

function within(change: number, up: { burst: number; perSecond: number }, down: number, seconds: number): boolean {
  return change <= up.burst + up.perSecond * seconds && -change <= down;
}

/**
 * Could `current` follow `previous` within one stay, `elapsedMs` later, by play alone? A move outside this is a
 * glitch until a later poll confirms it, and even then is never credited (decision 0003, "Glitches"). From
 * ZERO_COUNTERS it judges a stay begun since `previous`' poll (a rejoin cannot bring a hundred kills). Deaths never
 * go down within a stay: a fall is a reset (countersReset), judged there, not here.
 */
export function plausibleMove(previous: Counters, current: Counters, elapsedMs: number): boolean {
  const seconds = Math.max(0, elapsedMs) / 1000;
  const downBy = (limit: { burst: number; perSecond: number }) => limit.burst + limit.perSecond * seconds;
  return (
    within(current.kills - previous.kills, MOVE_LIMITS.killsUp, downBy(MOVE_LIMITS.killsDown), seconds) &&
    within(current.deaths - previous.deaths, MOVE_LIMITS.deathsUp, Infinity, seconds) &&
    within(current.score - previous.score, MOVE_LIMITS.scoreUp, downBy(MOVE_LIMITS.scoreDown), seconds)
  );
}
