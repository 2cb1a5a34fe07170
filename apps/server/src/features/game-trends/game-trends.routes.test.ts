import { openTestDatabase, type TestDatabase, seedHistory } from '../../test/test-database.ts';
import type {
  BusyIndicatorResponse,
  BusyLevel,
  HistoryPeriod,
  LandingSummaryResponse,
  PlayersOnlineHistoryResponse,
} from '@frontline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSerializerCompiler } from '../../http/contract-serializer.ts';
import { registerErrorHandler } from '../../http/errors.ts';
import { createGameTrendsRepository } from './game-trends.repository.ts';
import { gameTrendsRoutes } from './game-trends.routes.ts';
import { createGameTrendsService } from './game-trends.service.ts';

/**
 * The three calls end to end on a database filled by the emulator's history (seed 1, 21 days of Forgotten
 * Hope 2, rolled up after 7 days as in production), checked against brute-force recomputations from the
 * raw rows written here independently of the service.
 *
 * 21 days, because the current (weekday, hour) needs three complete past instances before a busy level
 * is more than "Not enough data". One game keeps generation within a few seconds.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const HISTORY_DAYS = 21;
// A Wednesday evening, when the simulated servers are busy.
const END_MS = Date.parse('2025-06-18T20:37:00.000Z');

interface PopulationRow {
  server_guid: string;
  bucket_start: string;
  bucket_minutes: number;
  player_sum: number;
  samples: number;
}

interface ServerRow {
  server_guid: string;
  game: string;
  num_players: number;
  is_online: number;
}

let database: TestDatabase;
let app: FastifyInstance;
let nowMs = END_MS;

/** The plugin on a bare Fastify with app.ts's compilers, router options and error handler. */
async function buildTrendsApp(): Promise<FastifyInstance> {
  const trendsApp = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  trendsApp.setValidatorCompiler(validatorCompiler);
  trendsApp.setSerializerCompiler(contractSerializerCompiler({ checkAnswers: true }));
  registerErrorHandler(trendsApp);
  const gameTrendsService = createGameTrendsService({
    gameTrendsRepository: createGameTrendsRepository(database.db),
    clock: () => nowMs,
  });
  await trendsApp.register(gameTrendsRoutes, { prefix: '/stats', gameTrendsService, encodeSharedAnswers: false });
  await trendsApp.ready();
  return trendsApp;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedHistory(database, { seed: 1, endMs: END_MS, days: HISTORY_DAYS, games: ['fh2'] });
  app = await buildTrendsApp();
}, 120_000);

afterAll(async () => {
  await app.close();
  await database.close();
});

function readServers(): ServerRow[] {
  return database.sqlite
    .prepare('select server_guid, game, num_players, is_online from servers order by server_guid')
    .all() as unknown as ServerRow[];
}

function readRows(serverGuids: readonly string[]): PopulationRow[] {
  const wanted = new Set(serverGuids);
  const rows = database.sqlite
    .prepare('select server_guid, bucket_start, bucket_minutes, player_sum, samples from server_population')
    .all() as unknown as PopulationRow[];
  return rows.filter((row) => wanted.has(row.server_guid));
}

// ---------------------------------------------------------------------------------------------------------
// Brute force, straight from the wording.

const BUCKET_MINUTES: Record<HistoryPeriod, number> = {
  '1d': 5,
  '3d': 30,
  '7d': 60,
  '1month': 240,
  '3months': 720,
  thisyear: 1440,
  alltime: 1440,
};
const PERIOD_DAYS: Partial<Record<HistoryPeriod, number>> = { '1d': 1, '3d': 3, '7d': 7, '1month': 30, '3months': 90 };

