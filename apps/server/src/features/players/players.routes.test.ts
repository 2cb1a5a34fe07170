import type { ApiError, MapStatsResponse, PlayerStatsResponse, PlayersListResponse } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRound, insertServer, type FixtureSession } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The players list, the player profile and a player's maps on a hand-built dataset whose right answers are
 * worked out by hand (spec site-statistics §3 Player search result, Player stats, Player server entry, Player
 * insights, Map stat; §5 K/D; §7).
 *
 * Rounds by key, sessions as name score/kills/deaths/minutes:
 *   1  Alpha, 100 days ago 10:00–11:00, midway: Ace 80/30/0/60 (no deaths), Bob 40/10/5/60
 *   2  Alpha,  20 days ago 10:00–10:30, wake:   Ace 50/20/10/30, Bob 60/20/2/30
 *   3  Bravo,   3 days ago 22:30–23:30, wake:   Ace 30/6/3/60, Cid 10/2/2/60
 *   4  Alpha,  today 10:00–10:30, wake:         Ace 20/5/5/30 (ping 40), Bob 5/1/1/30
 *   5  Bravo,  open since 11:54:                Ace 7/3/1/5, seen a minute ago: online
 * Odd names: 'Ünï /#% 名前' plays round 6 (Bravo, 2 days ago).
 */

const NOW = '2026-03-11T12:00:00.000Z';
const DAY_MS = 86_400_000;
const daysAgo = (days: number, time: string) =>
  `${new Date(Date.parse(NOW) - days * DAY_MS).toISOString().slice(0, 10)}T${time}.000Z`;
const ODD_NAME = 'Ünï /#% 名前';

let database: TestDatabase;
let app: FastifyInstance;

const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

const session = (name: string, score: number, kills: number, deaths: number, minutes: number): FixtureSession => ({
  name,
  score,
  kills,
  deaths,
  minutes,
});

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  for (const [guid, name, game] of [
    ['guid-a', 'Alpha', 'bf1942'],
    ['guid-b', 'Bravo', 'fh2'],
  ] as const) {
    insertServer(sqlite, { serverGuid: guid, name, game, firstSeen: daysAgo(200, '00:00:00'), lastSeen: NOW });
  }
  insertRound(sqlite, {
    roundKey: 1,
    serverGuid: 'guid-a',
    mapName: 'midway',
    start: daysAgo(100, '10:00:00'),
    end: daysAgo(100, '11:00:00'),
    sessions: [session('Ace', 80, 30, 0, 60), session('Bob', 40, 10, 5, 60)],
  });
  insertRound(sqlite, {
    roundKey: 2,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: daysAgo(20, '10:00:00'),
    end: daysAgo(20, '10:30:00'),
    sessions: [session('Ace', 50, 20, 10, 30), session('Bob', 60, 20, 2, 30)],
  });
  insertRound(sqlite, {
    roundKey: 3,
    serverGuid: 'guid-b',
    mapName: 'wake',
    start: daysAgo(3, '22:30:00'),
    end: daysAgo(3, '23:30:00'),
    sessions: [session('Ace', 30, 6, 3, 60), session('Cid', 10, 2, 2, 60)],
  });
  insertRound(sqlite, {
    roundKey: 4,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: daysAgo(0, '10:00:00'),
    end: daysAgo(0, '10:30:00'),
    sessions: [{ ...session('Ace', 20, 5, 5, 30), ping: 40 }, session('Bob', 5, 1, 1, 30)],
  });
  insertRound(sqlite, {
    roundKey: 5,
    serverGuid: 'guid-b',
    mapName: 'kursk',
    start: daysAgo(0, '11:54:00'),
    end: null,
    sessions: [{ ...session('Ace', 7, 3, 1, 5), lastSeen: daysAgo(0, '11:59:00') }],
  });
  insertRound(sqlite, {
    roundKey: 6,
    serverGuid: 'guid-b',
    mapName: 'kursk',
    start: daysAgo(2, '10:00:00'),
    end: daysAgo(2, '11:00:00'),
    sessions: [session(ODD_NAME, 12, 4, 4, 60)],
  });
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

