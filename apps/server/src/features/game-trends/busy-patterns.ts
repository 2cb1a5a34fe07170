import type { BusyLevel } from '@frontline/contract';
import { roundTo } from '../../lib/numbers.ts';

/**
 * How busy a server usually is at each hour of the week, and how its current player count compares
 * (domain-facts §5 "Busy indicator algorithm"; spec site-statistics §3 Busy indicator). Pure functions,
 * so the thresholds and the percentile arithmetic are tested without a database.
 */

/** Days of history a pattern is built from. */
export const PATTERN_DAYS = 60;

/** Below this many hour-instances for (day of week, hour) a comparison would be noise: "Not enough data". */
export const MIN_PATTERN_DATA_POINTS = 3;

export const HOURS_PER_DAY = 24;
export const HOURS_PER_WEEK = 7 * HOURS_PER_DAY;

/** One UTC hour of one server: its average player count over the polls of that hour. */
export interface HourInstance {
  hourStartMs: number;
  averagePlayers: number;
}

/** What a server's (day of week, hour) looked like over the pattern days. */
export interface HourPattern {
  dataPoints: number;
  average: number;
  q25: number;
  median: number;
  q75: number;
  q90: number;
}

/** Index 0–167: day of week (0 = Sunday, as Date.getUTCDay) × 24 + UTC hour. */
export type WeekPatterns = ReadonlyMap<number, HourPattern>;

export interface BusyVerdict {
  busyLevel: BusyLevel;
  busyText: string;
  typicalPlayers: number | null;
}

export interface TimelineEntry {
  hour: number;
  typicalPlayers: number;
  busyLevel: BusyLevel;
  isCurrentHour: boolean;
}

export function computeWeekSlot(date: Date): number {
  return date.getUTCDay() * HOURS_PER_DAY + date.getUTCHours();
}

/**
 * The p-quantile (0..1) of ascending values by linear interpolation between the two nearest ranks, at
 * index p·(n−1): the definition the reference site uses, so levels agree with its percentiles.
 */
export function computePercentile(sortedValues: readonly number[], p: number): number {
  const count = sortedValues.length;
  if (count === 0) return 0;
  const index = p * (count - 1);
  const lower = Math.floor(index);
  const upper = Math.ceil(index);
  const lowerValue = sortedValues[lower] ?? 0;
  const upperValue = sortedValues[upper] ?? lowerValue;
  return lowerValue + (upperValue - lowerValue) * (index - lower);
}

/** Groups a server's hour-instances by (day of week, hour) and describes each group. */
export function buildWeekPatterns(instances: Iterable<HourInstance>): Map<number, HourPattern> {
  const valuesBySlot = new Map<number, number[]>();
  for (const instance of instances) {
    const slot = computeWeekSlot(new Date(instance.hourStartMs));
    const values = valuesBySlot.get(slot);
    if (values) values.push(instance.averagePlayers);
    else valuesBySlot.set(slot, [instance.averagePlayers]);
  }
  const patterns = new Map<number, HourPattern>();
  for (const [slot, values] of valuesBySlot) patterns.set(slot, describeValues(values));
  return patterns;
}

export function describeValues(values: readonly number[]): HourPattern {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    dataPoints: sorted.length,
    average: sorted.length > 0 ? total / sorted.length : 0,
    q25: computePercentile(sorted, 0.25),
    median: computePercentile(sorted, 0.5),
    q75: computePercentile(sorted, 0.75),
    q90: computePercentile(sorted, 0.9),
  };
}

export const BUSY_TEXTS: Record<BusyLevel, string> = {
  very_busy: 'Busier than usual',
  busy: 'Busy',
  moderate: 'As busy as usual',
  quiet: 'Not too busy',
  very_quiet: 'Quieter than usual',
  unknown: 'Not enough data',
};

/** Compares the current player count with the usual ones for this hour of the week. */
export function classifyCurrentPlayers(currentPlayers: number, pattern: HourPattern | undefined): BusyVerdict {
  if (pattern === undefined || pattern.dataPoints < MIN_PATTERN_DATA_POINTS) {
    // Without enough history a "typical" figure would mislead, so none is given.
    return { busyLevel: 'unknown', busyText: BUSY_TEXTS.unknown, typicalPlayers: null };
  }
  const busyLevel = pickLevelAgainstPattern(currentPlayers, pattern);
  return { busyLevel, busyText: BUSY_TEXTS[busyLevel], typicalPlayers: roundTo(pattern.average, 1) };
}

function pickLevelAgainstPattern(currentPlayers: number, pattern: HourPattern): BusyLevel {
  if (currentPlayers >= pattern.q90) return 'very_busy';
  if (currentPlayers >= pattern.q75) return 'busy';
  if (currentPlayers >= pattern.median) return 'moderate';
  if (currentPlayers >= pattern.q25) return 'quiet';
  return 'very_quiet';
}

/** A server's level from a typical player count alone (the timeline bars): absolute, one server's scale. */
export function classifyTypicalPlayers(typicalPlayers: number): BusyLevel {
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
 * The 24 hours of the current UTC day with their typical player counts from today's day-of-week patterns
 * (as the reference site does, even for hours whose pattern has fewer than 3 points: a bar is a hint, not
 * a verdict). Hours without any history count 0.
 */
export function buildHourlyTimeline(patterns: WeekPatterns, now: Date): TimelineEntry[] {
  const dayBase = now.getUTCDay() * HOURS_PER_DAY;
  const currentHour = now.getUTCHours();
  return Array.from({ length: HOURS_PER_DAY }, (_, hour) => {
    const typicalPlayers = roundTo(patterns.get(dayBase + hour)?.average ?? 0, 1);
    return {
      hour,
      typicalPlayers,
      busyLevel: classifyTypicalPlayers(typicalPlayers),
      isCurrentHour: hour === currentHour,
    };
  });
}
