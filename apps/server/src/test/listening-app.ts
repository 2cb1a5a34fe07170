import type { AddressInfo } from 'node:net';
import type { ApiError } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { IN_MEMORY } from '../db/database.ts';
import { onPostgres, openTestDatabase } from './test-database.ts';
import type { HttpTimeouts } from '../http/http-edges.ts';

export interface ListeningApp {
  app: FastifyInstance;
  port: number;
  close: () => Promise<void>;
}

/**
 * A whole server on a fresh in-memory database, listening on 127.0.0.1 (a free port), for what only a real socket
 * shows (Node's own refusals, timeouts, connections closing); `timeouts` shortens the HTTP timeouts so a test of them
 * takes a second or two. Close it when done.
 */
export async function startListeningApp(
  env: Record<string, string> = {},
  options: { timeouts?: Partial<HttpTimeouts>; logStream?: { write: (line: string) => void } } = {},
): Promise<ListeningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_PATH: IN_MEMORY,
    WEB_DIST_PATH: '/nonexistent-web-dist',
    COLLECTOR_ENABLED: 'false',
    ...env,
  });
  // On the PostgreSQL pass, a schema of the test's own, dropped with the app (test-database.ts).
  const database = onPostgres ? await openTestDatabase() : undefined;
  const app = await buildApp(config, { timeouts: options.timeouts, database, logStream: options.logStream });
  if (database) app.addHook('onClose', () => database.close());
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}

/**
 * The status, headers (lower-case names) and JSON body of the one answer in `raw` (what a socket received): for the
 * answers only a socket sees, Node's own refusals among them.
 */
export function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: ApiError } {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as ApiError };
}
