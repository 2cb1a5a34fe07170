import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalFeed, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { insertRound, insertServer } from '../test/round-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';
import {
  onPostgres,
  openDatabaseFile,
  seedHistory,
  type DatabaseFile,
  type TestDatabase,
} from '../test/test-database.ts';

/** Every table the round aggregates fill when a round closes (migrations 0004, 0008). */
const AGGREGATE_TABLES = [
  'server_player_totals',
  'server_player_days',
  'server_placement_totals',
  'server_placement_days',
  'round_top_scores',
  'server_map_days',
  'player_map_months',
  'player_best_scores',
] as const;

const ALICE_ON_FH2: FeedServer = {
  ip: '192.0.2.10',
  port: 16567,
  name: 'FH2 test',
  mapName: 'ramelle',
  players: [{ name: 'Alice', score: 1, kills: 0, deaths: 0, ping: 40, team: 1 }],
};

describe('the collector inside the server', () => {
  let feed: LocalFeed | undefined;
  let file: DatabaseFile | undefined;
  afterEach(async () => {
    await feed?.close();
    await file?.remove();
    feed = undefined;
    file = undefined;
  });

  /**
   * A server collecting FH2 every second from a local feed listing `servers`, on a database file (its worker opens
   * a connection of its own), after `prepare` wrote what the test needs into that database.
   */
  async function startCollecting(
    servers: FeedServer[],
    prepare?: (database: TestDatabase) => unknown,
    { intervalSeconds = 1 } = {},
  ) {
    feed = await startLocalFeed();
    feed.world.set('fh2', servers);
    file = await openDatabaseFile();
    const { database } = file;
    await prepare?.(database);
    const app = await createTestApp(
      {
        COLLECTOR_ENABLED: 'true',
        DATABASE_PATH: file.path,
        BFLIST_BASE_URL: feed.baseUrl,
        COLLECT_GAMES: 'fh2',
        POLL_INTERVAL_SECONDS: String(intervalSeconds),
      },
      database,
    );
    return { app, database, feed };
  }

  it('polls the configured feed once the server is ready, every interval, and stops with the server', async () => {
    const { app, database, feed } = await startCollecting([ALICE_ON_FH2]);
    expect(app.collector).toBeDefined();
    await app.ready();

    const sessions = () => database.sqlite.prepare('select observations from sessions').all();
    await expect.poll(sessions, { timeout: 5_000, interval: 50 }).toEqual([{ observations: 2 }]);
    await app.close();

    const requestsAtClose = feed.requests;
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(feed.requests).toBe(requestsAtClose);
  });

  it("runs in a worker thread: its events reach the app's bus, its lists and status the HTTP thread", async () => {
    const { app, database } = await startCollecting([ALICE_ON_FH2]);
    const online: string[] = [];
    app.events.on('playerOnline', (event) => online.push(`${event.playerName} on ${event.serverName}`));
    await app.ready();

    await expect.poll(() => online, { timeout: 5_000, interval: 50 }).toEqual(['Alice on FH2 test']);
    // The cycle's report follows its events.
    await expect
      .poll(() => app.collector?.lastGoodList('fh2')?.servers.map((server) => server.name), { timeout: 2_000 })
      .toEqual(['FH2 test']);
    expect(app.collector?.collectionStatus().games).toEqual([
      { game: 'fh2', lastGoodPollAt: expect.any(Date) as unknown, consecutiveFailures: 0, lastError: null },
    ]);
    // This thread wrote nothing: the poll came from the worker's connection to the same file.
    expect(database.sqlite.prepare('select player_name from sessions').all()).toEqual([{ player_name: 'Alice' }]);
    await app.close();
  });

  // Decision 0014: the HTTP thread writes account rows through its own connection, waiting for a collector's
  // transaction (busy timeout 5 s). A backlog's transactions follow each other without a gap of their own, and with
  // a 20 s interval the collector works one for 10 s a cycle: the writes get in only because it pauses.
  it.skipIf(onPostgres)(
    "lets this thread's writes in while it works off a backlog of round-closed work",
    async () => {
      const { app, database } = await startCollecting(
        [ALICE_ON_FH2],
        (database) => seedHistory(database, { seed: 1, endMs: Date.now(), days: 4, games: ['bf1942', 'fh2'] }),
        { intervalSeconds: 20 },
      );
      const owed = () => Number(database.sqlite.prepare('select count(*) as n from round_closed_queue').get()?.n);
      const backlog = owed();
      expect(backlog).toBeGreaterThan(3_000);
      await app.ready();
      await expect.poll(owed, { timeout: 10_000, interval: 20 }).toBeLessThan(backlog);

      const write = database.sqlite.prepare(
        'insert into app_meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
      );
      const waits: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const started = performance.now();
        write.run('start-collector.test', String(attempt));
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Still a backlog when the last write got in: each of them met the collector at work.
      expect(owed()).toBeGreaterThan(0);
      expect(Math.max(...waits)).toBeLessThan(1_500);
      await app.close();
    },
    60_000,
  );

  it("sees the worker's death in /stats/health (503 with the reason) and starts it again", async () => {
    const { app, database } = await startCollecting([ALICE_ON_FH2]);
    await app.ready();
    const observations = () =>
      Number(database.sqlite.prepare('select observations from sessions').get()?.observations ?? 0);
    await expect.poll(observations, { timeout: 5_000, interval: 50 }).toBeGreaterThanOrEqual(1);

    await app.collector?.terminateWorker('ended by the test');
    const dead = await app.inject('/stats/health');
    expect(dead.statusCode).toBe(503);
    const deadBody = dead.json<{ message: string; collector: { status: string; worker: unknown } }>();
    expect(deadBody.message).toMatch(
      /^The collector is not running: the collector's worker stopped \(exit code 1: ended by the test\)/,
    );
    expect(deadBody.collector).toMatchObject({
      status: 'failing',
      worker: { alive: false, restarts: 0, problem: expect.stringMatching(/ended by the test/) as unknown },
    });

    // Started again (after a second's pause), it continues the same session from the database.
    const before = observations();
    await expect
      .poll(async () => (await app.inject('/stats/health')).statusCode, { timeout: 10_000, interval: 100 })
      .toBe(200);
    expect(app.collector?.restarts).toBe(1);
    expect((await app.inject('/stats/health')).json<{ collector: unknown }>().collector).toMatchObject({
      status: 'ok',
      worker: { alive: true, restarts: 1, problem: null },
    });
    await expect.poll(observations, { timeout: 5_000, interval: 50 }).toBeGreaterThan(before);
    expect(database.sqlite.prepare('select count(*) as sessions from sessions').get()).toEqual({ sessions: 1 });
    await app.close();
  }, 30_000);

  // PostgreSQL's connection can break under a running collector (a restart, a failover, the network): the worker
  // ends rather than fail every cycle on a dead connection, and its host starts another, which connects afresh.
  it.skipIf(!onPostgres)(
    'on PostgreSQL, starts its worker again when its connection is cut, and goes on',
    async () => {
      const { app, database } = await startCollecting([ALICE_ON_FH2]);
      await app.ready();
      const schema = database.postgres?.schema ?? '';
      // Read through the pool: the test's own synchronous connection has the collector's name too, and is cut with it.
      const observations = async () =>
        (await database.db.selectFrom('sessions').select('observations').execute()).map((row) => row.observations);
      await expect.poll(observations, { timeout: 5_000, interval: 50 }).toEqual([2]);

      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${`frontline collector ${schema}`}`.execute(database.db);
      await expect.poll(() => app.collector?.restarts, { timeout: 10_000, interval: 50 }).toBe(1);
      // The same session goes on, one poll at a time, from the new worker's own connection.
      const before = (await observations())[0] ?? 0;
      await expect
        .poll(async () => (await observations())[0], { timeout: 10_000, interval: 50 })
        .toBeGreaterThan(before);
      expect(await observations()).toHaveLength(1);
      await app.close();
      // Its waits add up to 25 s; the default 5 s cut it short on a busy machine.
    },
    30_000,
  );

  it('is off when COLLECTOR_ENABLED is false', async () => {
    const app = await createTestApp({ COLLECTOR_ENABLED: 'false' });
    expect(app.collector).toBeUndefined();
    await app.close();
  });

  it('works off the round-closed queue an upgraded database left (the backfill), between its polls', async () => {
    const { app, database } = await startCollecting([], ({ sqlite }) => {
      insertServer(sqlite, {
        serverGuid: 'g',
        name: 'S',
        firstSeen: '2026-01-01T20:00:00.000Z',
        lastSeen: '2026-01-01T21:00:00.000Z',
      });
      insertRound(sqlite, {
        roundKey: 1,
        serverGuid: 'g',
        mapName: 'wake',
        start: '2026-01-01T20:00:00.000Z',
        end: '2026-01-01T20:30:00.000Z',
        sessions: [{ name: 'Alice', score: 12, kills: 4, deaths: 2, minutes: 30 }],
      });
      // As migration 0012 leaves a database from before the aggregates: the round is closed, its figures are not in
      // them, and the queue owes it its aggregates.
      for (const table of AGGREGATE_TABLES) sqlite.exec(`delete from ${table}`);
      sqlite.prepare("insert into round_closed_queue (round_key, work) values (1, 'aggregates')").run();
    });
    const { sqlite } = database;
    await app.ready();

    await expect
      .poll(() => sqlite.prepare('select player_name, rounds, score from server_player_totals').all(), {
        timeout: 5_000,
        interval: 50,
      })
      .toEqual([{ player_name: 'Alice', rounds: 1, score: 12 }]);
    expect(sqlite.prepare('select count(*) as owed from round_closed_queue').get()).toEqual({ owed: 0 });
    await app.close();
  });
});
