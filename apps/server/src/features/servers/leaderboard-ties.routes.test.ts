import type { ServerDetailsResponse } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * Ties on the server profile's Top K/D and Top kill rate boards (docs/formulas.md, "Leaderboards"): the figure as
 * shown (2 decimals), then kills, then name. Three rounds of 40 minutes yesterday on 'Ties'; per round (kills,
 * deaths, minutes):
 *   Able    10/3, 10/3, 10/4 in 20 min each: 30/10 = 3.00, 30 kills in 60 min = 0.50 a minute
 *   Baker   20/7, 20/7, 20/6 in 40 min each: 60/20 = 3.00, 0.50 a minute
 *   Charlie the same as Baker
 *   Dog      8/6,  8/6,  9/7 in 40 min each: 25/19 = 1.316, shown 1.32; 0.21 a minute
 *   Easy    10/7, 10/7,  9/8 in 40 min each: 29/22 = 1.318, shown 1.32; 0.24 a minute
 */

const NOW = '2026-03-11T12:00:00.000Z';
const LINES: Record<string, [kills: number, deaths: number][]> = {
  Able: [
    [10, 3],
    [10, 3],
    [10, 4],
  ],
  Baker: [
    [20, 7],
    [20, 7],
    [20, 6],
  ],
  Charlie: [
    [20, 7],
    [20, 7],
    [20, 6],
  ],
  Dog: [
    [8, 6],
    [8, 6],
    [9, 7],
  ],
  Easy: [
    [10, 7],
    [10, 7],
    [9, 8],
  ],
};

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, { serverGuid: 'guid-t', name: 'Ties', firstSeen: '2026-03-01T00:00:00.000Z', lastSeen: NOW });
  for (let round = 0; round < 3; round += 1) {
    const start = Date.parse('2026-03-10T10:00:00.000Z') + round * 3_600_000;
    insertRound(sqlite, {
      roundKey: round + 1,
      serverGuid: 'guid-t',
      mapName: 'wake',
      start: new Date(start).toISOString(),
      end: new Date(start + 40 * 60_000).toISOString(),
      sessions: Object.entries(LINES).map(([name, lines]) => {
        const [kills, deaths] = lines[round]!;
        return { name, score: kills, kills, deaths, minutes: name === 'Able' ? 20 : 40 };
      }),
    });
  }
  app = await createTestApp({}, database);
});

afterAll(async () => {
  vi.useRealTimers();
  await app.close();
  await database.close();
});

describe('Top K/D and Top kill rate: ties by kills, then name', () => {
  it('orders equal figures as shown by kills (high first), then by name', async () => {
    const details = await getJsonFrom<ServerDetailsResponse>(app, '/stats/servers/Ties');
    const week = details.leaderboards.find((board) => board.period === 'Week');
    expect(week?.topKDRatios.map((entry) => [entry.playerName, entry.kdRatio, entry.kills])).toEqual([
      ['Baker', 3, 60],
      ['Charlie', 3, 60],
      ['Able', 3, 30],
      // 1.318 and 1.316 are both 1.32 as shown: Easy's 29 kills before Dog's 25.
      ['Easy', 1.32, 29],
      ['Dog', 1.32, 25],
    ]);
    expect(week?.topKillRates.map((entry) => [entry.playerName, entry.killRate])).toEqual([
      ['Baker', 0.5],
      ['Charlie', 0.5],
      ['Able', 0.5],
      ['Easy', 0.24],
      ['Dog', 0.21],
    ]);
  });
});
