import type { LiveServer } from '@frontline/contract';

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
