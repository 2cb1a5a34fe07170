/**
 * Trend direction of the players-online history (spec: site-statistics §4 "Trend direction"):
 * "stable if first-to-last rolling average change is under 5 percent in magnitude; increasing if positive;
 * else decreasing."
 */

/** A change smaller than this (in percent, either way) reads as stable. */
const TREND_STABLE_THRESHOLD_PERCENT = 5;

export type TrendDirection = 'increasing' | 'decreasing' | 'stable';

export const TREND_DIRECTION_LABELS: Record<TrendDirection, string> = {
  increasing: 'Increasing',
  decreasing: 'Decreasing',
  stable: 'Stable',
};

export interface RollingAveragePoint {
  average: number;
}

/**
 * Change from the first to the last rolling average, in percent of the first. Null when it cannot be
 * expressed as a percentage: fewer than two points, a non-finite value, or a first average of 0 with a
 * later one above 0 (any growth from nothing is infinite). 0 → 0 is no change.
 */
export function computeRollingAverageChangePercent(points: readonly RollingAveragePoint[]): number | null {
  if (points.length < 2) return null;
  const first = points[0]?.average;
  const last = points[points.length - 1]?.average;
  if (first === undefined || last === undefined || !Number.isFinite(first) || !Number.isFinite(last)) return null;
  if (first === 0) return last === 0 ? 0 : null;
  return ((last - first) / Math.abs(first)) * 100;
}

/** The spec's rule, applied to the first and last points of the rolling average. */
export function determineTrendDirection(points: readonly RollingAveragePoint[]): TrendDirection {
  if (points.length < 2) return 'stable';
  const first = points[0]?.average ?? 0;
  const last = points[points.length - 1]?.average ?? 0;
  const change = computeRollingAverageChangePercent(points);
  // From an average of 0 the change has no percentage, but any rise is more than 5 % of nothing.
  if (change === null) return Number.isFinite(first) && Number.isFinite(last) && last > first ? 'increasing' : 'stable';
  if (Math.abs(change) < TREND_STABLE_THRESHOLD_PERCENT) return 'stable';
  return change > 0 ? 'increasing' : 'decreasing';
}

/** "+6.2%", "-12.0%", "0.0%"; an em dash when there is no percentage. */
export function formatChangePercent(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '—';
  const rounded = Math.round(change * 10) / 10;
  // -0.04 rounds to -0: show it as 0.0%, not "-0.0%".
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}%`;
}

/** The colour of a trend wherever it is shown: rising green, falling red, stable quiet. */
export const TREND_TONES: Record<TrendDirection, string> = {
  increasing: 'text-good',
  decreasing: 'text-danger',
  stable: 'text-muted',
};
