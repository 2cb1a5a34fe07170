import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type {
  ActivityHoursResponse,
  ApiError,
  ComparisonResponse,
  ComparisonTotals,
  MapStatsResponse,
  PlayerStatsResponse,
} from '@frontline/contract';
import { COMPARISON_NOT_FOUND_MESSAGE, COMPARISON_SAME_PLAYER_MESSAGE } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import type { SyncConnection } from '../../db/sync-connection.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRound, insertServer, type FixtureSession } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The comparison of two players (issue 19; site-statistics §3 "Comparison response", §5, §8) on a hand-built
 * history whose answers are worked out below. Now is Wednesday 11 March 2026, 12:00 UTC. Windows (a round counts on
 * the UTC day it ended): Last30Days from 10 Feb 2026 00:00, Last6Months (183 days) from 10 Sep 2025, LastYear (365
 * days) from 12 Mar 2025.
 *
 *  round server   map     start – end (UTC)                 Ann: S K D min ping   Ben: S K D min ping
 *  1     Alpha    wake    2025-03-11 22:00 – 23:00           100 10 5 60 40        50 5 10 60 80   all time only
 *  2     Alpha    kursk   2025-03-12 00:00 – 00:30            30  3 1 30 40        20 2  2 30 80   first day of LastYear
 *  3     Bravo    midway  2025-09-09 23:30 – 09-10 00:10      40  4 2 40 40         —              first day of 6 months
 *  4     Alpha    wake    2026-02-09 23:00 – 23:59:59         60  6 3 59 40        70 7  1 59 80   a second before 30 days
 *  9     Alpha    kursk   2026-02-09 23:30 – 02-10 00:30      20  2 2 60 40        10 1  1 60 80   ends in the 30 days
 *  5     Alpha    wake    2026-03-10 10:00 – 11:00            80  8 4 60 40        90 9  3 30 80   Ben from 10:30
 *  6     Bravo    midway  2026-03-10 11:00 – 11:45             —                   15 3  0 45 60
 *  7     Charlie  kursk   2026-03-10 20:00 – 21:30            10  1 1 90 100        —
 *  8     Alpha    wake    2026-03-11 11:30 – open (seen 11:50) 5  1 0 20 —          3 0  1 20 —    being played
 */

const NOW = '2026-03-11T12:00:00.000Z';

const line = (
  name: string,
  [score, kills, deaths, minutes]: [number, number, number, number],
  extra: Partial<FixtureSession> = {},
): FixtureSession => ({ name, score, kills, deaths, minutes, ...extra });

