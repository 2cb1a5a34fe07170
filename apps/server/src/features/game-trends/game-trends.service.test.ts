import type { SyncConnection } from '../../db/sync-connection.ts';
import { describe, expect, it } from 'vitest';
import { asServerGuid } from '../../domain/ids.ts';
import { useTestDatabase } from '../../test/test-database.ts';
import { createGameTrendsRepository } from './game-trends.repository.ts';
import { createGameTrendsService } from './game-trends.service.ts';

/**
 * The service over its repository on a real SQLite database with handcrafted population rows, where the
 * expected figures can be worked out by hand.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

function insertServer(
  sqlite: SyncConnection,
  serverGuid: string,
  options: { game?: string; players?: number; online?: boolean } = {},
): void {
  const { game = 'fh2', players = 0, online = true } = options;
  sqlite
    .prepare(
      `insert into servers (server_guid, game, ip, port, name, map_name, game_type, num_players, bot_count,
        max_players, has_password, is_online, first_seen, last_seen, evidence_clock_ms)
      values (?, ?, '10.0.0.1', ?, ?, 'map', 'conquest', ?, 0, 64, 0, ?, '2025-01-01T00:00:00.000Z',
        '2025-01-01T00:00:00.000Z', 0)`,
    )
    .run(serverGuid, game, Math.floor(Math.random() * 60_000), `Server ${serverGuid}`, players, online ? 1 : 0);
}

function insertRow(
  sqlite: SyncConnection,
  serverGuid: string,
  startMs: number,
  bucketMinutes: number,
  playerSum: number,
  samples: number,
): void {
  sqlite
    .prepare(
      `insert into server_population (bucket_start, server_guid, bucket_minutes, player_sum, peak_players, samples)
      values (?, ?, ?, ?, ?, ?)`,
    )
    .run(iso(startMs), serverGuid, bucketMinutes, playerSum, playerSum, samples);
}

describe('players-online history on handcrafted rows', () => {
  const getDatabase = useTestDatabase();
  const createService = (nowMs: number) =>
    createGameTrendsService({ gameTrendsRepository: createGameTrendsRepository(getDatabase().db), clock: () => nowMs });

  it('sums each server’s average over its twelve 5-minute rows, not the rows (60-minute buckets, 7d)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    insertServer(sqlite, 'b');
    const hour = Date.parse('2025-06-18T08:00:00.000Z');
    for (let row = 0; row < 12; row += 1) {
      insertRow(sqlite, 'a', hour + row * 5 * MINUTE_MS, 5, 10 * 10, 10); // always 10 players
      insertRow(sqlite, 'b', hour + row * 5 * MINUTE_MS, 5, row * 10, 10); // 0..11 players: average 5.5
    }
    const history = await createService(Date.parse('2025-06-18T10:37:00.000Z')).traceOnlinePlayers('fh2', '7d', 7);
    // 10 + 5.5 = 15.5, rounded 16; a sum over the rows' averages would give 120 + 66 = 186.
    expect(history?.dataPoints).toEqual([{ timestamp: '2025-06-18T08:00:00.000Z', totalPlayers: 16 }]);
  });

  it('gives a day bucket the average of the day, not the sum of its 24 hours (thisyear, alltime)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    insertServer(sqlite, 'b');
    const day = Date.parse('2025-06-10T00:00:00.000Z');
    for (let hour = 0; hour < 24; hour += 1) {
      insertRow(sqlite, 'a', day + hour * HOUR_MS, 60, 12 * 120, 120); // 12 players all day
      insertRow(sqlite, 'b', day + hour * HOUR_MS, 60, (hour < 12 ? 0 : 20) * 120, 120); // 0, then 20: average 10
    }
    const service = createService(Date.parse('2025-06-18T10:37:00.000Z'));
    for (const period of ['thisyear', 'alltime'] as const) {
      const history = await service.traceOnlinePlayers('fh2', period, 7);
      expect(history?.dataPoints).toEqual([{ timestamp: '2025-06-10T00:00:00.000Z', totalPlayers: 22 }]);
    }
  });

  it('weights a bucket by polls across the rollup boundary (5-minute and hourly rows in one 4-hour bucket)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    const bucket = Date.parse('2025-06-11T08:00:00.000Z');
    insertRow(sqlite, 'a', bucket, 60, 10 * 100, 100); // rolled up: 100 polls at 10
    insertRow(sqlite, 'a', bucket + HOUR_MS, 5, 40 * 10, 10); // still fine: 10 polls at 40
    const history = await createService(Date.parse('2025-06-18T10:37:00.000Z')).traceOnlinePlayers('a', '1month', 7);
    // (1000 + 400) / 110 = 12.7
    expect(history?.dataPoints).toEqual([{ timestamp: '2025-06-11T08:00:00.000Z', totalPlayers: 13 }]);
  });

  it('lends a rolled-up hour’s average to each 5-minute bucket it covers (1d)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    insertServer(sqlite, 'b');
    const hour = Date.parse('2025-06-18T02:00:00.000Z');
    insertRow(sqlite, 'a', hour, 60, 7 * 120, 120);
    insertRow(sqlite, 'b', hour + 10 * MINUTE_MS, 5, 3 * 10, 10);
    const history = await createService(Date.parse('2025-06-18T10:37:00.000Z')).traceOnlinePlayers('fh2', '1d', 7);
    expect(history?.dataPoints).toHaveLength(12);
    expect(history?.dataPoints[0]).toEqual({ timestamp: '2025-06-18T02:00:00.000Z', totalPlayers: 7 });
    expect(history?.dataPoints[2]).toEqual({ timestamp: '2025-06-18T02:10:00.000Z', totalPlayers: 10 });
    expect(history?.dataPoints[11]).toEqual({ timestamp: '2025-06-18T02:55:00.000Z', totalPlayers: 7 });
  });

  it('keeps only the requested scope and range: other games, other servers and older rows stay out', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    insertServer(sqlite, 'z', { game: 'bf1942' });
    const now = Date.parse('2025-06-18T10:37:00.000Z');
    insertRow(sqlite, 'a', now - 2 * HOUR_MS, 5, 50, 10);
    insertRow(sqlite, 'z', now - 2 * HOUR_MS, 5, 500, 10);
    insertRow(sqlite, 'a', now - 2 * DAY_MS, 5, 50, 10);
    const service = createService(now);
    expect((await service.traceOnlinePlayers('fh2', '1d', 7))?.dataPoints.map((point) => point.totalPlayers)).toEqual([
      5,
    ]);
    expect((await service.traceOnlinePlayers('42', '1d', 7))?.dataPoints.map((point) => point.totalPlayers)).toEqual([
      50,
    ]);
    expect((await service.traceOnlinePlayers('z', '3d', 7))?.dataPoints.map((point) => point.totalPlayers)).toEqual([
      50,
    ]);
    expect((await service.traceOnlinePlayers('a', '3d', 7))?.dataPoints.map((point) => point.totalPlayers)).toEqual([
      5, 5,
    ]);
    expect(await service.traceOnlinePlayers('nope', '3d', 7)).toBeUndefined();
  });

  it('answers a warm request exactly as a cold one while rows keep arriving and the clock moves', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    insertServer(sqlite, 'b');
    const start = Date.parse('2025-06-16T00:00:00.000Z');
    let nowMs = Date.parse('2025-06-18T10:02:00.000Z');
    const writeUntil = (untilMs: number, fromMs: number) => {
      for (let at = fromMs; at < untilMs; at += 5 * MINUTE_MS) {
        insertRow(sqlite, 'a', at, 5, ((at / (5 * MINUTE_MS)) % 17) * 10, 10);
        insertRow(sqlite, 'b', at, 5, ((at / (5 * MINUTE_MS)) % 5) * 9, 9);
      }
    };
    writeUntil(nowMs, start);
    const warm = createGameTrendsService({
      gameTrendsRepository: createGameTrendsRepository(getDatabase().db),
      clock: () => nowMs,
    });
    const periods = ['1d', '3d', '7d', '1month', 'alltime'] as const;
    for (const period of periods) await warm.traceOnlinePlayers('fh2', period, 7);
    // The collector writes on; the clock crosses two settle points (11:00 and 12:00 minus the margin).
    for (const step of [20, 45, 60, 75]) {
      const before = nowMs;
      nowMs += step * MINUTE_MS;
      writeUntil(nowMs, Math.ceil(before / (5 * MINUTE_MS)) * 5 * MINUTE_MS);
      for (const period of periods) {
        const cold = await createService(nowMs).traceOnlinePlayers('fh2', period, 7);
        expect(await warm.traceOnlinePlayers('fh2', period, 7)).toEqual(cold);
      }
    }
  });
});

describe('players-online history answers reused for a few seconds', () => {
  const getDatabase = useTestDatabase();

  it('serves the same points for 15 s, then reads the new rows; other windows share the points', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    let nowMs = Date.parse('2025-06-18T10:37:00.000Z');
    insertRow(sqlite, 'a', Date.parse('2025-06-18T10:30:00.000Z'), 5, 4 * 10, 10);
    const service = createGameTrendsService({
      gameTrendsRepository: createGameTrendsRepository(getDatabase().db),
      clock: () => nowMs,
    });
    const first = await service.traceOnlinePlayers('fh2', '1d', 7);
    insertRow(sqlite, 'a', Date.parse('2025-06-18T10:35:00.000Z'), 5, 6 * 10, 10);
    nowMs += 14_000;
    const reused = await service.traceOnlinePlayers('fh2', '1d', 14);
    expect(reused?.dataPoints).toEqual(first?.dataPoints);
    expect(reused?.rollingWindowDays).toBe(14);
    nowMs += 1_000;
    expect((await service.traceOnlinePlayers('fh2', '1d', 7))?.dataPoints.map((point) => point.totalPlayers)).toEqual([
      4, 6,
    ]);
  });
});

describe('players-online history when a read fails half-way', () => {
  const getDatabase = useTestDatabase();

  it('does not count the slices read before the failure twice on the next request', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a');
    const nowMs = Date.parse('2025-06-18T10:37:00.000Z');
    // Reads go in day-long slices from the oldest row (10 June 10:00), so 12 June's day bucket takes its
    // 09:00 row from the second slice and its 11:00 row from the third.
    insertRow(sqlite, 'a', Date.parse('2025-06-10T10:00:00.000Z'), 60, 8 * 60, 60);
    insertRow(sqlite, 'a', Date.parse('2025-06-12T09:00:00.000Z'), 60, 0, 60);
    insertRow(sqlite, 'a', Date.parse('2025-06-12T11:00:00.000Z'), 60, 20 * 60, 60);
    const repository = createGameTrendsRepository(getDatabase().db);
    let calls = 0;
    const flaky: typeof repository = {
      ...repository,
      selectPopulationGroups: (...args) => {
        calls += 1;
        // The third slice of the first build fails (disk, lock): the first two are already in.
        if (calls === 3) return Promise.reject(new Error('disk I/O error'));
        return repository.selectPopulationGroups(...args);
      },
    };
    const service = createGameTrendsService({ gameTrendsRepository: flaky, clock: () => nowMs });
    await expect(service.traceOnlinePlayers('a', 'thisyear', 7)).rejects.toThrow('disk I/O error');
    const history = await service.traceOnlinePlayers('a', 'thisyear', 7);
    // Counting the 09:00 row twice would give (0 + 0 + 20) / 3 = 7.
    expect(history?.dataPoints).toEqual([
      { timestamp: '2025-06-10T00:00:00.000Z', totalPlayers: 8 },
      { timestamp: '2025-06-12T00:00:00.000Z', totalPlayers: 10 },
    ]);
  });
});

describe('busy indicator and forecast on handcrafted rows', () => {
  const getDatabase = useTestDatabase();
  // Wednesday 20:15 UTC.
  const NOW_MS = Date.parse('2025-06-18T20:15:00.000Z');
  const createService = (nowMs = NOW_MS) =>
    createGameTrendsService({ gameTrendsRepository: createGameTrendsRepository(getDatabase().db), clock: () => nowMs });

  /** One hourly row per given week back, at Wednesday 20:00, with `players` average. */
  function insertWednesdays(sqlite: SyncConnection, serverGuid: string, playersByWeek: readonly number[]): void {
    playersByWeek.forEach((players, index) => {
      insertRow(
        sqlite,
        serverGuid,
        Date.parse('2025-06-18T20:00:00.000Z') - (index + 1) * 7 * DAY_MS,
        60,
        players * 60,
        60,
      );
    });
  }

  it('compares current players with the quartiles of the same weekday and hour', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'at-q75', { players: 30 });
    insertServer(sqlite, 'below-q75', { players: 29 });
    insertServer(sqlite, 'offline', { players: 45, online: false });
    // Five Wednesdays at 20:00: 0, 10, 20, 30, 40 players → Q25 10, median 20, Q75 30, Q90 36.
    for (const guid of ['at-q75', 'below-q75', 'offline']) insertWednesdays(sqlite, guid, [40, 0, 30, 10, 20]);
    // The current hour itself is incomplete and must not count.
    insertRow(sqlite, 'at-q75', Date.parse('2025-06-18T20:00:00.000Z'), 5, 1000 * 10, 10);

    const answer = await createService().describeBusyness(
      ['at-q75', 'below-q75', 'offline', 'unknown-guid'].map(asServerGuid),
    );
    const indicators = Object.fromEntries(
      answer.serverResults.map((result) => [result.serverGuid, result.busyIndicator]),
    );
    expect(indicators['at-q75']).toEqual({
      busyLevel: 'busy',
      busyText: 'Busy',
      typicalPlayers: 20,
      currentPlayers: 30,
      basis: 'weekday_hour',
      dataPoints: 5,
      historyDays: 35, // the first of five Wednesdays, 5 weeks back
    });
    expect(indicators['below-q75']).toMatchObject({ busyLevel: 'moderate', currentPlayers: 29 });
    expect(indicators.offline).toMatchObject({ busyLevel: 'very_quiet', currentPlayers: 0 });
    expect(indicators['unknown-guid']).toEqual({
      busyLevel: 'unknown',
      busyText: 'Not enough data',
      typicalPlayers: null,
      currentPlayers: 0,
      basis: 'none',
      dataPoints: 0,
      historyDays: 0,
    });
    const unknownTimeline = answer.serverResults[3]?.hourlyTimeline ?? [];
    expect(unknownTimeline).toHaveLength(24);
    expect(unknownTimeline.every((entry) => entry.typicalPlayers === null && entry.basis === 'none')).toBe(true);
    const timeline = answer.serverResults[0]?.hourlyTimeline ?? [];
    expect(timeline[20]).toEqual({
      hour: 20,
      typicalPlayers: 20,
      busyLevel: 'very_busy',
      isCurrentHour: true,
      basis: 'weekday_hour',
      dataPoints: 5,
    });
    // Hours it was never seen at are missing, not 0 players.
    expect(timeline[19]).toMatchObject({ typicalPlayers: null, busyLevel: 'unknown', basis: 'none' });
    expect(answer.generatedAt).toBe('2025-06-18T20:15:00.000Z');
  });

  it('compares with the same weekday and hour from three weeks on; with two it is a rough estimate', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'two', { players: 11 });
    insertServer(sqlite, 'three', { players: 11 });
    insertWednesdays(sqlite, 'two', [10, 10]);
    insertWednesdays(sqlite, 'three', [10, 10, 10]);
    const answer = await createService().describeBusyness(['two', 'three'].map(asServerGuid));
    expect(answer.serverResults.map((result) => result.busyIndicator)).toEqual([
      expect.objectContaining({ busyLevel: 'very_busy', typicalPlayers: 10, basis: 'overall', dataPoints: 2 }),
      expect.objectContaining({ busyLevel: 'very_busy', typicalPlayers: 10, basis: 'weekday_hour', dataPoints: 3 }),
    ]);
    // The timeline shows the typical figure of the two weeks, saying it stands for two days.
    expect(answer.serverResults[0]?.hourlyTimeline[20]).toMatchObject({
      typicalPlayers: 10,
      basis: 'hour',
      dataPoints: 2,
    });
  });

  it('ignores history older than 60 days', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'old', { players: 10 });
    // Weeks 1–3 are recent; weeks 9–10 are more than 60 days back.
    insertWednesdays(sqlite, 'old', [10, 10, 10, 0, 0, 0, 0, 0, 100, 100]);
    const answer = await createService().describeBusyness(['old'].map(asServerGuid));
    expect(answer.serverResults[0]?.busyIndicator.typicalPlayers).toBe(3.8); // (3·10 + 5·0) / 8
  });

  it('caches patterns for the hour: new rows show from the next UTC hour on', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 's', { players: 5 });
    insertWednesdays(sqlite, 's', [10, 10, 10]);
    const service = createService();
    expect(
      (await service.describeBusyness(['s'].map(asServerGuid))).serverResults[0]?.busyIndicator.typicalPlayers,
    ).toBe(10);
    insertRow(sqlite, 's', Date.parse('2025-06-18T20:00:00.000Z') - 4 * 7 * DAY_MS, 60, 50 * 60, 60);
    expect(
      (await service.describeBusyness(['s'].map(asServerGuid))).serverResults[0]?.busyIndicator.typicalPlayers,
    ).toBe(10);
    const nextWeek = createService(NOW_MS + 7 * DAY_MS);
    // A week later, the row of this hour was written too: 10, 10, 10, 50 and the (empty) current one.
    insertRow(sqlite, 's', Date.parse('2025-06-18T20:00:00.000Z'), 60, 0, 60);
    expect(
      (await nextWeek.describeBusyness(['s'].map(asServerGuid))).serverResults[0]?.busyIndicator.typicalPlayers,
    ).toBe(16);
  });

  it('forecasts a game from the average over dates of its hourly total (sum of server averages)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'a', { players: 12 });
    insertServer(sqlite, 'b', { players: 8 });
    insertServer(sqlite, 'c', { players: 30, online: false });
    insertServer(sqlite, 'other', { game: 'bf1942', players: 99 });
    const wednesday20 = Date.parse('2025-06-18T20:00:00.000Z');
    // Last week: a averages 20 (two half-hours of 10 and 30), b 10 → total 30. Two weeks back: a 40 → total 40.
    insertRow(sqlite, 'a', wednesday20 - 7 * DAY_MS, 5, 10 * 10, 10);
    insertRow(sqlite, 'a', wednesday20 - 7 * DAY_MS + 30 * MINUTE_MS, 5, 30 * 10, 10);
    insertRow(sqlite, 'b', wednesday20 - 7 * DAY_MS, 60, 10 * 60, 60);
    insertRow(sqlite, 'a', wednesday20 - 14 * DAY_MS, 60, 40 * 60, 60);
    insertRow(sqlite, 'other', wednesday20 - 7 * DAY_MS, 60, 500 * 60, 60);
    // Thursday 03:00 (7 hours on), one week back: 6 players.
    insertRow(sqlite, 'a', wednesday20 - 7 * DAY_MS + 7 * HOUR_MS, 60, 6 * 60, 60);

    const { insights } = await createService().forecastGame('fh2');
    expect(insights.currentPlayers).toBe(20);
    expect(insights.forecast).toHaveLength(24);
    // Two Wednesdays only: the same hour on any day (the same two dates here).
    expect(insights.forecast[0]).toEqual({
      hourOfDay: 20,
      dayOfWeek: 3,
      predictedPlayers: 35,
      actualPlayers: 20,
      isCurrentHour: true,
      busyLevel: 'busy',
      basis: 'hour',
      dataPoints: 2,
    });
    expect(insights.forecast[7]).toEqual({
      hourOfDay: 3,
      dayOfWeek: 4,
      predictedPlayers: 6,
      actualPlayers: null,
      isCurrentHour: false,
      busyLevel: 'quiet',
      basis: 'hour',
      dataPoints: 1,
    });
    // An hour never seen is missing, not 0 players.
    expect(insights.forecast[1]).toMatchObject({
      hourOfDay: 21,
      predictedPlayers: null,
      busyLevel: 'unknown',
      basis: 'none',
      dataPoints: 0,
    });
    expect(insights.maxPredictedPlayers).toBe(35);
    expect(insights.generatedAt).toBe('2025-06-18T20:15:00.000Z');
  });

  it('numbers Sunday 7 (ISO) in the forecast', async () => {
    const { insights } = await createService(Date.parse('2025-06-22T23:30:00.000Z')).forecastGame('bf1942');
    expect(insights.forecast.slice(0, 2).map((entry) => [entry.dayOfWeek, entry.hourOfDay])).toEqual([
      [7, 23],
      [1, 0],
    ]);
    expect(insights).toMatchObject({ currentPlayers: 0, maxPredictedPlayers: 0 });
  });
});

