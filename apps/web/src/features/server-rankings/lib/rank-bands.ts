/**
 * How a leaderboard place looks (spec: site-statistics §2 Rankings "Ranks 1-3 large medal cards; others
 * compact rows with edge colour by rank band (at most 10, 25, 50, beyond)").
 */

export type Medal = 'gold' | 'silver' | 'bronze';
export type RankBand = 'top10' | 'top25' | 'top50' | 'beyond';

const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

/** The upper rank of each band, best first. */
export const RANK_BAND_LIMITS: readonly { band: Exclude<RankBand, 'beyond'>; maxRank: number }[] = [
  { band: 'top10', maxRank: 10 },
  { band: 'top25', maxRank: 25 },
  { band: 'top50', maxRank: 50 },
];

export function medalOf(rank: number): Medal | null {
  return Number.isInteger(rank) && rank >= 1 && rank <= MEDALS.length ? (MEDALS[rank - 1] ?? null) : null;
}

export function rankBand(rank: number): RankBand {
  if (!Number.isFinite(rank) || rank < 1) return 'beyond';
  return RANK_BAND_LIMITS.find((limit) => rank <= limit.maxRank)?.band ?? 'beyond';
}

export const RANK_BAND_LABELS: Record<RankBand, string> = {
  top10: 'Top 10',
  top25: 'Top 25',
  top50: 'Top 50',
  beyond: 'Ranked',
};

/**
 * The left edge of a compact row and the colour of its rank figure: brass for the top 10, then the
 * site's blue and olive, then a plain line, so the eye finds the bands without reading the numbers.
 */
export const RANK_BAND_STYLES: Record<RankBand, { edge: string; rank: string }> = {
  top10: { edge: 'border-l-accent', rank: 'text-accent' },
  top25: { edge: 'border-l-info', rank: 'text-info' },
  top50: { edge: 'border-l-olive', rank: 'text-olive' },
  beyond: { edge: 'border-l-line-strong', rank: 'text-muted' },
};

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
    text: 'text-amber-700 dark:text-amber-300',
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
    text: 'text-orange-700 dark:text-orange-300',
  },
};
