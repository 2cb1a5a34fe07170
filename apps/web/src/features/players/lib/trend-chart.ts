import { parseApiTimestamp } from '../../../lib/format.ts';

/**
 * Geometry of the profile's K/D and kill-rate trend charts (spec: site-statistics §2 "Performance Analytics
 * (K/D and kill-rate trend charts)"; §3 "recentStats{... kdRatioTrend and killRateTrend (timestamp, value)}").
 * One point per UTC day played, at most 90: a small SVG is drawn, with no chart library to download.
 */

export interface TrendPoint {
  timestamp: string;
  value: number;
}

export interface PlottedPoint {
  x: number;
  y: number;
  value: number;
  time: number;
}

export interface TrendGeometry {
  points: PlottedPoint[];
  /** The line through the points ('' with fewer than 2). */
  path: string;
  yMax: number;
  /** Threshold lines that fall inside the plot, with their height. */
  guides: { value: number; y: number }[];
  /** Mean of the daily values. */
  average: number;
}

export interface PlotBox {
  width: number;
  height: number;
  /** Room left, right, top and bottom of the plot for labels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const DAY_MS = 86_400_000;

/**
 * The y scale runs from 0 to a little above the highest value, and at least up to the lowest threshold (so
 * a weak player's flat line is drawn against the first band rather than filling the chart).
 */
export function trendScaleMax(values: readonly number[], thresholds: readonly number[]): number {
  const highest = Math.max(0, ...values.filter(Number.isFinite));
  const floor = Math.min(...thresholds);
  return Math.max(highest * 1.1, floor * 1.1, 0.1);
}

export function buildTrendGeometry(
  trend: readonly TrendPoint[],
  thresholds: readonly number[],
  box: PlotBox,
): TrendGeometry {
  const parsed = trend
    .map((point) => ({ time: parseApiTimestamp(point.timestamp).getTime(), value: point.value }))
    .filter((point) => Number.isFinite(point.time) && Number.isFinite(point.value))
    .sort((a, b) => a.time - b.time);
  const yMax = trendScaleMax(
    parsed.map((point) => point.value),
    thresholds,
  );
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const first = parsed[0]?.time ?? 0;
  const last = parsed[parsed.length - 1]?.time ?? first;
  // A single day sits in the middle; otherwise the first and last days touch the plot's edges.
  const span = Math.max(last - first, DAY_MS);
  const xOf = (time: number) =>
    parsed.length === 1 ? box.left + plotWidth / 2 : box.left + ((time - first) / span) * plotWidth;
  const yOf = (value: number) => box.top + plotHeight - (Math.max(0, value) / yMax) * plotHeight;

  const points = parsed.map((point) => ({
    x: round(xOf(point.time)),
    y: round(yOf(point.value)),
    value: point.value,
    time: point.time,
  }));
  const path =
    points.length < 2 ? '' : points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
  const guides = thresholds
    .filter((threshold) => threshold <= yMax)
    .map((threshold) => ({ value: threshold, y: round(yOf(threshold)) }));
  const average = parsed.length ? parsed.reduce((sum, point) => sum + point.value, 0) / parsed.length : 0;
  return { points, path, yMax, guides, average };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
