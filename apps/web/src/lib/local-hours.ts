/**
 * Hours of the day sent in UTC (0–23) turned into the visitor's own hours (DESIGN.md "the browser converts"), and
 * the comparison's bands of the local day (spec: site-statistics §9 "Hour bands local: Early 00-08, Day 08-16, Night
 * 16-24 (hours converted from UTC)").
 */

const MINUTES_PER_DAY = 24 * 60;

/**
 * The visitor's offset from UTC in minutes east (+60 in Paris in winter), as of `at`. One offset for a whole
 * chart: its data span weeks, and a daylight-saving change inside them moves at most an hour's minutes by one bar.
 */
export function localOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/** The local hour a UTC hour starts in: a zone half an hour off (India, +5:30) files 00:00 UTC under 5am. */
export function localHourOf(utcHour: number, offsetMinutes: number): number {
  const localMinute = (((utcHour * 60 + offsetMinutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return Math.floor(localMinute / 60);
}

/**
 * 24 values, local midnight first, from entries by UTC hour. Hours outside 0–23 are dropped, missing hours count
 * as 0 and negative minutes as 0.
 */
export function toLocalHours<Entry extends { hour: number }>(
  entries: readonly Entry[],
  minutesOf: (entry: Entry) => number,
  offsetMinutes: number,
): number[] {
  const minutes = Array.from({ length: 24 }, () => 0);
  for (const entry of entries) {
    if (!Number.isInteger(entry.hour) || entry.hour < 0 || entry.hour > 23) continue;
    const localHour = localHourOf(entry.hour, offsetMinutes);
    minutes[localHour] = (minutes[localHour] ?? 0) + Math.max(0, minutesOf(entry));
  }
  return minutes;
}

export const HOUR_BANDS = [
  { name: 'Early', from: 0, to: 8 },
  { name: 'Day', from: 8, to: 16 },
  { name: 'Night', from: 16, to: 24 },
] as const;

export type HourBandName = (typeof HOUR_BANDS)[number]['name'];

/** The band of a local hour (0–23). */
export function hourBandOf(localHour: number): HourBandName {
  return (HOUR_BANDS.find((band) => localHour >= band.from && localHour < band.to) ?? HOUR_BANDS[2]).name;
}

/** Minutes in each band, from 24 local-hour values. */
export function minutesByBand(localMinutes: readonly number[]): Record<HourBandName, number> {
  const totals: Record<HourBandName, number> = { Early: 0, Day: 0, Night: 0 };
  localMinutes.forEach((minutes, hour) => {
    totals[hourBandOf(hour)] += minutes;
  });
  return totals;
}

/** "UTC+1", "UTC-5", "UTC+5:30", "UTC", to say which time a chart is in. */
export function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const magnitude = Math.abs(offsetMinutes);
  const hours = Math.floor(magnitude / 60);
  const minutes = magnitude % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}