function insertHistory(sqlite: SyncConnection, { withOpenRound }: { withOpenRound: boolean }): void {
  for (const [serverGuid, name] of [
    ['guid-a', 'Alpha'],
    ['guid-b', 'Bravo'],
    ['guid-c', 'Charlie'],
  ] as const) {
    insertServer(sqlite, { serverGuid, name, firstSeen: '2025-01-01T00:00:00.000Z', lastSeen: NOW });
  }
  sqlite.prepare("insert into server_profiles (server_guid, country) values ('guid-a', 'DE')").run();
  const round = (
    roundKey: number,
    serverGuid: string,
    mapName: string,
    start: string,
    end: string | null,
    sessions: FixtureSession[],
  ) => insertRound(sqlite, { roundKey, serverGuid, mapName, start, end, sessions });
  // Oldest first: a player's first sighting is the start of the first round inserted with them.
  round(1, 'guid-a', 'wake', '2025-03-11T22:00:00.000Z', '2025-03-11T23:00:00.000Z', [
    line('Ann', [100, 10, 5, 60], { ping: 40 }),
    line('Ben', [50, 5, 10, 60], { ping: 80 }),
  ]);
  round(2, 'guid-a', 'kursk', '2025-03-12T00:00:00.000Z', '2025-03-12T00:30:00.000Z', [
    line('Ann', [30, 3, 1, 30], { ping: 40 }),
    line('Ben', [20, 2, 2, 30], { ping: 80 }),
  ]);
  round(3, 'guid-b', 'midway', '2025-09-09T23:30:00.000Z', '2025-09-10T00:10:00.000Z', [
    line('Ann', [40, 4, 2, 40], { ping: 40 }),
  ]);
  round(4, 'guid-a', 'wake', '2026-02-09T23:00:00.000Z', '2026-02-09T23:59:59.000Z', [
    line('Ann', [60, 6, 3, 59], { ping: 40 }),
    line('Ben', [70, 7, 1, 59], { ping: 80 }),
  ]);
  round(9, 'guid-a', 'kursk', '2026-02-09T23:30:00.000Z', '2026-02-10T00:30:00.000Z', [
    line('Ann', [20, 2, 2, 60], { ping: 40 }),
    line('Ben', [10, 1, 1, 60], { ping: 80 }),
  ]);
  round(5, 'guid-a', 'wake', '2026-03-10T10:00:00.000Z', '2026-03-10T11:00:00.000Z', [
    line('Ann', [80, 8, 4, 60], { ping: 40 }),
    line('Ben', [90, 9, 3, 30], { ping: 80, start: '2026-03-10T10:30:00.000Z' }),
  ]);
  round(6, 'guid-b', 'midway', '2026-03-10T11:00:00.000Z', '2026-03-10T11:45:00.000Z', [
    line('Ben', [15, 3, 0, 45], { ping: 60 }),
  ]);
  round(7, 'guid-c', 'kursk', '2026-03-10T20:00:00.000Z', '2026-03-10T21:30:00.000Z', [
    line('Ann', [10, 1, 1, 90], { ping: 100 }),
  ]);
  if (withOpenRound) {
    round(8, 'guid-a', 'wake', '2026-03-11T11:30:00.000Z', null, [
      line('Ann', [5, 1, 0, 20], { lastSeen: '2026-03-11T11:50:00.000Z' }),
      line('Ben', [3, 0, 1, 20], { lastSeen: '2026-03-11T11:50:00.000Z' }),
    ]);
  }
  // Awards as the round-closed step stores them: two milestones of Ann's and a streak, which is no milestone.
  const award = sqlite.prepare(
    `insert into player_achievements (player_name, achievement_id, round_key, achieved_at, tier, value, metadata)
    values (?, ?, ?, ?, ?, ?, '{}')`,
  );
  award.run('Ann', 'total_kills_100', 1, '2025-03-11T23:00:00.000Z', 'bronze', 100);
  award.run('Ann', 'milestone_playtime_10h', 5, '2026-03-10T11:00:00.000Z', 'bronze', 10);
  award.run('Ann', 'kill_streak_5', 5, '2026-03-10T10:20:00.000Z', 'bronze', 5);
}

const totals = (score: number, kills: number, deaths: number, playTimeMinutes: number): ComparisonTotals => ({
  score,
  kills,
  deaths,
  playTimeMinutes,
});

