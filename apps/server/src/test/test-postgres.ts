import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL the server tests run against (issue 21): `TEST_DATABASE_URL`, by default the machine's local
 * `test` database (PostgreSQL 15 on 127.0.0.1:5432, trust authentication, as on CI). Each test that uses it works
 * in a schema of its own, dropped afterwards, so runs and files never see each other's rows.
 */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Whether the test PostgreSQL answers. Tests on it are skipped where it does not (a developer's machine without
 * one); `.ci/run` makes sure it answers before the tests start, so on CI they always run.
 */
export async function isTestPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new schema name for one test's tables: `frontline_test_` and random letters. */
export function newTestSchemaName(): string {
  return `frontline_test_${randomBytes(6).toString('hex')}`;
}

/** Drops a test's schema and everything in it. */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
  } finally {
    await client.end();
  }
}
