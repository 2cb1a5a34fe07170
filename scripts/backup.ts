import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IN_MEMORY } from '../apps/server/src/db/database.ts';
import { loadConfigOrExit } from '../apps/server/src/serve.ts';
import { BackupError, backupDatabase } from './lib/backup.ts';

/**
 * `npm run backup -- --to FILE`: an online backup of the database the server uses (DATABASE_PATH, read as the server
 * reads it), taken while the site runs; it never overwrites FILE, checks the copy with `integrity_check` and prints
 * its size and the time it took. Restoring it: docs/operations.md ("Backups").
 */

const USAGE = 'usage: npm run backup -- --to FILE';

let to: string | undefined;
try {
  ({ to } = parseArgs({ options: { to: { type: 'string' } }, strict: true, allowPositionals: false }).values);
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (to === undefined || to.trim() === '') {
  console.error(`backup: --to FILE is required\n${USAGE}`);
  process.exit(2);
}

const config = loadConfigOrExit();
if (config.databasePath === IN_MEMORY) {
  console.error(`backup: DATABASE_PATH is ${IN_MEMORY}: there is no file to back up`);
  process.exit(1);
}
const source = resolve(config.databasePath);
const target = resolve(to);
try {
  const { bytes, pages, elapsedMs } = await backupDatabase(source, target);
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `backup: ${source} → ${target}: ${megabytes} MB (${pages} pages) in ${(elapsedMs / 1000).toFixed(2)} s, ` +
      'integrity_check ok',
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`backup: ${error.message}`);
  process.exit(1);
}
