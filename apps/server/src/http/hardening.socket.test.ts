import { connect, type Socket } from 'node:net';
import type { LoginResponse } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import WebSocket from 'ws';
import { parseAnswer, startListeningApp, type ListeningApp } from '../test/listening-app.ts';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../test/local-google-jwks.ts';
import { MAX_HEADER_BYTES, MAX_URL_LENGTH, type HttpTimeouts } from './http-edges.ts';

// Issue 20 "HTTP edges" over a real listening socket, for what inject cannot show: Node's own 431 and timeouts, and
// each refused connection closing cleanly after its JSON answer. The server's timeouts are shortened (buildApp's
// `timeouts`) so that the slow clients here take a second or two, not the production 10–30 s.

const TIMEOUTS: HttpTimeouts = { requestMs: 1_500, headersMs: 1_000, idleMs: 1_000, keepAliveMs: 1_000 };
/** Node checks its timeouts every 200 ms here (a fifth of the header timeout); a busy machine adds a little. */
const SLACK_MS = 1_000;

let jwks: LocalGoogleJwks;
let server: ListeningApp;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  jwks = await startLocalGoogleJwks();
  server = await startListeningApp(
    { GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url },
    { timeouts: TIMEOUTS },
  );
  ({ app, port } = server);
});

afterAll(async () => {
  await server.close();
  await jwks.close();
});

interface Exchange {
  /** Everything the server wrote. */
  received: string;
  /** How the connection ended: the server closed it cleanly ('end'), reset it, or it was still open at the deadline. */
  ending: 'end' | 'reset' | 'open';
  /** Milliseconds from connecting to that ending. */
  afterMs: number;
}

/**
 * Connects, lets `talk` write to the socket, and collects what comes back until the server ends the connection or
 * `deadlineMs` passes.
 */
function exchange(talk: (socket: Socket) => void, deadlineMs = 5_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let settled = false;
    const settle = (ending: Exchange['ending']) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      resolve({ received, ending, afterMs: Date.now() - startedAt });
    };
    const deadline = setTimeout(() => settle('open'), deadlineMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => settle('end'));
    socket.on('error', () => settle('reset'));
    socket.on('close', () => settle('end'));
    socket.on('connect', () => talk(socket));
  });
}

/** Writes `text` one character every `everyMs`, for as long as the socket is open. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded || index >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text.charAt(index));
    index += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

/** `check` is the test's own expect in concurrent tests. */
function expectRefusal(result: Exchange, status: number, error: string, check: ExpectStatic = expect) {
  const answer = parseAnswer(result.received);
  check(answer.status, result.received).toBe(status);
  check(answer.headers.connection).toBe('close');
  check(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  check(answer.headers['cache-control']).toBe('no-store');
  check(answer.headers['x-content-type-options']).toBe('nosniff');
  check(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  check(answer.body).toMatchObject({ error });
  // Closed after the answer, not reset: the client gets the answer whole.
  check(result.ending).toBe('end');
  return answer;
}

describe('refusals on the socket', () => {
  it('answers headers over the limit with 431 JSON, then closes the connection cleanly', async () => {
    const result = await exchange((socket) => {
      socket.write(`GET /stats/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`);
      // A second request on the same connection: never answered, the connection ends instead of being reset.
      socket.write('GET /stats/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    const answer = expectRefusal(result, 431, 'request_header_fields_too_large');
    expect(JSON.stringify(answer.body)).not.toContain('bbbb');
    expect(result.received.match(/HTTP\/1\.1/g)).toHaveLength(1);
  });

  it('answers an address over 8 kB with 414 JSON and Connection: close (one over 16 kB is 431)', async () => {
    const long = await exchange((socket) => {
      socket.write(`GET /stats/health?pad=${'p'.repeat(MAX_URL_LENGTH)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    });
    expect(JSON.stringify(expectRefusal(long, 414, 'uri_too_long').body)).not.toContain('ppp');
    const huge = await exchange((socket) => {
      socket.write(`GET /stats/health?pad=${'p'.repeat(MAX_HEADER_BYTES)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    });
    expectRefusal(huge, 431, 'request_header_fields_too_large');
  });

  it('answers what is not HTTP with 400 JSON', async () => {
    const result = await exchange((socket) => socket.write('HELLO there\r\n\r\n'));
    expectRefusal(result, 400, 'bad_request');
  });
});

// Side by side: each waits on the server's clock, not on the processor.
describe.concurrent('timeouts', () => {
  it('cuts a client sending its headers a byte at a time, at the header timeout, with 408', async ({ expect }) => {
    const result = await exchange((socket) => {
      socket.write('GET /stats/health HTTP/1.1\r\nHost: localhost\r\n');
      // Always something moving (every 100 ms), so only the header timeout can end it.
      trickle(socket, `X-Slow: ${'s'.repeat(200)}\r\n\r\n`, 100);
    });
    expectRefusal(result, 408, 'request_timeout', expect);
    expect(result.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(result.afterMs).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('cuts a client sending its body a byte at a time, at the request timeout, with 408', async ({ expect }) => {
    const result = await exchange((socket) => {
      socket.write(
        'POST /stats/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
      );
      trickle(socket, `{"googleIdToken":"${'t'.repeat(200)}`, 100);
    });
    expectRefusal(result, 408, 'request_timeout', expect);
    expect(result.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(result.afterMs).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS);
  });

  it('closes a connection that sends nothing', async ({ expect }) => {
    const silent = await exchange(() => undefined);
    expect(silent.ending).toBe('end');
    expect(silent.afterMs).toBeLessThan(TIMEOUTS.idleMs + SLACK_MS);
  });

  it('closes a kept-alive connection that asks nothing more', async ({ expect }) => {
    const keptAlive = await exchange((socket) => socket.write('GET /stats/health HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    expect(keptAlive.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(keptAlive.ending).toBe('end');
    // Node waits a second more than it says (keepAliveTimeoutBuffer), for the client to notice the closing first.
    expect(keptAlive.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 50);
    expect(keptAlive.afterMs).toBeLessThan(TIMEOUTS.keepAliveMs + 1_000 + SLACK_MS);
  });

  it('leave the hub’s WebSocket open long after the request timeout', async ({ expect }) => {
    const login = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      payload: { googleIdToken: await jwks.mint() },
    });
    const { accessToken } = login.json<LoginResponse>();
    const socket = new WebSocket(`ws://127.0.0.1:${port}/hub?access_token=${accessToken}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    // Quiet for longer than every HTTP timeout, the request timeout and a check after it included.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.requestMs + SLACK_MS));
    expect(isClosed).toBe(false);
    // Still a working hub connection: the SignalR handshake is answered.
    const answered = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(String(data))));
    socket.send('{"protocol":"json","version":1}\u001e');
    expect(await answered).toBe('{}\u001e');
    socket.close();
    await closed;
  });
});
