/**
 * The medals of a leaderboard's first three places (spec: site-statistics §2 Rankings "Ranks 1-3 large medal
 * cards"), shown on the rankings, the rounds and the round reports.
 */

export type Medal = 'gold' | 'silver' | 'bronze';

const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

export function medalOf(rank: number): Medal | null {
  return Number.isInteger(rank) && rank >= 1 && rank <= MEDALS.length ? (MEDALS[rank - 1] ?? null) : null;
}

export interface MedalStyle {
  label: string;
  /** The card's frame and wash. */
  card: string;
  /** The round medal with the rank in it. */
  disc: string;
  /** Accent text on the card (the score). */
  text: string;
}

/** Fixed metal colours, tuned to read on both themes' surfaces. */
export const MEDAL_STYLES: Record<Medal, MedalStyle> = {
  gold: {
    label: 'Gold',
    card: 'border-amber-400/70 bg-gradient-to-br from-amber-400/20 via-amber-300/5 to-transparent',
    disc: 'bg-gradient-to-b from-amber-200 to-amber-500 text-amber-950 ring-amber-600/40',
    text: 'text-amber-800 dark:text-amber-300',
  },
  silver: {
    label: 'Silver',
    card: 'border-slate-400/70 bg-gradient-to-br from-slate-400/20 via-slate-300/5 to-transparent',
    disc: 'bg-gradient-to-b from-slate-100 to-slate-400 text-slate-900 ring-slate-500/40',
    text: 'text-slate-600 dark:text-slate-300',
  },
  bronze: {
    label: 'Bronze',
    card: 'border-orange-500/60 bg-gradient-to-br from-orange-500/20 via-orange-400/5 to-transparent',
    disc: 'bg-gradient-to-b from-orange-200 to-orange-600 text-orange-950 ring-orange-700/40',
    text: 'text-orange-800 dark:text-orange-300',
  },
};
