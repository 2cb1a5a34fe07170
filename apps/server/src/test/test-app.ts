import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { OpenedDatabase } from '../app.ts';
import { IN_MEMORY } from '../db/database.ts';
import { onPostgres, openTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A whole server on a fresh database of the test store (test-database.ts), for `inject` tests. Close it when done:
 * a database it opened itself is closed (on PostgreSQL, its schema dropped) with it. Its log is silent; run the
 * tests with TEST_LOG_LEVEL=warn (or info…) to see it while looking into a failure.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  given?: OpenedDatabase & Pick<TestDatabase, 'postgres'>,
): Promise<FastifyInstance> {
  const database = given ?? (onPostgres ? await openTestDatabase() : undefined);
  // A collector's worker connects to the same PostgreSQL schema.
  const store = database?.postgres
    ? { DATABASE_URL: database.postgres.url, DATABASE_SCHEMA: database.postgres.schema }
    : {};
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_PATH: IN_MEMORY,
      WEB_DIST_PATH: '/nonexistent-web-dist',
      COLLECTOR_ENABLED: 'false',
      // Every inject comes from one address (127.0.0.1), and a test may ask a limited route more often than a visitor
      // would: off unless a test sets it (http/rate-limit.routes.test.ts tests the limits on the whole app).
      RATE_LIMIT_READS_PER_MINUTE: '0',
      ...env,
      ...store,
    }),
    { database },
  );
  if (database && !given) app.addHook('onClose', () => database.close());
  return app;
}

/** GETs `url` from the app, expects `status` (the body is the failure message) and returns the JSON answer. */
export async function getJsonFrom<T>(app: FastifyInstance, url: string, status = 200): Promise<T> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}
