import type { HourlyEntry } from './busy.ts';

/**
 * The bars of a server's typical day, wherever they are drawn: the Activity Forecast, a row's timeline, the
 * server profile's header strip. Only those (lazy) parts use it, so the server list's first bundle does not.
 */

/** Spec §9: "Forecast bar height at least 8 px on the browser"; "timeline bars 2 to 18 px". */
export const FORECAST_BAR_MIN_PX = 8;
export const FORECAST_BAR_MAX_PX = 72;
export const TIMELINE_BAR_MIN_PX = 2;
export const TIMELINE_BAR_MAX_PX = 18;

/**
 * A bar's height: proportional to the busiest hour, clamped to [min, max] px; null for an hour without history,
 * which is drawn as missing (hatched), never as a 0-player bar.
 */
export function barHeight(value: number | null, peak: number, minPx: number, maxPx: number): number | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || !Number.isFinite(peak) || peak <= 0 || value <= 0) return minPx;
  return Math.round(Math.max(minPx, Math.min(maxPx, (value / peak) * maxPx)));
}

/** The timeline ordered by UTC hour 0–23, whatever order it came in. */
export function orderedTimeline(timeline: readonly HourlyEntry[]): HourlyEntry[] {
  return [...timeline].sort((a, b) => a.hour - b.hour);
}

/** The busiest hour's typical players; hours without history do not count. */
export function peakTypicalPlayers(timeline: readonly HourlyEntry[]): number {
  return timeline.reduce((peak, entry) => Math.max(peak, entry.typicalPlayers ?? 0), 0);
}
