import type { AccountProfileResponse, Buddy, FavoriteServer, LivePlayer, PlayerNameLink } from '@frontline/contract';

/** Profile answers as GET /stats/auth/profile sends them. */

const CREATED = '2026-11-01T10:00:00Z';

export function livePlayer(name: string, overrides: Partial<LivePlayer> = {}): LivePlayer {
  return {
    name,
    isOnline: false,
    currentServer: null,
    currentServerGuid: null,
    currentMap: null,
    currentSessionScore: 0,
    currentSessionKills: 0,
    currentSessionDeaths: 0,
    lastSeenIso: null,
    totalPlayTimeMinutes: 120,
    ...overrides,
  };
}

export function playerLink(id: number, playerName: string, player: LivePlayer | null = null): PlayerNameLink {
  return { id, playerName, createdAt: CREATED, player };
}

export function buddy(id: number, buddyPlayerName: string, player: LivePlayer | null = null): Buddy {
  return { id, buddyPlayerName, createdAt: CREATED, player };
}

export function favoriteServer(
  id: number,
  serverName: string,
  overrides: Partial<FavoriteServer> = {},
): FavoriteServer {
  return {
    id,
    serverGuid: `guid-${id}`,
    serverName,
    gameId: 'bf1942',
    currentMap: 'el_alamein',
    maxPlayers: 32,
    activeSessions: 10,
    joinLink: 'https://joinme.click/g/bf1942/1.2.3.4:14567',
    createdAt: CREATED,
    ...overrides,
  };
}

export function profile(
  lists: Partial<Pick<AccountProfileResponse, 'playerNames' | 'favoriteServers' | 'buddies'>> = {},
) {
  return {
    id: 7,
    email: 'alice@example.com',
    name: 'alice',
    createdAt: CREATED,
    lastLoggedIn: CREATED,
    playerNames: [],
    favoriteServers: [],
    buddies: [],
    ...lists,
  } satisfies AccountProfileResponse;
}
