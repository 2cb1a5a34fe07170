import type { ApiError } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRound, insertServer } from '../test/round-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * The expensive reads' per-address limits on the whole app (real SQLite, every route as app.ts composes them;
 * docs/decisions/0020-rate-limits.md). One token a minute, so none comes back while a test runs: an address gets the
 * burst of 3, then 429 until a minute has passed.
 */

const BURST = 3;
const LIMITED = { RATE_LIMIT_READS_PER_MINUTE: '1', RATE_LIMIT_READS_BURST: String(BURST) };

/** Every limited route, asked as the site asks it (answers 200 on the history below). */
const LIMITED_URLS = [
  '/stats/players/search?query=an',
  '/stats/servers/search?query=alp',
  '/stats/players?playerName=an',
  '/stats/players/compare?player1=Ann&player2=Ben',
  '/stats/players/compare/activity-hours?player1=Ann&player2=Ben',
  '/stats/players/Ann/similar',
  '/stats/rounds?serverName=Alpha',
  '/stats/rounds/filter-options?serverName=Alpha',
  '/stats/rounds/round-1/report',
  '/stats/players/Ann/sessions',
];

/** Cheap routes a page asks every few seconds, or on every visit: never limited. */
const UNLIMITED_URLS = [
  '/stats/health',
  '/stats/liveservers/bf1942/servers',
  '/stats/app/info',
  '/stats/players',
  '/stats/players/Ann',
  '/stats/servers/Alpha',
];

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000).toISOString();
  insertServer(database.sqlite, { serverGuid: 'guid-alpha', name: 'Alpha', firstSeen: at(0), lastSeen: at(50) });
  insertRound(database.sqlite, {
    roundKey: 1,
    serverGuid: 'guid-alpha',
    mapName: 'wake',
    start: at(0),
    end: at(40),
    sessions: [
      { name: 'Ann', score: 30, kills: 3, deaths: 1, minutes: 40 },
      { name: 'Ben', score: 20, kills: 2, deaths: 2, minutes: 40 },
    ],
  });
  app = await createTestApp(LIMITED, database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });

describe('rate limits of the expensive reads', () => {
  it('answers the comparison past the burst with 429 and Retry-After, while another address is still answered', async () => {
    const url = '/stats/players/compare?player1=Ann&player2=Ben';
    for (let request = 1; request <= BURST; request += 1) {
      const answer = await get(url, '198.51.100.1');
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await get(url, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    const retryAfter = refused.headers['retry-after'];
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    const body = refused.json<ApiError>();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body.error).toBe('too_many_requests');
    expect(body.message).toMatch(/^Too many comparisons from this address .*Try again in \d+ s\.$/);
    expect((await get(url, '198.51.100.2')).statusCode).toBe(200);
    // A name nobody has seen costs as much to look for: counted the same (404), and refused the same after the burst.
    expect((await get('/stats/players/compare?player1=Nobody&player2=Ben', '198.51.100.3')).statusCode).toBe(404);
  });

  it('counts a group together (the comparison and its activity hours) and groups apart', async () => {
    const address = '198.51.100.10';
    for (let request = 1; request <= BURST; request += 1) {
      expect((await get('/stats/players/compare?player1=Ann&player2=Ben', address)).statusCode).toBe(200);
    }
    expect((await get('/stats/players/compare/activity-hours?player1=Ann&player2=Ben', address)).statusCode).toBe(429);
    expect((await get('/stats/players/search?query=an', address)).statusCode).toBe(200);
    expect((await get('/stats/rounds/round-1/report', address)).statusCode).toBe(200);
  });

  it.each(LIMITED_URLS.map((url, index) => [url, `203.0.113.${index + 1}`]))('limits %s', async (url, address) => {
    for (let request = 1; request <= BURST; request += 1) {
      const answer = await get(url, address);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await get(url, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json<ApiError>().error).toBe('too_many_requests');
  });

  it('never limits the players list without a name filter, nor the cheap routes', async () => {
    for (const url of UNLIMITED_URLS) {
      const statuses = new Set<number>();
      for (let request = 0; request < 40; request += 1) statuses.add((await get(url, '192.0.2.99')).statusCode);
      expect([...statuses], url).not.toContain(429);
      expect(
        [...statuses].every((status) => status < 400),
        `${url}: ${[...statuses].join(', ')}`,
      ).toBe(true);
    }
  });

  it('limits nothing with RATE_LIMIT_READS_PER_MINUTE=0', async () => {
    const unlimited = await createTestApp({ RATE_LIMIT_READS_PER_MINUTE: '0' }, database);
    try {
      for (let request = 0; request < 50; request += 1) {
        const answer = await unlimited.inject('/stats/players/compare?player1=Ann&player2=Ben');
        expect(answer.statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });
});
