import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { IN_MEMORY } from '../db/database.ts';
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
  options: { timeouts?: Partial<HttpTimeouts> } = {},
): Promise<ListeningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_PATH: IN_MEMORY,
    WEB_DIST_PATH: '/nonexistent-web-dist',
    COLLECTOR_ENABLED: 'false',
    ...env,
  });
  const app = await buildApp(config, { timeouts: options.timeouts });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}
