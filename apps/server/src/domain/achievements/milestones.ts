import {
  KILLS_MILESTONES,
  PLAYTIME_MILESTONE_HOURS,
  SCORE_MILESTONES,
  killsMilestoneId,
  playtimeMilestoneId,
  scoreMilestoneId,
} from '@frontline/contract';

/**
 * Milestones (domain-facts §4 "Milestones", issue 18: "once ever per id, at the session that crosses the
 * threshold, with previous and new totals"). A session crosses a threshold T when the player's totals before it
 * were below T and with it are at least T; an id the player already owns is never awarded again, so a total that
 * falls back (a deleted round) and rises again does not award twice.
 */

export interface MilestoneTotals {
  kills: number;
  /** Play time in ms, as sessions store it (`played_ms`). */
  playMs: number;
  score: number;
}

export type MilestoneMetadata =
  | { previous_kills: number; new_kills: number }
  | { previous_hours: number; new_hours: number }
  | { previous_score: number; new_score: number };

export interface MilestoneAward {
  achievementId: string;
  /** The threshold: kills, hours or points (domain-facts: "value = H" for play time). */
  value: number;
  metadata: MilestoneMetadata;
}

const HOUR_MS = 3_600_000;

/**
 * Hours with two decimals, rounded down: a total just below a threshold never reads as the threshold itself, and
 * one at or above it never reads as below (the thresholds are whole hours).
 */
function hoursOf(playMs: number): number {
  // Whole hundredths of an hour first: one division of integers, so an exact hundredth is never floored below.
  return Math.floor(playMs / (HOUR_MS / 100)) / 100;
}

const crosses = (previous: number, next: number, threshold: number): boolean =>
  previous < threshold && threshold <= next;

/** The milestones `added` (one session) crosses on top of `previous`, kills then play time then score, lowest first. */
export function milestonesCrossed(
  previous: MilestoneTotals,
  added: MilestoneTotals,
  alreadyOwned: ReadonlySet<string>,
): MilestoneAward[] {
  const next = {
    kills: previous.kills + added.kills,
    playMs: previous.playMs + added.playMs,
    score: previous.score + added.score,
  };
  const awards: MilestoneAward[] = [];
  const award = (achievementId: string, value: number, metadata: MilestoneMetadata) => {
    if (!alreadyOwned.has(achievementId)) awards.push({ achievementId, value, metadata });
  };

  for (const kills of KILLS_MILESTONES) {
    if (crosses(previous.kills, next.kills, kills)) {
      award(killsMilestoneId(kills), kills, { previous_kills: previous.kills, new_kills: next.kills });
    }
  }
  for (const hours of PLAYTIME_MILESTONE_HOURS) {
    // Compared in ms: rounding to hours first could cross a threshold the time has not reached.
    if (crosses(previous.playMs, next.playMs, hours * HOUR_MS)) {
      award(playtimeMilestoneId(hours), hours, {
        previous_hours: hoursOf(previous.playMs),
        new_hours: hoursOf(next.playMs),
      });
    }
  }
  for (const score of SCORE_MILESTONES) {
    if (crosses(previous.score, next.score, score)) {
      award(scoreMilestoneId(score), score, { previous_score: previous.score, new_score: next.score });
    }
  }
  return awards;
}
