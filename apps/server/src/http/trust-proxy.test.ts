import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../test/local-google-jwks.ts';
import { createTestApp } from '../test/test-app.ts';

// TRUST_PROXY (issue 20 "Limits"): whose X-Forwarded-For the server believes, seen where it matters, in the login's
// limit of 20 attempts per address and hour (features/auth). A token that is not a JWT fails before any key is fetched
// and still counts as an attempt.

let jwks: LocalGoogleJwks;
beforeAll(async () => {
  jwks = await startLocalGoogleJwks();
});
afterAll(() => jwks.close());

const LOGIN_LIMIT = 20;

async function withApp(env: Record<string, string>, run: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await createTestApp({ GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, ...env });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

/** A failed login from the socket address `remoteAddress`, saying it forwards for `forwardedFor`; its status. */
async function attempt(app: FastifyInstance, remoteAddress: string, forwardedFor: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/stats/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { googleIdToken: 'not-a-token' },
  });
  return response.statusCode;
}

describe('TRUST_PROXY', () => {
  it('unset: a spoofed X-Forwarded-For changes nothing, every attempt counts against the socket’s address', async () => {
    await withApp({}, async (app) => {
      for (let index = 1; index <= LOGIN_LIMIT; index += 1) {
        expect(await attempt(app, '127.0.0.1', `203.0.113.${index}`)).toBe(401);
      }
      expect(await attempt(app, '127.0.0.1', '198.51.100.1')).toBe(429);
      expect(await attempt(app, '127.0.0.2', '198.51.100.1')).toBe(401);
    });
  });

  it('naming the proxy: its X-Forwarded-For is the client’s address; anyone else’s is ignored', async () => {
    await withApp({ TRUST_PROXY: '127.0.0.1' }, async (app) => {
      // Through the proxy, each client has an allowance of its own…
      for (let index = 1; index <= LOGIN_LIMIT + 5; index += 1) {
        expect(await attempt(app, '127.0.0.1', `203.0.113.${index}`)).toBe(401);
      }
      // …and one client is limited whatever proxy hop it came through.
      for (let index = 1; index <= LOGIN_LIMIT; index += 1) {
        expect(await attempt(app, '127.0.0.1', '198.51.100.7')).toBe(401);
      }
      expect(await attempt(app, '127.0.0.1', '198.51.100.7')).toBe(429);
      // A client reaching the server directly cannot pose as another one.
      for (let index = 1; index <= LOGIN_LIMIT; index += 1) {
        expect(await attempt(app, '192.0.2.9', `203.0.113.${100 + index}`)).toBe(401);
      }
      expect(await attempt(app, '192.0.2.9', '203.0.113.200')).toBe(429);
    });
  });

  it('a hop count: the entry that many hops back is the client’s address, whatever came before it', async () => {
    // Two proxies: the client's own proxy (or the client himself) writes the first entries, the second proxy the last.
    await withApp({ TRUST_PROXY: '2' }, async (app) => {
      for (let index = 1; index <= LOGIN_LIMIT; index += 1) {
        // A spoofed first entry changes nothing: the address 2 hops back is the client's.
        expect(await attempt(app, '10.0.0.2', `203.0.113.${index}, 198.51.100.7, 10.0.0.1`)).toBe(401);
      }
      expect(await attempt(app, '10.0.0.2', '203.0.113.99, 198.51.100.7, 10.0.0.1')).toBe(429);
      expect(await attempt(app, '10.0.0.2', '203.0.113.99, 198.51.100.8, 10.0.0.1')).toBe(401);
    });
  });
});