describe('GET /stats/players/{playerName}', () => {
  let ace: PlayerStatsResponse;
  beforeAll(async () => {
    ace = await getJson<PlayerStatsResponse>('/stats/players/Ace');
  });

  it("adds the round being played to the closed rounds' totals", () => {
    expect(ace).toMatchObject({
      playerName: 'Ace',
      totalScore: 187,
      totalKills: 64,
      totalDeaths: 19,
      totalRounds: 5,
      totalPlayTimeMinutes: 185,
      firstPlayed: daysAgo(100, '10:00:00'),
      lastPlayed: daysAgo(0, '11:59:00'),
      isActive: true,
      currentServer: {
        serverGuid: 'guid-b',
        serverName: 'Bravo',
        gameId: 'fh2',
        mapName: 'kursk',
        roundId: 'round-5',
        startTime: daysAgo(0, '11:54:00'),
        sessionKills: 3,
        sessionDeaths: 1,
        sessionScore: 7,
      },
    });
  });

  it('lists the recent sessions newest first', () => {
    expect(ace.recentSessions.map((entry) => [entry.roundId, entry.isActive, entry.totalScore])).toEqual([
      ['round-5', true, 7],
      ['round-4', false, 20],
      ['round-3', false, 30],
      ['round-2', false, 50],
      ['round-1', false, 80],
    ]);
  });

  it('gives the best single rounds of all time, the last 30 days and the last 7, closed rounds only', () => {
    const scores = (list: PlayerStatsResponse['bestScores']['allTime']) => list.map((entry) => entry.score);
    expect(scores(ace.bestScores.allTime)).toEqual([80, 50, 30, 20]);
    expect(scores(ace.bestScores.last30Days)).toEqual([50, 30, 20]);
    expect(scores(ace.bestScores.thisWeek)).toEqual([30, 20]);
    expect(ace.bestScores.allTime[0]).toEqual({
      roundId: 'round-1',
      score: 80,
      kills: 30,
      deaths: 0,
      mapName: 'midway',
      serverName: 'Alpha',
      serverGuid: 'guid-a',
      timestamp: daysAgo(100, '11:00:00'),
    });
  });

  it('gives per-server figures, K/D being the kills without deaths (§5), the round being played included', () => {
    // Bravo: round 3 (30/6/3, 60 min) and the open round 5 (7/3/1, 5 min); its best score stays round 3's.
    expect(ace.servers).toEqual([
      {
        serverGuid: 'guid-a',
        serverName: 'Alpha',
        gameId: 'bf1942',
        kdRatio: 3.67,
        totalRounds: 3,
        killsPerMinute: 0.458,
        highestScore: 80,
        highestScoreRoundId: 'round-1',
        highestScoreMapName: 'midway',
        highestScoreStartTime: daysAgo(100, '10:00:00'),
        bestScoreDate: daysAgo(100, '11:00:00'),
        totalKills: 55,
        totalDeaths: 15,
        totalMinutes: 120,
      },
      {
        serverGuid: 'guid-b',
        serverName: 'Bravo',
        gameId: 'fh2',
        kdRatio: 2.25,
        totalRounds: 2,
        killsPerMinute: 0.138,
        highestScore: 30,
        highestScoreRoundId: 'round-3',
        highestScoreMapName: 'wake',
        highestScoreStartTime: daysAgo(3, '22:30:00'),
        bestScoreDate: daysAgo(3, '23:30:00'),
        totalKills: 9,
        totalDeaths: 4,
        totalMinutes: 65,
      },
    ]);
  });

  it('ranks the player as the server rankings do (3 closed rounds and 30 minutes there), with the average ping', async () => {
    // Alpha: Ace and Bob have 3 closed rounds each; on Bravo nobody has more than one, so nobody is ranked there.
    expect(ace.insights.serverRankings).toEqual([
      { serverGuid: 'guid-a', serverName: 'Alpha', rank: 1, totalRankedPlayers: 2, averagePing: 40 },
    ]);
    const bob = await getJson<PlayerStatsResponse>('/stats/players/Bob');
    expect(bob.insights.serverRankings).toEqual([
      { serverGuid: 'guid-a', serverName: 'Alpha', rank: 2, totalRankedPlayers: 2, averagePing: null },
    ]);
    expect(bob.servers[0]).toMatchObject({ kdRatio: 3.88, totalKills: 31, totalDeaths: 8 });
  });

  it('spreads minutes over the UTC hours they were played in, over the week (today and the 6 days before)', () => {
    const byHour = Object.fromEntries(ace.insights.activityByHour.map((entry) => [entry.hour, entry.minutesActive]));
    expect(ace.insights.activityByHour).toHaveLength(24);
    // Round 4 at 10:00–10:30; round 3 from 22:30 to 23:30; the live round from 11:54; rounds 1 and 2 are older
    // than the week.
    expect(byHour).toMatchObject({ 10: 30, 11: 5, 22: 30, 23: 30, 9: 0 });
    expect(Object.values(byHour).reduce((sum, minutes) => sum + minutes, 0)).toBe(95);
    expect(ace.insights.startPeriod).toBe(daysAgo(6, '00:00:00'));
  });

  it('traces K/D and kill rate per day played over the last 90 days, the round being played on today', () => {
    // Today: round 4 (5/5, 30 min) and the open round 5 (3/1, 5 min): K/D 8/6, kill rate 8/35.
    expect(ace.recentStats).toEqual({
      analysisPeriodStart: daysAgo(89, '00:00:00'),
      analysisPeriodEnd: NOW,
      totalRoundsAnalyzed: 4,
      kdRatioTrend: [
        { timestamp: daysAgo(20, '00:00:00'), value: 2 },
        { timestamp: daysAgo(3, '00:00:00'), value: 2 },
        { timestamp: daysAgo(0, '00:00:00'), value: 1.33 },
      ],
      killRateTrend: [
        { timestamp: daysAgo(20, '00:00:00'), value: 0.67 },
        { timestamp: daysAgo(3, '00:00:00'), value: 0.1 },
        { timestamp: daysAgo(0, '00:00:00'), value: 0.23 },
      ],
    });
  });

  it('finds odd names URL-decoded, and answers 404 (never 500, never repeating the name) for names nobody has', async () => {
    const odd = await getJson<PlayerStatsResponse>(`/stats/players/${encodeURIComponent(ODD_NAME)}`);
    expect(odd).toMatchObject({ playerName: ODD_NAME, totalScore: 12, isActive: false, currentServer: null });
    for (const name of [
      ' ',
      '/',
      '#',
      '%',
      'ace',
      'Ünï',
      'x'.repeat(100),
      '名'.repeat(60),
      '名前',
      "'; drop table players; --",
    ]) {
      const error = await getJson<ApiError>(`/stats/players/${encodeURIComponent(name)}`, 404);
      expect(error).toEqual({ error: 'not_found', message: 'No player with this name has been seen by Frontline' });
    }
    await getJson<ApiError>(`/stats/players/${'x'.repeat(300)}`, 400);
  });
});

