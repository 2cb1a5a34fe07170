import type { AddressInfo } from 'node:net';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { HUB_EVENTS, HUB_KEEP_ALIVE_MS, type HubNotification, type LoginResponse } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startLocalFeed, type FeedPlayer, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../test/local-google-jwks.ts';
import { createTestApp } from '../test/test-app.ts';
import { openDatabaseFile, type DatabaseFile } from '../test/test-database.ts';
import { MAX_CONNECTIONS_PER_USER } from './hub.service.ts';

// The hub against the official @microsoft/signalr client in Node (issue 17 "Conformance with the official client"),
// on a whole server: its collector (a worker thread polling a local feed every second) writes what the feed shows,
// and the hub tells the users who watch those players and servers. Wire facts: reference/signalr-wire.md.

const RS = '\u001e';
const NORMANDY = { ip: '192.0.2.40', port: 14567, name: '[FHx] Normandy' };
const player = (name: string, score = 0): FeedPlayer => ({ name, score, kills: 0, deaths: 0, ping: 50, team: 1 });
const normandy = (mapName: string, names: string[]): FeedServer => ({
  ...NORMANDY,
  mapName,
  players: names.map((n) => player(n)),
});

let feed: LocalFeed;
let jwks: LocalGoogleJwks;
let file: DatabaseFile;
let app: FastifyInstance;
let baseUrl: string;
let serverGuid: string;
const openConnections: HubConnection[] = [];

