import { BUSY_LEVEL_TEXTS, type BusyLevel, type ForecastBasis } from '@frontline/contract';
import { roundTo } from '../../lib/numbers.ts';
import { quantileOfSorted } from '../../domain/quantiles.ts';

/**
 * How busy a server usually is at each hour of the week, and how its current player count compares
 * (domain-facts §5 "Busy indicator algorithm"; spec site-statistics §3 Busy indicator). Where the reference
 * needs three weeks of history before it says anything, a young install forecasts from what it has: the same
 * hour on other days, then the server's whole rhythm, and says which (`basis`, `dataPoints`). Pure functions,
 * so the thresholds and the percentile arithmetic are tested without a database.
 */

/** Days of history a pattern is built from. */
export const PATTERN_DAYS = 60;

/**
 * Below this many hour-instances a group is too thin to compare with: the same weekday and hour falls back on
 * the same hour of any day, and that on the server's whole rhythm.
 */
const MIN_PATTERN_DATA_POINTS = 3;

const HOURS_PER_DAY = 24;
const DAY_MS = HOURS_PER_DAY * 3_600_000;

/** One UTC hour of one server: its average player count over the polls of that hour. */
export interface HourInstance {
  hourStartMs: number;
  averagePlayers: number;
}

/** What a server's (day of week, hour) looked like over the pattern days. */
interface HourPattern {
  dataPoints: number;
  average: number;
  q25: number;
  median: number;
  q75: number;
  q90: number;
}

/** Index 0–167: day of week (0 = Sunday, as Date.getUTCDay) × 24 + UTC hour. */
type WeekPatterns = ReadonlyMap<number, HourPattern>;

/** A mean over past hours: a pattern, or any figure averaged over `dataPoints` hour-instances. */
interface HourMean {
  average: number;
  dataPoints: number;
}

/**
 * Everything a forecast can lean on, from one series of hour-instances (a server's, or a game's totals): the
 * same weekday and hour, the same hour on any day, and all hours together.
 */
export interface Rhythm {
  byWeekHour: WeekPatterns;
  /** Index 0–23: UTC hour, whatever the day of week. */
  byHour: ReadonlyMap<number, HourPattern>;
  /** All hour-instances; undefined when there are none. */
  overall: HourPattern | undefined;
  /** Start of the earliest hour-instance; null when there are none. */
  firstHourMs: number | null;
}

export const EMPTY_RHYTHM: Rhythm = { byWeekHour: new Map(), byHour: new Map(), overall: undefined, firstHourMs: null };

interface BusyVerdict {
  busyLevel: BusyLevel;
  busyText: string;
  typicalPlayers: number | null;
  basis: ForecastBasis;
  /** Past hours the current players were compared with. */
  dataPoints: number;
}

/** One hour's typical figure and what it rests on (a timeline bar, a landing forecast hour). */
interface HourEstimate {
  typical: number | null;
  basis: ForecastBasis;
  dataPoints: number;
}

interface TimelineEntry {
  hour: number;
  typicalPlayers: number | null;
  busyLevel: BusyLevel;
  isCurrentHour: boolean;
  basis: ForecastBasis;
  dataPoints: number;
}

export function computeWeekSlot(date: Date): number {
  return date.getUTCDay() * HOURS_PER_DAY + date.getUTCHours();
}

/** Groups hour-instances every way a forecast can fall back on, and notes where they begin. */
export function buildRhythm(instances: readonly HourInstance[]): Rhythm {
  if (instances.length === 0) return EMPTY_RHYTHM;
  return {
    byWeekHour: describeGroups(instances, (date) => computeWeekSlot(date)),
    byHour: describeGroups(instances, (date) => date.getUTCHours()),
    overall: describeValues(instances.map((instance) => instance.averagePlayers)),
    firstHourMs: instances.reduce((first, instance) => Math.min(first, instance.hourStartMs), Infinity),
  };
}

/**
 * Whole days of history: from the start of the first hour seen (within the pattern days) until now, rounded
 * down, so "2 days" is at least two days; 0 in the first day and without history.
 */
export function countHistoryDays(rhythm: Rhythm, now: Date): number {
  if (rhythm.firstHourMs === null) return 0;
  return Math.max(0, Math.floor((now.getTime() - rhythm.firstHourMs) / DAY_MS));
}

function describeGroups(instances: Iterable<HourInstance>, keyOf: (date: Date) => number): Map<number, HourPattern> {
  const valuesByKey = new Map<number, number[]>();
  for (const instance of instances) {
    const key = keyOf(new Date(instance.hourStartMs));
    const values = valuesByKey.get(key);
    if (values) values.push(instance.averagePlayers);
    else valuesByKey.set(key, [instance.averagePlayers]);
  }
  const patterns = new Map<number, HourPattern>();
  for (const [key, values] of valuesByKey) patterns.set(key, describeValues(values));
  return patterns;
}

function describeValues(values: readonly number[]): HourPattern {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    dataPoints: sorted.length,
    average: sorted.length > 0 ? total / sorted.length : 0,
    q25: quantileOfSorted(sorted, 0.25),
    median: quantileOfSorted(sorted, 0.5),
    q75: quantileOfSorted(sorted, 0.75),
    q90: quantileOfSorted(sorted, 0.9),
  };
}

const BUSY_TEXTS: Record<BusyLevel, string> = BUSY_LEVEL_TEXTS;

/**
 * The typical figure of one hour of the week, from the surest history there is: the same weekday and hour
 * when it has happened at least 3 times, else the same hour on any day (even once: a bar is a hint, and
 * it says how many days it stands for), else none: an hour never seen is missing, not 0.
 */
