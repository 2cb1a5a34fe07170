import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../../db/database.ts';
import { useSqlDialect } from '../../db/dialect.ts';
import { verifyCopy, type TableCheck } from '../../db/postgres/copy-to-postgres.ts';
import { openPostgresDatabase, type PostgresDatabase } from '../../db/postgres/postgres-database.ts';
import { openSyncPostgresConnection, type SyncPostgresConnection } from '../../db/postgres/sync-postgres-connection.ts';
import { generateHistory } from '../../emulator/generate-history.ts';
import {
  dropTestSchema,
  isTestPostgresReachable,
  newTestSchemaName,
  TEST_POSTGRES_URL,
} from '../../test/test-postgres.ts';
import { createCollectorStore } from './collector-store.ts';
import { rollUpPopulation } from './population-rollup.ts';

// Issue 21: the collector writes to PostgreSQL with the same store as to SQLite. The same hours of the simulated
// world, through the same tracker and store, once into SQLite and once into PostgreSQL (bulk batches, every closed
// round's work, achievements and similarity features worked off, the population rolled up), leave every table with
// the same rows, value for value.

/** Friday 9 January 2026, 21:00 UTC. */
const NOW = Date.UTC(2026, 0, 9, 21, 0, 0);
const HISTORY = { seed: 7, endMs: NOW, days: 0.5, games: ['bf1942'] as const };

const reachable = await isTestPostgresReachable();

describe.skipIf(!reachable)("the collector's store on PostgreSQL", { timeout: 180_000 }, () => {
  const schema = newTestSchemaName();
  let sqlite: Database;
  let postgres: PostgresDatabase;
  let connection: SyncPostgresConnection;
  let checks: TableCheck[];
  const lowestRevisions: number[] = [];

  beforeAll(async () => {
    sqlite = await openDatabase(IN_MEMORY);
    generateHistory({ ...HISTORY, sqlite: sqlite.sqlite });
    createCollectorStore(sqlite.sqlite).roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    // Rolled up a week later too: the hours of the history merge into hourly rows, on both stores.
    rollUpPopulation(sqlite.sqlite, new Date(NOW + 8 * 86_400_000));

    postgres = await openPostgresDatabase(TEST_POSTGRES_URL, { schema, maxConnections: 2 });
    connection = openSyncPostgresConnection(TEST_POSTGRES_URL, schema);
    generateHistory({ ...HISTORY, sqlite: connection });
    createCollectorStore(connection).roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    rollUpPopulation(connection, new Date(NOW + 8 * 86_400_000));
    // The similarity rows' revision numbers the write batches (migration 0019), and how many rounds a batch takes is
    // a matter of its time budget: the stores are compared on the rest, once each has shown it numbered its batches.
    for (const store of [sqlite.sqlite, connection]) {
      const { lowest } = store.prepare('select min(revision) as lowest from player_similarity_features').get() as {
        lowest: number;
      };
      lowestRevisions.push(Number(lowest));
      store.prepare('update player_similarity_features set revision = 0').run();
    }
    checks = await verifyCopy(sqlite.sqlite, postgres.db);
  }, 180_000);

  afterAll(async () => {
    connection?.close();
    await postgres?.close();
    await sqlite?.close();
    useSqlDialect('sqlite');
    await dropTestSchema(schema);
  });

  it('writes a history of rounds, sessions and everything they owe', () => {
    const rows = (table: string) => checks.find((check) => check.table === table)?.sourceRows ?? 0;
    for (const table of ['rounds', 'sessions', 'round_timelines', 'server_player_totals', 'player_achievements']) {
      expect(rows(table), table).toBeGreaterThan(0);
    }
    expect(rows('round_closed_queue')).toBe(0);
    expect(lowestRevisions).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Math.min(...lowestRevisions)).toBeGreaterThanOrEqual(1);
  });

  it('leaves every table with the rows SQLite has, value for value', () => {
    // app_meta holds when each database was created.
    const differing = checks.filter(
      (check) =>
        check.table !== 'app_meta' &&
        (check.sourceRows !== check.targetRows || check.sourceChecksum !== check.targetChecksum),
    );
    expect(differing.map(({ table, sourceRows, targetRows }) => ({ table, sourceRows, targetRows }))).toEqual([]);
  });
});
