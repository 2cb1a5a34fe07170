import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database.ts';
import { openDatabase } from './database.ts';

describe('openDatabase', () => {
  const tempDir = mkdtempSync(join(tmpdir(), 'frontline-db-'));
  afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

  it('creates the file and its folder, in WAL mode, with every migration applied', async () => {
    const path = join(tempDir, 'nested', 'frontline.db');
    const database = await openDatabase(path);
    try {
      const mode = database.sqlite.prepare('PRAGMA journal_mode').get() as { journal_mode: string };
      expect(mode.journal_mode).toBe('wal');
      const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      expect(migrations.rows.map((row) => row.name)).toEqual([
        '0001-app-meta',
        '0002-collector',
        '0003-server-profiles',
        '0004-round-aggregates',
        '0005-ping-daily',
        '0006-rounds-end-index',
        '0007-session-name-entries',
        '0008-map-presence',
        '0009-played-rounds-indexes',
        '0010-round-timelines',
        '0011-server-rounds-sort-indexes',
        '0012-round-closed-queue',
        '0013-accounts',
        '0014-achievements',
        '0015-similarity-features',
        '0016-similarity-presence',
        '0017-sessions-player-round-index',
        '0018-live-lists',
        '0019-similarity-candidates',
        '0020-player-days-covering-index',
        '0021-similarity-packed-summaries',
        '0022-held-polls',
      ]);
    } finally {
      await database.close();
    }
  });

  it('applies migrations once: reopening an existing database keeps its data', async () => {
    const path = join(tempDir, 'reopen.db');
    const first = await openDatabase(path);
    const created = await first.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'created_at')
      .executeTakeFirstOrThrow();
    await first.close();

    const second = await openDatabase(path);
    try {
      const again = await second.db.selectFrom('app_meta').selectAll().execute();
      expect(again).toEqual([{ key: 'created_at', value: created.value }]);
      expect(created.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    } finally {
      await second.close();
    }
  });
});

describe('Kysely on node:sqlite', () => {
  const getDatabase = useTestDatabase();

  it('inserts, updates, selects and reports affected rows', async () => {
    const { db } = getDatabase();
    await db
      .insertInto('app_meta')
      .values([
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ])
      .execute();
    const update = await db.updateTable('app_meta').set({ value: '3' }).where('key', '=', 'b').executeTakeFirst();
    expect(update.numUpdatedRows).toBe(1n);
    const rows = await db.selectFrom('app_meta').selectAll().where('key', 'in', ['a', 'b']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '3' },
    ]);
  });

  it('rolls back a failed transaction', async () => {
    const { db } = getDatabase();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('app_meta').values({ key: 'x', value: '1' }).execute();
        await trx.insertInto('app_meta').values({ key: 'x', value: '2' }).execute(); // primary key clash
      }),
    ).rejects.toThrow(/UNIQUE/);
    const row = await db.selectFrom('app_meta').selectAll().where('key', '=', 'x').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('streams rows', async () => {
    const { db } = getDatabase();
    await db
      .insertInto('app_meta')
      .values(Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, value: String(i) })))
      .execute();
    let count = 0;
    for await (const row of db.selectFrom('app_meta').select('key').where('key', 'like', 'k%').stream()) {
      expect(row.key).toMatch(/^k\d+$/);
      count += 1;
    }
    expect(count).toBe(50);
  });

  it('gives every test its own empty database', async () => {
    const rows = await getDatabase().db.selectFrom('app_meta').selectAll().execute();
    expect(rows.map((row) => row.key)).toEqual(['created_at']);
  });
});
