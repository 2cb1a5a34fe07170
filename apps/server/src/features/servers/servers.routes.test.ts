import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type {
  ApiError,
  PlayerStatsResponse,
  RoundsListResponse,
  ServerDetailsResponse,
  ServerInsightsResponse,
  ServerLeaderboard,
  ServerRankingsResponse,
  ServerSearchResponse,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asServerGuid } from '../../domain/ids.ts';
import { upsertServerProfiles } from '../../db/server-profiles.ts';
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
 *
 * Rank Range (rankings, rounds 11–13, two days ago): twenty ranked players (RANKED below: 3 rounds, 40 minutes
 * each), a one-round star, an idle visitor (3 rounds of a minute) and a two-round regular, none of them ranked.
 * Moved Server (a server that moved address): rounds 21–22 on its old address, 23–24 on its new one.
 * Quiet Server (maps table, rounds 31–34 yesterday): an empty round and rounds with empty polls; Empty Server:
 * only an empty round.
 */

const NOW = '2026-03-11T12:00:00.000Z';
const DAY_MS = 86_400_000;
const daysAgo = (days: number, time: string) =>
  `${new Date(Date.parse(NOW) - days * DAY_MS).toISOString().slice(0, 10)}T${time}.000Z`;

const SERVER_A = '=DOG= Alpha #1 / 100% fun';
const SERVER_B = 'Alamo Bravo';
const RANK_RANGE = 'Rank Range';
const MOVED = 'Moved Server';
const QUIET = 'Quiet Server';
const EMPTY = 'Empty Server';
const PODIUM = 'Podium Server';

/**
 * Rank Range's ranked players, best score first, as name, total score, kills, deaths: ranks 1, 2, 3, 4, 5, 5
 * (Echo and Foxtrot tie), 7, … 20. Each played rounds 11, 12 and 13: the totals in round 11 (20 minutes; Bravo
 * 20.25, Charlie 20.5) and 10 scoreless minutes in each of the others.
 */
const RANKED: readonly (readonly [string, number, number, number])[] = [
  ['Alfa', 400, 40, 10],
  ['Bravo', 380, 38, 10],
  ['Charlie', 360, 36, 10],
  ['Delta', 340, 34, 10],
  ['Echo', 320, 32, 10],
  ['Foxtrot', 320, 32, 10],
  ['Golf', 280, 28, 10],
  ['Hotel', 260, 26, 10],
  ['India', 240, 24, 10],
  ['Juliett', 220, 22, 10],
  ['Kilo', 200, 20, 10],
  ['Lima', 180, 18, 10],
  ['Mike', 160, 16, 10],
  ['November', 140, 14, 10],
  ['Oscar', 120, 12, 10],
  ['Papa', 100, 10, 10],
  // K/D 25/19 = 1.316 and 29/22 = 1.318: both shown as 1.32, so they tie on K/D.
  ['Quebec', 80, 25, 19],
  ['Romeo', 60, 6, 10],
  ['Sierra', 40, 29, 22],
  // The best K/D of the ranked players: 60/10.
  ['Tango', 20, 60, 10],
];
const RANKED_MINUTES: Readonly<Record<string, number>> = { Bravo: 20.25, Charlie: 20.5 };
const pathOf = (name: string) => `/stats/servers/${encodeURIComponent(name)}`;

let database: TestDatabase;
let app: FastifyInstance;

const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
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
      serverGuid: asServerGuid('guid-a'),
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
  insertRankRange(sqlite);
  insertMovedServer(sqlite);
  insertQuietServers(sqlite);
  insertPodiumServer(sqlite);
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

