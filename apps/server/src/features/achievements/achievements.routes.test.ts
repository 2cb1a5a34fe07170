import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type {
  AchievementsPageResponse,
  ApiError,
  GamificationResponse,
  InitialDataResponse,
  RoundAchievementsResponse,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundAchievements } from '../../ingest/store/round-achievements.ts';
import { insertScriptedRound, scriptedMinute } from '../../test/achievement-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The achievements API (issue 18 "API"; site-statistics §3 "Gamification response", "Achievement", §5
 * "Achievements query: page positive integer; pageSize only 25, 50 or 100", §7). Two scripted rounds two hours
 * apart (test/achievement-fixtures.ts), their achievements awarded by the round-closed step: Ace earns in each two
 * 5-kill streaks (6 and 5 kills), first place and a team victory.
 */

const FIRST = Date.parse('2026-03-01T12:00:00.000Z');
const SECOND = FIRST + 2 * 3_600_000;

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  insertScriptedRound(database.sqlite, 1, FIRST);
  insertScriptedRound(database.sqlite, 2, SECOND);
  const achievements = createRoundAchievements(database.sqlite);
  achievements.awardRound(1);
  achievements.awardRound(2);
  achievements.flush();
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /stats/gamification/player/{name}', () => {
  it("answers the player's collection, newest first, with how often each was earned", async () => {
    const answer = await getJsonFrom<GamificationResponse>(app, '/stats/gamification/player/Ace');
    expect(answer.allBadges.map((badge) => [badge.achievementId, badge.count, badge.achievedAt])).toEqual([
      ['kill_streak_5', 4, scriptedMinute(SECOND, 5)],
      ['round_placement_1', 2, scriptedMinute(SECOND, 5)],
      ['team_victory', 2, scriptedMinute(SECOND, 5)],
    ]);
    const [streak] = answer.allBadges;
    expect(streak).toMatchObject({
      achievementType: 'kill_streak',
      achievementName: 'First Blood',
      tier: 'bronze',
      value: 5,
      mapName: 'Wake Island',
      serverGuid: 'g',
      serverName: 'Wake 24/7',
      roundId: 'round-2',
      playerName: 'Ace',
    });
    expect(JSON.parse(streak!.metadata)).toEqual({ actual_streak: 5, round_kills: 12 });
    expect(answer.recentAchievements).toHaveLength(8);
    expect(answer.teamVictories.map((victory) => [victory.roundId, victory.tier, victory.value])).toEqual([
      ['round-2', 'legend', 150],
      ['round-1', 'legend', 150],
    ]);
    expect(answer.milestones).toEqual([]);
    expect(answer.milestoneTotals).toEqual({ kills: 24, score: 80, playTimeMinutes: 10 });
  });

  it('groups the streak awards into streaks: the best of all, and the newest first', async () => {
    const { bestStreaks } = await getJsonFrom<GamificationResponse>(app, '/stats/gamification/player/Ace');
    const streak = (startMs: number, minute: number, count: number, roundId: string) => ({
      streakCount: count,
      streakStart: scriptedMinute(startMs, minute),
      streakEnd: scriptedMinute(startMs, minute),
      serverGuid: 'g',
      serverName: 'Wake 24/7',
      mapName: 'Wake Island',
      roundId,
      isActive: false,
    });
    expect(bestStreaks).toEqual({
      // Of two equal bests, the first reached.
      bestSingleRoundStreak: 6,
      bestStreakDate: scriptedMinute(FIRST, 2),
      bestStreakMap: 'Wake Island',
      bestStreakServer: 'Wake 24/7',
      recentStreaks: [
        streak(SECOND, 5, 5, 'round-2'),
        streak(SECOND, 2, 6, 'round-2'),
        streak(FIRST, 5, 5, 'round-1'),
        streak(FIRST, 2, 6, 'round-1'),
      ],
    });
  });

  it('answers an empty collection for a player with none, and 404 for a name never seen', async () => {
    const bee = await getJsonFrom<GamificationResponse>(app, '/stats/gamification/player/Bee');
    expect(bee.allBadges.map((badge) => badge.achievementId)).toEqual(['round_placement_2']);
    expect(bee.bestStreaks).toMatchObject({ bestSingleRoundStreak: 0, bestStreakDate: null, recentStreaks: [] });
    const unknown = await getJsonFrom<ApiError>(app, '/stats/gamification/player/Nobody', 404);
    expect(unknown).toEqual({ error: 'not_found', message: 'No player with this name has been seen by Frontline' });
  });
});

