import type {
  PlayerSessionsResponse,
  RoundWithPlayers,
  RoundsListResponse,
  Session,
  SessionsPlayerInfo,
} from '@frontline/contract';

/** Answers of the session calls, shaped as the contract types them, for the sessions feature's tests. */

export const minutesAgo = (minutes: number, now = Date.now()) => new Date(now - minutes * 60_000).toISOString();

export function makeSession(id: number, extra: Partial<Session> = {}): Session {
  return {
    sessionId: id,
    roundId: `round-${id}`,
    playerName: `Soldier ${id}`,
    startTime: minutesAgo(60),
    endTime: minutesAgo(30),
    durationMinutes: 30,
    score: 40,
    kills: 10,
    deaths: 5,
    isActive: false,
    teamLabel: 'Axis',
    serverName: 'Alpha #1 / Wake',
    serverGuid: 'guid-alpha',
    gameId: 'bf1942',
    mapName: 'wake',
    gameType: 'conquest',
    participantCount: 12,
    ...extra,
  };
}

export function makeRound(
  roundId: string,
  players: Session[],
  extra: Partial<RoundWithPlayers> = {},
): RoundWithPlayers {
  return {
    roundId,
    serverName: 'Alpha #1 / Wake',
    serverGuid: 'guid-alpha',
    gameId: 'bf1942',
    mapName: 'wake',
    gameType: 'conquest',
    startTime: minutesAgo(60),
    endTime: minutesAgo(30),
    durationMinutes: 30,
    participantCount: players.length,
    isActive: false,
    team1Label: 'Axis',
    team2Label: 'Allies',
    tickets1: 120,
    tickets2: 0,
    players: players.map((player) => ({ ...player, roundId })),
    ...extra,
  };
}

export function roundsAnswer(items: RoundWithPlayers[], extra: Partial<RoundsListResponse> = {}): RoundsListResponse {
  return {
    items,
    currentPage: 1,
    pageSize: 10,
    totalItems: items.length,
    totalPages: 1,
    playerInfo: null,
    ...extra,
  };
}

export function playerInfo(playerName: string, extra: Partial<SessionsPlayerInfo> = {}): SessionsPlayerInfo {
  return {
    playerName,
    totalRounds: 42,
    totalScore: 1234,
    totalKills: 300,
    totalDeaths: 150,
    totalPlayTimeMinutes: 1500,
    firstSeen: minutesAgo(60 * 24 * 20),
    lastSeen: minutesAgo(5),
    ...extra,
  };
}

export function playerSessionsAnswer(
  playerName: string,
  items: Session[],
  extra: Partial<PlayerSessionsResponse> = {},
): PlayerSessionsResponse {
  return {
    items,
    playerInfo: playerInfo(playerName),
    currentPage: 1,
    pageSize: 10,
    totalItems: items.length,
    totalPages: 1,
    ...extra,
  };
}
