import {
  HISTORY_BUCKET_MINUTES,
  type HistoryPeriod,
  type PlayersOnlineHistoryResponse,
  type ROLLING_WINDOWS,
} from '@frontline/contract';
import { computeYAxisMax } from '../../../lib/chart/time-axes.ts';
import { parseApiTimestamp } from '../../../lib/format.ts';

/**
 * The rules of the 'Player Activity History' panel of the server browser (spec: site-statistics §2 "Server
 * browser", §3 "Player history", §9 "Business constants and limits"), kept apart from React and uPlot so that
 * each can be tested on its own.
 */

export type HistoryGame = 'bf1942' | 'fh2' | 'bfvietnam';
/** A game, or 'all': the three games summed (the ALL tab of the server browser). */
export type HistoryTarget = HistoryGame | 'all';

export const HISTORY_GAMES = ['bf1942', 'fh2', 'bfvietnam'] as const satisfies readonly HistoryGame[];

// ---------------------------------------------------------------------------------------------------------
// Periods and rolling windows (§9: "Periods: 1d (24h), 3d, 7d, 1month, 3months, thisyear, alltime; day counts
// 1, 3, 7, 30, 90, 365, 3650. Default chart period 1d … rolling windows 7, 14, 30 days (default 7).")

/** The periods offered as buttons. */
export const PRIMARY_PERIODS = ['1d', '3d', '7d'] as const satisfies readonly HistoryPeriod[];
/** The periods behind the 'More' menu; choosing one shows the selection as 'longer'. */
export const LONGER_PERIODS = ['1month', '3months', 'thisyear', 'alltime'] as const satisfies readonly HistoryPeriod[];

export type PrimaryPeriod = (typeof PRIMARY_PERIODS)[number];
export type LongerPeriod = (typeof LONGER_PERIODS)[number];
/** What the period control shows as selected: one of the buttons, or 'longer' (the 'More' menu). */
export type PeriodSelection = PrimaryPeriod | 'longer';

/** Day count of each period; `satisfies Record<HistoryPeriod, …>` fails to compile if the contract adds one. */
export const HISTORY_PERIOD_DAYS = {
  '1d': 1,
  '3d': 3,
  '7d': 7,
  '1month': 30,
  '3months': 90,
  thisyear: 365,
  alltime: 3650,
} as const satisfies Record<HistoryPeriod, number>;

/**
 * What one point of a period is: the average of the players polled over its bucket (the contract's
 * HISTORY_BUCKET_MINUTES), in words: "5-minute average" … "daily average". The peak and the lowest of a period are
 * the highest and the lowest of those averages, never a single poll, and the panel says so.
 */
