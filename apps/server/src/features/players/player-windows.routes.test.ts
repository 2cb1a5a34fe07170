import type { MapStatsResponse, PlayerStatsResponse } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRound, insertServer, type FixtureSession } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The player profile's windows at UTC day boundaries, and its counts. The rule for the whole site: "Week" / "This
 * Week" is today (UTC) and the 6 days before, from 00:00 UTC six days ago until now; "30 Days" is today and the
 * 29 days before; a round counts on the UTC day it ended.
 *
 * Now is Wednesday 11 March 2026, 00:30 UTC: the week starts Thursday 5 March 00:00, the 30 days on 10 February
 * 00:00 (2026 is no leap year). Edge's rounds on Alpha, as round: map, start–end, score, minutes:
 *   1  wake    4 Mar 23:30 – 5 Mar 00:00:00   40, 30   ends exactly when the week starts: in it
 *   2  wake    4 Mar 23:00 – 4 Mar 23:59:59   50, 59   ends a second before: 30 days only
 *   3  kursk   4 Mar 23:00 – 5 Mar 00:05      35, 45   Edge left at 23:45, the round ended in the week: in it
 *   4  kursk   4 Mar 23:40 – 5 Mar 00:20      30, 40   20 of its minutes fall in the week
 *   5  midway  9 Feb 23:30 – 10 Feb 00:00:00  60, 30   ends when the 30 days start: in them
 *   6  midway  9 Feb 23:00 – 9 Feb 23:59:59   70, 59   a second before: all time only
 *   7  wake    open since 11 Mar 00:10         5, 19   the round being played (seen at 00:29)
 * Newbie, first seen on 9 March: one round on 9 March, one on 10 March, and the open round 7 (listed twice: a
 * name seen twice in a round is one player in one round).
 */

const NOW = '2026-03-11T00:30:00.000Z';
let database: TestDatabase;
let app: FastifyInstance;
const getJson = <T>(url: string) => getJsonFrom<T>(app, url);

const played = (name: string, score: number, minutes: number, extra: Partial<FixtureSession> = {}) => ({
  name,
  score,
  kills: Math.round(score / 10),
  deaths: 1,
  minutes,
  ...extra,
});

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, {
    serverGuid: 'guid-a',
    name: 'Alpha',
    game: 'bf1942',
    firstSeen: '2026-01-01T00:00:00.000Z',
    lastSeen: NOW,
  });
  // Alpha's old address, before it moved: the same server by its name.
  insertServer(sqlite, {
    serverGuid: 'guid-a-old',
    name: 'Alpha',
    game: 'bf1942',
    firstSeen: '2025-06-01T00:00:00.000Z',
    lastSeen: '2026-01-01T00:00:00.000Z',
    ip: '203.0.113.9',
  });
  const round = (roundKey: number, mapName: string, start: string, end: string | null, sessions: FixtureSession[]) =>
    insertRound(sqlite, { roundKey, serverGuid: 'guid-a', mapName, start, end, sessions });
  // Oldest first: a player's first sighting is the start of the first round inserted with them.
  insertRound(sqlite, {
    roundKey: 20,
    serverGuid: 'guid-a-old',
    mapName: 'wake',
    start: '2025-07-01T10:00:00.000Z',
    end: '2025-07-01T11:00:00.000Z',
    sessions: [played('Oldie', 100, 60), played('Mover', 10, 60)],
  });
  insertRound(sqlite, {
    roundKey: 21,
    serverGuid: 'guid-a-old',
    mapName: 'wake',
    start: '2025-07-02T10:00:00.000Z',
    end: '2025-07-02T11:00:00.000Z',
    sessions: [played('Mover', 10, 60)],
  });
  round(6, 'midway', '2026-02-09T23:00:00.000Z', '2026-02-09T23:59:59.000Z', [played('Edge', 70, 59)]);
  round(5, 'midway', '2026-02-09T23:30:00.000Z', '2026-02-10T00:00:00.000Z', [played('Edge', 60, 30)]);
  round(2, 'wake', '2026-03-04T23:00:00.000Z', '2026-03-04T23:59:59.000Z', [played('Edge', 50, 59)]);
  round(3, 'kursk', '2026-03-04T23:00:00.000Z', '2026-03-05T00:05:00.000Z', [
    played('Edge', 35, 45, { lastSeen: '2026-03-04T23:45:00.000Z' }),
  ]);
  round(1, 'wake', '2026-03-04T23:30:00.000Z', '2026-03-05T00:00:00.000Z', [played('Edge', 40, 30)]);
  round(4, 'kursk', '2026-03-04T23:40:00.000Z', '2026-03-05T00:20:00.000Z', [played('Edge', 30, 40)]);
  round(8, 'wake', '2026-03-09T20:00:00.000Z', '2026-03-09T20:30:00.000Z', [
    played('Newbie', 20, 30),
    played('Mover', 10, 30),
  ]);
  round(9, 'wake', '2026-03-10T20:00:00.000Z', '2026-03-10T20:30:00.000Z', [
    played('Newbie', 10, 30),
    played('Mover', 10, 30),
  ]);
  round(7, 'wake', '2026-03-11T00:10:00.000Z', null, [
    played('Edge', 5, 19, { lastSeen: '2026-03-11T00:29:00.000Z' }),
    played('Newbie', 4, 10, { lastSeen: '2026-03-11T00:29:00.000Z' }),
    played('Newbie', 2, 5, { lastSeen: '2026-03-11T00:29:00.000Z' }),
  ]);
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

