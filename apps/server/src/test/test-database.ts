import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../db/database.ts';

/**
 * Gives each test of the calling file a fresh, fully migrated SQLite database (a real one, in memory),
 * closed after the test. Use the returned getter inside tests.
 */
export function useTestDatabase(): () => Database {
  let database: Database | undefined;
  beforeEach(async () => {
    database = await openDatabase(IN_MEMORY);
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
  path: string;
  database: Database;
  /** Closes the connection and deletes the file (and its WAL). */
  remove: () => Promise<void>;
}

/**
 * A fresh, migrated database in a file of its own: what a test needs when the collector runs, since its worker
 * thread opens a second connection to the same file (DATABASE_PATH must name it).
 */
export async function openDatabaseFile(): Promise<DatabaseFile> {
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