export function historyPointWords(period: HistoryPeriod): string {
  const minutes = HISTORY_BUCKET_MINUTES[period];
  if (minutes % MINUTES_PER_DAY === 0)
    return minutes === MINUTES_PER_DAY ? 'daily average' : `${minutes / MINUTES_PER_DAY}-day average`;
  if (minutes % MINUTES_PER_HOUR === 0)
    return minutes === MINUTES_PER_HOUR ? 'hourly average' : `${minutes / MINUTES_PER_HOUR}-hour average`;
  return `${minutes}-minute average`;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

export const HISTORY_PERIOD_LABELS = {
  '1d': '1d',
  '3d': '3d',
  '7d': '7d',
  '1month': '1 Month',
  '3months': '3 Months',
  thisyear: 'This Year',
  alltime: 'All Time',
} as const satisfies Record<HistoryPeriod, string>;

export const DEFAULT_HISTORY_PERIOD: PrimaryPeriod = '1d';
/** The period the 'More' menu stands for until the user picks one. */
export const DEFAULT_LONGER_PERIOD: LongerPeriod = '1month';

export type RollingWindowDays = (typeof ROLLING_WINDOWS)[number];

export const ROLLING_WINDOW_OPTIONS = [
  { days: 7, label: '7 Days' },
  { days: 14, label: '14 Days' },
  { days: 30, label: '1 Month' },
] as const satisfies readonly { days: RollingWindowDays; label: string }[];

export const DEFAULT_ROLLING_WINDOW_DAYS: RollingWindowDays = 7;

export function isHistoryPeriod(value: string): value is HistoryPeriod {
  return Object.hasOwn(HISTORY_PERIOD_DAYS, value);
}

/** The period to request for what the control shows. */
export function resolveHistoryPeriod(selection: PeriodSelection, longerPeriod: LongerPeriod): HistoryPeriod {
  return selection === 'longer' ? longerPeriod : selection;
}

// ---------------------------------------------------------------------------------------------------------
// Busy and quiet points (§9: "History point busy if at least 120 percent of average, quiet if at most 80
// percent.")

const BUSY_PERCENT_OF_AVERAGE = 120;
const QUIET_PERCENT_OF_AVERAGE = 80;

export type PointActivity = 'busy' | 'quiet' | 'normal';

function classifyHistoryPoint(players: number, average: number): PointActivity {
  // With an average of 0 every point is 0: nothing stands out, and 0 ≥ 120 % of 0 must not read as busy.
  if (!Number.isFinite(players) || !Number.isFinite(average) || average <= 0) return 'normal';
  // Compared in whole percents so that 12 against an average of 10 is busy exactly (1.2 × 10 is not 12 in
  // floating point for every average).
  if (players * 100 >= average * BUSY_PERCENT_OF_AVERAGE) return 'busy';
  if (players * 100 <= average * QUIET_PERCENT_OF_AVERAGE) return 'quiet';
  return 'normal';
}

// ---------------------------------------------------------------------------------------------------------
// Weekend shading: Saturday 00:00 to Monday 00:00 in UTC.

const SECONDS_PER_DAY = 86_400;
const UTC_SATURDAY = 6;

/** Weekend spans [start, end) in unix seconds, clipped to [from, to]. */
function computeWeekendBands(from: number, to: number): [number, number][] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return [];
  const dayStart = Math.floor(from / SECONDS_PER_DAY) * SECONDS_PER_DAY;
  const weekday = new Date(dayStart * 1000).getUTCDay();
  // Days back to the Saturday that starts this weekend (or the last one): Saturday 0, Sunday 1, Monday 2…
  const daysSinceSaturday = (weekday - UTC_SATURDAY + 7) % 7;
  const bands: [number, number][] = [];
  for (let start = dayStart - daysSinceSaturday * SECONDS_PER_DAY; start < to; start += 7 * SECONDS_PER_DAY) {
    const end = start + 2 * SECONDS_PER_DAY;
    const clippedStart = Math.max(start, from);
    const clippedEnd = Math.min(end, to);
    if (clippedEnd > clippedStart) bands.push([clippedStart, clippedEnd]);
  }
  return bands;
}

// ---------------------------------------------------------------------------------------------------------
// The ALL view: the three games summed.

function toEpochMs(timestamp: string): number {
  return parseApiTimestamp(timestamp).getTime();
}

function addAt(totals: Map<number, number>, time: number, value: number): void {
  if (!Number.isFinite(time) || !Number.isFinite(value)) return;
  totals.set(time, (totals.get(time) ?? 0) + value);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Sums several games' histories point by point, for the ALL view. The server buckets every game the same way
 * (bucket = floor(time / interval) · interval for the period), so equal timestamps are the same bucket; a game
 * without a point at a bucket had no players counted there and adds 0. The rolling averages are summed the
 * same way (the mean of a sum is the sum of the means over the same window). Peak, lowest and average are
 * recomputed from the summed points, since the games' peaks need not fall in the same bucket.
 */
export function combineHistoryResponses(
  responses: readonly PlayersOnlineHistoryResponse[],
): PlayersOnlineHistoryResponse {
  const points = new Map<number, number>();
  const rolling = new Map<number, number>();
  for (const response of responses) {
    for (const point of response.dataPoints) addAt(points, toEpochMs(point.timestamp), point.totalPlayers);
    for (const point of response.insights.rollingAverage) addAt(rolling, toEpochMs(point.timestamp), point.average);
  }
  const dataPoints = [...points.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, totalPlayers]) => ({ timestamp: new Date(time).toISOString(), totalPlayers }));
  const rollingAverage = [...rolling.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, average]) => ({ timestamp: new Date(time).toISOString(), average: roundTo(average, 2) }));
  const values = dataPoints.map((point) => point.totalPlayers);
  const first = responses[0];
  return {
    dataPoints,
    insights: {
      peakPlayers: values.length > 0 ? Math.max(...values) : 0,
      lowestPlayers: values.length > 0 ? Math.min(...values) : 0,
      overallAverage: values.length > 0 ? roundTo(values.reduce((sum, value) => sum + value, 0) / values.length, 2) : 0,
      rollingAverage,
    },
    period: first?.period ?? '',
    rollingWindowDays: first?.rollingWindowDays ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The chart's model: what the chart and the trend strip draw, in unix seconds (uPlot's time unit).