function insertRankRange(sqlite: TestDatabase['sqlite']): void {
  insertServer(sqlite, { serverGuid: 'guid-c', name: RANK_RANGE, firstSeen: daysAgo(30, '08:00:00'), lastSeen: NOW });
  const scoreless = (name: string, minutes: number) => ({ name, score: 0, kills: 0, deaths: 0, minutes });
  const ranked = (round: number) =>
    RANKED.map(([name, score, kills, deaths]) =>
      round === 11 ? { name, score, kills, deaths, minutes: RANKED_MINUTES[name] ?? 20 } : scoreless(name, 10),
    );
  const extras: Record<number, { name: string; score: number; kills: number; deaths: number; minutes: number }[]> = {
    // One round is not enough, however good (score 5000, K/D 100).
    11: [
      { name: 'OneRoundAce', score: 5000, kills: 100, deaths: 0, minutes: 60 },
      { name: 'ShortStay', score: 900, kills: 90, deaths: 9, minutes: 60 },
      scoreless('IdleVisitor', 1),
    ],
    // Two rounds are not enough either; three rounds of a minute are too little play.
    12: [{ name: 'ShortStay', score: 0, kills: 0, deaths: 0, minutes: 60 }, scoreless('IdleVisitor', 1)],
    13: [scoreless('IdleVisitor', 1)],
  };
  for (const roundKey of [11, 12, 13]) {
    const hour = String(roundKey - 2).padStart(2, '0');
    insertRound(sqlite, {
      roundKey,
      serverGuid: 'guid-c',
      mapName: 'kursk',
      start: daysAgo(2, `${hour}:00:00`),
      end: daysAgo(2, `${hour}:59:00`),
      sessions: [...ranked(roundKey), ...(extras[roundKey] ?? [])],
    });
  }
}

function insertMovedServer(sqlite: TestDatabase['sqlite']): void {
  insertServer(sqlite, {
    serverGuid: 'guid-m-old',
    name: MOVED,
    ip: '198.51.100.1',
    isOnline: false,
    firstSeen: daysAgo(60, '08:00:00'),
    lastSeen: daysAgo(20, '08:00:00'),
  });
  insertServer(sqlite, {
    serverGuid: 'guid-m-new',
    name: MOVED,
    ip: '198.51.100.2',
    mapName: 'midway',
    numPlayers: 5,
    firstSeen: daysAgo(19, '08:00:00'),
    lastSeen: NOW,
  });
  const session = (name: string, score: number, kills: number, deaths: number) => ({
    name,
    score,
    kills,
    deaths,
    minutes: 40,
  });
  const rounds = [
    [21, 'guid-m-old', 'wake', 30, [session('Mover', 100, 10, 5), session('Stayer', 50, 5, 5)]],
    [22, 'guid-m-old', 'wake', 25, [session('Mover', 100, 10, 5), session('Stayer', 50, 5, 5)]],
    [
      23,
      'guid-m-new',
      'midway',
      5,
      [session('Mover', 30, 3, 3), session('Stayer', 60, 6, 2), session('Newbie', 10, 1, 1)],
    ],
    [24, 'guid-m-new', 'midway', 1, [session('Stayer', 60, 6, 2), session('Newbie', 10, 1, 1)]],
  ] as const;
  for (const [roundKey, serverGuid, mapName, days, sessions] of rounds) {
    insertRound(sqlite, {
      roundKey,
      serverGuid,
      mapName,
      start: daysAgo(days, '10:00:00'),
      end: daysAgo(days, '11:00:00'),
      sessions,
    });
  }
  // Each address's players online while it was the server's, and its pings.
  insertPopulation(sqlite, 'guid-m-old', daysAgo(25, '10:05:00'), 8);
  insertPopulation(sqlite, 'guid-m-new', daysAgo(5, '10:05:00'), 12);
  insertPingHour(sqlite, 'guid-m-old', daysAgo(25, '10:00:00'), { 100: 10 });
  insertPingHour(sqlite, 'guid-m-new', daysAgo(5, '10:00:00'), { 40: 10 });
}

function insertQuietServers(sqlite: TestDatabase['sqlite']): void {
  insertServer(sqlite, { serverGuid: 'guid-e', name: QUIET, firstSeen: daysAgo(10, '08:00:00'), lastSeen: NOW });
  insertServer(sqlite, { serverGuid: 'guid-f', name: EMPTY, firstSeen: daysAgo(10, '08:00:00'), lastSeen: NOW });
  const players = (...names: string[]) => names.map((name) => ({ name, score: 1, kills: 0, deaths: 0, minutes: 10 }));
  // Each figure is the players seen by one poll of the round (0: a poll that saw nobody).
  const rounds = [
    [31, 'guid-e', 'el_alamein', '08:00:00', '09:00:00', players(), [0, 0, 0, 0]],
    [32, 'guid-e', 'kursk', '09:00:00', '09:40:00', players('Ann', 'Ben', 'Cat'), [0, 0, 3, 1]],
    [33, 'guid-e', 'kursk', '10:00:00', '10:30:00', players('Ann', 'Ben'), [2, 2, 2]],
    [34, 'guid-e', 'stalingrad', '11:00:00', '11:20:00', players('Ann'), [1, 0]],
    [35, 'guid-f', 'wake', '08:00:00', '09:00:00', players(), [0, 0, 0]],
  ] as const;
  for (const [roundKey, serverGuid, mapName, start, end, sessions, pollPlayerCounts] of rounds) {
    insertRound(sqlite, {
      roundKey,
      serverGuid,
      mapName,
      start: daysAgo(1, start),
      end: daysAgo(1, end),
      sessions,
      pollPlayerCounts,
    });
  }
}