describe('busy indicator of a young install: forecasts from what exists and says how sure it is', () => {
  const getDatabase = useTestDatabase();
  // Wednesday 20:15 UTC.
  const NOW_MS = Date.parse('2025-06-18T20:15:00.000Z');
  const CURRENT_HOUR_MS = Date.parse('2025-06-18T20:00:00.000Z');
  const createService = () =>
    createGameTrendsService({
      gameTrendsRepository: createGameTrendsRepository(getDatabase().db),
      clock: () => NOW_MS,
    });

  /** 24 players from 18:00 to 23:59 UTC, 4 otherwise: one evening-busy rhythm. */
  const eveningRhythm = (hourStartMs: number) => (new Date(hourStartMs).getUTCHours() >= 18 ? 24 : 4);

  /** The `hours` complete hours before the current one, as twelve 5-minute rows each (10 polls per row). */
  function insertRecentHours(sqlite: SyncConnection, serverGuid: string, hours: number, players = eveningRhythm) {
    for (let back = 1; back <= hours; back += 1) {
      const hourStart = CURRENT_HOUR_MS - back * HOUR_MS;
      for (let row = 0; row < 12; row += 1) {
        insertRow(sqlite, serverGuid, hourStart + row * 5 * MINUTE_MS, 5, players(hourStart) * 10, 10);
      }
    }
  }

  it('one day of history: a rough estimate from the server’s whole day, scaled to what this hour had', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'one-day', { players: 30 });
    insertRecentHours(sqlite, 'one-day', 24);
    const [result] = (await createService().describeBusyness(['one-day'].map(asServerGuid))).serverResults;
    // 24 hours: 6 at 24 players, 18 at 4 → average 9, median 4, Q75 9 (index 17.25 interpolates 4 → 24), Q90 24.
    // Scaled to yesterday's 20:00 (24 players) by 24 / 9: median 10.7, Q75 24, Q90 64 → 30 is "busy".
    expect(result?.busyIndicator).toEqual({
      busyLevel: 'busy',
      busyText: 'Busy',
      typicalPlayers: 24,
      currentPlayers: 30,
      basis: 'overall',
      dataPoints: 24,
      historyDays: 1, // since Tuesday 20:00
    });
    const timeline = result?.hourlyTimeline ?? [];
    expect(timeline.map((entry) => entry.typicalPlayers)).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour >= 18 ? 24 : 4)),
    );
    expect(timeline.every((entry) => entry.basis === 'hour' && entry.dataPoints === 1)).toBe(true);
  });

  it('a few hours of history: the hours never seen are missing, and the level compares with all hours seen', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'new', { players: 24 });
    insertRecentHours(sqlite, 'new', 3); // 17:00 (4), 18:00 and 19:00 (24)
    const [result] = (await createService().describeBusyness(['new'].map(asServerGuid))).serverResults;
    expect(result?.busyIndicator).toMatchObject({
      busyLevel: 'moderate', // the median of 4, 24, 24
      typicalPlayers: null,
      basis: 'overall',
      dataPoints: 3,
      historyDays: 0, // three hours
    });
    const seen = (result?.hourlyTimeline ?? []).filter((entry) => entry.typicalPlayers !== null);
    expect(seen.map((entry) => [entry.hour, entry.typicalPlayers])).toEqual([
      [17, 4],
      [18, 24],
      [19, 24],
    ]);
    expect(result?.hourlyTimeline[20]).toMatchObject({
      isCurrentHour: true,
      typicalPlayers: null,
      busyLevel: 'unknown',
    });
  });

  it('ten days of history: the same hour on the other days (weekday-agnostic)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'ten-days', { players: 20 });
    // Hourly rows, as rolled up after 7 days; each day's 20:00 has 10 + the day's number back (11 … 20).
    for (let back = 1; back <= 10 * 24; back += 1) {
      const hourStart = CURRENT_HOUR_MS - back * HOUR_MS;
      const players = new Date(hourStart).getUTCHours() === 20 ? 10 + back / 24 : eveningRhythm(hourStart);
      insertRow(sqlite, 'ten-days', hourStart, 60, players * 120, 120);
    }
    const [result] = (await createService().describeBusyness(['ten-days'].map(asServerGuid))).serverResults;
    // 20:00 on ten days: 11 … 20 → average 15.5, median 15.5, Q75 17.75, Q90 19.1; only one was a Wednesday.
    expect(result?.busyIndicator).toEqual({
      busyLevel: 'very_busy',
      busyText: 'Busier than usual',
      typicalPlayers: 15.5,
      currentPlayers: 20,
      basis: 'hour',
      dataPoints: 10,
      historyDays: 10,
    });
    expect(result?.hourlyTimeline[20]).toMatchObject({ typicalPlayers: 15.5, basis: 'hour', dataPoints: 10 });
    expect(result?.hourlyTimeline[3]).toMatchObject({ typicalPlayers: 4, basis: 'hour', dataPoints: 10 });
  });

  it('no history at all: unknown, and every hour missing', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'fresh', { players: 8 });
    const [result] = (await createService().describeBusyness(['fresh'].map(asServerGuid))).serverResults;
    expect(result?.busyIndicator).toEqual({
      busyLevel: 'unknown',
      busyText: 'Not enough data',
      typicalPlayers: null,
      currentPlayers: 8,
      basis: 'none',
      dataPoints: 0,
      historyDays: 0,
    });
    expect(result?.hourlyTimeline.every((entry) => entry.typicalPlayers === null)).toBe(true);
  });

  it('counts people now, not bots (servers.num_players holds tracked humans; bots are bot_count)', async () => {
    const { sqlite } = getDatabase();
    insertServer(sqlite, 'bots', { players: 12 });
    sqlite.prepare("update servers set bot_count = 16 where server_guid = 'bots'").run();
    insertRecentHours(sqlite, 'bots', 24);
    const [result] = (await createService().describeBusyness(['bots'].map(asServerGuid))).serverResults;
    expect(result?.busyIndicator.currentPlayers).toBe(12);
  });
});