export interface HistoryChartModel {
  /** Unix seconds, ascending. */
  times: number[];
  players: number[];
  /** Busy, quiet or normal, per point. */
  activity: PointActivity[];
  peak: number;
  lowest: number;
  average: number;
  /** Top of the y axis (with headroom). */
  yMax: number;
  /** Weekend spans (UTC) inside the time range, unix seconds. */
  weekendBands: [number, number][];
  rolling: { times: number[]; averages: number[] };
}

function sortedSeries<T>(
  items: readonly T[],
  getTimestamp: (item: T) => string,
  getValue: (item: T) => number,
): { times: number[]; values: number[] } {
  const pairs = items
    .map((item) => [Math.floor(toEpochMs(getTimestamp(item)) / 1000), getValue(item)] as const)
    .filter(([time, value]) => Number.isFinite(time) && Number.isFinite(value))
    .sort(([a], [b]) => a - b);
  return { times: pairs.map(([time]) => time), values: pairs.map(([, value]) => value) };
}

export function buildHistoryChartModel(response: PlayersOnlineHistoryResponse): HistoryChartModel {
  const { times, values: players } = sortedSeries(
    response.dataPoints,
    (point) => point.timestamp,
    (point) => point.totalPlayers,
  );
  const rolling = sortedSeries(
    response.insights.rollingAverage,
    (point) => point.timestamp,
    (point) => point.average,
  );
  const { peakPlayers: peak, lowestPlayers: lowest, overallAverage: average } = response.insights;
  const highest = Math.max(peak, ...players);
  const first = times[0];
  const last = times[times.length - 1];
  return {
    times,
    players,
    activity: players.map((value) => classifyHistoryPoint(value, average)),
    peak,
    lowest,
    average,
    yMax: computeYAxisMax(highest),
    weekendBands: first !== undefined && last !== undefined ? computeWeekendBands(first, last) : [],
    rolling: { times: rolling.times, averages: rolling.values },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Hover: the trend strip's tooltip (§9: "Tooltip hover radius 25 px in trend strip").

export const TREND_TOOLTIP_RADIUS_PX = 25;

/**
 * Index of the position nearest to `x` if it is within `radius` pixels, else null. `positions` must be in
 * ascending order (points along a time axis).
 */
export function findNearestPointIndex(
  positions: readonly number[],
  x: number,
  radius: number = TREND_TOOLTIP_RADIUS_PX,
): number | null {
  if (positions.length === 0 || !Number.isFinite(x)) return null;
  let low = 0;
  let high = positions.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((positions[middle] ?? 0) < x) low = middle + 1;
    else high = middle;
  }
  // `low` is the first position at or after x; the nearest is it or the one before.
  let best = low;
  const before = low - 1;
  if (before >= 0 && Math.abs((positions[before] ?? 0) - x) <= Math.abs((positions[low] ?? 0) - x)) best = before;
  return Math.abs((positions[best] ?? 0) - x) <= radius ? best : null;
}

/**
 * Moves labels drawn at heights `ys` (pixels, any order) apart so that no two are closer than `minGap`,
 * keeping each as near to its line as possible and inside [min, max]. Returns the new heights in the
 * same order as given.
 */
export function spreadLabelPositions(ys: readonly number[], minGap: number, min: number, max: number): number[] {
  const order = ys.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
  const placed = order.map((item) => Math.min(Math.max(item.y, min), max));
  for (let i = 1; i < placed.length; i += 1) {
    placed[i] = Math.max(placed[i] ?? 0, (placed[i - 1] ?? 0) + minGap);
  }
  // Pushed past the bottom: shift the stack back up from the end.
  for (let i = placed.length - 1; i >= 0; i -= 1) {
    const limit = i === placed.length - 1 ? max : (placed[i + 1] ?? max) - minGap;
    placed[i] = Math.min(placed[i] ?? 0, limit);
  }
  const result = new Array<number>(ys.length);
  order.forEach((item, rank) => {
    result[item.index] = placed[rank] ?? item.y;
  });
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Formatting

/** Periods up to this many days have buckets of an hour or less: the weekday and time matter. */
const HOURLY_PERIOD_MAX_DAYS = 7;
/** Longer periods than this have daily buckets: a time of day would be noise. */
const TIMED_PERIOD_MAX_DAYS = 90;

/** A point's time in the browser's zone, as detailed as the period's buckets are fine. */
export function formatHistoryTime(unixSeconds: number, period: HistoryPeriod, locale?: string): string {
  const date = new Date(unixSeconds * 1000);
  if (Number.isNaN(date.getTime())) return '—';
  const days = HISTORY_PERIOD_DAYS[period];
  const options: Intl.DateTimeFormatOptions =
    days <= HOURLY_PERIOD_MAX_DAYS
      ? { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : days <= TIMED_PERIOD_MAX_DAYS
        ? { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