describe('GET /stats/players/compare on a hand-built history', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
    database = await openTestDatabase();
    insertHistory(database.sqlite, { withOpenRound: true });
    app = await createTestApp({}, database);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    vi.useRealTimers();
  });

  it('answers bucketTotals for Last30Days, Last6Months, LastYear and AllTime, each round on the UTC day it ended', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.player1).toBe('Ann');
    expect(answer.player2).toBe('Ben');
    expect(answer.bucketTotals).toEqual([
      // Rounds 9, 5, 7 and the open round 8 (on today); round 4 ended a second before the 30 days.
      { bucket: 'Last30Days', player1Totals: totals(115, 12, 7, 230), player2Totals: totals(118, 13, 5, 155) },
      // Round 3 ended on the window's first day; round 2 before it.
      { bucket: 'Last6Months', player1Totals: totals(215, 22, 12, 329), player2Totals: totals(188, 20, 6, 214) },
      // Round 2 ended on the window's first day, round 1 the day before.
      { bucket: 'LastYear', player1Totals: totals(245, 25, 13, 359), player2Totals: totals(208, 22, 8, 244) },
      { bucket: 'AllTime', player1Totals: totals(345, 35, 18, 419), player2Totals: totals(258, 27, 18, 304) },
    ]);
  });

  it('answers killRates as kills ÷ minutes played, and averagePing as the mean of ping samples in finished rounds', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.killRates).toEqual([
      { playerName: 'Ann', killRate: 0.084 }, // 35 / 419
      { playerName: 'Ben', killRate: 0.089 }, // 27 / 304
    ]);
    expect(answer.averagePing).toEqual([
      { playerName: 'Ann', averagePing: 48.57 }, // (6 × 40 + 100) / 7
      { playerName: 'Ben', averagePing: 76.67 }, // (5 × 80 + 60) / 6
    ]);
  });

  it('answers headToHead: the rounds both played, newest first, with both players’ score, kills and deaths', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.headToHead.map((round) => round.roundId)).toEqual([
      'round-8',
      'round-5',
      'round-9',
      'round-4',
      'round-2',
      'round-1',
    ]);
    expect(answer.headToHead[1]).toEqual({
      roundId: 'round-5',
      timestamp: '2026-03-10T10:00:00.000Z',
      mapName: 'wake',
      serverName: 'Alpha',
      serverGuid: 'guid-a',
      player1Score: 80,
      player1Kills: 8,
      player1Deaths: 4,
      player2Score: 90,
      player2Kills: 9,
      player2Deaths: 3,
    });
    // Swapping the names swaps the sides.
    const swapped = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ben&player2=Ann');
    expect(swapped.headToHead[1]).toMatchObject({ player1Score: 90, player2Score: 80 });
  });

  it('answers hourlyOverlap over the last 30 days: each player’s minutes online per UTC hour and the overlap', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.hourlyOverlap).toHaveLength(24);
    const busy = answer.hourlyOverlap.filter(
      (hour) => hour.player1Minutes > 0 || hour.player2Minutes > 0 || hour.overlapMinutes > 0,
    );
    expect(busy).toEqual([
      // Round 9 from the window's start (00:00 on 10 Feb) to 00:30: its half-hour before the window is left out.
      { hour: 0, player1Minutes: 30, player2Minutes: 30, overlapMinutes: 30 },
      // Round 5: Ben only from 10:30.
      { hour: 10, player1Minutes: 60, player2Minutes: 30, overlapMinutes: 30 },
      // Ben's round 6 on 10 March (45) and both in the open round 8 on 11 March (20).
      { hour: 11, player1Minutes: 20, player2Minutes: 65, overlapMinutes: 20 },
      { hour: 20, player1Minutes: 60, player2Minutes: 0, overlapMinutes: 0 },
      { hour: 21, player1Minutes: 30, player2Minutes: 0, overlapMinutes: 0 },
    ]);
  });

  it('answers mapPerformance per map played by either, with null for a map one of them never played', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.mapPerformance).toEqual([
      { mapName: 'wake', player1Totals: totals(245, 25, 12, 199), player2Totals: totals(213, 21, 15, 169) },
      { mapName: 'kursk', player1Totals: totals(60, 6, 4, 180), player2Totals: totals(30, 3, 3, 90) },
      { mapName: 'midway', player1Totals: totals(40, 4, 2, 40), player2Totals: totals(15, 3, 0, 45) },
    ]);
    const withCarl = await getJson<ComparisonResponse>(
      '/stats/players/compare?player1=Ann&player2=Ben&serverGuid=guid-b',
    );
    expect(withCarl.mapPerformance).toEqual([
      { mapName: 'midway', player1Totals: totals(40, 4, 2, 40), player2Totals: totals(15, 3, 0, 45) },
    ]);
  });

  it('answers commonServers (servers both played, with country) and no serverDetails without serverGuid', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.commonServers).toEqual([
      { guid: 'guid-a', name: 'Alpha', country: 'DE' },
      { guid: 'guid-b', name: 'Bravo', country: null },
    ]);
    expect(answer.serverDetails).toBeNull();
  });

  it('answers player1MilestoneAchievements and player2MilestoneAchievements: milestones only, newest first', async () => {
    const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
    expect(answer.player1MilestoneAchievements).toEqual([
      {
        achievementId: 'milestone_playtime_10h',
        achievementName: 'Recruit (10h Played)',
        tier: 'bronze',
        achievedAt: '2026-03-10T11:00:00.000Z',
        value: 10,
      },
      {
        achievementId: 'total_kills_100',
        achievementName: 'Centurion (100 Kills)',
        tier: 'bronze',
        achievedAt: '2025-03-11T23:00:00.000Z',
        value: 100,
      },
    ]);
    expect(answer.player2MilestoneAchievements).toEqual([]);
  });

  it('limits every figure to the server with serverGuid ("Choosing a server re-queries with serverGuid")', async () => {
    const answer = await getJson<ComparisonResponse>(
      '/stats/players/compare?player1=Ann&player2=Ben&serverGuid=guid-a',
    );
    expect(answer.serverDetails).toEqual({ guid: 'guid-a', name: 'Alpha' });
    expect(answer.bucketTotals.find((bucket) => bucket.bucket === 'AllTime')).toEqual({
      bucket: 'AllTime',
      player1Totals: totals(295, 30, 15, 289),
      player2Totals: totals(243, 24, 18, 259),
    });
    expect(answer.bucketTotals.find((bucket) => bucket.bucket === 'Last30Days')).toEqual({
      bucket: 'Last30Days',
      player1Totals: totals(105, 11, 6, 140),
      player2Totals: totals(103, 10, 5, 110),
    });
    expect(answer.killRates).toEqual([
      { playerName: 'Ann', killRate: 0.104 }, // 30 / 289
      { playerName: 'Ben', killRate: 0.093 }, // 24 / 259
    ]);
    expect(answer.averagePing).toEqual([
      { playerName: 'Ann', averagePing: 40 },
      { playerName: 'Ben', averagePing: 80 },
    ]);
    expect(answer.mapPerformance.map((map) => map.mapName)).toEqual(['wake', 'kursk']);
    expect(answer.headToHead).toHaveLength(6);
    // Ben's round 6 was on Bravo: gone from hour 11, which keeps the open round on Alpha.
    expect(answer.hourlyOverlap[11]).toEqual({ hour: 11, player1Minutes: 20, player2Minutes: 20, overlapMinutes: 20 });
    // The server selector still lists both common servers.
    expect(answer.commonServers.map((server) => server.guid)).toEqual(['guid-a', 'guid-b']);
    // Milestones are lifetime awards, on no one server.
    expect(answer.player1MilestoneAchievements).toHaveLength(2);

    // On Bravo they never played the same round; on Charlie Ben never played at all.
    const bravo = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben&serverGuid=guid-b');
    expect(bravo.headToHead).toEqual([]);
    expect(bravo.hourlyOverlap.every((hour) => hour.overlapMinutes === 0)).toBe(true);
    const charlie = await getJson<ComparisonResponse>(
      '/stats/players/compare?player1=Ann&player2=Ben&serverGuid=guid-c',
    );
    expect(charlie.bucketTotals.at(-1)).toEqual({
      bucket: 'AllTime',
      player1Totals: totals(10, 1, 1, 90),
      player2Totals: totals(0, 0, 0, 0),
    });
    expect(charlie.killRates[1]).toEqual({ playerName: 'Ben', killRate: 0 });
    expect(charlie.averagePing[1]).toEqual({ playerName: 'Ben', averagePing: null });
  });

  it('agrees with the player profile’s totals, open rounds included ("Figures agree with the player profiles")', async () => {
    for (const [name, index] of [
      ['Ann', 0],
      ['Ben', 1],
    ] as const) {
      const profile = await getJson<PlayerStatsResponse>(`/stats/players/${name}`);
      const answer = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
      const allTime = answer.bucketTotals.find((bucket) => bucket.bucket === 'AllTime')!;
      expect(index === 0 ? allTime.player1Totals : allTime.player2Totals).toEqual({
        score: profile.totalScore,
        kills: profile.totalKills,
        deaths: profile.totalDeaths,
        playTimeMinutes: profile.totalPlayTimeMinutes,
      });
    }
  });

  it('refuses a player compared with himself: 400 with the words the page shows, on both calls', async () => {
    for (const path of ['/stats/players/compare', '/stats/players/compare/activity-hours']) {
      const refused = await getJson<ApiError>(`${path}?player1=Ann&player2=%20Ann%20`, 400);
      expect(refused).toEqual({
        error: 'bad_request',
        message: COMPARISON_SAME_PLAYER_MESSAGE,
        details: [{ parameter: 'player2', problem: 'names the same player as player1' }],
      });
    }
    // Names are exact: another letter case is another player (here an unknown one).
    await getJson<ApiError>('/stats/players/compare?player1=Ann&player2=ann', 404);
    // A name nobody has seen, twice, is refused as the same player before it is looked up.
    await getJson<ApiError>('/stats/players/compare?player1=Nobody&player2=Nobody', 400);
  });

  it('answers 404 with the §8 message naming the parameter not found ("One or both players not found")', async () => {
    const one = await getJson<ApiError>('/stats/players/compare?player1=Ann&player2=Nobody', 404);
    // Which name was not found, by its parameter: the name itself is not repeated.
    expect(one.message).toBe(
      `${COMPARISON_NOT_FOUND_MESSAGE} (player2: no player with this name has been seen by Frontline)`,
    );
    expect(one.details).toEqual([
      { parameter: 'player2', problem: 'no player with this name has been seen by Frontline' },
    ]);
    const both = await getJson<ApiError>('/stats/players/compare?player1=X&player2=Y', 404);
    expect(both.details?.map((detail) => detail.parameter)).toEqual(['player1', 'player2']);
    // Names are exact: another letter case is another player.
    await getJson<ApiError>('/stats/players/compare?player1=ann&player2=Ben', 404);
    const hours = await getJson<ApiError>('/stats/players/compare/activity-hours?player1=Nobody&player2=Ben', 404);
    expect(hours.details?.[0]?.parameter).toBe('player1');
  });

  it('answers 400 naming the parameter ("Comparison needs both names non-blank after trimming")', async () => {
    const blank = await getJson<ApiError>('/stats/players/compare?player1=%20%20&player2=Ben', 400);
    expect(blank.details).toEqual([{ parameter: 'player1', problem: 'must name a player' }]);
    const missing = await getJson<ApiError>('/stats/players/compare?player1=Ann', 400);
    expect(missing.details).toEqual([{ parameter: 'player2', problem: 'must name a player' }]);
    const long = await getJson<ApiError>(`/stats/players/compare?player1=Ann&player2=${'x'.repeat(257)}`, 400);
    expect(long.details?.[0]?.parameter).toBe('player2');
    const guid = await getJson<ApiError>(
      `/stats/players/compare?player1=Ann&player2=Ben&serverGuid=${'g'.repeat(129)}`,
      400,
    );
    expect(guid.details?.[0]?.parameter).toBe('serverGuid');
    const unknownServer = await getJson<ApiError>(
      '/stats/players/compare?player1=Ann&player2=Ben&serverGuid=no-such-guid',
      400,
    );
    expect(unknownServer).toEqual({
      error: 'bad_request',
      message: 'Invalid query parameter: serverGuid is not a server Frontline knows',
      details: [{ parameter: 'serverGuid', problem: 'is not a server Frontline knows' }],
    });
    const hours = await getJson<ApiError>('/stats/players/compare/activity-hours?player1=Ann&player2=', 400);
    expect(hours.details?.[0]?.parameter).toBe('player2');
  });

  it('trims the names and takes a blank serverGuid as all servers', async () => {
    const answer = await getJson<ComparisonResponse>(
      '/stats/players/compare?player1=%20Ann%20&player2=Ben&serverGuid=',
    );
    expect(answer.player1).toBe('Ann');
    expect(answer.serverDetails).toBeNull();
  });

  it('answers activity-hours: each player’s minutes played by UTC hour over the last 30 days', async () => {
    const answer = await getJson<ActivityHoursResponse>(
      '/stats/players/compare/activity-hours?player1=Ann&player2=Ben',
    );
    expect(answer.player1).toBe('Ann');
    expect(answer.player2).toBe('Ben');
    expect(answer.player1ActivityHours).toHaveLength(24);
    const played = (hours: ActivityHoursResponse['player1ActivityHours']) =>
      hours.filter((hour) => hour.minutesActive > 0);
    expect(played(answer.player1ActivityHours)).toEqual([
      { hour: 0, minutesActive: 30 },
      { hour: 10, minutesActive: 60 },
      { hour: 11, minutesActive: 20 },
      { hour: 20, minutesActive: 60 },
      { hour: 21, minutesActive: 30 },
    ]);
    expect(played(answer.player2ActivityHours)).toEqual([
      { hour: 0, minutesActive: 30 },
      { hour: 10, minutesActive: 30 },
      { hour: 11, minutesActive: 65 },
    ]);
  });
});

