import type {
  ApiError,
  ServerDetailsResponse,
  ServerInsightsResponse,
  ServerLeaderboard,
  ServerRankingsResponse,
  ServerSearchResponse,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../../db/database.ts';
import { upsertServerProfiles } from '../live-servers/server-profiles.repository.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';
import { insertPingHour, insertPopulation, insertRound, insertServer } from '../../test/round-fixtures.ts';

/**
 * The server profile calls on a small hand-built dataset whose right answers are worked out by hand below
 * (spec site-statistics §3 Server details, Server insights, Server ranking response; §5; §7).
 *
 * Server A, rounds by key (chronological), sessions as name score/kills/deaths/minutes:
 *   1  100 days ago, midway, 8 players:  Dan 200/80/20/90, Fay 5/7/0/15
 *   2   20 days ago, midway, 30 players: Eve 100/40/10/60, Ace 20/5/5/60
 *   3    3 days ago, wake, 12 players:   Bob 60/25/5/40, Ace 30/10/10/40, Eve 10/3/1/20
 *   4   today 10:00, wake, 20 players:   Ace 50/20/0/30, Bob 40/10/5/30, Cid 40/12/4/30, Dan 0/0/3/10
 *   5   today 11:00, midway, 16 players: Ace 10/5/0/20, Bob 5/2/1/20, Cid 5/1/1/20
 *   6   open (being played):             Ace 999/99/0/10 — in no aggregate until it closes
 * Server B, round 7: Ace 500 — must never show on A.
 */

const NOW = '2026-03-11T12:00:00.000Z';
const DAY_MS = 86_400_000;
const daysAgo = (days: number, time: string) =>
  `${new Date(Date.parse(NOW) - days * DAY_MS).toISOString().slice(0, 10)}T${time}.000Z`;

const SERVER_A = '=DOG= Alpha #1 / 100% fun';
const SERVER_B = 'Alamo Bravo';
const pathOf = (name: string) => `/stats/servers/${encodeURIComponent(name)}`;

let database: Database;
let app: FastifyInstance;

const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openDatabase(IN_MEMORY);
  const { sqlite } = database;
  insertServer(sqlite, {
    serverGuid: 'guid-a',
    name: SERVER_A,
    numPlayers: 12,
    firstSeen: daysAgo(120, '08:00:00'),
    lastSeen: NOW,
  });
  insertServer(sqlite, {
    serverGuid: 'guid-b',
    name: SERVER_B,
    ip: '203.0.113.8',
    isOnline: false,
    firstSeen: daysAgo(5, '08:00:00'),
    lastSeen: daysAgo(1, '08:00:00'),
  });
  upsertServerProfiles(sqlite, [
    {
      serverGuid: 'guid-a',
      country: 'DE',
      timezone: 'Europe/Berlin',
      region: 'europe-central',
      discordUrl: 'https://discord.gg/example',
      forumUrl: null,
    },
  ]);
  const session = (name: string, score: number, kills: number, deaths: number, minutes: number) => ({
    name,
    score,
    kills,
    deaths,
    minutes,
  });
  insertRound(sqlite, {
    roundKey: 1,
    serverGuid: 'guid-a',
    mapName: 'midway',
    start: daysAgo(100, '10:00:00'),
    end: daysAgo(100, '11:30:00'),
    participantCount: 8,
    sessions: [session('Dan', 200, 80, 20, 90), session('Fay', 5, 7, 0, 15)],
  });
  insertRound(sqlite, {
    roundKey: 2,
    serverGuid: 'guid-a',
    mapName: 'midway',
    start: daysAgo(20, '10:00:00'),
    end: daysAgo(20, '11:00:00'),
    participantCount: 30,
    sessions: [session('Eve', 100, 40, 10, 60), session('Ace', 20, 5, 5, 60)],
  });
  insertRound(sqlite, {
    roundKey: 3,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: daysAgo(3, '12:00:00'),
    end: daysAgo(3, '12:45:00'),
    participantCount: 12,
    sessions: [session('Bob', 60, 25, 5, 40), session('Ace', 30, 10, 10, 40), session('Eve', 10, 3, 1, 20)],
  });
  insertRound(sqlite, {
    roundKey: 4,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: daysAgo(0, '09:30:00'),
    end: daysAgo(0, '10:00:00'),
    participantCount: 20,
    sessions: [
      session('Ace', 50, 20, 0, 30),
      session('Bob', 40, 10, 5, 30),
      session('Cid', 40, 12, 4, 30),
      session('Dan', 0, 0, 3, 10),
    ],
    pollPlayerCounts: [10, 20],
  });
  insertRound(sqlite, {
    roundKey: 5,
    serverGuid: 'guid-a',
    mapName: 'midway',
    start: daysAgo(0, '10:40:00'),
    end: daysAgo(0, '11:00:00'),
    participantCount: 16,
    sessions: [session('Ace', 10, 5, 0, 20), session('Bob', 5, 2, 1, 20), session('Cid', 5, 1, 1, 20)],
  });
  insertRound(sqlite, {
    roundKey: 6,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: daysAgo(0, '11:30:00'),
    end: null,
    sessions: [session('Ace', 999, 99, 0, 10)],
  });
  insertRound(sqlite, {
    roundKey: 7,
    serverGuid: 'guid-b',
    mapName: 'wake',
    start: daysAgo(2, '10:00:00'),
    end: daysAgo(2, '11:00:00'),
    sessions: [session('Ace', 500, 100, 1, 60)],
  });
  // Insights, 7 days: two 2-hour buckets this period (averages 20 and 10, a poll of 25 at most), one in the
  // period before (12): average 15 against 12 is +25 %.
  insertPopulation(sqlite, 'guid-a', daysAgo(2, '10:05:00'), 20, 25);
  insertPopulation(sqlite, 'guid-a', daysAgo(1, '10:05:00'), 10);
  insertPopulation(sqlite, 'guid-a', daysAgo(10, '10:05:00'), 12);
  // 10 pings in 40–50 ms and 10 in 60–70 ms: the median (10th) ends bin 40 at 50 ms; the p95 (19th) lies 9/10
  // into bin 60, at 69 ms.
  insertPingHour(sqlite, 'guid-a', daysAgo(1, '10:00:00'), { 40: 10, 60: 10 });
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

describe('GET /stats/servers/{serverName}', () => {
  let details: ServerDetailsResponse;
  const board = (period: ServerLeaderboard['period']) => {
    const found = details.leaderboards.find((leaderboard) => leaderboard.period === period);
    if (!found) throw new Error(`no ${period} leaderboard`);
    return found;
  };

  beforeAll(async () => {
    details = await getJson<ServerDetailsResponse>(pathOf(SERVER_A));
  });

  it('finds the server by its URL-decoded name (with /, # and %) and gives its profile', () => {
    expect(details).toMatchObject({
      serverGuid: 'guid-a',
      serverName: SERVER_A,
      gameId: 'bf1942',
      serverIp: '203.0.113.7',
      serverPort: 14567,
      region: 'europe-central',
      country: 'Germany',
      countryCode: 'DE',
      timezone: 'Europe/Berlin',
      discordUrl: 'https://discord.gg/example',
      forumUrl: null,
      joinLink: 'bf1942://203.0.113.7:14567',
      startPeriod: daysAgo(120, '08:00:00'),
      endPeriod: NOW,
      minPlayersForWeighting: 15,
    });
  });

  it('lists recent rounds newest first, the one being played included', () => {
    expect(details.recentRounds.map((round) => [round.roundId, round.isActive])).toEqual([
      ['round-6', true],
      ['round-5', false],
      ['round-4', false],
      ['round-3', false],
      ['round-2', false],
      ['round-1', false],
    ]);
  });

  it('covers today and the 6 days before for Week, 30 days for Month, everything for AllTime', () => {
    expect(board('Week').startPeriod).toBe(daysAgo(6, '00:00:00'));
    expect(board('Month').startPeriod).toBe(daysAgo(29, '00:00:00'));
    expect(board('AllTime').startPeriod).toBe(daysAgo(120, '08:00:00'));
  });

  it('ranks the most active players of the week by minutes played (rounds 3, 4 and 5 only)', () => {
    expect(board('Week').mostActivePlayersByTime).toEqual([
      { playerName: 'Ace', minutesPlayed: 90, totalKills: 35, totalDeaths: 10 },
      { playerName: 'Bob', minutesPlayed: 90, totalKills: 37, totalDeaths: 11 },
      { playerName: 'Cid', minutesPlayed: 50, totalKills: 13, totalDeaths: 5 },
      { playerName: 'Eve', minutesPlayed: 20, totalKills: 3, totalDeaths: 1 },
      { playerName: 'Dan', minutesPlayed: 10, totalKills: 0, totalDeaths: 3 },
    ]);
  });

  it('lists single-round scores with their map, round and end, best first (newer round on a tie)', () => {
    expect(
      board('Week').topScores.map((score) => [score.playerName, score.score, score.mapName, score.roundId]),
    ).toEqual([
      ['Bob', 60, 'wake', 'round-3'],
      ['Ace', 50, 'wake', 'round-4'],
      ['Cid', 40, 'wake', 'round-4'],
      ['Bob', 40, 'wake', 'round-4'],
      ['Ace', 30, 'wake', 'round-3'],
      ['Ace', 10, 'midway', 'round-5'],
      ['Eve', 10, 'wake', 'round-3'],
      ['Cid', 5, 'midway', 'round-5'],
      ['Bob', 5, 'midway', 'round-5'],
    ]);
    expect(board('Week').topScores[0]).toMatchObject({ kills: 25, deaths: 5, timestamp: daysAgo(3, '12:45:00') });
    expect(
      board('AllTime')
        .topScores.slice(0, 2)
        .map((score) => [score.playerName, score.score]),
    ).toEqual([
      ['Dan', 200],
      ['Eve', 100],
    ]);
  });

  it('puts only players with the minimum rounds on the ratio boards (3 in a week, 10 in a month)', () => {
    const week = board('Week');
    expect(week.minRoundsForRatios).toBe(3);
    // Ace 35/10 = 3.5; Bob 37/11 = 3.36. Kill rates: Bob 37/90 min = 0.41, Ace 35/90 = 0.39.
    expect(week.topKDRatios).toEqual([
      { playerName: 'Ace', kdRatio: 3.5, kills: 35, deaths: 10, totalRounds: 3 },
      { playerName: 'Bob', kdRatio: 3.36, kills: 37, deaths: 11, totalRounds: 3 },
    ]);
    expect(week.topKillRates).toEqual([
      { playerName: 'Bob', killRate: 0.41, kills: 37, deaths: 11, totalRounds: 3 },
      { playerName: 'Ace', killRate: 0.39, kills: 35, deaths: 10, totalRounds: 3 },
    ]);
    expect(board('Month').minRoundsForRatios).toBe(10);
    expect(board('Month').topKDRatios).toEqual([]);
  });

  it('counts placements 3/2/1 from every closed round of the period, ordered by firsts, seconds, thirds', () => {
    // Round 3: Bob, Ace, Eve. Round 4: Ace, Cid (40, more kills than Bob), Bob. Round 5: Ace, Bob, Cid.
    expect(board('Week').topPlacements).toEqual([
      { rank: 1, playerName: 'Ace', firstPlaces: 2, secondPlaces: 1, thirdPlaces: 0, placementPoints: 8 },
      { rank: 2, playerName: 'Bob', firstPlaces: 1, secondPlaces: 1, thirdPlaces: 1, placementPoints: 6 },
      { rank: 3, playerName: 'Cid', firstPlaces: 0, secondPlaces: 1, thirdPlaces: 1, placementPoints: 3 },
      { rank: 4, playerName: 'Eve', firstPlaces: 0, secondPlaces: 0, thirdPlaces: 1, placementPoints: 1 },
    ]);
  });

  it('weights placements by counting only rounds with at least the minimum players', async () => {
    // Default 15: rounds 4 (20 players) and 5 (16).
    expect(board('Week').weightedTopPlacements.map((standing) => standing.playerName)).toEqual(['Ace', 'Bob', 'Cid']);
    expect(board('Week').weightedTopPlacements[0]).toMatchObject({ firstPlaces: 2, placementPoints: 6 });
    const at20 = await getJson<ServerDetailsResponse>(`${pathOf(SERVER_A)}?minPlayersForWeighting=20`);
    expect(at20.minPlayersForWeighting).toBe(20);
    expect(at20.leaderboards[0]?.weightedTopPlacements).toEqual([
      { rank: 1, playerName: 'Ace', firstPlaces: 1, secondPlaces: 0, thirdPlaces: 0, placementPoints: 3 },
      { rank: 2, playerName: 'Cid', firstPlaces: 0, secondPlaces: 1, thirdPlaces: 0, placementPoints: 2 },
      { rank: 3, playerName: 'Bob', firstPlaces: 0, secondPlaces: 0, thirdPlaces: 1, placementPoints: 1 },
    ]);
    const at25 = await getJson<ServerDetailsResponse>(`${pathOf(SERVER_A)}?minPlayersForWeighting=25`);
    expect(at25.leaderboards[0]?.weightedTopPlacements).toEqual([]);
    // All time at 25: only round 2 (30 players): Eve first, Ace second.
    expect(at25.leaderboards[2]?.weightedTopPlacements.map((standing) => standing.playerName)).toEqual(['Eve', 'Ace']);
  });

  it('answers 404 with a message for an unknown server, and 400 for a weighting outside 10–30', async () => {
    const missing = await getJson<ApiError>(pathOf('No Such Server'), 404);
    expect(missing.message).toBe("No server named 'No Such Server' is known to Frontline");
    for (const bad of ['12', 'abc', '', '5']) {
      const error = await getJson<ApiError>(`${pathOf(SERVER_A)}?minPlayersForWeighting=${bad}`, 400);
      expect(error.details?.[0]?.parameter).toBe('minPlayersForWeighting');
    }
  });
});

describe('GET /stats/servers/{serverName}/insights', () => {
  let insights: ServerInsightsResponse;
  beforeAll(async () => {
    insights = await getJson<ServerInsightsResponse>(`${pathOf(SERVER_A)}/insights?days=7`);
  });

  it('averages players per bucket and compares the period with the one before', () => {
    expect(insights.bucketMinutes).toBe(120);
    expect(insights.startPeriod).toBe(daysAgo(7, '12:00:00'));
    expect(insights.playerCountHistory).toEqual([
      { timestamp: daysAgo(2, '10:00:00'), playerCount: 20 },
      { timestamp: daysAgo(1, '10:00:00'), playerCount: 10 },
    ]);
    // The period before, moved forward 7 days to lie under this one.
    expect(insights.playerCountHistoryComparison).toEqual([{ timestamp: daysAgo(3, '10:00:00'), playerCount: 12 }]);
    expect(insights.playerCountSummary).toEqual({
      peakPlayerCount: 25,
      averagePlayerCount: 15,
      changePercentFromPreviousPeriod: 25,
    });
  });

  it('gives median and 95th percentile ping per bucket from the hourly histograms', () => {
    expect(insights.pingByHour.data).toEqual([{ timePeriod: daysAgo(1, '10:00:00'), medianPing: 50, p95Ping: 69 }]);
  });

  it('lists the maps of rounds that ended in the period, most played first', () => {
    // wake: rounds 3 (45 min, one poll of 3) and 4 (30 min, polls of 10 and 20); midway: round 5 (20 min).
    expect(insights.maps).toEqual([
      { mapName: 'wake', averagePlayerCount: 11, peakPlayerCount: 20, totalPlayTime: 75, playTimePercentage: 78.95 },
      { mapName: 'midway', averagePlayerCount: 3, peakPlayerCount: 3, totalPlayTime: 20, playTimePercentage: 21.05 },
    ]);
  });

  it('has no change figure without a period before', async () => {
    const day = await getJson<ServerInsightsResponse>(`${pathOf(SERVER_A)}/insights`);
    expect(day.days).toBe(1);
    expect(day.playerCountSummary.changePercentFromPreviousPeriod).toBeNull();
  });

  it('answers 400 for a day count outside the list and 404 for an unknown server', async () => {
    for (const bad of ['2', '0', 'week', '-1']) {
      const error = await getJson<ApiError>(`${pathOf(SERVER_A)}/insights?days=${bad}`, 400);
      expect(error.details?.[0]?.parameter).toBe('days');
    }
    await getJson<ApiError>(`${pathOf('Nobody')}/insights?days=7`, 404);
  });
});

describe('GET /stats/servers/{serverName}/rankings', () => {
  const rankings = (query = '') => getJson<ServerRankingsResponse>(`${pathOf(SERVER_A)}/rankings${query}`);
  const names = (answer: ServerRankingsResponse) => answer.items.map((item) => item.playerName);

  it('ranks all-time totals by score by default, names breaking ties', async () => {
    const answer = await rankings();
    expect(answer).toMatchObject({
      serverContext: { serverName: SERVER_A, serverGuid: 'guid-a' },
      currentPage: 1,
      totalPages: 1,
      totalItems: 6,
    });
    expect(answer.items).toEqual([
      {
        rank: 1,
        playerName: 'Dan',
        totalScore: 200,
        kdRatio: 3.48,
        totalKills: 80,
        totalDeaths: 23,
        totalPlayTimeMinutes: 100,
      },
      {
        rank: 2,
        playerName: 'Ace',
        totalScore: 110,
        kdRatio: 2.67,
        totalKills: 40,
        totalDeaths: 15,
        totalPlayTimeMinutes: 150,
      },
      {
        rank: 3,
        playerName: 'Eve',
        totalScore: 110,
        kdRatio: 3.91,
        totalKills: 43,
        totalDeaths: 11,
        totalPlayTimeMinutes: 80,
      },
      {
        rank: 4,
        playerName: 'Bob',
        totalScore: 105,
        kdRatio: 3.36,
        totalKills: 37,
        totalDeaths: 11,
        totalPlayTimeMinutes: 90,
      },
      {
        rank: 5,
        playerName: 'Cid',
        totalScore: 45,
        kdRatio: 2.6,
        totalKills: 13,
        totalDeaths: 5,
        totalPlayTimeMinutes: 50,
      },
      // No deaths: the K/D is the kills (§5).
      {
        rank: 6,
        playerName: 'Fay',
        totalScore: 5,
        kdRatio: 7,
        totalKills: 7,
        totalDeaths: 0,
        totalPlayTimeMinutes: 15,
      },
    ]);
  });

  it('orders by each key in either direction', async () => {
    expect(names(await rankings('?orderBy=KDRatio'))).toEqual(['Fay', 'Eve', 'Dan', 'Bob', 'Ace', 'Cid']);
    expect(names(await rankings('?orderBy=TotalKills&orderDirection=asc'))).toEqual([
      'Fay',
      'Cid',
      'Bob',
      'Ace',
      'Eve',
      'Dan',
    ]);
    expect(names(await rankings('?orderBy=TotalDeaths'))).toEqual(['Dan', 'Ace', 'Bob', 'Eve', 'Cid', 'Fay']);
    expect(names(await rankings('?orderBy=TotalPlayTimeMinutes'))).toEqual(['Ace', 'Dan', 'Bob', 'Eve', 'Cid', 'Fay']);
  });

  it('filters, and ranks by position in the chosen order over the filtered set', async () => {
    const strong = await rankings('?minScore=100&orderBy=TotalKills&orderDirection=asc');
    expect(strong.items.map((item) => [item.rank, item.playerName])).toEqual([
      [1, 'Bob'],
      [2, 'Ace'],
      [3, 'Eve'],
      [4, 'Dan'],
    ]);
    expect(names(await rankings('?minKills=40'))).toEqual(['Dan', 'Ace', 'Eve']);
    expect(names(await rankings('?minDeaths=15'))).toEqual(['Dan', 'Ace']);
    expect(names(await rankings('?minKdRatio=3.48'))).toEqual(['Dan', 'Eve', 'Fay']);
    expect(names(await rankings('?minPlayTimeMinutes=100'))).toEqual(['Dan', 'Ace']);
    // Part of the name, any case; a blank filter is no filter.
    expect(names(await rankings('?playerName=A'))).toEqual(['Dan', 'Ace', 'Fay']);
    expect(names(await rankings('?playerName=%20&minScore='))).toHaveLength(6);
    // LIKE's wildcards are ordinary characters in a name.
    expect(await rankings('?playerName=%25')).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
  });

  it('pages: ranks continue on later pages, and a page past the end is empty', async () => {
    const past = await rankings('?page=2&pageSize=10');
    expect(past).toMatchObject({ items: [], currentPage: 2, totalPages: 1, totalItems: 6 });
  });

  it('answers 400 naming each bad parameter', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=25', 'pageSize'],
      ['?orderBy=Score', 'orderBy'],
      ['?orderDirection=up', 'orderDirection'],
      ['?minScore=lots', 'minScore'],
      ['?minKdRatio=NaN', 'minKdRatio'],
      [`?playerName=${'x'.repeat(101)}`, 'playerName'],
    ];
    for (const [query, parameter] of cases) {
      const error = await getJson<ApiError>(`${pathOf(SERVER_A)}/rankings${query}`, 400);
      expect(error.details?.map((detail) => detail.parameter)).toEqual([parameter]);
    }
    await getJson<ApiError>(`${pathOf('Nobody')}/rankings`, 404);
  });
});

