import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalFeed, type LocalFeed } from '../../test/local-bflist-feed.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { DatabaseSync } from 'node:sqlite';
import { onPostgres, openDatabaseFile, openTestDatabase, type DatabaseFile } from '../../test/test-database.ts';
import { APP_VERSION } from '../../version.ts';

describe('GET /stats/health', () => {
  let app: FastifyInstance | undefined;
  let feed: LocalFeed | undefined;
  let file: DatabaseFile | undefined;
  afterEach(async () => {
    await app?.close();
    await feed?.close();
    await file?.remove();
    app = undefined;
    feed = undefined;
    file = undefined;
  });

  it('answers ok with the version when the database answers (no collector here: it says so)', async () => {
    app = await createTestApp();
    const response = await app.inject('/stats/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: APP_VERSION,
      database: 'ok',
      collector: { status: 'off', games: [], worker: null },
    });
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  // A role other than all needs PostgreSQL, which only the PostgreSQL pass gives every test (test-app.ts).
  it.skipIf(!onPostgres)('answers alone on an instance with ROLE=collector: no pages, no API, no hub', async () => {
    app = await createTestApp({ ROLE: 'collector', COLLECTOR_ENABLED: 'false' });
    expect((await app.inject('/stats/health')).statusCode).toBe(200);
    for (const url of ['/stats/players', '/stats/liveservers/bf1942/servers', '/stats/app/initialdata', '/hub']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('answers 503 in the error format, with details, when the database fails', async () => {
    const database = await openTestDatabase();
    app = await createTestApp({}, database);
    // As if the file vanished, or PostgreSQL went away, under the running server.
    if (onPostgres) await database.db.destroy();
    else (database.sqlite as DatabaseSync).close();

    const response = await app.inject('/stats/health');
    expect(response.statusCode).toBe(503);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      error: 'service_unavailable',
      status: 'degraded',
      version: APP_VERSION,
      database: 'error',
    });
    expect(body.message).toMatch(/^The database is not answering: .*(not open|destroyed)/);
  });

  it("answers 503 naming the game and the reason once a game's feed has failed for longer than COLLECTOR_UNHEALTHY_AFTER_SECONDS, and ok again after a good poll", async () => {
    feed = await startLocalFeed();
    feed.world.set('fh2', [
      {
        ip: '192.0.2.10',
        port: 16567,
        name: 'FH2 test',
        mapName: 'ramelle',
        players: [{ name: 'Alice', score: 1, kills: 0, deaths: 0, ping: 40, team: 1 }],
      },
    ]);
    feed.world.set('bf1942', []);
    feed.failing.add('bf1942');
    file = await openDatabaseFile();
    app = await createTestApp(
      {
        COLLECTOR_ENABLED: 'true',
        DATABASE_PATH: file.path,
        BFLIST_BASE_URL: feed.baseUrl,
        COLLECT_GAMES: 'bf1942,fh2',
        POLL_INTERVAL_SECONDS: '1',
        COLLECTOR_UNHEALTHY_AFTER_SECONDS: '1',
      },
      file.database,
    );
    await app.ready();
    const health = async () => {
      const response = await app!.inject('/stats/health');
      return { statusCode: response.statusCode, body: response.json<Record<string, unknown>>() };
    };

    // The feed client retries a 503 three times (1 + 2 + 4 s) before the poll counts as failed.
    await expect.poll(async () => (await health()).statusCode, { timeout: 20_000, interval: 200 }).toBe(503);
    const failing = await health();
    expect(failing.body).toMatchObject({
      error: 'service_unavailable',
      status: 'degraded',
      database: 'ok',
      collector: {
        status: 'failing',
        games: [
          { game: 'bf1942', lastGoodPollAt: null, lastError: expect.stringMatching(/503/) as unknown },
          { game: 'fh2', consecutiveFailures: 0, lastError: null },
        ],
      },
    });
    expect(failing.body.message).toMatch(/^Collection of bf1942 has failed since start-up \(\d+ min\): .*503/);

    feed.failing.delete('bf1942');
    await expect.poll(async () => (await health()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
    expect((await health()).body.collector).toMatchObject({
      status: 'ok',
      games: [{ game: 'bf1942', consecutiveFailures: 0, lastError: null }, { game: 'fh2' }],
    });
  }, 60_000);
});
