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
