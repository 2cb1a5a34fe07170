import type { BusyResult, HourlyEntry } from './busy.ts';

/**
 * How sure a forecast is, in words (issue "Numbers a player can trust": say what a forecast rests on, without
 * alarming wording). Only the forecast's lazy chunk and the server profile use it, so the list's first bundle
 * does not carry these texts.
 */

type BusyIndicator = BusyResult['busyIndicator'];

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * How much history a rough estimate (basis `overall`, whose data points are every hour seen) rests on: the whole
 * days since the server was first seen ("2 days"), or in its first day the hours seen ("5 hours").
 */
function describeHistorySpan(indicator: Pick<BusyIndicator, 'dataPoints' | 'historyDays'>): string {
  return indicator.historyDays > 0
    ? plural(indicator.historyDays, 'day', 'days')
    : plural(indicator.dataPoints, 'hour', 'hours');
}

/** One sentence under the busy level: what the level and the typical figure rest on. */
export function describeForecastBasis(indicator: BusyIndicator): string {
  switch (indicator.basis) {
    case 'weekday_hour':
      return `Based on this weekday and hour in ${plural(indicator.dataPoints, 'past week', 'past weeks')}.`;
    case 'hour':
      return `Based on this hour on ${plural(indicator.dataPoints, 'past day', 'past days')} (any weekday).`;
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
  return `${plural(indicator.historyDays, 'day', 'days')} of data`;
}

/** A bar's players in words: "typically 12 players (3 past days)", or that the hour has no data yet. */
export function describeTypicalHour(entry: HourlyEntry): string {
  if (entry.typicalPlayers === null) return 'no data yet';
  const players = Math.round(entry.typicalPlayers);
  const span =
    entry.basis === 'weekday_hour'
      ? plural(entry.dataPoints, 'past week', 'past weeks')
      : plural(entry.dataPoints, 'past day', 'past days');
  return `typically ${plural(players, 'player', 'players')} (${span})`;
}

/** True when some hour has no history: the chart then says what its hatched bars mean. */
export function hasMissingHours(timeline: readonly HourlyEntry[]): boolean {
  return timeline.some((entry) => entry.typicalPlayers === null);
}