async function startApp(port = 0): Promise<void> {
  app = await createTestApp(
    {
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      COLLECTOR_ENABLED: 'true',
      DATABASE_PATH: file.path,
      BFLIST_BASE_URL: feed.baseUrl,
      COLLECT_GAMES: 'bf1942',
      POLL_INTERVAL_SECONDS: '1',
    },
    file.database,
  );
  await app.listen({ host: '127.0.0.1', port });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Resolves once the collector has finished `count` more polls (so the feed's current world has been seen). */
async function polls(count: number): Promise<void> {
  const pollTime = () => app.collector?.collectionStatus().games[0]?.lastGoodPollAt?.getTime() ?? 0;
  for (let seen = 0; seen < count; seen += 1) {
    const before = pollTime();
    const giveUpAt = Date.now() + 10_000;
    while (pollTime() <= before) {
      if (Date.now() > giveUpAt) throw new Error('the collector has not polled for 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/stats/auth/login',
    payload: { googleIdToken: await jwks.mint({ email }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { accessToken } = response.json<LoginResponse>();
  const add = async (url: string, payload: object) => {
    const added = await app.inject({
      method: 'POST',
      url: `/stats/auth${url}`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload,
    });
    expect(added.statusCode, added.body).toBe(201);
  };
  return { email, accessToken, add };
}

/** A connection made exactly as the web app makes it: WebSockets only, token from a factory, automatic reconnect. */
function hubClient(accessToken: () => string): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/hub`, { transport: HttpTransportType.WebSockets, accessTokenFactory: accessToken })
    .withAutomaticReconnect([0, 2_000, 10_000, 30_000])
    .configureLogging(LogLevel.None)
    .build();
  openConnections.push(connection);
  return connection;
}

function received(connection: HubConnection): HubNotification[] {
  const events: HubNotification[] = [];
  connection.on(HUB_EVENTS.buddyOnline, (payload: HubNotification) => events.push(payload));
  connection.on(HUB_EVENTS.serverMapChange, (payload: HubNotification) => events.push(payload));
  return events;
}

/** A raw WebSocket speaking the protocol by hand, for what the official client never sends. */
async function rawSocket(
  accessToken: string,
): Promise<{ socket: WebSocket; frames: string[]; closed: Promise<number> }> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/hub?access_token=${accessToken}`);
  const frames: string[] = [];
  socket.on('message', (data: Buffer) => frames.push(data.toString('utf8')));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  socket.send(`{"protocol":"json","version":1}${RS}`);
  await expect.poll(() => frames.join('')).toBe(`{}${RS}`);
  return { socket, frames, closed };
}

beforeAll(async () => {
  feed = await startLocalFeed();
  feed.world.set('bf1942', [normandy('Omaha Beach', ['Alice'])]);
  jwks = await startLocalGoogleJwks();
  file = await openDatabaseFile();
  await startApp();
  await polls(1);
  serverGuid = String(file.database.sqlite.prepare('select server_guid from servers').get()?.server_guid);
});

afterAll(async () => {
  await Promise.all(openConnections.map((connection) => connection.stop()));
  await app.close();
  await feed.close();
  await jwks.close();
  await file.remove();
});

describe('negotiate, connect, handshake and RegisterUser', () => {
  it('connects with the official client and registers the token’s own email, again harmlessly', async () => {
    const user = await signIn('register@example.com');
    const connection = hubClient(() => user.accessToken);
    await connection.start();
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toEqual(expect.any(String));
    await expect(connection.invoke('RegisterUser', { email: user.email })).resolves.toBeNull();
    await expect(connection.invoke('registeruser', { email: user.email.toUpperCase() })).resolves.toBeNull();
    await connection.stop();
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('refuses another user’s email (an error completion) and keeps the connection', async () => {
    const user = await signIn('mallory@example.com');
    const connection = hubClient(() => user.accessToken);
    await connection.start();
    await expect(connection.invoke('RegisterUser', { email: 'victim@example.com' })).rejects.toThrow(
      /RegisterUser accepts only the signed-in user’s own email/,
    );
    await expect(connection.invoke('RegisterUser', {})).rejects.toThrow(/own email/);
    await expect(connection.invoke('DeleteEverything')).rejects.toThrow(/Unknown hub method 'DeleteEverything'/);
    expect(connection.state).toBe(HubConnectionState.Connected);
    await connection.stop();
  });

  it('refuses a missing, forged or logged-out token: the negotiate answers 401 and no socket opens', async () => {
    const negotiate = (headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/hub/negotiate?negotiateVersion=1`, { method: 'POST', headers });
    const missing = await negotiate();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({
      error: 'unauthorized',
      message: expect.stringMatching(/access token/) as unknown,
    });
    expect((await negotiate({ authorization: 'Bearer not.a.token' })).status).toBe(401);

    const user = await signIn('leaver@example.com');
    const forged = user.accessToken.slice(0, -4) + (user.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await expect(hubClient(() => forged).start()).rejects.toThrow(/401/);

    const logout = await app.inject({
      method: 'POST',
      url: '/stats/auth/logout',
      // inject's own origin: a logout must come from a page of the site (auth.routes.ts).
      headers: { authorization: `Bearer ${user.accessToken}`, origin: 'http://localhost:80' },
    });
    expect(logout.statusCode).toBe(204);
    await expect(hubClient(() => user.accessToken).start()).rejects.toThrow(/401/);
    // Nor can a WebSocket be opened directly, skipping the negotiate.
    const direct = new WebSocket(`${baseUrl.replace('http', 'ws')}/hub?access_token=${user.accessToken}`);
    await expect(
      new Promise((resolve, reject) => {
        direct.on('open', () => reject(new Error('opened')));
        direct.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      }),
    ).resolves.toBe(401);
  });
});

describe('events from the collector', () => {
  it('BuddyOnline to the users with that buddy, on a new session only; ServerMapChange to the server’s fans', async () => {
    const watcher = await signIn('watcher@example.com');
    await watcher.add('/buddies', { buddyPlayerName: 'Kowalski' });
    await watcher.add('/favorite-servers', { serverGuid });
    const stranger = await signIn('stranger@example.com');
    await stranger.add('/buddies', { buddyPlayerName: 'Somebody Else' });

    const watching = hubClient(() => watcher.accessToken);
    const watcherEvents = received(watching);
    await watching.start();
    await watching.invoke('RegisterUser', { email: watcher.email });
    const uninvolved = hubClient(() => stranger.accessToken);
    const strangerEvents = received(uninvolved);
    await uninvolved.start();

    // Kowalski comes online on Normandy.
    feed.world.set('bf1942', [normandy('Omaha Beach', ['Alice', 'Kowalski'])]);
    await expect.poll(() => watcherEvents, { timeout: 10_000 }).toHaveLength(1);
    expect(watcherEvents[0]).toEqual({
      type: 'buddy_online',
      buddyName: 'Kowalski',
      serverName: '[FHx] Normandy',
      mapName: 'Omaha Beach',
      oldMapName: '',
      joinLink: `bf1942://${NORMANDY.ip}:${NORMANDY.port}`,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      message: 'Kowalski is now online on [FHx] Normandy playing Omaha Beach',
      serverGuid,
    });

    // He drops out for one poll and is back within the session timeout: the same session, no second BuddyOnline.
    feed.world.set('bf1942', [normandy('Omaha Beach', ['Alice'])]);
    await polls(2);
    feed.world.set('bf1942', [normandy('Omaha Beach', ['Alice', 'Kowalski'])]);
    await polls(2);
    expect(watcherEvents).toHaveLength(1);

    // The map changes with him on it: ServerMapChange, and his session in the new round is no BuddyOnline.
    feed.world.set('bf1942', [normandy('Utah Beach', ['Alice', 'Kowalski'])]);
    await expect.poll(() => watcherEvents, { timeout: 10_000 }).toHaveLength(2);
    expect(watcherEvents[1]).toMatchObject({
      type: 'server_map_change',
      buddyName: '',
      serverName: '[FHx] Normandy',
      mapName: 'Utah Beach',
      oldMapName: 'Omaha Beach',
      message: 'Server [FHx] Normandy changed map from Omaha Beach to Utah Beach',
      serverGuid,
    });
    await polls(2);
    expect(watcherEvents).toHaveLength(2);
    expect(strangerEvents).toEqual([]);
  }, 40_000);

  it('follows the lists as the user changes them while connected', async () => {
    const user = await signIn('late-adder@example.com');
    const connection = hubClient(() => user.accessToken);
    const events = received(connection);
    await connection.start();
    await user.add('/buddies', { buddyPlayerName: 'Nowak' });
    feed.world.set('bf1942', [normandy('Utah Beach', ['Alice', 'Kowalski', 'Nowak'])]);
    await expect.poll(() => events.map((event) => event.buddyName), { timeout: 10_000 }).toEqual(['Nowak']);
  }, 20_000);
});

describe('limits', () => {
  it(`allows at most ${MAX_CONNECTIONS_PER_USER} connections per user`, async () => {
    const user = await signIn('many-tabs@example.com');
    const tabs = Array.from({ length: MAX_CONNECTIONS_PER_USER }, () => hubClient(() => user.accessToken));
    await Promise.all(tabs.map((tab) => tab.start()));
    await expect(hubClient(() => user.accessToken).start()).rejects.toThrow(/429/);
    const refused = await fetch(`${baseUrl}/hub/negotiate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('too_many_requests');
    expect(body.message).toContain(`At most ${MAX_CONNECTIONS_PER_USER} real-time connections per user`);
    await tabs[0]?.stop();
    await expect
      .poll(
        async () =>
          (
            await fetch(`${baseUrl}/hub/negotiate`, {
              method: 'POST',
              headers: { authorization: `Bearer ${user.accessToken}` },
            })
          ).status,
      )
      .toBe(200);
    await Promise.all(tabs.map((tab) => tab.stop()));
  });

  it('closes the connection with an error for a message over 32 kB and for an unknown message type', async () => {
    const user = await signIn('hostile@example.com');
    const big = await rawSocket(user.accessToken);
    big.socket.send(`{"type":6,"padding":"${'x'.repeat(33 * 1024)}"}${RS}`);
    expect(await big.closed).toBe(1000);
    expect(JSON.parse(big.frames.at(-1)!.slice(0, -1))).toEqual({
      type: 7,
      error: 'Messages may be at most 32 kB.',
      allowReconnect: false,
    });

    const odd = await rawSocket(user.accessToken);
    odd.socket.send(`{"type":4,"invocationId":"1","target":"Stream","arguments":[]}${RS}`);
    expect(await odd.closed).toBe(1000);
    expect(odd.frames.at(-1)).toBe(`{"type":7,"error":"Unknown message type 4.","allowReconnect":false}${RS}`);
  });

  // One wait of 41 s serves three connections: one that pings, one that never does, one whose sign-in ends.
  it('keeps a client that pings alive past 40 s, closes one silent for 30 s and one logged out within 15 s', async () => {
    const user = await signIn('patient@example.com');
    const pinging = hubClient(() => user.accessToken);
    const closes: (Error | undefined)[] = [];
    pinging.onclose((error) => closes.push(error));
    await pinging.start();
    // The silent client's last message (its handshake) is sent after this moment: its 30 s count from no earlier.
    const silentSince = Date.now();
    const silent = await rawSocket(user.accessToken);
    const silentClosedAt = silent.closed.then(() => Date.now());

    const leaver = await signIn('logs-out-elsewhere@example.com');
    const leaving = hubClient(() => leaver.accessToken);
    const leavingClosedAt = new Promise<{ at: number; error: string }>((resolve) =>
      leaving.onclose((error) => resolve({ at: Date.now(), error: String(error) })),
    );
    await leaving.start();
    const startedAt = Date.now();
    const logout = await app.inject({
      method: 'POST',
      url: '/stats/auth/logout',
      headers: { authorization: `Bearer ${leaver.accessToken}`, origin: 'http://localhost:80' },
    });
    expect(logout.statusCode).toBe(204);

    await new Promise((resolve) => setTimeout(resolve, 41_000));
    expect(pinging.state).toBe(HubConnectionState.Connected);
    expect(closes).toEqual([]);
    // The silent one heard pings (the server's keep-alive) and was closed after its 30 s of silence.
    expect(silent.frames.filter((frame) => frame === `{"type":6}${RS}`).length).toBeGreaterThanOrEqual(
      Math.floor(30_000 / HUB_KEEP_ALIVE_MS),
    );
    const silentFor = (await silentClosedAt) - silentSince;
    expect(silentFor).toBeGreaterThan(30_000);
    expect(silentFor).toBeLessThan(40_000);
    expect(silent.frames.at(-1)).toMatch(
      /^\{"type":7,"error":"No message for 30 s; the connection timed out\.","allowReconnect":true\}/,
    );
    // The logged-out one: its token is checked again every 15 s (a tick of 5 s on top).
    const leftAfter = await leavingClosedAt;
    expect(leftAfter.at - startedAt).toBeLessThan(21_000);
    expect(leftAfter.error).toMatch(/Your sign-in has ended/);
    expect(leaving.state).toBe(HubConnectionState.Disconnected);
    await pinging.stop();
  }, 60_000);
});

describe('a server restart', () => {
  it('tells clients to reconnect; the official client does, and registers again', async () => {
    const user = await signIn('stays@example.com');
    const connection = hubClient(() => user.accessToken);
    const states: string[] = [];
    connection.onreconnecting(() => states.push('reconnecting'));
    connection.onreconnected(() => {
      states.push('reconnected');
      void connection.invoke('RegisterUser', { email: user.email }).then(() => states.push('registered'));
    });
    await connection.start();
    const port = (app.server.address() as AddressInfo).port;

    await app.close();
    await expect.poll(() => states).toEqual(['reconnecting']);
    await startApp(port);
    await expect
      .poll(() => states, { timeout: 20_000, interval: 100 })
      .toEqual(['reconnecting', 'reconnected', 'registered']);
    expect(connection.state).toBe(HubConnectionState.Connected);
    await connection.stop();
  }, 30_000);
});
