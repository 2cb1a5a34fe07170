import type { BusyResult, HourlyEntry } from './busy.ts';
import { countOf } from '../plural.ts';

/**
 * How sure a forecast is, in words (issue "Numbers a player can trust": say what a forecast rests on, without
 * alarming wording). Only the forecast's lazy chunk and the server profile use it, so the list's first bundle
 * does not carry these texts.
 */

type BusyIndicator = BusyResult['busyIndicator'];

/**
 * How much history a rough estimate (basis `overall`, whose data points are every hour seen) rests on: the whole
 * days since the server was first seen ("2 days"), or in its first day the hours seen ("5 hours").
 */
function describeHistorySpan(indicator: Pick<BusyIndicator, 'dataPoints' | 'historyDays'>): string {
  return indicator.historyDays > 0 ? countOf(indicator.historyDays, 'day') : countOf(indicator.dataPoints, 'hour');
}

/** One sentence under the busy level: what the level and the typical figure rest on. */
export function describeForecastBasis(indicator: BusyIndicator): string {
  switch (indicator.basis) {
    case 'weekday_hour':
      return `Based on this weekday and hour in ${countOf(indicator.dataPoints, 'past week')}.`;
    case 'hour':
      return `Based on this hour on ${countOf(indicator.dataPoints, 'past day')} (any weekday).`;
    case 'overall':
      return `Rough estimate: based on ${describeHistorySpan(indicator)} of data so far.`;
    case 'none':
      return 'No history for this server yet: its forecast starts after its first full hour online.';
  }
}

/** A short label beside a forecast strip when it rests on less than weeks of history; null when it does. */
export function describeForecastConfidence(indicator: BusyIndicator): string | null {
  if (indicator.basis === 'weekday_hour') return null;
  if (indicator.basis === 'none') return 'No data yet';
  if (indicator.basis === 'overall') return `Rough estimate · ${describeHistorySpan(indicator)} of data`;
  return `${countOf(indicator.historyDays, 'day')} of data`;
}

/** A bar's players in words: "typically 12 players (3 past days)", or that the hour has no data yet. */
export function describeTypicalHour(entry: HourlyEntry): string {
  if (entry.typicalPlayers === null) return 'no data yet';
  const players = Math.round(entry.typicalPlayers);
  const span =
    entry.basis === 'weekday_hour' ? countOf(entry.dataPoints, 'past week') : countOf(entry.dataPoints, 'past day');
  return `typically ${countOf(players, 'player')} (${span})`;
}

/** True when some hour has no history: the chart then says what its hatched bars mean. */
export function hasMissingHours(timeline: readonly HourlyEntry[]): boolean {
  return timeline.some((entry) => entry.typicalPlayers === null);
}
