import type { LiveServer } from '@frontline/contract';
import type { BusyResult, HourlyEntry } from './busy.ts';

/** Test data builders shared by the server browser's tests. */

let counter = 0;

export function makeServer(overrides: Partial<LiveServer> = {}): LiveServer {
  counter += 1;
  return {
    guid: `guid-${counter}`,
    name: `Server ${counter}`,
    ip: `10.0.0.${counter % 250}`,
    port: 14567,
    game: 'bf1942',
    numPlayers: 10,
    botCount: 0,
    maxPlayers: 32,
    mapName: 'Wake Island',
    gameType: 'conquest',
    roundTimeRemain: 600,
    roundStartedAt: null,
    roundTimeLimit: null,
    hasPassword: false,
    timezone: 'Europe/Amsterdam',
    country: 'NL',
    joinLink: 'bf1942://10.0.0.1:14567',
    discordUrl: null,
    forumUrl: null,
    ...overrides,
  };
}

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
      busyLevel: 'busy',
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
