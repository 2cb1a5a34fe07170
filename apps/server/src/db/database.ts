import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations/index.ts';
import { updatePlannerStatistics } from './planner-statistics.ts';
import { makeDatabaseFilePrivate } from './private-file.ts';
import type { DatabaseSchema } from './schema.ts';
import { createNodeSqliteDialect } from './sqlite-dialect.ts';

export const IN_MEMORY = ':memory:';

export interface Database {
  /** Query builder for reads and ordinary writes. */
  db: Kysely<DatabaseSchema>;
  /**
   * The raw connection, for the collector's hot write path: prepared statements inside BEGIN/COMMIT are
   * two to three times faster than going through the query builder.
   */
  sqlite: DatabaseSync;
  close: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * `auto` (the default): SQLite checkpoints the WAL when a commit finds it past 10,000 pages. `manual`: no commit
   * of this connection ever does; the collector's worker opens its connection so and checkpoints between its
   * cycles, and the HTTP thread's connection, which only reads while the worker runs, is opened so too.
   */
  checkpoints?: 'auto' | 'manual';
}

/**
 * Opens (creating if needed) the database at `path` and brings its schema up to date. A migration may leave work
 * owed: timelines to move (db/round-timelines-copy.ts, run by app.ts before anything reads) and closed rounds to
 * replay into the aggregates (rows of the round-closed queue, worked off by the collector).
 */
export async function openDatabase(path: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (path !== IN_MEMORY) {
    mkdirSync(dirname(path), { recursive: true });
    makeDatabaseFilePrivate(path);
  }
  const sqlite = new DatabaseSync(path);
  // WAL: readers never wait for the collector's writes. NORMAL sync is durable across process crashes,
  // which is what DESIGN.md asks for; only a power loss may drop the last transactions.
  // Each poll rewrites the same hot pages (open sessions), so checkpointing every ~40 MB of WAL instead of
  // every 4 MB writes each of them to the database file once per dozens of polls rather than every other
  // poll; a 64 MB page cache keeps those pages in memory. Measured on 100 servers × 32 players: the write
  // half of a poll cycle fell from 17 to 12 ms (bench/collector.bench.ts).
  sqlite.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
    PRAGMA cache_size = -65536;
    PRAGMA wal_autocheckpoint = ${options.checkpoints === 'manual' ? 0 : 10000};
    PRAGMA journal_size_limit = 67108864;
  `);
  const db = new Kysely<DatabaseSchema>({ dialect: createNodeSqliteDialect(sqlite) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // A file's queries are planned on its statistics (planner-statistics.ts); an in-memory database is a test's, whose
  // plans are asserted as they are without them.
  if (path !== IN_MEMORY) updatePlannerStatistics(sqlite);
  return { db, sqlite, close: () => db.destroy() };
}

async function migrateToLatest(db: Kysely<DatabaseSchema>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}
