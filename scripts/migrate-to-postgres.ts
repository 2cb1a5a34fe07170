import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { copySqliteToPostgres, verifyCopy } from '../apps/server/src/db/postgres/copy-to-postgres.ts';
import { openPostgresDatabase } from '../apps/server/src/db/postgres/postgres-database.ts';

/**
 * `npm run migrate-to-postgres -- --from data/frontline.db --to postgres://… [--schema NAME]`: copies a Frontline
 * SQLite database into PostgreSQL (issue 21, decision 0022). Both are first brought to the latest schema; the copy
 * is one transaction into an empty database (or schema), with a progress bar, and ends with every table's row count
 * and checksum compared. Stop the server (or its collector) first: rows written during the copy are not copied.
 */

const USAGE =
  'usage: npm run migrate-to-postgres -- --from FILE --to postgres://user@host:port/database [--schema NAME]';

function fail(message: string, code = 1): never {
  console.error(`migrate-to-postgres: ${message}`);
  process.exit(code);
}

let values: { from?: string; to?: string; schema?: string };
try {
  ({ values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, schema: { type: 'string', default: 'public' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (!values.from || !values.to) fail(`--from and --to are required\n${USAGE}`, 2);
if (!/^postgres(ql)?:\/\//.test(values.to)) fail(`--to must be a postgres:// URL\n${USAGE}`, 2);
const from = resolve(values.from);
if (!existsSync(from)) fail(`${from} does not exist`);

const started = performance.now();
const source = await openDatabase(from);
const target = await openPostgresDatabase(values.to, { schema: values.schema, maxConnections: 2 }).catch(
  (error: unknown) => fail(`cannot open ${values.to}: ${error instanceof Error ? error.message : String(error)}`),
);
try {
  let lastDrawn = 0;
  await copySqliteToPostgres(source.sqlite, target.db, ({ table, copiedRows, totalRows }) => {
    const now = performance.now();
    if (now - lastDrawn < 200 && copiedRows < totalRows) return;
    lastDrawn = now;
    const share = totalRows === 0 ? 1 : copiedRows / totalRows;
    const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
    process.stderr.write(
      `\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}%  ${copiedRows.toLocaleString('en')} / ${totalRows.toLocaleString('en')} rows  ${table.padEnd(28)}`,
    );
  });
  process.stderr.write('\n');
  const checks = await verifyCopy(source.sqlite, target.db);
  const wrong = checks.filter(
    (check) => check.sourceRows !== check.targetRows || check.sourceChecksum !== check.targetChecksum,
  );
  for (const check of wrong) {
    console.error(
      `  ${check.table}: ${check.sourceRows} rows in SQLite, ${check.targetRows} in PostgreSQL; checksums ${check.sourceChecksum.slice(0, 12)} and ${check.targetChecksum.slice(0, 12)}`,
    );
  }
  if (wrong.length > 0) fail(`${wrong.length} of ${checks.length} tables differ after the copy`);
  const rows = checks.reduce((sum, check) => sum + check.sourceRows, 0);
  console.log(
    `migrate-to-postgres: ${from} → ${values.to} (schema ${values.schema}): ${rows.toLocaleString('en')} rows in ` +
      `${checks.length} tables, every count and checksum equal, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await target.close();
  await source.close();
}