export function estimateHour(rhythm: Rhythm, slot: number): HourEstimate {
  const weekHour = rhythm.byWeekHour.get(slot);
  if (weekHour && weekHour.dataPoints >= MIN_PATTERN_DATA_POINTS) return estimateOf(weekHour, 'weekday_hour');
  const hour = rhythm.byHour.get(slot % HOURS_PER_DAY);
  if (hour && hour.dataPoints > 0) return estimateOf(hour, 'hour');
  return { typical: null, basis: 'none', dataPoints: 0 };
}

function estimateOf(mean: HourMean, basis: ForecastBasis): HourEstimate {
  return { typical: mean.average, basis, dataPoints: mean.dataPoints };
}

/**
 * Compares the current player count with the usual ones for this hour, from the surest history there is:
 * 1. the same weekday and UTC hour, when it has happened at least 3 times (weeks of history);
 * 2. else the same UTC hour on any day, at least 3 times (days of history);
 * 3. else the server's whole rhythm (any history at all): the spread of all its past hours, scaled to what
 *    this hour has had on its 1 or 2 days (unscaled when this hour has never been seen): a rough estimate;
 * 4. else, with no history at all, unknown.
 * The typical figure is always this hour's own average (null when the hour has never been seen), the same
 * figure as the timeline's bar for the hour.
 */
export function classifyCurrentPlayers(currentPlayers: number, rhythm: Rhythm, now: Date): BusyVerdict {
  const weekHour = rhythm.byWeekHour.get(computeWeekSlot(now));
  if (weekHour && weekHour.dataPoints >= MIN_PATTERN_DATA_POINTS) {
    return judge(currentPlayers, weekHour, 'weekday_hour', weekHour.average);
  }
  const hour = rhythm.byHour.get(now.getUTCHours());
  if (hour && hour.dataPoints >= MIN_PATTERN_DATA_POINTS) return judge(currentPlayers, hour, 'hour', hour.average);
  const overall = rhythm.overall;
  if (!overall || overall.dataPoints === 0) {
    return { busyLevel: 'unknown', busyText: BUSY_TEXTS.unknown, typicalPlayers: null, basis: 'none', dataPoints: 0 };
  }
  const typical = hour?.average ?? null;
  const scale = typical !== null && overall.average > 0 ? typical / overall.average : 1;
  return judge(currentPlayers, scalePattern(overall, scale), 'overall', typical);
}

function judge(
  currentPlayers: number,
  pattern: HourPattern,
  basis: ForecastBasis,
  typical: number | null,
): BusyVerdict {
  const busyLevel = pickLevelAgainstPattern(currentPlayers, pattern);
  return {
    busyLevel,
    busyText: BUSY_TEXTS[busyLevel],
    typicalPlayers: typical === null ? null : roundTo(typical, 1),
    basis,
    dataPoints: pattern.dataPoints,
  };
}

function scalePattern(pattern: HourPattern, scale: number): HourPattern {
  if (scale === 1) return pattern;
  return {
    dataPoints: pattern.dataPoints,
    average: pattern.average * scale,
    q25: pattern.q25 * scale,
    median: pattern.median * scale,
    q75: pattern.q75 * scale,
    q90: pattern.q90 * scale,
  };
}

/**
 * The reference site's ladder (≥ Q90, ≥ Q75, ≥ median, ≥ Q25), except that "busy" and "busier than usual"
 * also need more players than the median: when the past hours were all alike (a server always empty), the
 * same count again is "as busy as usual", not "busier than usual".
 */
function pickLevelAgainstPattern(currentPlayers: number, pattern: HourPattern): BusyLevel {
  const aboveMedian = currentPlayers > pattern.median;
  if (aboveMedian && currentPlayers >= pattern.q90) return 'very_busy';
  if (aboveMedian && currentPlayers >= pattern.q75) return 'busy';
  if (currentPlayers >= pattern.median) return 'moderate';
  if (currentPlayers >= pattern.q25) return 'quiet';
  return 'very_quiet';
}

/** A server's level from a typical player count alone (the timeline bars): absolute, one server's scale. */
function classifyTypicalPlayers(typicalPlayers: number): BusyLevel {
  if (typicalPlayers >= 20) return 'very_busy';
  if (typicalPlayers >= 15) return 'busy';
  if (typicalPlayers >= 10) return 'moderate';
  if (typicalPlayers >= 5) return 'quiet';
  return 'very_quiet';
}

/**
 * A whole game's level from its predicted total. The per-server thresholds (20/15/10/5) would call any
 * game with a few busy servers "very busy" all day, so the landing forecast uses the reference site's
 * status bands for a game's total: ≥50 very busy, ≥30 busy, ≥15 moderate, ≥5 quiet.
 */
export function classifyGamePlayers(players: number): BusyLevel {
  if (players >= 50) return 'very_busy';
  if (players >= 30) return 'busy';
  if (players >= 15) return 'moderate';
  if (players >= 5) return 'quiet';
  return 'very_quiet';
}

/**
 * The 24 hours of the current UTC day (even across midnight, as the reference site does), each with its
 * typical player count as estimateHour finds it; an hour without any history is null and `unknown`.
 */
export function buildHourlyTimeline(rhythm: Rhythm, now: Date): TimelineEntry[] {
  const dayBase = now.getUTCDay() * HOURS_PER_DAY;
  const currentHour = now.getUTCHours();
  return Array.from({ length: HOURS_PER_DAY }, (_, hour) => {
    const estimate = estimateHour(rhythm, dayBase + hour);
    const typicalPlayers = estimate.typical === null ? null : roundTo(estimate.typical, 1);
    return {
      hour,
      typicalPlayers,
      busyLevel: typicalPlayers === null ? 'unknown' : classifyTypicalPlayers(typicalPlayers),
      isCurrentHour: hour === currentHour,
      basis: estimate.basis,
      dataPoints: estimate.dataPoints,
    };
  });
}
