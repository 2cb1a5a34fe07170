import type { BusyIndicatorResponse, BusyLevel } from '@frontline/contract';

/**
 * Busy indicators and the 24-hour forecast of the server browser (spec: site-statistics §3 "Busy indicator
 * response", §4 "refreshes busy indicators for the top 10 servers", §5 "Busy lookups skipped for servers
 * without guid", §7 "empty list makes no call; batches of 25 guids", §9 constants).
 */

export type BusyResult = BusyIndicatorResponse['serverResults'][number];
export type HourlyEntry = BusyResult['hourlyTimeline'][number];

/** Spec §9: "Busy indicators for top 10 servers, 25 guids per batch." (the rules are shared with the server,
 * which preloads the same calls: contract busy-guids.ts). */
export { BUSY_BATCH_SIZE, BUSY_TOP_SERVERS, selectBusyGuids, toBatches } from '@frontline/contract';

/** Spec §9: "Forecast bar height at least 8 px on the browser"; "timeline bars 2 to 18 px". */
export const FORECAST_BAR_MIN_PX = 8;
export const FORECAST_BAR_MAX_PX = 72;
export const TIMELINE_BAR_MIN_PX = 2;
export const TIMELINE_BAR_MAX_PX = 18;

/** Spec §3: "Busy level: very_busy, busy, moderate, quiet, very_quiet, else Unknown." */
export const BUSY_LEVEL_STYLES: Record<BusyLevel, { label: string; dot: string; text: string; bar: string }> = {
  very_busy: { label: 'Very busy', dot: 'bg-danger', text: 'text-danger', bar: 'bg-danger' },
  busy: { label: 'Busy', dot: 'bg-warn', text: 'text-warn', bar: 'bg-warn' },
  moderate: { label: 'Moderate', dot: 'bg-good', text: 'text-good', bar: 'bg-good' },
  quiet: { label: 'Quiet', dot: 'bg-info', text: 'text-info', bar: 'bg-info' },
  very_quiet: { label: 'Very quiet', dot: 'bg-faint', text: 'text-muted', bar: 'bg-faint' },
  unknown: { label: 'Unknown', dot: 'bg-line-strong', text: 'text-muted', bar: 'bg-line-strong' },
};

export function busyLevelStyle(level: string): (typeof BUSY_LEVEL_STYLES)[BusyLevel] {
  return level in BUSY_LEVEL_STYLES ? BUSY_LEVEL_STYLES[level as BusyLevel] : BUSY_LEVEL_STYLES.unknown;
}

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
