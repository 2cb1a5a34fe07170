import type { ComparisonResponse, GamificationResponse, PlayerStatsResponse } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRoundAchievements } from '../../ingest/store/round-achievements.ts';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * One player's figures read the same on every screen (docs/formulas.md): play time in whole minutes rounded to the
 * nearest (half a minute up) on the profile, its servers, its milestone totals and the comparison; and Favorite
 * Battlegrounds' best score is Best Scores' (a finished round with a score above 0).
 *
 * Tk plays two finished rounds on Alpha: 29 min 30 s scoring −4, and 30 min scoring −1 (team kills): 59 min 30 s
 * in all, shown as 60 minutes; no round above 0.
 */

const NOW = '2026-03-11T12:00:00.000Z';

/** The round's first and last polls: Tk at 0/0/0, then at the session's final score, kills and deaths. */
function pollsOf(start: string, end: string, [score, kills, deaths]: [number, number, number]) {
  const sample = { player: 0, ping: 40, team: 1 };
  return [
    { at: Date.parse(start), samples: [{ ...sample, score: 0, kills: 0, deaths: 0 }] },
    { at: Date.parse(end), samples: [{ ...sample, score, kills, deaths }] },
  ];
}

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, {
    serverGuid: 'guid-a',
    name: 'Alpha',
    firstSeen: '2026-03-01T00:00:00.000Z',
    lastSeen: NOW,
  });
  insertRound(sqlite, {
    roundKey: 1,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: '2026-03-10T10:00:00.000Z',
    end: '2026-03-10T10:29:30.000Z',
    sessions: [{ name: 'Tk', score: -4, kills: 1, deaths: 3, minutes: 29.5 }],
    polls: pollsOf('2026-03-10T10:00:00.000Z', '2026-03-10T10:29:30.000Z', [-4, 1, 3]),
  });
  insertRound(sqlite, {
    roundKey: 2,
    serverGuid: 'guid-a',
    mapName: 'midway',
    start: '2026-03-10T11:00:00.000Z',
    end: '2026-03-10T11:30:00.000Z',
    sessions: [{ name: 'Tk', score: -1, kills: 0, deaths: 1, minutes: 30 }],
    polls: pollsOf('2026-03-10T11:00:00.000Z', '2026-03-10T11:30:00.000Z', [-1, 0, 1]),
  });
  // Someone to compare Tk with (a player cannot be compared with himself).
  insertRound(sqlite, {
    roundKey: 3,
    serverGuid: 'guid-a',
    mapName: 'berlin',
    start: '2026-03-10T12:00:00.000Z',
    end: '2026-03-10T12:10:00.000Z',
    sessions: [{ name: 'Mate', score: 6, kills: 3, deaths: 0, minutes: 10 }],
    polls: pollsOf('2026-03-10T12:00:00.000Z', '2026-03-10T12:10:00.000Z', [6, 3, 0]),
  });
  // The milestone totals are the round-closed work's, as the collector's worker adds them.
  const achievements = createRoundAchievements(sqlite);
  achievements.awardRound(1);
  achievements.awardRound(2);
  achievements.awardRound(3);
  achievements.flush();
  app = await createTestApp({}, database);
});

afterAll(async () => {
  vi.useRealTimers();
  await app.close();
  await database.close();
});

describe("a player's play time and best score, as every screen shows them", () => {
  it('shows 59 min 30 s as 60 minutes on the profile, its server, the milestone totals and the comparison', async () => {
    const profile = await getJsonFrom<PlayerStatsResponse>(app, '/stats/players/Tk');
    expect(profile.totalPlayTimeMinutes).toBe(60);
    expect(profile.servers.map((server) => server.totalMinutes)).toEqual([60]);
    const gamification = await getJsonFrom<GamificationResponse>(app, '/stats/gamification/player/Tk');
    expect(gamification.milestoneTotals.playTimeMinutes).toBe(60);
    const comparison = await getJsonFrom<ComparisonResponse>(app, '/stats/players/compare?player1=Tk&player2=Mate');
    const allTime = comparison.bucketTotals.find((bucket) => bucket.bucket === 'AllTime');
    expect(allTime?.player1Totals.playTimeMinutes).toBe(60);
  });

  it('has no best score on a server where no finished round scored above 0, as Best Scores has none', async () => {
    const profile = await getJsonFrom<PlayerStatsResponse>(app, '/stats/players/Tk');
    expect(profile.bestScores.allTime).toEqual([]);
    expect(profile.servers[0]).toMatchObject({
      highestScore: null,
      highestScoreRoundId: null,
      highestScoreMapName: null,
      bestScoreDate: null,
    });
  });
});
