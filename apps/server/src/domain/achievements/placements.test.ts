import { describe, expect, it } from 'vitest';
import { roundPlacements, type PlacementRound, type PlacementSession } from './placements.ts';

const ROUND: PlacementRound = {
  endTime: '2024-05-01T12:00:00.000Z',
  serverName: 'Frontline Wake Island',
  participantCount: 24,
};

function session(
  sessionId: number,
  playerName: string,
  score: number,
  kills: number,
  more: Partial<PlacementSession> = {},
) {
  return {
    sessionId,
    playerName,
    score,
    kills,
    deaths: 3,
    team: 1,
    teamLabel: 'Axis',
    isBot: false,
    ...more,
  } satisfies PlacementSession;
}

describe('roundPlacements', () => {
  it('"Top 3 sessions by TotalScore desc": 1st gold, 2nd silver, 3rd bronze, value = place, achievedAt = round EndTime', () => {
    const sessions = [
      session(1, 'Fourth', 10, 2),
      session(2, 'Second', 40, 9, { team: 2, teamLabel: 'Allies', deaths: 7 }),
      session(3, 'First', 55, 12, { deaths: 1 }),
      session(4, 'Third', 25, 4, { deaths: 0 }),
    ];

    expect(roundPlacements(sessions, ROUND)).toEqual([
      {
        achievementId: 'round_placement_1',
        playerName: 'First',
        value: 1,
        tier: 'gold',
        achievedAt: '2024-05-01T12:00:00.000Z',
        metadata: {
          Team: 1,
          TeamLabel: 'Axis',
          ServerName: 'Frontline Wake Island',
          Score: 55,
          Kills: 12,
          Deaths: 1,
          TotalPlayers: 24,
        },
      },
      {
        achievementId: 'round_placement_2',
        playerName: 'Second',
        value: 2,
        tier: 'silver',
        achievedAt: '2024-05-01T12:00:00.000Z',
        metadata: {
          Team: 2,
          TeamLabel: 'Allies',
          ServerName: 'Frontline Wake Island',
          Score: 40,
          Kills: 9,
          Deaths: 7,
          TotalPlayers: 24,
        },
      },
      {
        achievementId: 'round_placement_3',
        playerName: 'Third',
        value: 3,
        tier: 'bronze',
        achievedAt: '2024-05-01T12:00:00.000Z',
        metadata: {
          Team: 1,
          TeamLabel: 'Axis',
          ServerName: 'Frontline Wake Island',
          Score: 25,
          Kills: 4,
          Deaths: 0,
          TotalPlayers: 24,
        },
      },
    ]);
  });

  it("ranks as the servers' podium counts (domain/round-podium.ts): score, then kills, then fewer deaths, then name", () => {
    const sessions = [
      session(9, 'Bravo', 30, 5),
      session(4, 'FewerKills', 30, 4),
      session(7, 'Alpha', 30, 5),
      session(8, 'MoreDeaths', 30, 5, { deaths: 9 }),
      session(2, 'LowerScore', 29, 20),
    ];

    const podium = roundPlacements(sessions, ROUND);

    expect(podium.map((award) => [award.playerName, award.value])).toEqual([
      ['Alpha', 1],
      ['Bravo', 2],
      ['MoreDeaths', 3],
    ]);
  });

  it('"excluding AiBot players": flagged bots and default bot names take no place, the next human does', () => {
    const sessions = [
      session(1, 'Sgt.Flagged', 90, 30, { isBot: true }),
      session(2, 'BFPlayer_3', 80, 25),
      session(3, 'Human1', 50, 10),
      session(4, 'Human2', 40, 8),
      session(5, 'Human3', 30, 6),
      session(6, 'Human4', 20, 4),
    ];

    expect(roundPlacements(sessions, ROUND).map((award) => award.playerName)).toEqual(['Human1', 'Human2', 'Human3']);
  });

  it('"No minimum player count at award time", but only scorers stand on a podium (as on every screen)', () => {
    const sessions = [session(1, 'Alone', 5, 1), session(2, 'Pair', 1, 0), session(3, 'Idle', 0, 0)];

    const podium = roundPlacements(sessions, { ...ROUND, participantCount: 3 });

    expect(podium.map((award) => [award.achievementId, award.playerName, award.metadata.TotalPlayers])).toEqual([
      ['round_placement_1', 'Alone', 3],
      ['round_placement_2', 'Pair', 3],
    ]);
  });

  it('gives nothing for a round without human players', () => {
    expect(roundPlacements([], ROUND)).toEqual([]);
    expect(roundPlacements([session(1, 'BFSoldier', 10, 1)], ROUND)).toEqual([]);
  });

  it('leaves the caller’s list in its order (the ranking sorts a copy)', () => {
    const sessions = [session(1, 'Low', 1, 0), session(2, 'High', 9, 0)];

    roundPlacements(sessions, ROUND);

    expect(sessions.map((row) => row.playerName)).toEqual(['Low', 'High']);
  });
});
