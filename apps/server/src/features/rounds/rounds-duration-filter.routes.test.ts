import type { RoundsListResponse } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * The rounds list's duration filter compares the whole minutes the list shows (docs/formulas.md, "Whole minutes":
 * rounded to the nearest, half a minute up): a round shown as 20 minutes is found by minDuration=20&maxDuration=20.
 * Four rounds on one server, at the edges of 20 minutes: 19 m 29 s, 19 m 30 s, 20 m 29 s and 20 m 30 s.
 */

const LENGTHS: Record<number, string> = { 1: '19:29', 2: '19:30', 3: '20:29', 4: '20:30' };

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, {
    serverGuid: 'guid-c',
    name: 'Charlie',
    firstSeen: '2026-03-10T00:00:00.000Z',
    lastSeen: '2026-03-10T23:00:00.000Z',
  });
  for (const [key, length] of Object.entries(LENGTHS)) {
    const start = Date.parse(`2026-03-10T0${key}:00:00.000Z`);
    const [minutes, seconds] = length.split(':').map(Number) as [number, number];
    const end = new Date(start + (minutes * 60 + seconds) * 1000).toISOString();
    insertRound(sqlite, {
      roundKey: Number(key),
      serverGuid: 'guid-c',
      mapName: 'wake',
      start: new Date(start).toISOString(),
      end,
      sessions: [{ name: 'Ace', score: 10, kills: 2, deaths: 1, minutes, lastSeen: end }],
    });
  }
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function listed(filter: string): Promise<{ key: number; shown: number }[]> {
  const answer = await getJsonFrom<RoundsListResponse>(
    app,
    `/stats/rounds?serverGuid=guid-c&sortBy=startTime&sortOrder=asc&includePlayers=false&${filter}`,
  );
  return answer.items.map((item) => ({ key: Number(item.roundId.replace(/\D/g, '')), shown: item.durationMinutes }));
}

describe('GET /stats/rounds: the duration filter matches the minutes shown', () => {
  it('shows 19 m 29 s as 19 minutes and 19 m 30 s to 20 m 29 s as 20, 20 m 30 s as 21', async () => {
    expect((await listed('')).map((round) => round.shown)).toEqual([19, 20, 20, 21]);
  });

  it('finds every round shown as 20 minutes with minDuration=20&maxDuration=20, and only those', async () => {
    const found = await listed('minDuration=20&maxDuration=20');
    expect(found.map((round) => round.shown)).toEqual([20, 20]);
    expect(found.map((round) => LENGTHS[round.key])).toEqual(['19:30', '20:29']);
  });

  it('keeps each bound to the minutes shown, and reads a fractional bound as the whole minutes it allows', async () => {
    expect((await listed('minDuration=20')).map((round) => round.shown)).toEqual([20, 20, 21]);
    expect((await listed('maxDuration=19')).map((round) => round.shown)).toEqual([19]);
    expect((await listed('maxDuration=20')).map((round) => round.shown)).toEqual([19, 20, 20]);
    expect((await listed('minDuration=21')).map((round) => round.shown)).toEqual([21]);
    // 19.2 or more shown means 20 or more; 20.7 or less means 20 or less.
    expect((await listed('minDuration=19.2&maxDuration=20.7')).map((round) => round.shown)).toEqual([20, 20]);
  });
});
