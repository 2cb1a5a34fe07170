import { existsSync, linkSync, rmSync, statSync } from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';
import { createPrivateFile } from '../../apps/server/src/db/private-file.ts';

/**
 * An online backup of the SQLite database (`npm run backup`, scripts/backup.ts): SQLite's backup API through
 * node:sqlite, while the server reads and its collector writes. The copy is taken in one step, so it is one
 * consistent moment of the database: in WAL mode the step holds a read transaction (the writer goes on, into the
 * WAL), whereas a copy in many small steps starts again whenever another connection writes between two of them,
 * which a collector polling every few seconds would do forever. Then the copy is checked (`integrity_check`) and
 * turned into a single self-contained file (rollback journal, no -wal or -shm beside it: the server sets WAL again
 * when it opens a restored copy).
 *
 * It never overwrites: the copy is written beside the target under a temporary name and linked to the target's
 * name only if nothing is there, atomically (a hard link fails on an existing name). The copy is created 0600, as the
 * database is (apps/server/src/db/private-file.ts).
 */

export class BackupError extends Error {}

export interface BackupResult {
  target: string;
  bytes: number;
  pages: number;
  elapsedMs: number;
}

/** One step for the whole database (the API's pages per step are a positive 32-bit integer). */
const ALL_PAGES = 2 ** 31 - 1;

export async function backupDatabase(source: string, target: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source} (DATABASE_PATH)`);
  if (existsSync(target)) throw new BackupError(`${target} exists already: a backup never overwrites a file`);
  const partial = `${target}.partial`;
  if (existsSync(partial)) {
    throw new BackupError(`${partial} exists (a backup still running, or one that failed): remove it first`);
  }
  const started = performance.now();
  const database = new DatabaseSync(source, { readOnly: true });
  let pages: number;
  try {
    // The copy holds what the database holds (the signing key, the refresh secret): private before a page is written.
    createPrivateFile(partial);
    database.exec('pragma busy_timeout = 5000');
    pages = await backup(database, partial, { rate: ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
  }
  try {
    verify(partial);
    linkSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return { target, bytes: statSync(target).size, pages, elapsedMs: performance.now() - started };
}

/** The copy is sound, and a single file: its journal is a rollback journal, so no -wal or -shm is left beside it. */
function verify(path: string): void {
  const copy = new DatabaseSync(path);
  try {
    const problems = copy
      .prepare('pragma integrity_check')
      .all()
      .map((row) => String(Object.values(row)[0]));
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(`the copy failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    }
    copy.exec('pragma journal_mode = delete');
  } finally {
    copy.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}
