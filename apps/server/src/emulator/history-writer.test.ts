import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../db/database.ts';
import { onPostgres, openSqliteDatabaseFile } from '../test/test-database.ts';
import { generateHistory, type GenerateHistoryOptions } from './generate-history.ts';

/**
 * History generation into a database file writes on a thread of its own (history-writer.ts), into memory on the
 * caller's: both must give the same database, and a failure of the writer must fail the generation.
 */

const WORLD_END = Date.parse('2025-06-01T20:00:00Z');
/** Over half a day: two of the writer's transactions. */
const HISTORY: Omit<GenerateHistoryOptions, 'sqlite'> = { seed: 3, endMs: WORLD_END, days: 0.6 };

/** Every table's rows, sorted, as text (the creation time of the database itself left out). */
function contents(sqlite: DatabaseSync): Record<string, string[]> {
  const tables = sqlite
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`,
    )
    .all()
    .map((row) => String(row.name));
  const bytesAsText = (_key: string, value: unknown) =>
    value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
  return Object.fromEntries(
    tables.map((table) => {
      const rows = sqlite.prepare(`select * from "${table}"`).all();
      const lines = rows
        .filter((row) => !(table === 'app_meta' && row.key === 'created_at'))
        .map((row) => JSON.stringify(row, bytesAsText))
        .sort();
      return [table, lines];
    }),
  );
}

let inMemory: Database | undefined;
let onFile: Awaited<ReturnType<typeof openSqliteDatabaseFile>> | undefined;
afterEach(async () => {
  await inMemory?.close();
  await onFile?.remove();
  inMemory = undefined;
  onFile = undefined;
});

// The writer's thread is how history goes into a SQLite file; PostgreSQL is written on the caller's (see
// collector-store.postgres.test.ts).
describe.skipIf(onPostgres)('history generation into a database file', () => {
  it('writes on its own thread exactly the database written on the caller’s', async () => {
    inMemory = await openDatabase(IN_MEMORY);
    onFile = await openSqliteDatabaseFile();
    const here = generateHistory({ ...HISTORY, sqlite: inMemory.sqlite });
    const there = generateHistory({ ...HISTORY, sqlite: onFile.database.sqlite });

    expect(there.playerPolls).toBe(here.playerPolls);
    const expected = contents(inMemory.sqlite);
    const written = contents(onFile.database.sqlite);
    expect(Object.keys(written)).toEqual(Object.keys(expected));
    // Over half a day of three games: hundreds of rounds, thousands of sessions, every aggregate.
    expect(expected.rounds?.length).toBeGreaterThan(200);
    expect(expected.sessions?.length).toBeGreaterThan(1_000);
    for (const table of Object.keys(expected)) expect(written[table], table).toEqual(expected[table]);
  }, 120_000);

  it('fails with the writer’s reason when a write fails, and writes nothing more', async () => {
    onFile = await openSqliteDatabaseFile();
    const { sqlite } = onFile.database;
    // The first round to close fails its transaction in the writer's connection.
    sqlite.exec(`create trigger refuse_timelines before insert on round_timelines
      begin select raise(abort, 'timelines refused by the test'); end`);

    expect(() => generateHistory({ ...HISTORY, sqlite })).toThrow(
      /history writer failed: timelines refused by the test/,
    );
    // The failed batch was rolled back and the writer took no batch after it.
    expect(sqlite.prepare('select count(*) as rounds from rounds').get()?.rounds).toBe(0);
  }, 120_000);
});
