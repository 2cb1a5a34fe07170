import type {
  LiveServerDetail,
  ServerDetailsResponse,
  ServerInsightsResponse,
  ServerLeaderboard,
} from '@frontline/contract';

/** Answers of the server profile's calls, shaped by the contract, for the feature's tests. */

export function makeLeaderboard(
  period: ServerLeaderboard['period'],
  overrides: Partial<ServerLeaderboard> = {},
): ServerLeaderboard {
  return {
    period,
    startPeriod: '2026-01-01T00:00:00Z',
    endPeriod: '2026-01-08T00:00:00Z',
    minRoundsForRatios: period === 'Week' ? 3 : period === 'Month' ? 10 : 20,
    minMinutesForRatios: 30,
    mostActivePlayersByTime: [{ playerName: `Active ${period}`, minutesPlayed: 125, totalKills: 40, totalDeaths: 20 }],
    topScores: [
      {
        playerName: 'Scorer',
        score: 88,
        kills: 30,
        deaths: 4,
        mapName: 'el_alamein',
        timestamp: '2026-01-07T20:00:00Z',
        roundId: 'round-1',
      },
    ],
    topKDRatios: [{ playerName: 'Sharp', kdRatio: 3.5, kills: 35, deaths: 10, totalRounds: 4 }],
    topKillRates: [{ playerName: 'Quick', killRate: 1.25, kills: 50, deaths: 12, totalRounds: 5 }],
    topPlacements: [
      { rank: 1, playerName: 'Everyone', firstPlaces: 2, secondPlaces: 1, thirdPlaces: 0, placementPoints: 8 },
    ],
    weightedTopPlacements: [
      { rank: 1, playerName: 'BigRounds', firstPlaces: 1, secondPlaces: 0, thirdPlaces: 1, placementPoints: 4 },
    ],
    ...overrides,
  };
}

export function makeDetails(overrides: Partial<ServerDetailsResponse> = {}): ServerDetailsResponse {
  return {
    serverGuid: 'guid-1',
    serverName: 'Wake 24/7 | EU',
    serverIp: '192.0.2.1',
    serverPort: 14567,
    gameId: 'bf1942',
    region: 'europe-west',
    country: 'Netherlands',
    countryCode: 'NL',
    timezone: 'Europe/Amsterdam',
    discordUrl: 'https://discord.gg/example',
    forumUrl: null,
    joinLink: 'bf1942://192.0.2.1:14567',
    isOnline: true,
    currentMap: 'wake_island',
    numPlayers: 12,
    maxPlayers: 32,
    startPeriod: '2025-06-01T00:00:00Z',
    endPeriod: '2026-01-08T00:00:00Z',
    addresses: [
      {
        serverGuid: 'guid-1',
        ip: '192.0.2.1',
        port: 14567,
        firstSeen: '2025-06-01T00:00:00Z',
        lastSeen: '2026-01-08T00:00:00Z',
      },
    ],
    minPlayersForWeighting: 15,
    recentRounds: [
      {
        roundId: 'round-live',
        mapName: 'wake_island',
        startTime: '2026-01-08T00:00:00Z',
        endTime: null,
        isActive: true,
        participantCount: 12,
      },
      {
        roundId: 'round-1',
        mapName: 'el_alamein',
        startTime: '2026-01-07T19:30:00Z',
        endTime: '2026-01-07T20:00:00Z',
        isActive: false,
        participantCount: 1,
      },
    ],
    leaderboards: [makeLeaderboard('Week'), makeLeaderboard('Month'), makeLeaderboard('AllTime')],
    ...overrides,
  };
}

export function makeInsights(days = 1, overrides: Partial<ServerInsightsResponse> = {}): ServerInsightsResponse {
  return {
    serverGuid: 'guid-1',
    serverName: 'Wake 24/7 | EU',
    days,
    startPeriod: '2026-01-07T00:00:00Z',
    endPeriod: '2026-01-08T00:00:00Z',
    bucketMinutes: 15,
    playerCountHistory: [
      { timestamp: '2026-01-07T00:00:00Z', playerCount: 10 },
      { timestamp: '2026-01-07T00:15:00Z', playerCount: 14 },
    ],
    playerCountHistoryComparison: [{ timestamp: '2026-01-07T00:00:00Z', playerCount: 8 }],
    playerCountSummary: { peakPlayerCount: 14 + days, averagePlayerCount: 12, changePercentFromPreviousPeriod: 20 },
    pingByHour: { data: [{ timePeriod: '2026-01-07T00:00:00Z', medianPing: 60, p95Ping: 140 }] },
    mapsStartPeriod: '2026-01-08T00:00:00Z',
    maps: [
      {
        mapName: 'wake_island',
        averagePlayerCount: 12.5,
        peakPlayerCount: 20,
        totalPlayTime: 90,
        playTimePercentage: 75,
      },
    ],
    ...overrides,
  };
}

export function makeLive(overrides: Partial<LiveServerDetail> = {}): LiveServerDetail {
  return {
    guid: 'guid-1',
    name: 'Wake 24/7 | EU',
    ip: '192.0.2.1',
    port: 14567,
    game: 'bf1942',
    numPlayers: 3,
    botCount: 0,
    maxPlayers: 32,
    mapName: 'wake_island',
    gameType: 'conquest',
    roundTimeRemain: 754,
    roundStartedAt: '2026-01-07T19:40:00.000Z',
    roundTimeLimit: 1800,
    hasPassword: false,
    timezone: 'Europe/Amsterdam',
    country: 'NL',
    joinLink: 'bf1942://192.0.2.1:14567',
    discordUrl: null,
    forumUrl: null,
    players: [
      { name: 'Alpha', score: 120, kills: 31, deaths: 4, ping: 45, team: 1, teamLabel: 'Axis', aiBot: false },
      { name: 'bravo', score: 30, kills: 6, deaths: 21, ping: 160, team: 1, teamLabel: 'Axis', aiBot: false },
      { name: 'Charlie', score: 60, kills: 16, deaths: 10, ping: 90, team: 2, teamLabel: 'Allies', aiBot: false },
    ],
    teams: [
      { index: 1, label: 'Axis', tickets: 120 },
      { index: 2, label: 'Allies', tickets: 95 },
    ],
    ...overrides,
  };
}
