import type { BusyResult, HourlyEntry } from './busy.ts';

/** Test data builders for busy indicators and forecasts (the server browser's and the server profile's tests). */

/** 24 hours; `typical` may give null for an hour without history. */
export function makeTimeline(
  currentHour: number,
  typical: (hour: number) => number | null = (hour) => hour,
): HourlyEntry[] {
  return Array.from({ length: 24 }, (_, hour) => {
    const typicalPlayers = typical(hour);
    return {
      hour,
      typicalPlayers,
      busyLevel: typicalPlayers === null ? 'unknown' : hour === currentHour ? 'busy' : 'quiet',
      isCurrentHour: hour === currentHour,
      basis: typicalPlayers === null ? 'none' : 'weekday_hour',
      dataPoints: typicalPlayers === null ? 0 : 4,
    };
  });
}

export function makeBusyResult(serverGuid: string, overrides: Partial<BusyResult['busyIndicator']> = {}): BusyResult {
  return {
    serverGuid,
    busyIndicator: {
      busyLevel: 'very_busy',
      busyText: 'Busier than usual',
      typicalPlayers: 18,
      currentPlayers: 24,
      basis: 'weekday_hour',
      dataPoints: 4,
      historyDays: 30,
      ...overrides,
    },
    hourlyTimeline: makeTimeline(20),
  };
}
