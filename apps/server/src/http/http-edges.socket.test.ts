import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAnswer } from '../test/listening-app.ts';
import { httpEdgeOptions, registerHttpEdges, type HttpTimeouts } from './http-edges.ts';

// The idle timeout cuts a client that sends nothing, never the wait for a slow answer: on a busy machine a bench's
// cold page took longer than it, and the connection was closed with no answer ("other side closed").

const TIMEOUTS: HttpTimeouts = { requestMs: 3_000, headersMs: 1_000, idleMs: 500, keepAliveMs: 1_000 };
const app = Fastify(httpEdgeOptions({ timeouts: TIMEOUTS, publicUrl: undefined }));
registerHttpEdges(app);
app.get('/slow', async () => {
  await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.idleMs * 3));
  return { answered: true };
});
let port = 0;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

/** What the socket received until it closed (or `untilMs` passed), and after how long it closed. */
function exchange(sent: string, untilMs: number): Promise<{ received: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(sent));
    socket.on('data', (chunk) => (received += String(chunk)));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedAfterMs: undefined });
    }, untilMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedAfterMs: performance.now() - started });
    });
  });
}

it('answers a request that takes the server three idle timeouts', async () => {
  const { received } = await exchange('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 5_000);
  expect(parseAnswer(received)).toMatchObject({ status: 200, body: { answered: true } });
});

it('still cuts a connection that sends nothing after the idle timeout', async () => {
  const { received, closedAfterMs } = await exchange('', 5_000);
  expect(received).toBe('');
  expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - 50);
  expect(closedAfterMs).toBeLessThan(TIMEOUTS.idleMs + 1_000);
});