describe('GET /stats/servers/search', () => {
  it('finds names containing the text, names starting with it first', async () => {
    const answer = await getJson<ServerSearchResponse>('/stats/servers/search?query=al');
    expect(answer.items.map((item) => item.serverName)).toEqual([SERVER_B, SERVER_A]);
    expect(answer.items[1]).toEqual({
      serverGuid: 'guid-a',
      serverName: SERVER_A,
      gameId: 'bf1942',
      currentMap: 'wake',
      totalPlayersAllTime: 6,
      city: null,
      country: 'DE',
      hasActivePlayers: true,
      numPlayers: 12,
      lastActivity: NOW,
    });
    expect(answer.items[0]).toMatchObject({ hasActivePlayers: false, numPlayers: 0, totalPlayersAllTime: 1 });
    expect(answer).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 2 });
  });

  it('pages and validates', async () => {
    const second = await getJson<ServerSearchResponse>('/stats/servers/search?query=al&page=2&pageSize=1');
    expect(second.items.map((item) => item.serverName)).toEqual([SERVER_A]);
    expect(second.totalPages).toBe(2);
    await getJson<ApiError>('/stats/servers/search?query=%20', 400);
    await getJson<ApiError>('/stats/servers/search', 400);
    await getJson<ApiError>('/stats/servers/search?query=al&pageSize=101', 400);
  });
});