const scores = (list: readonly { score: number }[]) => list.map((entry) => entry.score);

describe('the week and the 30 days on a player profile (UTC days, a round on the day it ended)', () => {
  let edge: PlayerStatsResponse;
  beforeAll(async () => {
    edge = await getJson<PlayerStatsResponse>('/stats/players/Edge');
  });

  it('This Week holds the finished rounds that ended from 00:00 UTC six days ago on, whenever the player left', () => {
    expect(scores(edge.bestScores.thisWeek)).toEqual([40, 35, 30]);
  });

  it('30 Days holds the finished rounds that ended from 00:00 UTC 29 days ago on', () => {
    expect(scores(edge.bestScores.last30Days)).toEqual([60, 50, 40, 35, 30]);
    expect(scores(edge.bestScores.allTime)).toEqual([70, 60, 50, 40, 35, 30]);
  });

  it('activity by hour counts the minutes played in the week only, the round being played included', () => {
    const byHour = Object.fromEntries(edge.insights.activityByHour.map((entry) => [entry.hour, entry.minutesActive]));
    // Round 4's 20 minutes after midnight and the open round's 19; round 4's 20 minutes before midnight and
    // rounds 1–3 (played before 5 March 00:00) do not count.
    expect(byHour).toMatchObject({ 0: 39, 23: 0 });
    expect(Object.values(byHour).reduce((sum, minutes) => sum + minutes, 0)).toBe(39);
    expect(edge.insights.startPeriod).toBe('2026-03-05T00:00:00.000Z');
    expect(edge.insights.endPeriod).toBe(NOW);
  });

  it('map stats of the last 30 days sum the finished rounds that ended in them', async () => {
    const maps = await getJson<MapStatsResponse>('/stats/players/Edge/server/guid-a/mapstats?range=Last30Days');
    expect(maps.map((map) => [map.mapName, map.sessionsPlayed, map.totalScore, map.totalPlayTimeMinutes])).toEqual([
      ['wake', 2, 90, 89],
      ['kursk', 2, 65, 85],
      ['midway', 1, 60, 30],
    ]);
  });
});

describe('the rank on a player profile', () => {
  it('is the rankings page’s rank of the server name, every address combined, once per name', async () => {
    // Alpha, both addresses: Edge 6 finished rounds (score 285), Mover 2 on each address (40); Oldie (1 round)
    // and Newbie (2) are below the 3 rounds needed to be ranked.
    const edge = await getJson<PlayerStatsResponse>('/stats/players/Edge');
    expect(edge.insights.serverRankings).toEqual([
      { serverGuid: 'guid-a', serverName: 'Alpha', rank: 1, totalRankedPlayers: 2, averagePing: null },
    ]);
    const mover = await getJson<PlayerStatsResponse>('/stats/players/Mover');
    expect(mover.servers.map((server) => [server.serverGuid, server.totalRounds])).toEqual([
      ['guid-a-old', 2],
      ['guid-a', 2],
    ]);
    expect(mover.insights.serverRankings).toEqual([
      { serverGuid: 'guid-a-old', serverName: 'Alpha', rank: 2, totalRankedPlayers: 2, averagePing: null },
    ]);
    const newbie = await getJson<PlayerStatsResponse>('/stats/players/Newbie');
    expect(newbie.insights.serverRankings).toEqual([]);
  });
});

describe('the counts on a player profile', () => {
  it('counts every round played, the one in progress included, the same in the header, servers and trends', async () => {
    const edge = await getJson<PlayerStatsResponse>('/stats/players/Edge');
    expect(edge.totalRounds).toBe(7);
    expect(edge.servers.map((server) => server.totalRounds)).toEqual([7]);
    expect(edge.recentStats.totalRoundsAnalyzed).toBe(7);
    // The trends begin on the first day played (9 February), not 89 days ago.
    expect(edge.recentStats.analysisPeriodStart).toBe('2026-02-09T00:00:00.000Z');
    expect(edge.firstPlayed).toBe('2026-02-09T23:00:00.000Z');
  });

  it('says "since" the first day the player was seen, not the start of the 90 days', async () => {
    const newbie = await getJson<PlayerStatsResponse>('/stats/players/Newbie');
    expect(newbie.firstPlayed).toBe('2026-03-09T20:00:00.000Z');
    expect(newbie.recentStats.analysisPeriodStart).toBe('2026-03-09T00:00:00.000Z');
    // Rounds 8, 9 and the open round 7 (two sessions under one name: one round).
    expect(newbie.totalRounds).toBe(3);
    expect(newbie.recentStats.totalRoundsAnalyzed).toBe(3);
    // Minutes 30 + 30 + (10 + 5); deaths 1 + 1 + (1 + 1).
    expect(newbie.servers[0]).toMatchObject({ totalRounds: 3, totalMinutes: 75, totalDeaths: 4 });
    expect(newbie).toMatchObject({ totalPlayTimeMinutes: 75, totalDeaths: 4 });
    // Today's point is the open round alone.
    expect(newbie.recentStats.kdRatioTrend.map((point) => point.timestamp)).toEqual([
      '2026-03-09T00:00:00.000Z',
      '2026-03-10T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
    ]);
  });
});