/**
 * Podiums where the most first places and the most points disagree: Gil wins once (3 points), Hal is second three
 * times (6 points); Ivy and Jon win once and are third once (4 points each).
 */
function insertPodiumServer(sqlite: TestDatabase['sqlite']): void {
  insertServer(sqlite, { serverGuid: 'guid-p', name: PODIUM, firstSeen: daysAgo(10, '08:00:00'), lastSeen: NOW });
  const player = (name: string, score: number) => ({ name, score, kills: 1, deaths: 1, minutes: 20 });
  const podiums = [
    [41, '08:00:00', [player('Gil', 50), player('Hal', 40), player('Ivy', 30)]],
    [42, '09:00:00', [player('Ivy', 50), player('Hal', 40), player('Jon', 30)]],
    [43, '10:00:00', [player('Jon', 50), player('Hal', 40), player('Gil', 0)]],
  ] as const;
  for (const [roundKey, start, sessions] of podiums) {
    insertRound(sqlite, {
      roundKey,
      serverGuid: 'guid-p',
      mapName: 'wake',
      start: daysAgo(1, start),
      end: daysAgo(1, start.replace(':00:00', ':30:00')),
      participantCount: 20,
      sessions,
    });
  }
}

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

  it('orders placements by the points shown beside them, then firsts, seconds, thirds, then name', async () => {
    const podium = await getJson<ServerDetailsResponse>(pathOf(PODIUM));
    const week = podium.leaderboards.find((leaderboard) => leaderboard.period === 'Week');
    // Hal has no first place but the most points: the board reads top down in the Points column's order.
    expect(week?.topPlacements).toEqual([
      { rank: 1, playerName: 'Hal', firstPlaces: 0, secondPlaces: 3, thirdPlaces: 0, placementPoints: 6 },
      { rank: 2, playerName: 'Ivy', firstPlaces: 1, secondPlaces: 0, thirdPlaces: 1, placementPoints: 4 },
      { rank: 3, playerName: 'Jon', firstPlaces: 1, secondPlaces: 0, thirdPlaces: 1, placementPoints: 4 },
      { rank: 4, playerName: 'Gil', firstPlaces: 1, secondPlaces: 0, thirdPlaces: 0, placementPoints: 3 },
    ]);
    const points = week?.weightedTopPlacements.map((standing) => standing.placementPoints);
    expect(points).toEqual([6, 4, 4, 3]);
  });

  it('counts placements 3/2/1 from every closed round of the period', () => {
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
    expect(missing).toEqual({ error: 'not_found', message: 'No server with this name is known to Frontline' });
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
  const rankings = (query = '', name = RANK_RANGE) =>
    getJson<ServerRankingsResponse>(`${pathOf(name)}/rankings${query}`);
  const ranks = (answer: ServerRankingsResponse) => answer.items.map((item) => [item.rank, item.playerName]);
  const names = (answer: ServerRankingsResponse) => answer.items.map((item) => item.playerName);
  /** 1 + the ranked players with a higher total score. */
  const rankOf = (name: string) => {
    const score = RANKED.find(([player]) => player === name)?.[1] ?? Number.NaN;
    return 1 + RANKED.filter(([, other]) => other > score).length;
  };

  it('ranks the ranked players by all-time score; ties share a rank (1, 2, 3, 4, 5, 5, 7)', async () => {
    const answer = await rankings();
    expect(answer).toMatchObject({
      serverContext: { serverName: RANK_RANGE, serverGuid: 'guid-c', addressCount: 1 },
      minimumToRank: { rounds: 3, minutes: 30 },
      rankedPlayers: 20,
      currentPage: 1,
      totalPages: 1,
      totalItems: 20,
    });
    expect(ranks(answer).slice(0, 8)).toEqual([
      [1, 'Alfa'],
      [2, 'Bravo'],
      [3, 'Charlie'],
      [4, 'Delta'],
      [5, 'Echo'],
      [5, 'Foxtrot'],
      [7, 'Golf'],
      [8, 'Hotel'],
    ]);
    expect(answer.items.at(-1)).toEqual({
      rank: 20,
      playerName: 'Tango',
      totalScore: 20,
      kdRatio: 6,
      totalKills: 60,
      totalDeaths: 10,
      totalPlayTimeMinutes: 40,
    });
  });

  it('leaves out players below the minimum: one round (however good), two rounds, or 3 minutes in 3 rounds', async () => {
    const everyone = names(await rankings());
    for (const unranked of ['OneRoundAce', 'ShortStay', 'IdleVisitor']) expect(everyone).not.toContain(unranked);
    // Nor do they top the K/D order: the one-round K/D of 100 is not ranked; Tango's 6 is the best.
    expect(ranks(await rankings('?orderBy=KDRatio&pageSize=10'))[0]).toEqual([1, 'Tango']);
    // Server A's players have at most 2 closed rounds but Ace (4) and Bob (3), both over 30 minutes.
    const alpha = await rankings('', SERVER_A);
    expect(ranks(alpha)).toEqual([
      [1, 'Ace'],
      [2, 'Bob'],
    ]);
    expect(alpha).toMatchObject({ rankedPlayers: 2, totalItems: 2 });
  });

  it('keeps each player’s rank under a name filter: Romeo is rank 18, not the first row', async () => {
    const answer = await rankings('?playerName=romeo');
    expect(ranks(answer)).toEqual([[18, 'Romeo']]);
    expect(answer).toMatchObject({ totalItems: 1, rankedPlayers: 20, totalPages: 1 });
    // A filter on part of a name picks several, each keeping their place (Foxtrot shares Echo's 5).
    expect(ranks(await rankings('?playerName=o'))).toEqual([
      [2, 'Bravo'],
      [5, 'Echo'],
      [5, 'Foxtrot'],
      [7, 'Golf'],
      [8, 'Hotel'],
      [11, 'Kilo'],
      [14, 'November'],
      [15, 'Oscar'],
      [18, 'Romeo'],
      [20, 'Tango'],
    ]);
    expect(rankOf('Romeo')).toBe(18);
    // An unranked name finds nobody.
    expect(await rankings('?playerName=OneRoundAce')).toMatchObject({ items: [], totalItems: 0 });
  });

  it('keeps each player’s rank under minimums', async () => {
    // Score 300 or more: Alfa to Foxtrot, ranks unchanged.
    expect(ranks(await rankings('?minScore=300'))).toEqual([
      [1, 'Alfa'],
      [2, 'Bravo'],
      [3, 'Charlie'],
      [4, 'Delta'],
      [5, 'Echo'],
      [5, 'Foxtrot'],
    ]);
    // By kills (Tango 60, Alfa 40, Bravo 38, Charlie 36, Delta 34, Echo and Foxtrot 32, Sierra 29, Golf 28,
    // Hotel 26, Quebec 25, …) with a K/D of at least 1.32 as shown: Oscar, Papa and Romeo drop out, nobody moves
    // up (Quebec and Sierra, 1.32 as shown, pass).
    const byKills = await rankings('?orderBy=TotalKills&minKdRatio=1.32');
    const killRanks = Object.fromEntries(byKills.items.map((item) => [item.playerName, item.rank]));
    expect(killRanks).toMatchObject({ Tango: 1, Alfa: 2, Echo: 6, Foxtrot: 6, Sierra: 8, Golf: 9, Quebec: 11 });
    expect(byKills.totalItems).toBe(17);
    for (const out of ['Oscar', 'Papa', 'Romeo']) expect(names(byKills)).not.toContain(out);
    expect(names(await rankings('?minKills=38'))).toEqual(['Alfa', 'Bravo', 'Tango']);
    expect(names(await rankings('?minDeaths=20'))).toEqual(['Sierra']);
    // Minutes as shown: Charlie's 40.5 minutes show as 41.
    expect(ranks(await rankings('?minPlayTimeMinutes=41'))).toEqual([[3, 'Charlie']]);
  });

  it('ranks in ascending order from the other end, ties still shared', async () => {
    const answer = await rankings('?orderDirection=asc');
    expect(ranks(answer).slice(0, 2)).toEqual([
      [1, 'Tango'],
      [2, 'Sierra'],
    ]);
    // Echo and Foxtrot, 5th from the top, are 15th from the bottom, together; then Delta 17th.
    expect(ranks(answer).slice(14, 17)).toEqual([
      [15, 'Echo'],
      [15, 'Foxtrot'],
      [17, 'Delta'],
    ]);
    expect(ranks(answer).at(-1)).toEqual([20, 'Alfa']);
  });

  it('compares K/D and play time as shown: 1.316 and 1.318 tie at 1.32; 40.25 minutes ties with 40', async () => {
    const kd = ranks(await rankings('?orderBy=KDRatio'));
    expect(kd.slice(0, 8)).toEqual([
      [1, 'Tango'],
      [2, 'Alfa'],
      [3, 'Bravo'],
      [4, 'Charlie'],
      [5, 'Delta'],
      [6, 'Echo'],
      [6, 'Foxtrot'],
      [8, 'Golf'],
    ]);
    expect(kd.slice(15, 17)).toEqual([
      [16, 'Quebec'],
      [16, 'Sierra'],
    ]);
    // Charlie has 40.5 minutes (shown 41): alone in first place; everyone else, Bravo's 40.25 included, has 40.
    const time = await rankings('?orderBy=TotalPlayTimeMinutes');
    expect(ranks(time).slice(0, 3)).toEqual([
      [1, 'Charlie'],
      [2, 'Alfa'],
      [2, 'Bravo'],
    ]);
    expect(time.items.every((item) => item.rank === (item.playerName === 'Charlie' ? 1 : 2))).toBe(true);
    expect(ranks(await rankings('?orderBy=TotalDeaths')).slice(0, 2)).toEqual([
      [1, 'Sierra'],
      [2, 'Quebec'],
    ]);
  });

  it('pages: ranks continue on later pages, and a page past the end is empty', async () => {
    const second = await rankings('?page=2&pageSize=10');
    expect(ranks(second)[0]).toEqual([11, 'Kilo']);
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 20 });
    const past = await rankings('?page=3&pageSize=10');
    expect(past).toMatchObject({ items: [], currentPage: 3, totalPages: 2, totalItems: 20 });
  });

  it('gives the player profile the same rank (default order) and leaves out servers where one is not ranked', async () => {
    const listed = new Map((await rankings()).items.map((item) => [item.playerName, item.rank]));
    for (const name of ['Romeo', 'Foxtrot', 'Alfa', 'Tango']) {
      const profile = await getJson<PlayerStatsResponse>(`/stats/players/${name}`);
      expect(profile.insights.serverRankings).toEqual([
        expect.objectContaining({ serverName: RANK_RANGE, rank: listed.get(name), totalRankedPlayers: 20 }),
      ]);
    }
    // Foxtrot's rank is Echo's, on both screens: 5.
    const foxtrot = await getJson<PlayerStatsResponse>('/stats/players/Foxtrot');
    expect(foxtrot.insights.serverRankings[0]?.rank).toBe(5);
    const idle = await getJson<PlayerStatsResponse>('/stats/players/IdleVisitor');
    expect(idle.insights.serverRankings).toEqual([]);
  });

  it('answers 400 naming each bad parameter, negative minimums included', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=25', 'pageSize'],
      ['?orderBy=Score', 'orderBy'],
      ['?orderDirection=up', 'orderDirection'],
      ['?minScore=lots', 'minScore'],
      ['?minKdRatio=NaN', 'minKdRatio'],
      ['?minKills=-5', 'minKills'],
      ['?minScore=-1', 'minScore'],
      ['?minDeaths=-0.5', 'minDeaths'],
      ['?minKdRatio=-1', 'minKdRatio'],
      ['?minPlayTimeMinutes=-30', 'minPlayTimeMinutes'],
      [`?playerName=${'x'.repeat(101)}`, 'playerName'],
    ];
    for (const [query, parameter] of cases) {
      const error = await getJson<ApiError>(`${pathOf(RANK_RANGE)}/rankings${query}`, 400);
      expect(error.details?.map((detail) => detail.parameter)).toEqual([parameter]);
    }
    const negative = await getJson<ApiError>(`${pathOf(RANK_RANGE)}/rankings?minKills=-5`, 400);
    expect(negative.details).toEqual([{ parameter: 'minKills', problem: 'must be 0 or more' }]);
    // 0 is a minimum like any other; blank is none.
    expect((await rankings('?minKills=0&minScore=')).totalItems).toBe(20);
    await getJson<ApiError>(`${pathOf('Nobody')}/rankings`, 404);
  });
});