describe('GET /stats/players', () => {
  const names = (answer: PlayersListResponse) => answer.items.map((item) => item.playerName);

  it('lists players by last sighting, newest first, the online ones with their server', async () => {
    const answer = await getJson<PlayersListResponse>('/stats/players');
    expect(names(answer)).toEqual(['Ace', 'Bob', ODD_NAME, 'Cid']);
    expect(answer).toMatchObject({ currentPage: 1, totalItems: 4, totalPages: 1 });
    expect(answer.items[0]).toEqual({
      playerName: 'Ace',
      displayName: 'Ace',
      totalPlayTimeMinutes: 185,
      lastSeen: daysAgo(0, '11:59:00'),
      isActive: true,
      currentServer: { serverGuid: 'guid-b', serverName: 'Bravo', mapName: 'kursk', sessionKills: 3, sessionDeaths: 1 },
    });
    expect(answer.items[1]).toMatchObject({ lastSeen: daysAgo(0, '10:30:00'), isActive: false, currentServer: null });
  });

  it('sorts by name either way, filters by part of the name, or lists only the players online', async () => {
    expect(names(await getJson('/stats/players?sortBy=playerName&sortOrder=asc'))).toEqual([
      'Ace',
      'Bob',
      'Cid',
      ODD_NAME,
    ]);
    expect(names(await getJson('/stats/players?sortBy=lastSeen&sortOrder=asc'))).toEqual([
      'Cid',
      ODD_NAME,
      'Bob',
      'Ace',
    ]);
    expect(names(await getJson('/stats/players?playerName=B'))).toEqual(['Bob']);
    expect(names(await getJson(`/stats/players?playerName=${encodeURIComponent('/#%')}`))).toEqual([ODD_NAME]);
    expect(names(await getJson('/stats/players?isActive=true'))).toEqual(['Ace']);
    const past = await getJson<PlayersListResponse>('/stats/players?page=3&pageSize=2');
    expect(past).toMatchObject({ items: [], currentPage: 3, totalItems: 4, totalPages: 2 });
  });

  it("lists one game's players online (the server browser's Playing Now), by its id or its route alias", async () => {
    // Ace's open session is on Bravo, an FH2 server.
    const fh2 = await getJson<PlayersListResponse>('/stats/players?isActive=true&game=fh2&pageSize=10');
    expect(names(fh2)).toEqual(['Ace']);
    expect(fh2).toMatchObject({ totalItems: 1, totalPages: 1 });
    expect(fh2.items[0]?.currentServer?.serverName).toBe('Bravo');
    expect(names(await getJson('/stats/players?isActive=true&game=FH2'))).toEqual(['Ace']);
    expect(await getJson('/stats/players?isActive=true&game=bf1942')).toMatchObject({ items: [], totalItems: 0 });
    expect(await getJson('/stats/players?isActive=true&game=bfv')).toMatchObject({ items: [], totalItems: 0 });
    // With a name filter too.
    expect(names(await getJson('/stats/players?isActive=true&game=fh2&playerName=ac'))).toEqual(['Ace']);
    expect(names(await getJson('/stats/players?isActive=true&game=fh2&playerName=Bob'))).toEqual([]);
  });

  it('answers 400 naming each bad parameter', async () => {
    for (const [query, parameter] of [
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['sortBy=score', 'sortBy'],
      ['sortOrder=up', 'sortOrder'],
      ['isActive=yes', 'isActive'],
      ['isActive=true&game=quake', 'game'],
      // Only the players online have one game (their open session's server).
      ['game=fh2', 'game'],
    ]) {
      const error = await getJson<ApiError>(`/stats/players?${query}`, 400);
      expect(error.details?.map((detail) => detail.parameter)).toEqual([parameter]);
    }
  });
});

