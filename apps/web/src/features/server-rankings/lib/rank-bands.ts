/**
 * How a leaderboard place looks (spec: site-statistics §2 Rankings "Ranks 1-3 large medal cards; others
 * compact rows with edge colour by rank band (at most 10, 25, 50, beyond)"). The medals of ranks 1-3, which
 * the rounds and round reports show too, are in lib/medals.ts.
 */

export type RankBand = 'top10' | 'top25' | 'top50' | 'beyond';

/** The upper rank of each band, best first. */
const RANK_BAND_LIMITS: readonly { band: Exclude<RankBand, 'beyond'>; maxRank: number }[] = [
  { band: 'top10', maxRank: 10 },
  { band: 'top25', maxRank: 25 },
  { band: 'top50', maxRank: 50 },
];

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