describe('the ratio boards ask the ranked minimum of minutes as well as rounds', () => {
  it('leaves a 3-round, 3-minute player and a 1-round player off the week’s K/D and kill-rate boards', async () => {
    const details = await getJson<ServerDetailsResponse>(pathOf(RANK_RANGE));
    const week = details.leaderboards.find((board) => board.period === 'Week');
    expect(week).toMatchObject({ minRoundsForRatios: 3, minMinutesForRatios: 30 });
    expect(week?.topKDRatios[0]).toMatchObject({ playerName: 'Tango', kdRatio: 6, totalRounds: 3 });
    const onBoards = [...(week?.topKDRatios ?? []), ...(week?.topKillRates ?? [])].map((entry) => entry.playerName);
    for (const unranked of ['OneRoundAce', 'IdleVisitor', 'ShortStay']) expect(onBoards).not.toContain(unranked);
    // Most active and top scores have no minimum: one round counts there.
    expect(week?.mostActivePlayersByTime[0]).toMatchObject({ playerName: 'ShortStay', minutesPlayed: 120 });
    expect(week?.topScores[0]).toMatchObject({ playerName: 'OneRoundAce', score: 5000 });
  });
});

describe('the maps table counts what players saw', () => {
  it('gives play time from the polls that saw players and averages players over every poll', async () => {
    const insights = await getJson<ServerInsightsResponse>(`${pathOf(QUIET)}/insights?days=7`);
    // kursk: round 32 (40 min, 2 of 4 polls saw players: 20 min) and round 33 (30 min, 3 of 3: 30 min) = 50 min,
    //   players 0+0+3+1+2+2+2 = 10 over 7 polls = 1.43, peak 3;
    // stalingrad: round 34 (20 min, 1 of 2 polls: 10 min), 1 player over 2 polls = 0.5;
    // el_alamein: round 31, empty (0 of 4 polls): no play time, so not listed. Shares: 50 and 10 of 60 minutes.
    expect(insights.maps).toEqual([
      { mapName: 'kursk', averagePlayerCount: 1.43, peakPlayerCount: 3, totalPlayTime: 50, playTimePercentage: 83.33 },
      {
        mapName: 'stalingrad',
        averagePlayerCount: 0.5,
        peakPlayerCount: 1,
        totalPlayTime: 10,
        playTimePercentage: 16.67,
      },
    ]);
    expect(insights.mapsStartPeriod).toBe(daysAgo(6, '00:00:00'));
  });

  it('shows no map, not 100 %, for a server that only had empty rounds', async () => {
    const insights = await getJson<ServerInsightsResponse>(`${pathOf(EMPTY)}/insights?days=7`);
    expect(insights.maps).toEqual([]);
  });

  it('covers today and the days before it by UTC day: 1 day is today only', async () => {
    const today = await getJson<ServerInsightsResponse>(`${pathOf(QUIET)}/insights?days=1`);
    expect(today.mapsStartPeriod).toBe(daysAgo(0, '00:00:00'));
    expect(today.maps).toEqual([]);
  });
});

