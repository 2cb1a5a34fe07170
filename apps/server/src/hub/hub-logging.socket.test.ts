import type { LoginResponse } from '@frontline/contract';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../test/local-google-jwks.ts';
import { startListeningApp, type ListeningApp } from '../test/listening-app.ts';
import { MAX_CLIENT_MESSAGE_BYTES } from './hub-connection.ts';

// What the hub logs about a client that misbehaves, over a real hub connection: a client too slow to read what it is
// sent is one warning for its connection (not one per message it was about to be sent), and a frame ws refuses is one
// warning without a stack, never an error.

const RS = '\u001e';

let jwks: LocalGoogleJwks;
let server: ListeningApp;
let lines: { level: number; msg: string; [key: string]: unknown }[];

beforeAll(async () => {
  jwks = await startLocalGoogleJwks();
});
afterAll(() => jwks.close());
beforeEach(async () => {
  lines = [];
  server = await startListeningApp(
    { GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) } },
  );
});
afterEach(() => server.close());

/** A signed-in user's hub WebSocket, past the handshake. */
async function openHub(): Promise<WebSocket> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/stats/auth/login',
    payload: { googleIdToken: await jwks.mint({ email: 'slow@example.com' }) },
  });
  const { accessToken } = login.json<LoginResponse>();
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/hub?access_token=${accessToken}`);
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(`{"protocol":"json","version":1}${RS}`);
  await new Promise((resolve) => socket.once('message', resolve));
  return socket;
}

const closed = (socket: WebSocket) =>
  new Promise<void>((resolve) =>
    socket.readyState === WebSocket.CLOSED ? resolve() : socket.once('close', () => resolve()),
  );

it('logs a client too slow to read once for its connection, however many messages were waiting', async () => {
  const socket = await openHub();
  // The client stops reading; each of its messages asks for hundreds of answers (invocations of an unknown method).
  const raw = (socket as unknown as { _socket: Socket })._socket;
  raw.pause();
  const invocation = (id: number) => `{"type":1,"invocationId":"${id}","target":"x","arguments":[]}${RS}`;
  let batch = '';
  for (let id = 0; batch.length + 80 < MAX_CLIENT_MESSAGE_BYTES; id += 1) batch += invocation(id);
  const tooSlow = () => lines.filter((line) => line.msg === 'hub client too slow, closing');
  // Until the server's unsent answers pass its limit (the kernel's buffers on both sides fill first).
  await vi.waitFor(
    () => {
      if (socket.readyState === WebSocket.OPEN) for (let sent = 0; sent < 20; sent += 1) socket.send(batch);
      expect(tooSlow().length).toBeGreaterThan(0);
    },
    { timeout: 60_000, interval: 20 },
  );
  raw.resume();
  await closed(socket);
  expect(tooSlow()).toHaveLength(1);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
});

it('logs a frame ws refuses once, as a warning without a stack', async () => {
  const socket = await openHub();
  // Over ws's own size limit (twice the protocol's message limit): ws refuses the frame and the socket errs.
  socket.send('x'.repeat(2 * MAX_CLIENT_MESSAGE_BYTES + 1));
  await closed(socket);
  await vi.waitFor(() => expect(lines.some((line) => line.msg === 'hub client connection failed')).toBe(true));
  const failures = lines.filter((line) => line.msg === 'hub client connection failed');
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatchObject({ level: 40, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
  expect(JSON.stringify(failures[0])).not.toMatch(/stack|\bat .*\.js:\d+/);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
});