function recomputeHistory(
  serverGuids: readonly string[],
  period: HistoryPeriod,
  windowDays: number,
): Pick<PlayersOnlineHistoryResponse, 'dataPoints' | 'insights'> {
  const bucketMs = BUCKET_MINUTES[period] * MINUTE_MS;
  const days = PERIOD_DAYS[period];
  const startMs =
    period === 'alltime'
      ? -Infinity
      : days === undefined
        ? Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1)
        : Math.floor((nowMs - days * DAY_MS) / bucketMs) * bucketMs;
  // Per bucket, per server: the sums of the rows inside it (a row longer than a bucket lends itself to each).
  const sums = new Map<number, Map<string, { playerSum: number; samples: number }>>();
  for (const row of readRows(serverGuids)) {
    const rowStart = Date.parse(row.bucket_start);
    if (rowStart < startMs || rowStart > nowMs) continue;
    const covered = Math.max(1, (row.bucket_minutes * MINUTE_MS) / bucketMs);
    for (let offset = 0; offset < covered; offset += 1) {
      const bucket = Math.floor(rowStart / bucketMs) + offset;
      const servers = sums.get(bucket) ?? new Map<string, { playerSum: number; samples: number }>();
      sums.set(bucket, servers);
      const server = servers.get(row.server_guid) ?? { playerSum: 0, samples: 0 };
      servers.set(row.server_guid, server);
      server.playerSum += row.player_sum;
      server.samples += row.samples;
    }
  }
  const dataPoints = [...sums.keys()]
    .sort((a, b) => a - b)
    .map((bucket) => {
      let total = 0;
      // In guid order, as the service adds them (the same total to the last bit on either store).
      const servers = sums.get(bucket) ?? new Map<string, { playerSum: number; samples: number }>();
      for (const guid of [...servers.keys()].sort()) {
        const server = servers.get(guid);
        if (server) total += server.playerSum / server.samples;
      }
      return { timestamp: new Date(bucket * bucketMs).toISOString(), totalPlayers: Math.round(total) };
    });
  const values = dataPoints.map((point) => point.totalPlayers);
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const rollingAverage =
    dataPoints.length < 2
      ? []
      : dataPoints.map((point) => {
          const time = Date.parse(point.timestamp);
          const inWindow = dataPoints.filter((other) => {
            const otherTime = Date.parse(other.timestamp);
            return otherTime >= time - windowDays * DAY_MS && otherTime <= time;
          });
          const mean = inWindow.reduce((sum, other) => sum + other.totalPlayers, 0) / inWindow.length;
          return { timestamp: point.timestamp, average: round2(mean) };
        });
  return {
    dataPoints,
    insights: {
      peakPlayers: values.length ? Math.max(...values) : 0,
      lowestPlayers: values.length ? Math.min(...values) : 0,
      overallAverage: values.length ? round2(values.reduce((sum, value) => sum + value, 0) / values.length) : 0,
      rollingAverage,
    },
  };
}

/** Average players of each complete UTC hour of the last 60 days, per server: hour start → average. */
function recomputeHourAverages(serverGuid: string): Map<number, number> {
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const hours = new Map<number, { playerSum: number; samples: number }>();
  for (const row of readRows([serverGuid])) {
    const start = Date.parse(row.bucket_start);
    if (start < hourStart - 60 * DAY_MS || start >= hourStart) continue;
    const hour = Math.floor(start / HOUR_MS) * HOUR_MS;
    const sums = hours.get(hour) ?? { playerSum: 0, samples: 0 };
    hours.set(hour, sums);
    sums.playerSum += row.player_sum;
    sums.samples += row.samples;
  }
  return new Map([...hours].map(([hour, sums]) => [hour, sums.playerSum / sums.samples]));
}

function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const below = sorted[Math.floor(position)] ?? 0;
  const above = sorted[Math.ceil(position)] ?? 0;
  return below + (above - below) * (position - Math.floor(position));
}

function expectedBusyLevel(current: number, values: readonly number[]): BusyLevel {
  if (values.length < 3) return 'unknown';
  const aboveMedian = current > quantile(values, 0.5);
  if (aboveMedian && current >= quantile(values, 0.9)) return 'very_busy';
  if (aboveMedian && current >= quantile(values, 0.75)) return 'busy';
  if (current >= quantile(values, 0.5)) return 'moderate';
  if (current >= quantile(values, 0.25)) return 'quiet';
  return 'very_quiet';
}

// Summed in ascending order, as the service does: a mean at x.x5 then rounds the same way on both sides.
const mean = (values: readonly number[]) =>
  [...values].sort((x, y) => x - y).reduce((sum, value) => sum + value, 0) / values.length;
