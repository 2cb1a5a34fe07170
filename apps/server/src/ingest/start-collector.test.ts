import { afterEach, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../db/database.ts';
import { ROUND_AGGREGATES_BACKFILL_KEY } from '../db/migrations/0004-round-aggregates.ts';
import { startLocalFeed, type LocalFeed } from '../test/local-bflist-feed.ts';
import { insertRound, insertServer } from '../test/round-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';

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

  it('first replays the closed rounds a migration left owed to the round aggregates, once', async () => {
    database = await openDatabase(IN_MEMORY);
    const { sqlite } = database;
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
    // As a database from before the aggregates: the round is closed, its figures are not in them, a replay is owed.
    for (const table of AGGREGATE_TABLES) sqlite.exec(`delete from ${table}`);
    sqlite.prepare("insert into app_meta (key, value) values (?, 'pending')").run(ROUND_AGGREGATES_BACKFILL_KEY);

    const app = await createTestApp({}, database);

    expect(sqlite.prepare('select player_name, rounds, score from server_player_totals').all()).toEqual([
      { player_name: 'Alice', rounds: 1, score: 12 },
    ]);
    expect(
      sqlite.prepare('select value from app_meta where key = ?').get(ROUND_AGGREGATES_BACKFILL_KEY),
    ).toBeUndefined();
    await app.close();
  });
});
