import { KILL_STREAK_THRESHOLDS } from '@frontline/contract';
import { countersReset, plausibleMove, ZERO_COUNTERS } from '../player-counters.ts';

/**
 * Kill streaks (domain-facts §4 "Kill streaks", issue 18): the walk over one name's samples in one closed round.
 *
 * Between two consecutive samples, with Δ the change of the scoreboard counters:
 * - Δdeaths > 0: the streak ends (back to 0), and every threshold can be reached again. A poll with both a kill
 *   and a death counts as a death: the poll cannot tell which came first, and a streak must not be credited with
 *   kills that may have come after the death.
 * - Δkills > 0 and Δdeaths = 0: the streak grows by Δkills; each threshold of {5,10,15,20,25,30,50} it reaches
 *   or passes in this step is awarded at this sample's instant (a jump from 3 to 10 awards 5 and 10 together).
 * - Anything else (no change, or kills down by a team-kill penalty): no change, and the lower count is the
 *   baseline of the next step.
 *
 * A rejoin: the game starts a rejoining player's counters again from zero. The sample that shows it starts a new
 * stint, and its deltas are taken against zero: the kills and deaths it shows were all made since the rejoin. So
 * a rejoin keeps the streak unless that sample (or a later one) shows a death, and the kills made before the
 * first sample after the rejoin count. A new stint is told from a penalty as the tracker tells it
 * (`countersReset`, domain/player-counters.ts). The first sample of all is the baseline: what it shows was made before the walk can see.
 *
 * A step no play can make (`plausibleMove`: a hundred kills in one poll, which the tracker applies only when the
 * next poll confirms it, and never credits) adds nothing to the streak either: it only moves the baseline.
 *
 * Several streaks in one round each award their thresholds, however close in time: there is no ±2-minute
 * de-duplication (issue 18 overrides domain-facts here); awards are unique by instant.
 */

export interface StreakSample {
  /** Poll time, unix ms. */
  at: number;
  score: number;
  kills: number;
  deaths: number;
}

export interface KillStreakAward {
  threshold: (typeof KILL_STREAK_THRESHOLDS)[number];
  /** The instant of the sample that reached the threshold. */
  at: number;
  /** The streak at that sample (at least the threshold: one poll can add several kills). */
  actualStreak: number;
}

/** Awards in sample order, lower thresholds first within one sample. */
export function killStreaksOf(samples: readonly StreakSample[]): KillStreakAward[] {
  const awards: KillStreakAward[] = [];
  let streak = 0;
  for (let i = 1; i < samples.length; i++) {
    const previous = samples[i - 1]!;
    const current = samples[i]!;
    const baseline = countersReset(previous, current) ? ZERO_COUNTERS : previous;
    if (!plausibleMove(baseline, current, current.at - previous.at)) continue;
    const kills = current.kills - baseline.kills;
    const deaths = current.deaths - baseline.deaths;
    if (deaths > 0) {
      streak = 0;
    } else if (kills > 0) {
      const before = streak;
      streak += kills;
      for (const threshold of KILL_STREAK_THRESHOLDS) {
        if (before < threshold && threshold <= streak) awards.push({ threshold, at: current.at, actualStreak: streak });
      }
    }
  }
  return awards;
}
