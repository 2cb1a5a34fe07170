import { BUSY_LEVEL_TEXTS, type BusyIndicatorResponse, type BusyLevel } from '@frontline/contract';

/**
 * Busy indicators and the 24-hour forecast, as the server browser and the server profile show them (spec:
 * site-statistics §3 "Busy indicator response", §9 constants). Which servers are asked for, and in which
 * batches, is the contract's rule (busy-guids.ts), shared with the server that preloads the same calls.
 */

export type BusyResult = BusyIndicatorResponse['serverResults'][number];
export type HourlyEntry = BusyResult['hourlyTimeline'][number];

/** The title of the forecast wherever it opens (the browser's rows, the profile's header strip). */
export const FORECAST_TITLE = 'Activity Forecast';

/**
 * Spec §3: "Busy level: very_busy, busy, moderate, quiet, very_quiet, else Unknown." A level says how busy a server
 * is now against its usual players at this hour, so the badge words it as the API's busyText does ("Busier than
 * usual" … "Quieter than usual", the contract's BUSY_LEVEL_TEXTS); a level the site does not know reads "Unknown"
 * (§3). The dot's colour also fills a timeline's bars.
 */
const BUSY_LEVEL_STYLES: Record<BusyLevel, { label: string; dot: string; text: string }> = {
  very_busy: { label: BUSY_LEVEL_TEXTS.very_busy, dot: 'bg-danger', text: 'text-danger' },
  busy: { label: BUSY_LEVEL_TEXTS.busy, dot: 'bg-warn', text: 'text-warn' },
  moderate: { label: BUSY_LEVEL_TEXTS.moderate, dot: 'bg-good', text: 'text-good' },
  quiet: { label: BUSY_LEVEL_TEXTS.quiet, dot: 'bg-info', text: 'text-info' },
  very_quiet: { label: BUSY_LEVEL_TEXTS.very_quiet, dot: 'bg-faint', text: 'text-muted' },
  unknown: { label: 'Unknown', dot: 'bg-line-strong', text: 'text-muted' },
};

export function busyLevelStyle(level: string): (typeof BUSY_LEVEL_STYLES)[BusyLevel] {
  return level in BUSY_LEVEL_STYLES ? BUSY_LEVEL_STYLES[level as BusyLevel] : BUSY_LEVEL_STYLES.unknown;
}