const sameWeekHour = (a: number, b: Date) =>
  new Date(a).getUTCDay() === b.getUTCDay() && new Date(a).getUTCHours() === b.getUTCHours();

/** The fallback for one hour: 3+ of the same weekday and hour, else that hour on any day, else none. */
function expectedEstimate(hourValues: Map<number, number>, at: Date) {
  const sameWeekday = [...hourValues].filter(([hour]) => sameWeekHour(hour, at)).map(([, value]) => value);
  if (sameWeekday.length >= 3)
    return { average: mean(sameWeekday), basis: 'weekday_hour', dataPoints: sameWeekday.length };
  const sameHour = [...hourValues]
    .filter(([hour]) => new Date(hour).getUTCHours() === at.getUTCHours())
    .map(([, value]) => value);
  if (sameHour.length > 0) return { average: mean(sameHour), basis: 'hour', dataPoints: sameHour.length };
  return { average: null, basis: 'none', dataPoints: 0 };
}

// ---------------------------------------------------------------------------------------------------------

describe('GET /stats/LiveServers/{id}/players-online-history', () => {
  const periods: readonly HistoryPeriod[] = ['1d', '3d', '7d', '1month', '3months', 'thisyear', 'alltime'];

  it.each(periods)(
    '%s: a game’s totals are the sums of its servers’ bucket averages, as recomputed from the rows',
    async (period) => {
      nowMs = END_MS;
      const response = await app.inject(
        `/stats/LiveServers/fh2/players-online-history?period=${period}&rollingWindowDays=14`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=120');
      const body = response.json<PlayersOnlineHistoryResponse>();
      const expected = recomputeHistory(
        readServers().map((server) => server.server_guid),
        period,
        14,
      );
      expect(body).toEqual({ ...expected, period, rollingWindowDays: 14 });
      expect(body.dataPoints.length).toBeGreaterThan(0);
    },
  );

  it('answers one server by its guid, with the defaults 7d and a 7-day window', async () => {
    nowMs = END_MS;
    const [server] = readServers();
    const guid = server?.server_guid ?? '';
    const response = await app.inject(`/stats/LiveServers/${guid}/players-online-history`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...recomputeHistory([guid], '7d', 7), period: '7d', rollingWindowDays: 7 });
  });

  it('stays exact on warm caches as the clock moves on (across settle points and a rebuild)', async () => {
    const guids = readServers().map((server) => server.server_guid);
    for (const step of [0, 25 * MINUTE_MS, 50 * MINUTE_MS, 70 * MINUTE_MS]) {
      nowMs = END_MS + step;
      for (const period of ['1d', '7d', 'alltime'] as const) {
        const response = await app.inject(`/stats/LiveServers/fh2/players-online-history?period=${period}`);
        expect(response.json()).toEqual({ ...recomputeHistory(guids, period, 7), period, rollingWindowDays: 7 });
      }
    }
    nowMs = END_MS;
  });

  it('knows games by id, alias and mode value, and paths in any case', async () => {
    nowMs = END_MS;
    const reference = (await app.inject('/stats/LiveServers/fh2/players-online-history?period=3d')).json<unknown>();
    expect((await app.inject('/stats/LiveServers/FH2/players-online-history?period=3d')).json()).toEqual(reference);
    expect((await app.inject('/stats/liveservers/fh2/players-online-history?period=3d')).json()).toEqual(reference);
    for (const [alias, game] of [
      ['bfv', 'bfvietnam'],
      ['BFV', 'bfvietnam'],
      ['42', 'bf1942'],
    ] as const) {
      const viaAlias = await app.inject(`/stats/LiveServers/${alias}/players-online-history?period=3d`);
      expect(viaAlias.statusCode).toBe(200);
      expect(viaAlias.json()).toEqual(
        (await app.inject(`/stats/LiveServers/${game}/players-online-history?period=3d`)).json(),
      );
    }
    // Games without servers (not generated here) have an empty history, not an error.
    expect((await app.inject('/stats/LiveServers/bf1942/players-online-history')).json()).toMatchObject({
      dataPoints: [],
      insights: { peakPlayers: 0, lowestPlayers: 0, overallAverage: 0, rollingAverage: [] },
    });
  });

  it('answers 404 for an id that is neither a game nor a server', async () => {
    const response = await app.inject('/stats/LiveServers/no-such-server/players-online-history');
    expect(response.statusCode).toBe(404);
    // The rule, not the id sent.
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No game or server with this id: use bf1942, fh2, bfvietnam or a server guid',
    });
  });

  it.each([
    ['period=2d', 'period'],
    ['period=7D', 'period'],
    ['period=', 'period'],
    ['period=7d&period=1d', 'period'],
    ['rollingWindowDays=10', 'rollingWindowDays'],
    ['rollingWindowDays=abc', 'rollingWindowDays'],
    ['rollingWindowDays=7.0', 'rollingWindowDays'],
    ['rollingWindowDays=', 'rollingWindowDays'],
  ])('?%s is a 400 naming %s', async (query, parameter) => {
    const response = await app.inject(`/stats/LiveServers/fh2/players-online-history?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; details: { parameter: string; problem: string }[] }>();
    expect(body.error).toBe('bad_request');
    expect(body.details.map((detail) => detail.parameter)).toEqual([parameter]);
  });
});

describe('GET /stats/GameTrends/busy-indicator', () => {
  it('levels each server against percentiles recomputed from its rows, with 24-hour timelines', async () => {
    nowMs = END_MS;
    const now = new Date(nowMs);
    const servers = readServers();
    const query = servers.map((server) => `serverGuids=${server.server_guid}`).join('&');
    const response = await app.inject(`/stats/GameTrends/busy-indicator?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json<BusyIndicatorResponse>();
    expect(body.generatedAt).toBe(now.toISOString());
    expect(body.serverResults.map((result) => result.serverGuid)).toEqual(servers.map((server) => server.server_guid));

    const levels = new Set<BusyLevel>();
    for (const server of servers) {
      const result = body.serverResults.find((entry) => entry.serverGuid === server.server_guid);
      const hours = recomputeHourAverages(server.server_guid);
      const values = [...hours].filter(([hour]) => sameWeekHour(hour, now)).map(([, average]) => average);
      const current = server.is_online ? server.num_players : 0;
      expect(values.length).toBeGreaterThanOrEqual(3);
      expect(result?.busyIndicator).toMatchObject({
        busyLevel: expectedBusyLevel(current, values),
        currentPlayers: current,
        typicalPlayers: Math.round(mean(values) * 10) / 10,
        basis: 'weekday_hour',
        dataPoints: values.length,
        historyDays: Math.floor((nowMs - Math.min(...hours.keys())) / DAY_MS),
      });
      levels.add(result?.busyIndicator.busyLevel ?? 'unknown');
      expect(result?.hourlyTimeline).toHaveLength(24);
      for (const entry of result?.hourlyTimeline ?? []) {
        const at = new Date(now);
        at.setUTCHours(entry.hour);
        const expected = expectedEstimate(hours, at);
        expect(entry).toMatchObject({
          typicalPlayers: expected.average === null ? null : Math.round(expected.average * 10) / 10,
          basis: expected.basis,
          dataPoints: expected.dataPoints,
          isCurrentHour: entry.hour === now.getUTCHours(),
        });
      }
    }
    // The generated world is lively enough that servers do not all sit on one level.
    expect(levels.size).toBeGreaterThan(1);
  });

  it('answers unknown, with every hour missing, for guids it does not know, and each guid once', async () => {
    const [server] = readServers();
    const guid = server?.server_guid ?? '';
    const response = await app.inject(
      `/stats/GameTrends/busy-indicator?serverGuids=nope&serverGuids=${guid}&serverGuids=nope`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<BusyIndicatorResponse>();
    expect(body.serverResults.map((result) => result.serverGuid)).toEqual(['nope', guid]);
    expect(body.serverResults[0]?.busyIndicator).toEqual({
      busyLevel: 'unknown',
      busyText: 'Not enough data',
      typicalPlayers: null,
      currentPlayers: 0,
      basis: 'none',
      dataPoints: 0,
      historyDays: 0,
    });
    expect(body.serverResults[0]?.hourlyTimeline.map((entry) => entry.typicalPlayers)).toEqual(Array(24).fill(null));
  });

  it.each([
    ['', 'serverGuids'],
    ['serverGuids=', 'serverGuids.0'],
    [Array.from({ length: 26 }, (_, index) => `serverGuids=g${index}`).join('&'), 'serverGuids'],
  ])('?%s is a 400 naming %s', async (query, parameter) => {
    const response = await app.inject(`/stats/GameTrends/busy-indicator?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ details: { parameter: string }[] }>();
    expect(body.details.map((detail) => detail.parameter)).toEqual([parameter]);
  });

  it('takes up to 25 guids', async () => {
    const query = Array.from({ length: 25 }, (_, index) => `serverGuids=g${index}`).join('&');
    expect((await app.inject(`/stats/GameTrends/busy-indicator?${query}`)).statusCode).toBe(200);
  });
});

describe('GET /stats/GameTrends/landing-summary', () => {
  it('forecasts 24 hours from the average daily total of each weekday-hour, recomputed from the rows', async () => {
    nowMs = END_MS;
    const response = await app.inject('/stats/GameTrends/landing-summary?game=fh2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { insights } = response.json<LandingSummaryResponse>();

    const servers = readServers();
    const totals = new Map<number, number>(); // hour start → sum of server averages
    for (const server of servers) {
      for (const [hour, average] of recomputeHourAverages(server.server_guid)) {
        totals.set(hour, (totals.get(hour) ?? 0) + average);
      }
    }
    const currentPlayers = servers.reduce((sum, server) => sum + (server.is_online ? server.num_players : 0), 0);
    const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const expectedForecast = Array.from({ length: 24 }, (_, offset) => {
      const at = new Date(hourStart + offset * HOUR_MS);
      const expected = expectedEstimate(totals, at);
      const predictedPlayers = expected.average === null ? null : Math.round(expected.average);
      return {
        hourOfDay: at.getUTCHours(),
        dayOfWeek: at.getUTCDay() || 7,
        predictedPlayers,
        actualPlayers: offset === 0 ? currentPlayers : null,
        isCurrentHour: offset === 0,
        basis: expected.basis,
        dataPoints: expected.dataPoints,
        predictedLevel: predictedPlayers,
      };
    });
    expect(insights.forecast.map(({ busyLevel: _level, ...entry }) => entry)).toEqual(
      expectedForecast.map(({ predictedLevel: _level, ...entry }) => entry),
    );
    expect(insights.currentPlayers).toBe(currentPlayers);
    expect(insights.maxPredictedPlayers).toBe(
      Math.max(...expectedForecast.map((entry) => entry.predictedPlayers ?? 0)),
    );
    expect(insights.forecast.some((entry) => (entry.predictedPlayers ?? 0) > 0)).toBe(true);
    // Three weeks of history: every hour has three of its weekday.
    expect(insights.forecast.every((entry) => entry.basis === 'weekday_hour')).toBe(true);
  });

  it('knows the game by alias and mode value, and defaults to bf1942', async () => {
    const fh2 = (await app.inject('/stats/GameTrends/landing-summary?game=fh2')).json<unknown>();
    expect((await app.inject('/stats/GameTrends/landing-summary?game=FH2')).json()).toEqual(fh2);
    for (const [alias, game] of [
      ['bfv', 'bfvietnam'],
      ['42', 'bf1942'],
    ] as const) {
      const viaAlias = await app.inject(`/stats/GameTrends/landing-summary?game=${alias}`);
      expect(viaAlias.statusCode).toBe(200);
      expect(viaAlias.json()).toEqual((await app.inject(`/stats/GameTrends/landing-summary?game=${game}`)).json());
    }
    expect((await app.inject('/stats/GameTrends/landing-summary')).json()).toEqual(
      (await app.inject('/stats/GameTrends/landing-summary?game=bf1942')).json(),
    );
  });

  it.each(['game=bf2', 'game=', 'game=fh2&game=bf1942'])('?%s is a 400 naming game', async (query) => {
    const response = await app.inject(`/stats/GameTrends/landing-summary?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ details: { parameter: string }[] }>();
    expect(body.details.map((detail) => detail.parameter)).toEqual(['game']);
  });
});
