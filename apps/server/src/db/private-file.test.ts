import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../../../scripts/lib/backup.ts';
import { openDatabase } from './database.ts';

// The database and its backups hold the signing key and the refresh secret: they are created 0600, the owner's
// alone, whatever the umask lets through (SQLite's own default is 0644).

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('database files', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'frontline-private-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('are created 0600: the database, its -wal and its -shm, with the secrets written in them', async () => {
    const path = join(directory, 'new', 'frontline.db');
    const database = await openDatabase(path);
    try {
      database.sqlite.exec(`insert into app_meta (key, value) values ('probe', 'secret')`);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        expect(existsSync(file), file).toBe(true);
        expect(modeOf(file).toString(8), file).toBe('600');
      }
    } finally {
      await database.close();
    }
  });

  it('made 0600 when an older version left them readable by everyone', async () => {
    const path = join(directory, 'frontline.db');
    await (await openDatabase(path)).close();
    chmodSync(path, 0o644);
    writeFileSync(`${path}-wal`, '');
    chmodSync(`${path}-wal`, 0o666);
    const database = await openDatabase(path);
    await database.close();
    expect(modeOf(path).toString(8)).toBe('600');
    if (existsSync(`${path}-wal`)) expect(modeOf(`${path}-wal`).toString(8)).toBe('600');
  });

  it("and a backup's copy is 0600 too", async () => {
    const path = join(directory, 'frontline.db');
    await (await openDatabase(path)).close();
    const target = join(directory, 'backup.db');
    await backupDatabase(path, target);
    expect(modeOf(target).toString(8)).toBe('600');
  });
});
