import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase } from '../../../../scripts/lib/backup.ts';
import { openDatabase } from './database.ts';

/**
 * `npm run backup` (scripts/backup.ts, scripts/lib/backup.ts) on a real database file while another process writes to
 * it, and the restore docs/operations.md describes: the copy is one consistent moment (every write either whole in
 * it or not at all), sound, a single file, and the server opens it after it is copied into place.
 */

const root = new URL('../../../../', import.meta.url).pathname;

/**
 * Writes to the database until killed: each transaction adds an item and counts it in the tally, so a copy of one
 * moment has exactly as many items as its tally says. Prints `writing` after its first commit.
 */
const WRITER = `
const { DatabaseSync } = require('node:sqlite');
const database = new DatabaseSync(process.argv[1]);
database.exec('pragma busy_timeout = 5000');
const insert = database.prepare("insert into backup_probe_items (note) values (?)");
const count = database.prepare('update backup_probe_tally set items = items + 1');
let written = 0;
for (;;) {
  database.exec('begin immediate');
  insert.run('item ' + written + ' ' + 'x'.repeat(200));
  count.run();
  database.exec('commit');
  written += 1;
  if (written === 1) console.log('writing');
}
`;

function counts(path: string) {
  const database = new DatabaseSync(path, { readOnly: true });
  try {
    const items = Number(database.prepare('select count(*) as n from backup_probe_items').get()?.n);
    const tally = Number(database.prepare('select items from backup_probe_tally').get()?.items);
    return { items, tally };
  } finally {
    database.close();
  }
}

describe('npm run backup', () => {
  let directory: string;
  let source: string;
  let writer: ChildProcess | undefined;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'frontline-backup-'));
    source = join(directory, 'frontline.db');
    // A real database as the server makes it, with two tables of the test's own beside its schema.
    const database = await openDatabase(source);
    database.sqlite.exec(`
      create table backup_probe_items (id integer primary key, note text not null);
      create table backup_probe_tally (items integer not null);
      insert into backup_probe_tally values (0);
    `);
    await database.close();
  });

  afterEach(async () => {
    if (writer && writer.exitCode === null && writer.signalCode === null) {
      const exited = new Promise((resolve) => writer?.once('exit', resolve));
      writer.kill('SIGKILL');
      await exited;
    }
    writer = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  async function startWriter(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['-e', WRITER, source], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the writer exited with code ${code}`)));
    });
    return child;
  }

  it('copies one consistent moment while another process writes, and the copy restores', async () => {
    writer = await startWriter();
    // Let the writer get going, so that the copy is taken in the middle of its work.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = counts(source).items;
    const target = join(directory, 'backup.db');

    const result = await backupDatabase(source, target);

    const after = counts(source).items;
    expect(after).toBeGreaterThan(before);
    expect(result).toMatchObject({ target, bytes: statSync(target).size });
    expect(result.pages).toBeGreaterThan(0);
    // One file, in rollback-journal mode: nothing beside it to forget when it is moved.
    expect(existsSync(`${target}-wal`)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);

    // The restore: the server stopped, the copy put in the database's place, the server started on it.
    const restored = join(directory, 'restored', 'frontline.db');
    await openDatabase(restored).then((database) => database.close());
    rmSync(restored);
    copyFileSync(target, restored);
    const database = await openDatabase(restored);
    try {
      expect(database.sqlite.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
      expect(database.sqlite.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
      // The server's own tables came along (the migrations had nothing left to do).
      expect(Number(database.sqlite.prepare('select count(*) as n from kysely_migration').get()?.n)).toBeGreaterThan(
        10,
      );
    } finally {
      await database.close();
    }
    const copied = counts(restored);
    expect(copied.items).toBe(copied.tally);
    expect(copied.items).toBeGreaterThanOrEqual(before);
    expect(copied.items).toBeLessThanOrEqual(after);
  });

  it('never overwrites a file', async () => {
    const target = join(directory, 'backup.db');
    await backupDatabase(source, target);
    const { size, mtimeMs } = statSync(target);

    await expect(backupDatabase(source, target)).rejects.toThrow(BackupError);
    await expect(backupDatabase(source, target)).rejects.toThrow(/exists already/);
    expect(statSync(target)).toMatchObject({ size, mtimeMs });
    await expect(backupDatabase(join(directory, 'missing.db'), join(directory, 'other.db'))).rejects.toThrow(
      /there is no database at/,
    );
  });

  it('the command: reads DATABASE_PATH as the server does, prints size and time, refuses an existing file', () => {
    const target = join(directory, 'by-command.db');
    const run = () =>
      spawnSync(process.execPath, [join(root, 'scripts/backup.ts'), '--to', target], {
        cwd: root,
        env: { ...process.env, DATABASE_PATH: source },
        encoding: 'utf8',
      });

    const first = run();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /^backup: .*frontline\.db → .*by-command\.db: [\d.]+ MB \(\d+ pages\) in [\d.]+ s, integrity_check ok\n$/,
    );
    expect(counts(target)).toEqual({ items: 0, tally: 0 });

    const second = run();
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/by-command\.db exists already: a backup never overwrites a file/);

    const usage = spawnSync(process.execPath, [join(root, 'scripts/backup.ts')], { cwd: root, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--to FILE is required/);
  });
});
