/**
 * Windows of whole UTC calendar days, the one rule for "Week" (7 days) and "30 Days"/"Month" (30 days) on every
 * screen: today (UTC) and the days before it, from 00:00 UTC of the first day until now. A round belongs to the
 * day it ended (docs/decisions/0008), so a window holds the rounds that ended at or after its start.
 */

export const DAY_MS = 86_400_000;
/** "Week" / "This Week": today and the 6 days before. */
export const WEEK_DAYS = 7;
/** "Month" / "30 Days": today and the 29 days before. */
export const MONTH_DAYS = 30;

/** Days since 1970-01-01 of a time, UTC: the key of the per-day aggregates. */
export function utcDayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The first day (a utcDayNumber) of the window of `days` days that ends today. */
export function firstDayOfWindow(nowMs: number, days: number): number {
  return utcDayNumber(nowMs) - days + 1;
}

/** 00:00 UTC of the first day of the window of `days` days that ends today, Unix ms. */
export function windowStartMs(nowMs: number, days: number): number {
  return firstDayOfWindow(nowMs, days) * DAY_MS;
}
