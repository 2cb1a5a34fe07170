import { DEFAULT_INSIGHT_DAYS, INSIGHT_DAYS, type ServerInsightsResponse } from '@frontline/contract';
import { computeYAxisMax } from '../../../lib/chart/time-axes.ts';
import { HOURS_PER_DAY, MINUTES_PER_HOUR, parseApiTimestamp } from '../../../lib/format.ts';
import { utcDaysRule } from '../../../lib/utc-days.ts';
import { countOf } from '../../../lib/plural.ts';

/**
 * The player activity analytics of the server profile (spec: site-statistics §2 "player count history with
 * comparison, ping by hour with Median/P95 toggle when ping data exist, maps table"; §3 "Server insights …
 * Previous-period average = average / (1 + change%/100)"; §4 "Switching insights period refetches insights
 * only"; §9 "day counts 1, 3, 7, 30, 90, 365, 3650 … insights default 1 day … Chart ticks max 8; y headroom
 * 10% or 5 players; ping headroom 10% or 10 ms").
 */

export const INSIGHT_PERIODS = INSIGHT_DAYS;
export type InsightDays = (typeof INSIGHT_PERIODS)[number];

const MINUTES_PER_DAY = HOURS_PER_DAY * MINUTES_PER_HOUR;

export const DEFAULT_INSIGHT_PERIOD: InsightDays = DEFAULT_INSIGHT_DAYS;

/** §9 "1d (24h), 3d, 7d, 1month, 3months, thisyear, alltime", as short button labels. */
export const INSIGHT_PERIOD_LABELS = {
  1: '24h',
  3: '3d',
  7: '7d',
  30: '30d',
  90: '90d',
  365: '1y',
  3650: 'All',
} as const satisfies Record<InsightDays, string>;

/** What each button stands for, for its accessible name and tooltip. */
export const INSIGHT_PERIOD_TITLES = {
  1: 'Last 24 hours',
  3: 'Last 3 days',
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
  365: 'Last year',
  3650: 'All time',
} as const satisfies Record<InsightDays, string>;

/** The title of an answer's period ("Last 7 days"), also for a day count the buttons do not offer. */
export function insightPeriodTitle(days: number): string {
  return Object.hasOwn(INSIGHT_PERIOD_TITLES, days)
    ? INSIGHT_PERIOD_TITLES[days as InsightDays]
    : `Last ${countOf(days, 'day')}`;
}

export const INSIGHTS_ERROR_TEXT = 'Failed to load server insights.';
export const INSIGHTS_PERIOD_ERROR_TEXT = 'Failed to load server insights for selected period.';
export const NO_ACTIVITY_TEXT = 'No player activity data available';

/** The spec's rule, undone: the change is of this period's average against the one before. */
export function previousPeriodAverage(average: number, changePercent: number | null): number | null {
  if (changePercent === null || !Number.isFinite(changePercent) || !Number.isFinite(average)) return null;
  const factor = 1 + changePercent / 100;
  // −100 % means the previous average was whatever it was and this one is 0: it cannot be recovered.
  if (factor <= 0) return null;
  return average / factor;
}

