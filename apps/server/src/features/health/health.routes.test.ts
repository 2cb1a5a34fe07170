import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase } from '../../db/database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { APP_VERSION } from '../../version.ts';

describe('GET /stats/health', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers ok with the version when the database answers', async () => {
    app = await createTestApp();
    const response = await app.inject('/stats/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: APP_VERSION, database: 'ok' });
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 in the error format, with details, when the database fails', async () => {
    const database = await openDatabase(IN_MEMORY);
    app = await createTestApp({}, database);
    database.sqlite.close(); // as if the file vanished under the running server

    const response = await app.inject('/stats/health');
    expect(response.statusCode).toBe(503);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      error: 'service_unavailable',
      status: 'degraded',
      version: APP_VERSION,
      database: 'error',
    });
    expect(body.message).toMatch(/^The database is not answering: .*not open/);
  });
});
