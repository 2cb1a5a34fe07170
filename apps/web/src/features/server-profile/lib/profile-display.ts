import { wholeMinutes } from '@frontline/contract';
import { formatDate, type DateFormatOptions } from '../../../lib/date-format.ts';
import { formatDuration, MISSING_VALUE, parseApiTimestamp } from '../../../lib/format.ts';
import type { HourlyEntry } from '../../../lib/busy/busy.ts';
import { barHeight, orderedTimeline, peakTypicalPlayers } from '../../../lib/busy/hour-bars.ts';

/**
 * Small display rules of the server profile's header and lists (spec: site-statistics §2 "Server profile";
 * §9 "Forecast bar height … 2 to 20 px on server profile"; "Durations 'Nh Mm' or '<1m'").
 */

const PROFILE_FORECAST_BAR_MIN_PX = 2;
export const PROFILE_FORECAST_BAR_MAX_PX = 20;

export interface ForecastBar {
  entry: HourlyEntry;
  /** Null for an hour without history: drawn as missing, not as 0 players. */
  heightPx: number | null;
}

/** The 24 hours in UTC order, each bar scaled to the busiest hour within 2 to 20 px (null: no history). */
export function profileForecastBars(timeline: readonly HourlyEntry[]): ForecastBar[] {
  const entries = orderedTimeline(timeline);
  const peak = peakTypicalPlayers(entries);
  return entries.map((entry) => ({
    entry,
    heightPx: barHeight(entry.typicalPlayers, peak, PROFILE_FORECAST_BAR_MIN_PX, PROFILE_FORECAST_BAR_MAX_PX),
  }));
}

/**
 * Whole minutes between two API timestamps, as the rounds list shows a round's length (docs/formulas.md, "Whole
 * minutes"); null when either is missing or unreadable, or they are reversed.
 */
function minutesBetween(start: string, end: string | null): number | null {
  if (end === null) return null;
  const from = parseApiTimestamp(start).getTime();
  const to = parseApiTimestamp(end).getTime();
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return null;
  return wholeMinutes(to - from);
}

/** A finished round's length as "Nh Mm"; a dash when it cannot be worked out. */
export function formatRoundDuration(start: string, end: string | null): string {
  const minutes = minutesBetween(start, end);
  return minutes === null ? MISSING_VALUE : formatDuration(minutes);
}

/** "3 Mar 2024 – 9 Jun 2026": the range the server's figures cover. */
export function formatDateRange(start: string, end: string, options: DateFormatOptions = {}): string {
  return `${formatDate(start, options)} – ${formatDate(end, options)}`;
}

/** Regions come as slugs ("europe-north-east"); shown as words, "Europe North East". */
export function formatRegion(region: string | null | undefined): string | null {
  const words = (region ?? '')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : null;
}
