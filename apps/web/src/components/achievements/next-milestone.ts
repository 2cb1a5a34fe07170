import {
  KILLS_MILESTONES,
  PLAYTIME_MILESTONE_HOURS,
  SCORE_MILESTONES,
  findBadgeDefinition,
  killsMilestoneId,
  playtimeMilestoneId,
  scoreMilestoneId,
  type GamificationResponse,
} from '@frontline/contract';

/**
 * The next milestone of each kind (issue 18 "next milestone with progress"): the lowest threshold of the catalogue
 * the player has not been awarded, with how far along the player is on the totals the milestones are awarded on (the
 * response's milestoneTotals). Play time comes in whole minutes rounded to the nearest (docs/formulas.md), so a total
 * can read as the mark up to half a minute before the award: the award decides, and a mark not awarded is never
 * shown reached (its total reads one minute, kill or point short).
 */

export type MilestoneTrack = 'kills' | 'playtime' | 'score';

export interface MilestoneProgress {
  track: MilestoneTrack;
  achievementId: string;
  name: string;
  tier: string;
  /** In the track's unit: kills, hours or points. */
  current: number;
  target: number;
  /** 0..1. */
  fraction: number;
  unit: string;
}

const MINUTES_PER_HOUR = 60;

const TRACKS: readonly {
  track: MilestoneTrack;
  thresholds: readonly number[];
  idOf: (threshold: number) => string;
  current: (totals: GamificationResponse['milestoneTotals']) => number;
  /** The smallest step of the total, in the track's unit. */
  step: number;
  unit: string;
}[] = [
  {
    track: 'kills',
    thresholds: KILLS_MILESTONES,
    idOf: killsMilestoneId,
    current: (t) => t.kills,
    step: 1,
    unit: 'kills',
  },
  {
    track: 'playtime',
    thresholds: PLAYTIME_MILESTONE_HOURS,
    idOf: playtimeMilestoneId,
    current: (t) => t.playTimeMinutes / MINUTES_PER_HOUR,
    step: 1 / MINUTES_PER_HOUR,
    unit: 'hours',
  },
  {
    track: 'score',
    thresholds: SCORE_MILESTONES,
    idOf: scoreMilestoneId,
    current: (t) => t.score,
    step: 1,
    unit: 'points',
  },
];

/**
 * Each kind's next milestone, closest to done first; a kind whose every milestone is awarded is left out. `owned`:
 * the ids the player has been awarded (the response's allBadges).
 */
export function nextMilestones(
  totals: GamificationResponse['milestoneTotals'],
  owned: ReadonlySet<string>,
): MilestoneProgress[] {
  return TRACKS.flatMap(({ track, thresholds, idOf, current, step, unit }) => {
    const target = thresholds.find((threshold) => !owned.has(idOf(threshold)));
    if (target === undefined) return [];
    const value = Math.min(Math.max(0, current(totals)), target - step);
    const achievementId = idOf(target);
    const badge = findBadgeDefinition(achievementId);
    return [
      {
        track,
        achievementId,
        name: badge?.name ?? achievementId,
        tier: badge?.tier ?? 'bronze',
        current: value,
        target,
        fraction: Math.min(1, value / target),
        unit,
      },
    ];
  }).sort((a, b) => b.fraction - a.fraction);
}

const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,234 / 2,500 kills"; hours to one decimal, rounded down so a total short of the mark never reads as it. */
export function progressText(progress: Pick<MilestoneProgress, 'track' | 'current' | 'target' | 'unit'>): string {
  const current =
    progress.track === 'playtime'
      ? hoursFormat.format(Math.floor(progress.current * 10) / 10)
      : wholeFormat.format(Math.floor(progress.current));
  return `${current} / ${wholeFormat.format(progress.target)} ${progress.unit}`;
}

/** Whole percent, rounded down: 99.6 % is still 99 %, not a finished bar. */
export function progressPercent(fraction: number): number {
  return Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
}

/** The profile header's totals, which count the rounds still being played too (docs/formulas.md "Kills, deaths, score"). */
export type ProfileTotals = GamificationResponse['milestoneTotals'];

/**
 * Why a milestone's total can be below the header's: milestones count finished rounds only (an award is made when a
 * round ends), the header counts the round being played as well. Null when they agree (docs/formulas.md
 * "Milestones"; decision 0031).
 */
export function unfinishedRoundsNote(
  track: MilestoneTrack,
  profile: ProfileTotals | undefined,
  totals: GamificationResponse['milestoneTotals'],
): string | null {
  if (!profile) return null;
  const words = {
    kills: { shown: profile.kills, counted: totals.kills, noun: 'kills' },
    score: { shown: profile.score, counted: totals.score, noun: 'points' },
    playtime: {
      shown: Math.floor(profile.playTimeMinutes / MINUTES_PER_HOUR),
      counted: Math.floor(totals.playTimeMinutes / MINUTES_PER_HOUR),
      noun: 'hours',
    },
  }[track];
  if (words.shown <= words.counted) return null;
  return `Finished rounds only: the profile's ${wholeFormat.format(words.shown)} ${words.noun} include a round still being played, counted here when it ends.`;
}
