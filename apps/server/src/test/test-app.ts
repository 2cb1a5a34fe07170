import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { IN_MEMORY, type Database } from '../db/database.ts';

/** A whole server on a fresh in-memory database, for `inject` tests. Close it when done. */
export function createTestApp(env: Record<string, string> = {}, database?: Database): Promise<FastifyInstance> {
  return buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_PATH: IN_MEMORY,
      WEB_DIST_PATH: '/nonexistent-web-dist',
      COLLECTOR_ENABLED: 'false',
      ...env,
    }),
    { database },
  );
}