/** "+12.5%", "−3%", "0%"; a dash without a previous period. */
export function formatChangePercent(changePercent: number | null): string {
  if (changePercent === null || !Number.isFinite(changePercent)) return '—';
  const rounded = Math.round(changePercent * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'unknown';

export function changeDirection(changePercent: number | null): ChangeDirection {
  if (changePercent === null || !Number.isFinite(changePercent)) return 'unknown';
  const rounded = Math.round(changePercent * 10) / 10;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/**
 * A history point's time in the browser's zone, as fine as its bucket: weekday and time for buckets under a
 * day, the date alone for daily and weekly ones (a time of day would be the bucket's start, not a moment).
 */
export function formatBucketTime(
  unixSeconds: number,
  bucketMinutes: number,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const date = new Date(unixSeconds * 1000);
  if (Number.isNaN(date.getTime())) return '—';
  const format: Intl.DateTimeFormatOptions =
    bucketMinutes < MINUTES_PER_DAY
      ? { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(options.locale, { ...format, timeZone: options.timeZone }).format(date);
}

const PING_HEADROOM_RATIO = 0.1;
const PING_HEADROOM_MIN_MS = 10;

/** Top of the ping axis: the highest ping plus 10 % of it or 10 ms, whichever is larger, rounded up. */
function computePingAxisMax(highest: number): number {
  const top = Number.isFinite(highest) && highest > 0 ? highest : 0;
  return Math.ceil(top + Math.max(top * PING_HEADROOM_RATIO, PING_HEADROOM_MIN_MS));
}

// ---------------------------------------------------------------------------------------------------------
// Chart data: uPlot wants one x array and a value (or null) per series at each x.

export interface PlayerCountSeries {
  /** Unix seconds, ascending, the union of both series' timestamps. */
  times: number[];
  current: (number | null)[];
  previous: (number | null)[];
  yMax: number;
}

function toSeconds(timestamp: string): number {
  return Math.floor(parseApiTimestamp(timestamp).getTime() / 1000);
}

function indexByTime(points: readonly { timestamp: string; playerCount: number }[]): Map<number, number> {
  const byTime = new Map<number, number>();
  for (const point of points) {
    const time = toSeconds(point.timestamp);
    if (Number.isFinite(time) && Number.isFinite(point.playerCount)) byTime.set(time, point.playerCount);
  }
  return byTime;
}

/**
 * This period and the one before on one time axis. The API has already moved the previous period's
 * timestamps forward onto this one, so equal times are the same point of the day (or week) in each; where
 * only one series has a point, the other has a gap, not a zero (a server not yet seen is not an empty one).
 */
export function buildPlayerCountSeries(
  history: ServerInsightsResponse['playerCountHistory'],
  comparison: ServerInsightsResponse['playerCountHistoryComparison'],
): PlayerCountSeries {
  const current = indexByTime(history);
  const previous = indexByTime(comparison);
  const times = [...new Set([...current.keys(), ...previous.keys()])].sort((a, b) => a - b);
  let highest = 0;
  for (const value of [...current.values(), ...previous.values()]) highest = Math.max(highest, value);
  return {
    times,
    current: times.map((time) => current.get(time) ?? null),
    previous: times.map((time) => previous.get(time) ?? null),
    yMax: computeYAxisMax(highest),
  };
}

export type PingMode = 'median' | 'p95';
export const PING_MODE_LABELS: Record<PingMode, string> = { median: 'Median', p95: 'P95' };

export interface PingSeries {
  times: number[];
  values: number[];
  yMax: number;
}

export function buildPingSeries(data: ServerInsightsResponse['pingByHour']['data'], mode: PingMode): PingSeries {
  const points = data
    .map((entry) => ({
      time: toSeconds(entry.timePeriod),
      value: mode === 'median' ? entry.medianPing : entry.p95Ping,
    }))
    .filter((point) => Number.isFinite(point.time) && Number.isFinite(point.value))
    .sort((a, b) => a.time - b.time);
  const values = points.map((point) => point.value);
  return {
    times: points.map((point) => point.time),
    values,
    yMax: computePingAxisMax(values.length > 0 ? Math.max(...values) : 0),
  };
}

/** True when the answer holds anything to draw or list; otherwise the section says there is no data. */
export function hasActivityData(insights: ServerInsightsResponse): boolean {
  return (
    insights.playerCountHistory.length > 0 ||
    insights.playerCountHistoryComparison.length > 0 ||
    insights.maps.length > 0
  );
}

export function hasPingData(insights: ServerInsightsResponse): boolean {
  return insights.pingByHour.data.length > 0;
}

/**
 * What the maps table counts (the API's mapsStartPeriod): whole UTC days, today and the days before it, as the
 * leaderboards' weeks: "Rounds that ended today and the 6 days before, UTC".
 */
export function mapsPeriodRule(days: number): string {
  // The longest period (spec §9 "alltime": 3650 days) reaches back before any server this site has seen.
  if (days >= Math.max(...INSIGHT_DAYS)) return 'Every round that has ended';
  return `Rounds that ended ${utcDaysRule(days)}`;
}

/** The maps table's figures in words (docs/formulas.md has the same definitions). */
export const MAPS_TABLE_DEFINITIONS =
  'Play time: minutes with at least one player on the map. Avg players: per poll over every poll of its rounds, empty ones as 0. Peak: most players in one poll. Share: of all maps’ play time.';

/** "12.5%" for the share column. */
export function formatShare(percentage: number): string {
  if (!Number.isFinite(percentage)) return '—';
  const rounded = Math.round(percentage * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}%`;
}
