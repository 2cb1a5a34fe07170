import type { ActivityHoursResponse, ComparisonResponse, ComparisonTotals } from '@frontline/contract';

/** Comparison answers as the API sends them (contract-typed), for the comparison's tests. */

export function totals(score: number, kills: number, deaths: number, playTimeMinutes = 60): ComparisonTotals {
  return { score, kills, deaths, playTimeMinutes };
}

export function makeComparison(overrides: Partial<ComparisonResponse> = {}): ComparisonResponse {
  return {
    player1: 'Alpha',
    player2: 'Bravo',
    killRates: [
      { playerName: 'Alpha', killRate: 0.85 },
      { playerName: 'Bravo', killRate: 0.4 },
    ],
    averagePing: [
      { playerName: 'Alpha', averagePing: 120.4 },
      { playerName: 'Bravo', averagePing: 48 },
    ],
    bucketTotals: [
      { bucket: 'Last30Days', player1Totals: totals(900, 90, 30, 300), player2Totals: totals(400, 40, 50, 200) },
      { bucket: 'Last6Months', player1Totals: totals(2000, 200, 80, 900), player2Totals: totals(2100, 150, 90, 950) },
      { bucket: 'LastYear', player1Totals: totals(3000, 300, 100, 1500), player2Totals: totals(3500, 250, 120, 1700) },
      { bucket: 'AllTime', player1Totals: totals(5000, 500, 200, 3000), player2Totals: totals(4000, 300, 100, 2500) },
    ],
    mapPerformance: [
      { mapName: 'el_alamein', player1Totals: totals(1500, 120, 40), player2Totals: totals(900, 60, 30) },
      { mapName: 'berlin', player1Totals: totals(800, 70, 20), player2Totals: totals(1200, 100, 25) },
      { mapName: 'wake', player1Totals: totals(600, 30, 60), player2Totals: null },
      { mapName: 'stalingrad', player1Totals: totals(0, 0, 5), player2Totals: totals(300, 20, 0) },
    ],
    headToHead: [
      {
        roundId: 'round-new',
        timestamp: '2025-06-01T18:30:00Z',
        mapName: 'berlin',
        serverName: 'Alpha Server',
        serverGuid: 'guid-a',
        player1Score: 40,
        player1Kills: 12,
        player1Deaths: 4,
        player2Score: 35,
        player2Kills: 9,
        player2Deaths: 6,
      },
      {
        roundId: 'round-old',
        timestamp: '2025-05-20T10:00:00Z',
        mapName: 'el_alamein',
        serverName: 'Alpha Server',
        serverGuid: 'guid-a',
        player1Score: 20,
        player1Kills: 5,
        player1Deaths: 7,
        player2Score: 44,
        player2Kills: 14,
        player2Deaths: 3,
      },
    ],
    hourlyOverlap: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      player1Minutes: hour === 20 ? 50 : 0,
      player2Minutes: hour === 20 ? 40 : 0,
      overlapMinutes: hour === 20 ? 30 : 0,
    })),
    commonServers: [
      { guid: 'guid-a', name: 'Alpha Server', country: 'DE' },
      { guid: 'guid-b', name: 'Bravo Server', country: null },
    ],
    serverDetails: null,
    player1MilestoneAchievements: [
      {
        achievementId: 'total_kills_500',
        achievementName: '500 Kills',
        tier: 'silver',
        achievedAt: '2025-05-30T12:00:00Z',
        value: 500,
      },
    ],
    player2MilestoneAchievements: [],
    ...overrides,
  };
}

/** Minutes by UTC hour: `minutes` in each hour named, 0 in the others. */
export function makeActivityHours(
  player1: Record<number, number>,
  player2: Record<number, number>,
): ActivityHoursResponse {
  const hours = (minutes: Record<number, number>) =>
    Array.from({ length: 24 }, (_, hour) => ({ hour, minutesActive: minutes[hour] ?? 0 }));
  return {
    player1: 'Alpha',
    player2: 'Bravo',
    player1ActivityHours: hours(player1),
    player2ActivityHours: hours(player2),
  };
}
