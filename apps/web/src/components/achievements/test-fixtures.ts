import type { Achievement, GamificationResponse, OwnedBadge } from '@frontline/contract';

/** Awards as the API sends them (contract-typed), for the achievement screens' tests. */

export function makeAward(overrides: Partial<Achievement> = {}): Achievement {
  return {
    achievementId: 'round_placement_1',
    achievementType: 'round_placement',
    achievementName: '1st Place',
    tier: 'gold',
    value: 1,
    achievedAt: '2025-06-01T12:00:00Z',
    mapName: 'el_alamein',
    serverGuid: 'guid-1',
    serverName: 'Alpha Server',
    roundId: 'round-1',
    playerName: 'Sniper',
    metadata: '{"Kills":12,"Deaths":3,"Score":40,"TeamLabel":"Axis","ServerName":"Alpha Server"}',
    ...overrides,
  };
}

export function makeStreakAward(threshold: number, achievedAt: string, overrides: Partial<Achievement> = {}) {
  return makeAward({
    achievementId: `kill_streak_${threshold}`,
    achievementType: 'kill_streak',
    achievementName: `Kill streak ${threshold}`,
    tier: 'bronze',
    value: threshold,
    achievedAt,
    metadata: JSON.stringify({ actualStreak: threshold, roundKills: threshold + 2 }),
    ...overrides,
  });
}

export function makeOwned(overrides: Partial<OwnedBadge> = {}): OwnedBadge {
  return { ...makeAward(overrides), count: 1, ...overrides };
}

export function makeGamification(overrides: Partial<GamificationResponse> = {}): GamificationResponse {
  return {
    playerName: 'Sniper',
    milestones: [],
    allBadges: [],
    teamVictories: [],
    recentAchievements: [],
    bestStreaks: {
      bestSingleRoundStreak: 0,
      bestStreakDate: null,
      bestStreakMap: null,
      bestStreakServer: null,
      recentStreaks: [],
    },
    milestoneTotals: { kills: 0, score: 0, playTimeMinutes: 0 },
    ...overrides,
  };
}