describe('GET /stats/players/{playerName}/server/{serverGuid}/mapstats', () => {
  const mapStats = (range: string) =>
    getJson<MapStatsResponse>(`/stats/players/Ace/server/guid-a/mapstats?range=${range}`);

  it('sums the last 30 days exactly, and this year and last year by calendar month', async () => {
    const wake = {
      mapName: 'wake',
      totalScore: 70,
      totalKills: 25,
      totalDeaths: 15,
      sessionsPlayed: 2,
      totalPlayTimeMinutes: 60,
    };
    expect(await mapStats('Last30Days')).toEqual([wake]);
    expect(await mapStats('ThisYear')).toEqual([wake]);
    expect(await mapStats('LastYear')).toEqual([
      {
        mapName: 'midway',
        totalScore: 80,
        totalKills: 30,
        totalDeaths: 0,
        sessionsPlayed: 1,
        totalPlayTimeMinutes: 60,
      },
    ]);
    expect(await getJson('/stats/players/Cid/server/guid-a/mapstats')).toEqual([]);
  });

  it('answers 404 for an unknown player or server and 400 for an unknown range', async () => {
    await getJson<ApiError>('/stats/players/Nobody/server/guid-a/mapstats', 404);
    await getJson<ApiError>('/stats/players/Ace/server/guid-x/mapstats', 404);
    const error = await getJson<ApiError>('/stats/players/Ace/server/guid-a/mapstats?range=AllTime', 400);
    expect(error.details?.[0]?.parameter).toBe('range');
  });
});
