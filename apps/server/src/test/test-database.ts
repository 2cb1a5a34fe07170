import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../db/database.ts';
import { useSqlDialect } from '../db/dialect.ts';
import { copySqliteToPostgres } from '../db/postgres/copy-to-postgres.ts';
import { generateHistory, type GenerateHistoryOptions, type HistoryResult } from '../emulator/generate-history.ts';
import { createRoundClosedQueue } from '../ingest/store/round-closed-queue.ts';
import { openPostgresDatabase } from '../db/postgres/postgres-database.ts';
import { openSyncPostgresConnection } from '../db/postgres/sync-postgres-connection.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import type { SyncConnection } from '../db/sync-connection.ts';
import { dropTestSchema, newTestSchemaName, TEST_POSTGRES_URL } from './test-postgres.ts';

/**
 * The store the server tests run on (issue 21: "the whole suite on both stores"): SQLite, or PostgreSQL when
 * FRONTLINE_TEST_STORE=postgres (the `server-postgres` Vitest project sets it; `npm test` runs both). Each test's
 * database is a fresh, fully migrated one either way: SQLite in memory (or in a file), PostgreSQL in a schema of
 * its own, dropped afterwards.
 */
export const onPostgres = process.env.FRONTLINE_TEST_STORE === 'postgres';

/**
 * A test's database: the query builder, and a synchronous connection for seeding and for the collector's store
 * (node:sqlite's own, or PostgreSQL's: db/sync-connection.ts). `postgres` says where it is, for a server the test
 * starts on it.
 */
export interface TestDatabase {
  db: Kysely<DatabaseSchema>;
  sqlite: SyncConnection;
  /** On PostgreSQL: where the test's schema is (a collector's worker connects there too). */
  postgres?: { url: string; schema: string };
  close: () => Promise<void>;
}

/** A fresh, fully migrated database on the test store. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres) return openDatabase(IN_MEMORY);
  const schema = newTestSchemaName();
  const database = await openPostgresDatabase(TEST_POSTGRES_URL, { schema, maxConnections: 4 });
  const connection = openSyncPostgresConnection(TEST_POSTGRES_URL, schema);
  return {
    db: database.db,
    sqlite: connection,
    postgres: { url: TEST_POSTGRES_URL, schema },
    close: async () => {
      connection.close();
      await database.close();
      await dropTestSchema(schema);
    },
  };
}

/**
 * Gives each test of the calling file a fresh, fully migrated database on the test store, closed after the test.
 * Use the returned getter inside tests.
 */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });
  return () => {
    if (!database) throw new Error('useTestDatabase(): the database exists only inside a test');
    return database;
  };
}

export interface DatabaseFile {
  /** The SQLite file (on PostgreSQL: a path nothing uses; the database is `database.postgres`). */
  path: string;
  database: TestDatabase;
  /** Closes the connection and deletes the file (and its WAL), or the PostgreSQL schema. */
  remove: () => Promise<void>;
}

/**
 * A fresh, migrated database that a second connection can reach: what a test needs when the collector runs, since
 * its worker thread opens a connection of its own (DATABASE_PATH must name the file; on PostgreSQL, createTestApp
 * points it at the test's schema).
 */
export async function openDatabaseFile(): Promise<DatabaseFile> {
  if (!onPostgres) return openSqliteDatabaseFile();
  const database = await openTestDatabase();
  return { path: '/nonexistent/frontline.db', database, remove: () => database.close() };
}

/**
 * A fresh, migrated SQLite database in a file of its own, whatever the test store: for what only SQLite has (a file
 * reopened after a crash, WAL, the history writer's second connection to it).
 */
export async function openSqliteDatabaseFile(): Promise<{
  path: string;
  database: Database;
  remove: () => Promise<void>;
}> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-test-'));
  const path = join(directory, 'frontline.db');
  const database = await openDatabase(path);
  return {
    path,
    database,
    remove: async () => {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Fills a test's database with the simulated world's history, as generate-history.ts writes it (the real tracker
 * and store), and with `workOffQueue` the round-closed work it leaves queued (achievements, similarity features).
 * On PostgreSQL the history is written into an in-memory SQLite database and copied over (the same rows, as
 * collector-store.postgres.test.ts shows of the store on either), which takes seconds where writing it through the
 * synchronous connection, a statement at a time, took minutes: the read side's tests get the same data sooner.
 */
export async function seedHistory(
  database: TestDatabase,
  options: Omit<GenerateHistoryOptions, 'sqlite'> & { workOffQueue?: boolean },
): Promise<HistoryResult> {
  const { workOffQueue = false, ...history } = options;
  if (!onPostgres) {
    const result = generateHistory({ ...history, sqlite: database.sqlite });
    if (workOffQueue) createRoundClosedQueue(database.sqlite).processQueue(Number.POSITIVE_INFINITY);
    return result;
  }
  // SQLite's SQL while the history is written into SQLite (db/dialect.ts: one store at a time), then back.
  useSqlDialect('sqlite');
  const source = await openDatabase(IN_MEMORY);
  try {
    const result = generateHistory({ ...history, sqlite: source.sqlite });
    if (workOffQueue) createRoundClosedQueue(source.sqlite).processQueue(Number.POSITIVE_INFINITY);
    useSqlDialect('postgres');
    await copySqliteToPostgres(source.sqlite, database.db);
    return result;
  } finally {
    useSqlDialect('postgres');
    await source.close();
  }
}
