import type { BusyIndicatorResponse, LandingSummaryResponse } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The issue "Numbers a player can trust": on a new install the busy indicator said UNKNOWN on every row for
 * weeks and drew hours without history as 0 players. Through the whole app, on handmade population rows:
 * a server with one day of history, one with ten days, one with three weeks and one with none.
 */

const HOUR_MS = 3_600_000;
// Wednesday 20:15 UTC.
const NOW_MS = Date.parse('2025-06-18T20:15:00.000Z');
const CURRENT_HOUR_MS = Date.parse('2025-06-18T20:00:00.000Z');

let database: TestDatabase;
let app: FastifyInstance;

function insertServer(serverGuid: string, humans: number, bots: number): void {
  database.sqlite
    .prepare(
      `insert into servers (server_guid, game, ip, port, name, map_name, game_type, num_players, bot_count,
        max_players, has_password, is_online, first_seen, last_seen, evidence_clock_ms)
      values (?, 'bf1942', '10.0.0.1', ?, ?, 'Wake Island', 'conquest', ?, ?, 64, 0, 1,
        '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', 0)`,
    )
    .run(serverGuid, 14_000 + Math.floor(Math.random() * 50_000), `Server ${serverGuid}`, humans, bots);
}

/** One hourly row (120 polls) for each of the `hours` complete hours before the current one. */
function insertHours(serverGuid: string, hours: number, players: (hourStartMs: number) => number): void {
  const insert = database.sqlite.prepare(
    `insert into server_population (bucket_start, server_guid, bucket_minutes, player_sum, peak_players, samples)
    values (?, ?, 60, ?, ?, 120)`,
  );
  for (let back = 1; back <= hours; back += 1) {
    const hourStart = CURRENT_HOUR_MS - back * HOUR_MS;
    const average = players(hourStart);
    insert.run(new Date(hourStart).toISOString(), serverGuid, average * 120, Math.ceil(average));
  }
}

const evening = (hourStartMs: number) => (new Date(hourStartMs).getUTCHours() >= 18 ? 24 : 4);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
  database = await openTestDatabase();
  insertServer('one-day', 30, 0);
  insertHours('one-day', 24, evening);
  insertServer('ten-days', 12, 16);
  insertHours('ten-days', 10 * 24, evening);
  insertServer('three-weeks', 24, 0);
  insertHours('three-weeks', 21 * 24, evening);
  insertServer('none', 5, 0);
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

async function busyOf(guids: readonly string[]): Promise<BusyIndicatorResponse['serverResults']> {
  const query = guids.map((guid) => `serverGuids=${guid}`).join('&');
  return (await getJsonFrom<BusyIndicatorResponse>(app, `/stats/GameTrends/busy-indicator?${query}`)).serverResults;
}

describe('GET /stats/GameTrends/busy-indicator on a young install', () => {
  it('gives every server with any history a level, and says what it rests on', async () => {
    const results = await busyOf(['one-day', 'ten-days', 'three-weeks', 'none']);
    expect(results.map(({ serverGuid, busyIndicator }) => [serverGuid, busyIndicator])).toEqual([
      [
        'one-day',
        // 24 h: 6 at 24, 18 at 4 → median 4, Q75 9, Q90 24, average 9; scaled by 24 / 9 → Q75 24: 30 is busy.
        expect.objectContaining({ busyLevel: 'busy', typicalPlayers: 24, basis: 'overall', dataPoints: 24 }),
      ],
      [
        'ten-days',
        // 20:00 on ten days, always 24: 12 people now (16 bots not counted) is below Q25.
        expect.objectContaining({
          busyLevel: 'very_quiet',
          currentPlayers: 12,
          typicalPlayers: 24,
          basis: 'hour',
          dataPoints: 10,
          historyDays: 10,
        }),
      ],
      [
        'three-weeks',
        expect.objectContaining({ busyLevel: 'moderate', typicalPlayers: 24, basis: 'weekday_hour', dataPoints: 3 }),
      ],
      [
        'none',
        {
          busyLevel: 'unknown',
          busyText: 'Not enough data',
          typicalPlayers: null,
          currentPlayers: 5,
          basis: 'none',
          dataPoints: 0,
          historyDays: 0,
        },
      ],
    ]);
  });

  it('sends hours without history as null (never 0), each saying how many past hours it averages', async () => {
    const [oneDay, none] = await busyOf(['one-day', 'none']);
    expect(oneDay?.hourlyTimeline.map((entry) => entry.typicalPlayers)).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour >= 18 ? 24 : 4)),
    );
    expect(oneDay?.hourlyTimeline.every((entry) => entry.basis === 'hour' && entry.dataPoints === 1)).toBe(true);
    expect(none?.hourlyTimeline).toHaveLength(24);
    for (const entry of none?.hourlyTimeline ?? []) {
      expect(entry).toMatchObject({ typicalPlayers: null, busyLevel: 'unknown', basis: 'none', dataPoints: 0 });
    }
  });
});

describe('GET /stats/GameTrends/landing-summary on a young install', () => {
  it('forecasts each hour from the same weekday with three weeks, else the same hour on any day', async () => {
    const { insights } = await getJsonFrom<LandingSummaryResponse>(
      app,
      '/stats/GameTrends/landing-summary?game=bf1942',
    );
    const [now] = insights.forecast;
    // Wednesdays at 20:00: last week three-weeks and ten-days (24 + 24), two and three weeks back three-weeks
    // alone (24, 24); one-day began on Tuesday evening. Mean of 48, 24 and 24: 32.
    expect(now).toMatchObject({ hourOfDay: 20, predictedPlayers: 32, basis: 'weekday_hour', dataPoints: 3 });
    expect(now?.actualPlayers).toBe(30 + 12 + 24 + 5);
    expect(insights.forecast.every((entry) => entry.predictedPlayers !== null)).toBe(true);
  });
});