describe('the comparison and the player profile over the same closed rounds ("one rule per concept")', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const getJson = <T>(url: string) => getJsonFrom<T>(app, url);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
    database = await openTestDatabase();
    insertHistory(database.sqlite, { withOpenRound: false });
    app = await createTestApp({}, database);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    vi.useRealTimers();
  });

  const addTotals = (a: ComparisonTotals, b: ComparisonTotals): ComparisonTotals =>
    totals(a.score + b.score, a.kills + b.kills, a.deaths + b.deaths, a.playTimeMinutes + b.playTimeMinutes);
  const sumMaps = (maps: MapStatsResponse): ComparisonTotals =>
    maps
      .map((map) => totals(map.totalScore, map.totalKills, map.totalDeaths, map.totalPlayTimeMinutes))
      .reduce(addTotals, totals(0, 0, 0, 0));

  it('gives each server the profile’s AllTime figures and kill rate, and its Last 30 Days map statistics', async () => {
    for (const [name, side] of [
      ['Ann', 'player1Totals'],
      ['Ben', 'player2Totals'],
    ] as const) {
      const profile = await getJson<PlayerStatsResponse>(`/stats/players/${name}`);
      const all = await getJson<ComparisonResponse>('/stats/players/compare?player1=Ann&player2=Ben');
      expect(all.bucketTotals.at(-1)?.[side]).toEqual({
        score: profile.totalScore,
        kills: profile.totalKills,
        deaths: profile.totalDeaths,
        playTimeMinutes: profile.totalPlayTimeMinutes,
      });
      let last30 = totals(0, 0, 0, 0);
      for (const server of profile.servers) {
        const url = `/stats/players/compare?player1=Ann&player2=Ben&serverGuid=${server.serverGuid}`;
        const answer = await getJson<ComparisonResponse>(url);
        expect(answer.bucketTotals.at(-1)?.[side]).toMatchObject({
          kills: server.totalKills,
          deaths: server.totalDeaths,
          playTimeMinutes: server.totalMinutes,
        });
        expect(answer.killRates.find((rate) => rate.playerName === name)?.killRate).toBe(server.killsPerMinute);
        const maps = sumMaps(
          await getJson<MapStatsResponse>(
            `/stats/players/${name}/server/${server.serverGuid}/mapstats?range=Last30Days`,
          ),
        );
        expect(answer.bucketTotals[0]?.[side], `${name} on ${server.serverName}`).toEqual(maps);
        last30 = addTotals(last30, maps);
      }
      // Every server's 30 days together: the comparison's without a server.
      expect(all.bucketTotals[0]?.[side]).toEqual(last30);
    }
  });
});
