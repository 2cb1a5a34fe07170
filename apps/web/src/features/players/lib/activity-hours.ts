import { formatHourLabel } from '../../../lib/format.ts';

/**
 * A player's activity by hour of day, turned from the API's UTC hours into the visitor's local hours (spec:
 * site-statistics §3 "Player insights: activityByHour[hour in UTC, minutesActive]"; DESIGN.md "the browser
 * converts"; §9 "Hour labels 12am/12pm style").
 */

export interface HourActivity {
  hour: number;
  minutesActive: number;
}

export interface LocalHourBar {
  /** 0–23 in the visitor's time zone. */
  localHour: number;
  label: string;
  minutesActive: number;
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * The visitor's offset from UTC in minutes east (+60 in Paris in winter), as of `at`. One offset for the
 * whole chart: the data span 30 days, and a daylight-saving change inside them moves at most an hour's
 * minutes by one bar.
 */
export function localOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/**
 * 24 bars, local midnight first. Each UTC hour's minutes go to the local hour its start falls in, so a zone
 * half an hour off (India, +5:30) files 00:00 UTC under 5am; hours the API leaves out count as 0.
 */
export function toLocalHourBars(activity: readonly HourActivity[], offsetMinutes: number): LocalHourBar[] {
  const minutes = Array.from({ length: 24 }, () => 0);
  for (const entry of activity) {
    if (!Number.isInteger(entry.hour) || entry.hour < 0 || entry.hour > 23) continue;
    const localMinute = (((entry.hour * 60 + offsetMinutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
    const localHour = Math.floor(localMinute / 60);
    minutes[localHour] = (minutes[localHour] ?? 0) + Math.max(0, entry.minutesActive);
  }
  return minutes.map((minutesActive, localHour) => ({
    localHour,
    label: formatHourLabel(localHour),
    minutesActive,
  }));
}

/** The local hour with the most minutes (the earliest of equals), or null when nothing was played. */
export function peakLocalHour(bars: readonly LocalHourBar[]): LocalHourBar | null {
  let peak: LocalHourBar | null = null;
  for (const bar of bars) if (bar.minutesActive > 0 && (!peak || bar.minutesActive > peak.minutesActive)) peak = bar;
  return peak;
}

/** "UTC+1", "UTC-5", "UTC+5:30", "UTC" for the chart's caption. */
export function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const magnitude = Math.abs(offsetMinutes);
  const hours = Math.floor(magnitude / 60);
  const minutes = magnitude % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}
