import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { pathOf, requestForLog } from './request-log.ts';

describe('pathOf', () => {
  it('keeps the path and drops the query and fragment', () => {
    expect(pathOf('/hub?id=abc&access_token=eyJ.x.y')).toBe('/hub');
    expect(pathOf('/stats/players/search?q=Kowalski')).toBe('/stats/players/search');
    expect(pathOf('/players/a%3Fb#top')).toBe('/players/a%3Fb');
    expect(pathOf('/stats/health')).toBe('/stats/health');
  });
});

describe('a request in the log', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
    // What the logger is given for this very request.
    app.get('/stats/test/log/:name', (request) => requestForLog(request));
  });
  afterAll(() => app.close());

  it('shows the method, path and route, never the query (a search, or the hub’s access token)', async () => {
    const response = await app.inject({
      url: '/stats/test/log/Kowalski?q=secret-search&access_token=eyJ.secret.token',
      remoteAddress: '192.0.2.7',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      method: 'GET',
      url: '/stats/test/log/Kowalski',
      route: '/stats/test/log/:name',
      remoteAddress: '192.0.2.7',
    });
    expect(response.body).not.toContain('secret');
  });
});