describe('GET /stats/gamification/achievements', () => {
  const page = (query: string, status = 200) =>
    getJsonFrom<AchievementsPageResponse>(app, `/stats/gamification/achievements?${query}`, status);

  it('pages the player’s awards newest first, with the labels and maps of everything the player owns', async () => {
    const answer = await page('playerName=Ace&page=2&pageSize=25&sortBy=AchievedAt&sortOrder=desc');
    expect(answer).toMatchObject({ page: 2, pageSize: 25, totalItems: 8, totalPages: 1, items: [] });
    const first = await page('playerName=Ace&pageSize=25');
    expect(first.items.map((item) => [item.achievedAt, item.achievementId, item.roundId])).toEqual([
      [scriptedMinute(SECOND, 5), 'kill_streak_5', 'round-2'],
      [scriptedMinute(SECOND, 5), 'round_placement_1', 'round-2'],
      [scriptedMinute(SECOND, 5), 'team_victory', 'round-2'],
      [scriptedMinute(SECOND, 2), 'kill_streak_5', 'round-2'],
      [scriptedMinute(FIRST, 5), 'kill_streak_5', 'round-1'],
      [scriptedMinute(FIRST, 5), 'round_placement_1', 'round-1'],
      [scriptedMinute(FIRST, 5), 'team_victory', 'round-1'],
      [scriptedMinute(FIRST, 2), 'kill_streak_5', 'round-1'],
    ]);
    expect(first.playerAchievementLabels).toEqual([
      { achievementId: 'round_placement_1', displayName: '1st Place' },
      { achievementId: 'kill_streak_5', displayName: 'First Blood' },
      { achievementId: 'team_victory', displayName: 'Team Victory' },
    ]);
    expect(first.playerMaps).toEqual(['Wake Island']);
  });

  it('filters by achievement and by map, and sorts oldest first when asked', async () => {
    const streaks = await page('playerName=Ace&achievementId=kill_streak_5&sortOrder=asc');
    expect(streaks.totalItems).toBe(4);
    expect(streaks.items.map((item) => item.achievedAt)).toEqual([
      scriptedMinute(FIRST, 2),
      scriptedMinute(FIRST, 5),
      scriptedMinute(SECOND, 2),
      scriptedMinute(SECOND, 5),
    ]);
    expect((await page('playerName=Ace&mapName=Wake%20Island')).totalItems).toBe(8);
    const elsewhere = await page('playerName=Ace&mapName=El%20Alamein');
    expect(elsewhere).toMatchObject({ totalItems: 0, totalPages: 0, items: [] });
    // The filters' choices stay those of everything the player owns.
    expect(elsewhere.playerMaps).toEqual(['Wake Island']);
  });

  it.each([
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['sortBy=Name', 'sortBy'],
    ['sortOrder=up', 'sortOrder'],
    [`mapName=${'m'.repeat(101)}`, 'mapName'],
  ])('refuses %s with a 400 naming the parameter', async (query, parameter) => {
    const error = await getJsonFrom<ApiError>(app, `/stats/gamification/achievements?playerName=Ace&${query}`, 400);
    expect(JSON.stringify(error)).toContain(parameter);
  });

  it('refuses a missing player name with 400 and an unknown one with 404', async () => {
    const missing = await getJsonFrom<ApiError>(app, '/stats/gamification/achievements?page=1', 400);
    expect(JSON.stringify(missing)).toContain('playerName');
    await getJsonFrom<ApiError>(app, '/stats/gamification/achievements?playerName=Nobody', 404);
  });
});

describe('GET /stats/gamification/round/{roundId}', () => {
  it("lists the round's awards, oldest first", async () => {
    const answer = await getJsonFrom<RoundAchievementsResponse>(app, '/stats/gamification/round/round-1');
    expect(answer.items.map((item) => [item.playerName, item.achievementId])).toEqual([
      ['Ace', 'kill_streak_5'],
      ['Ace', 'kill_streak_5'],
      ['Ace', 'round_placement_1'],
      ['Ace', 'team_victory'],
      ['Bee', 'round_placement_2'],
      ['Cid', 'round_placement_3'],
      ['Cid', 'team_victory'],
      ['Dee', 'team_victory_switched'],
    ]);
    await getJsonFrom<ApiError>(app, '/stats/gamification/round/round-9', 404);
  });
});

describe('GET /stats/app/initialdata', () => {
  it('answers the badge catalogue with the team victories’ tiers keyed by lowercase tier, cached for an hour', async () => {
    const response = await app.inject({ method: 'GET', url: '/stats/app/initialdata' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const { badgeDefinitions } = response.json<InitialDataResponse>();
    // The catalogue of domain-facts §4: 7 streaks, 8 + 5 + 5 milestones, 4 + 4 + 3 + 3 badges, 4 social, 3 places, 2 victories.
    expect(badgeDefinitions).toHaveLength(48);
    expect(badgeDefinitions.find((badge) => badge.id === 'team_victory')).toEqual({
      id: 'team_victory',
      name: 'Team Victory',
      description: 'On the winning side at the end of a round',
      category: 'team_play',
      tier: 'bronze',
      requirements: { performance_tiers: { bronze: 0, silver: 0.7, gold: 1.0, legend: 1.2 } },
    });
  });
});