describe('servers sharing one name (a server that moved address)', () => {
  it('shows the newest address, lists both, and covers the whole history in its period', async () => {
    const details = await getJson<ServerDetailsResponse>(pathOf(MOVED));
    expect(details).toMatchObject({
      serverGuid: 'guid-m-new',
      serverIp: '198.51.100.2',
      currentMap: 'midway',
      numPlayers: 5,
      joinLink: 'bf1942://198.51.100.2:14567',
      startPeriod: daysAgo(60, '08:00:00'),
      endPeriod: NOW,
    });
    expect(details.addresses).toEqual([
      {
        serverGuid: 'guid-m-new',
        ip: '198.51.100.2',
        port: 14567,
        firstSeen: daysAgo(19, '08:00:00'),
        lastSeen: NOW,
      },
      {
        serverGuid: 'guid-m-old',
        ip: '198.51.100.1',
        port: 14567,
        firstSeen: daysAgo(60, '08:00:00'),
        lastSeen: daysAgo(20, '08:00:00'),
      },
    ]);
  });

  it('lists the recent rounds of both addresses, as the server’s rounds list does', async () => {
    const details = await getJson<ServerDetailsResponse>(pathOf(MOVED));
    expect(details.recentRounds.map((round) => round.roundId)).toEqual([
      'round-24',
      'round-23',
      'round-22',
      'round-21',
    ]);
    const listed = await getJson<RoundsListResponse>(
      `/stats/rounds?serverName=${encodeURIComponent(MOVED)}&sortBy=endTime&includePlayers=false`,
    );
    expect(details.recentRounds.map((round) => round.roundId)).toEqual(listed.items.map((round) => round.roundId));
  });

  it('combines both addresses on the boards, each period by its UTC days', async () => {
    const details = await getJson<ServerDetailsResponse>(pathOf(MOVED));
    const board = (period: ServerLeaderboard['period']) =>
      details.leaderboards.find((leaderboard) => leaderboard.period === period);
    // All time: the old address's rounds too (Mover's 100s, the newer round first).
    expect(
      board('AllTime')
        ?.topScores.slice(0, 2)
        .map((score) => [score.playerName, score.score, score.roundId]),
    ).toEqual([
      ['Mover', 100, 'round-22'],
      ['Mover', 100, 'round-21'],
    ]);
    expect(board('AllTime')?.mostActivePlayersByTime.map((entry) => [entry.playerName, entry.minutesPlayed])).toEqual([
      ['Stayer', 160],
      ['Mover', 120],
      ['Newbie', 80],
    ]);
    // Month is today and the 29 days before: round 21 ended 30 days ago and is out, round 22 (25 days) is in.
    expect(board('Month')?.mostActivePlayersByTime.map((entry) => [entry.playerName, entry.minutesPlayed])).toEqual([
      ['Stayer', 120],
      ['Mover', 80],
      ['Newbie', 80],
    ]);
    // Week: the new address's rounds 23 (5 days ago) and 24.
    expect(board('Week')?.mostActivePlayersByTime.map((entry) => entry.playerName)).toEqual([
      'Newbie',
      'Stayer',
      'Mover',
    ]);
  });

  it('ranks on the totals of both addresses: neither address alone has 3 rounds of Mover or Stayer', async () => {
    const answer = await getJson<ServerRankingsResponse>(`${pathOf(MOVED)}/rankings`);
    expect(answer).toMatchObject({
      serverContext: { serverName: MOVED, serverGuid: 'guid-m-new', addressCount: 2 },
      rankedPlayers: 2,
    });
    expect(answer.items).toEqual([
      {
        rank: 1,
        playerName: 'Mover',
        totalScore: 230,
        kdRatio: 1.77,
        totalKills: 23,
        totalDeaths: 13,
        totalPlayTimeMinutes: 120,
      },
      {
        rank: 2,
        playerName: 'Stayer',
        totalScore: 220,
        kdRatio: 1.57,
        totalKills: 22,
        totalDeaths: 14,
        totalPlayTimeMinutes: 160,
      },
    ]);
    const mover = await getJson<PlayerStatsResponse>('/stats/players/Mover');
    const onMoved = mover.insights.serverRankings.filter((entry) => entry.serverName === MOVED);
    expect(onMoved.length).toBeGreaterThan(0);
    for (const entry of onMoved) expect(entry).toMatchObject({ rank: 1, totalRankedPlayers: 2 });
  });

  it('combines both addresses in the insights: players online, peak, ping and maps', async () => {
    const insights = await getJson<ServerInsightsResponse>(`${pathOf(MOVED)}/insights?days=30`);
    expect(insights.serverGuid).toBe('guid-m-new');
    expect(insights.playerCountHistory).toEqual([
      { timestamp: daysAgo(25, '06:00:00'), playerCount: 8 },
      { timestamp: daysAgo(5, '06:00:00'), playerCount: 12 },
    ]);
    expect(insights.playerCountSummary).toMatchObject({ peakPlayerCount: 12, averagePlayerCount: 10 });
    expect(insights.pingByHour.data.map((point) => point.timePeriod)).toEqual([
      daysAgo(25, '06:00:00'),
      daysAgo(5, '06:00:00'),
    ]);
    // wake: round 22 (round 21 ended 30 days ago, before the 30 UTC days); midway: rounds 23 and 24.
    expect(insights.maps).toEqual([
      { mapName: 'midway', averagePlayerCount: 2.5, peakPlayerCount: 3, totalPlayTime: 120, playTimePercentage: 66.67 },
      { mapName: 'wake', averagePlayerCount: 2, peakPlayerCount: 2, totalPlayTime: 60, playTimePercentage: 33.33 },
    ]);
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
