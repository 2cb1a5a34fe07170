import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiError } from '@frontline/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { BODY_LIMIT_BYTES, MAX_URL_LENGTH } from './http-edges.ts';

// Issue 20 "Headers" and "HTTP edges", on the whole app and a real (in-memory) SQLite database, through inject. What
// only a socket shows (431, timeouts, the connection closing) is in hardening.socket.test.ts.

const TEMPLATE = `<!doctype html><html><head><title>Frontline</title><!--page-meta-->
<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

let distPath: string;
let app: FastifyInstance;

beforeAll(async () => {
  distPath = mkdtempSync(join(tmpdir(), 'frontline-hardening-'));
  mkdirSync(join(distPath, 'assets'));
  writeFileSync(join(distPath, 'index.html'), TEMPLATE);
  writeFileSync(join(distPath, 'assets', 'index-abc123.js'), 'console.log("frontline");');
  writeFileSync(join(distPath, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  app = await createTestApp({ WEB_DIST_PATH: distPath, GOOGLE_CLIENT_ID: 'frontline-test.apps.googleusercontent.com' });
  // A route that says its answer may be cached, then fails: its error must not be cached.
  app.get('/stats/test/cached-then-fails', (_request, reply) => {
    reply.header('cache-control', 'public, max-age=10');
    throw new Error('failed after choosing its caching');
  });
  app.get('/stats/test/cached-not-found', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=10').code(404).send({ error: 'not_found', message: 'gone' }),
  );
});

afterAll(async () => {
  await app.close();
  rmSync(distPath, { recursive: true, force: true });
});

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function expectSecurityHeaders(response: LightMyRequestResponse, what: string): void {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const permissions = String(response.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, what).toContain(`${feature}=()`);
  }
  expect(response.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(response.headers['access-control-allow-origin'], what).toBeUndefined();
}

/** Expects the one error format with this status and error, never cacheable, quoting nothing of `input`. */
function expectError(response: LightMyRequestResponse, status: number, error: string, input: string[] = []): ApiError {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expectSecurityHeaders(response, `${status} ${error}`);
  const body = response.json<ApiError>();
  expect(Object.keys(body).every((key) => ['error', 'message', 'details'].includes(key))).toBe(true);
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  for (const part of input) expect(response.body).not.toContain(part);
  return body;
}

describe('security headers', () => {
  it('go with every kind of answer: API JSON, the page, a file, the docs, an error', async () => {
    const answers = {
      api: await app.inject('/stats/health'),
      page: await app.inject('/servers/bf1942'),
      file: await app.inject('/assets/index-abc123.js'),
      docs: await app.inject('/stats/docs'),
      notFound: await app.inject('/stats/nope'),
      invalid: await app.inject('/stats/players/search?q='),
      pageNotFound: await app.inject('/no/such/page'),
    };
    for (const [what, response] of Object.entries(answers)) expectSecurityHeaders(response, what);
    expect(answers.api.statusCode).toBe(200);
    expect(answers.file.statusCode).toBe(200);
    expect(answers.api.headers['content-security-policy']).toBe(API_POLICY);
    expect(answers.file.headers['content-security-policy']).toBe(API_POLICY);
    // Plain http without an https PUBLIC_URL: no HSTS (a development server on localhost must not pin itself).
    expect(answers.api.headers['strict-transport-security']).toBeUndefined();
  });

  it('keep the page’s own policy: its assets, Google Identity Services while sign-in is on, the hub on this host', async () => {
    const policy = String((await app.inject('/servers/bf1942')).headers['content-security-policy']);
    const directives = new Map(
      policy.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(directives.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('let the API docs page load its own script and styles only', async () => {
    const policy = String((await app.inject('/stats/docs')).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe|https:)/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('include HSTS over https: an https PUBLIC_URL, or TLS reported by a proxy TRUST_PROXY names', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    // Anyone may claim https: without TRUST_PROXY the claim is not believed.
    expect((await app.inject({ url: '/stats/health', headers: overHttps })).headers['strict-transport-security']).toBe(
      undefined,
    );
    const behindProxy = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const httpsSite = await createTestApp({ PUBLIC_URL: 'https://frontline.example' });
    try {
      const viaProxy = await behindProxy.inject({ url: '/stats/health', headers: overHttps });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      expect((await behindProxy.inject('/stats/health')).headers['strict-transport-security']).toBeUndefined();
      for (const url of ['/stats/health', '/stats/nope', '/stats/players/%E0%A4%A']) {
        expect((await httpsSite.inject(url)).headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await behindProxy.close();
      await httpsSite.close();
    }
  });

  it('include no CORS header: another origin’s preflight and request get no Access-Control-Allow-Origin', async () => {
    const origin = 'https://evil.example.com';
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/stats/auth/profile',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    const request = await app.inject({ url: '/stats/health', headers: { origin } });
    for (const response of [preflight, request]) {
      const cors = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
    }
  });
});

describe('error answers', () => {
  it('are never cacheable, even from a route that chose its caching before failing', async () => {
    const failed = await app.inject('/stats/test/cached-then-fails');
    expectError(failed, 500, 'internal_error', ['failed after']);
    expectError(await app.inject('/stats/test/cached-not-found'), 404, 'not_found');
  });

  it('do not repeat the address of an unknown endpoint', async () => {
    const body = expectError(await app.inject('/stats/<script>alert(1)</script>?x=1'), 404, 'not_found', [
      'script',
      'alert',
    ]);
    expect(body.message).toBe('No such endpoint answers GET here.');
    // Nor of a missing file: a script that is not there is answered in JSON, not with the page.
    expectError(await app.inject('/assets/missing-abc123.js'), 404, 'not_found', ['missing']);
  });

  it('answer a bad percent sequence in the path with 400 in the one format, without the path', async () => {
    for (const url of ['/stats/players/%E0%A4%A', '/stats/servers/%zz', '/players/%E0%A4%A']) {
      expectError(await app.inject(url), 400, 'bad_request', ['%E0', '%zz', '%A']);
    }
  });

  it('answer a name with a NUL character in the path with 404, one in a query or a body with 400 naming it', async () => {
    // On either store: PostgreSQL refuses the character in any text, and nothing stored holds it.
    expectError(await app.inject('/stats/players/Ali%00ce'), 404, 'not_found', ['Ali']);
    expectError(await app.inject('/stats/servers/x%00/rankings'), 404, 'not_found', []);
    const inQuery = await app.inject('/stats/players/search?query=Ali%00ce');
    expectError(inQuery, 400, 'bad_request', ['Ali']);
    expect(inQuery.json<ApiError>().details).toEqual([
      { parameter: 'query', problem: 'must not contain the NUL character' },
    ]);
    const inBody = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      payload: { googleIdToken: 'abc\u0000def' },
    });
    expectError(inBody, 400, 'bad_request', ['abc']);
    expect(inBody.json<ApiError>().details).toEqual([
      { parameter: 'googleIdToken', problem: 'must not contain the NUL character' },
    ]);
  });

  it('answer an over-long address with 414 and close the connection, without the address', async () => {
    const longName = 'x'.repeat(2_100);
    const longParameter = await app.inject(`/stats/players/${longName}`);
    expectError(longParameter, 414, 'uri_too_long', ['xxxxxxxx']);
    expect(longParameter.headers.connection).toBe('close');
    const longQuery = await app.inject(`/stats/players/search?q=${'y'.repeat(MAX_URL_LENGTH)}`);
    expectError(longQuery, 414, 'uri_too_long', ['yyyyyyyy']);
    expect(longQuery.headers.connection).toBe('close');
    // Just under the limit is an ordinary request.
    const withinLimit = await app.inject(`/stats/health?pad=${'z'.repeat(MAX_URL_LENGTH - 100)}`);
    expect(withinLimit.statusCode).toBe(200);
  });

  it('answer a body over the limit with 413 and close the connection', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      payload: { googleIdToken: 'q'.repeat(BODY_LIMIT_BYTES) },
    });
    expectError(response, 413, 'payload_too_large', ['qqqq']);
    expect(response.headers.connection).toBe('close');
  });

  it('answer an unsupported media type with 415, without repeating it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      headers: { 'content-type': 'application/x-evil-<b>' },
      payload: 'googleIdToken=abc',
    });
    expectError(response, 415, 'unsupported_media_type', ['evil', '<b>']);
  });

  it('answer malformed JSON with 400, without the parser’s view of the body', async () => {
    for (const payload of ['{"googleIdToken": "secret-abc', 'secret-not-json', '{"__proto__": {"secret": 1}}']) {
      const response = await app.inject({
        method: 'POST',
        url: '/stats/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectError(response, 400, 'bad_request', ['secret', '__proto__']);
    }
  });

  it('answer a wrong method on an existing path with 405 and the methods it answers', async () => {
    const cases: [method: 'DELETE' | 'POST' | 'GET' | 'PUT', url: string, allow: string][] = [
      ['DELETE', '/stats/servers/bf1942', 'GET, HEAD'],
      ['POST', '/stats/players/search', 'GET, HEAD'],
      ['POST', '/STATS/Players/Search/?q=x', 'GET, HEAD'],
      ['GET', '/stats/auth/login', 'POST'],
      ['GET', '/stats/auth/buddies/12', 'DELETE'],
      ['PUT', '/hub/negotiate', 'POST'],
      ['POST', '/assets/index-abc123.js', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const response = await app.inject({ method, url });
      const body = expectError(response, 405, 'method_not_allowed', ['Players']);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(body.message).toBe(`This address does not answer ${method}; it answers ${allow}.`);
    }
    // No route at the path at all: still 404.
    expectError(await app.inject({ method: 'POST', url: '/stats/nope' }), 404, 'not_found');
    expectError(await app.inject({ method: 'DELETE', url: '/servers/bf1942' }), 404, 'not_found');
  });
});

describe('source maps', () => {
  it('are served outside production only, and never in production (404 JSON)', async () => {
    expect((await app.inject('/assets/index-abc123.js.map')).statusCode).toBe(200);
    const production = await createTestApp({ WEB_DIST_PATH: distPath, NODE_ENV: 'production' });
    try {
      for (const url of [
        '/assets/index-abc123.js.map',
        '/assets/index-abc123.JS.MAP',
        '/assets/../assets/index-abc123.js.map',
      ]) {
        expectError(await production.inject(url), 404, 'not_found', ['secret-source']);
      }
      expect((await production.inject('/assets/index-abc123.js')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
