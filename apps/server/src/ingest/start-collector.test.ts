import { afterEach, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../db/database.ts';
import { startLocalFeed, type LocalFeed } from '../test/local-bflist-feed.ts';
import { createTestApp } from '../test/test-app.ts';

describe('the collector inside the server', () => {
  let feed: LocalFeed | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await feed?.close();
    await database?.close();
  });

  it('polls the configured feed once the server is ready, every interval, and stops with the server', async () => {
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
    database = await openDatabase(IN_MEMORY);
    const app = await createTestApp(
      { COLLECTOR_ENABLED: 'true', BFLIST_BASE_URL: feed.baseUrl, COLLECT_GAMES: 'fh2', POLL_INTERVAL_SECONDS: '1' },
      database,
    );
    expect(app.collector).toBeDefined();
    await app.ready();

    const sessions = () => database?.sqlite.prepare('select observations from sessions').all() ?? [];
    await expect.poll(sessions, { timeout: 5_000, interval: 50 }).toEqual([{ observations: 2 }]);
    await app.close();

    const requestsAtClose = feed.requests;
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(feed.requests).toBe(requestsAtClose);
  });

  it('is off when COLLECTOR_ENABLED is false', async () => {
    const app = await createTestApp({ COLLECTOR_ENABLED: 'false' });
    expect(app.collector).toBeUndefined();
    await app.close();
  });
});
