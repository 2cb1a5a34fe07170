import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import {
  HUB_EVENTS,
  type HealthResponse,
  type HubNotification,
  type LiveServersResponse,
  type LoginResponse,
} from '@frontline/contract';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { startLocalFeed, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../test/local-google-jwks.ts';
import {
  dropTestSchema,
  isTestPostgresReachable,
  newTestSchemaName,
  TEST_POSTGRES_URL,
} from '../test/test-postgres.ts';

// Issue 21, "Several instances": real server processes sharing one PostgreSQL schema. Exactly one collects (the
// holder of an advisory lock); when it is killed, another takes over within two poll intervals and the rounds go
// on; and what the collector on one instance sees reaches a user connected to the hub of another.

const POLL_INTERVAL_MS = 1_000;
const NORMANDY: FeedServer = {
  ip: '192.0.2.60',
  port: 14567,
  name: '[FHx] Normandy',
  mapName: 'omaha_beach',
  players: [{ name: 'Alice', score: 3, kills: 1, deaths: 0, ping: 40, team: 1 }],
};
const player = (name: string) => ({ name, score: 0, kills: 0, deaths: 0, ping: 60, team: 2 });

const reachable = await isTestPostgresReachable();

describe.skipIf(!reachable)('several instances on one PostgreSQL', { timeout: 90_000 }, () => {
  let feed: LocalFeed;
  let jwks: LocalGoogleJwks;
  let schema: string;
  const servers: ServerProcess[] = [];
  const hubs: HubConnection[] = [];

  function startInstance(env: Record<string, string> = {}): Promise<ServerProcess> {
    return startServerProcess({
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      COLLECTOR_ENABLED: 'true',
      BFLIST_BASE_URL: feed.baseUrl,
      COLLECT_GAMES: 'bf1942',
      POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_MS / 1000),
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      ...env,
    }).then((server) => {
      servers.push(server);
      return server;
    });
  }

  async function health(server: ServerProcess): Promise<HealthResponse> {
    return (await fetch(`${server.url}/stats/health`)).json() as Promise<HealthResponse>;
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
    const giveUpAt = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > giveUpAt)
        throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function storeQuery<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      return (await client.query<Row>(text)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    feed = await startLocalFeed();
    jwks = await startLocalGoogleJwks();
  });

  afterAll(async () => {
    await feed?.close();
    await jwks?.close();
  });

  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
    // A killed one has exited already: stopping it only removes its folder.
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await dropTestSchema(schema);
  });

  it('one instance collects; killed, another takes over within two poll intervals from where it left off', async () => {
    schema = newTestSchemaName();
    feed.world.set('bf1942', [NORMANDY]);
    const leader = await startInstance();
    await until(
      'the first instance collects',
      () => health(leader),
      (h) => h.collector.games[0]?.lastGoodPollAt !== null,
    );
    const standby = await startInstance();
    await until(
      'the second stands by',
      () => health(standby),
      (h) => h.collector.status === 'standby',
    );

    // A few intervals with both up: the second never collects while the first does.
    for (let sample = 0; sample < 10; sample += 1) {
      const [first, second] = await Promise.all([health(leader), health(standby)]);
      expect([first.collector.status, second.collector.status]).toEqual(['ok', 'standby']);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [openRound] = await storeQuery<{ round_key: number }>('select round_key from rounds where is_active = 1');
    // While the second stands by, the first sees Bob come and go and Dave come: sessions the second never saw.
    const sessionNames = () =>
      storeQuery<{ player_name: string }>('select player_name from sessions order by session_id').then((rows) =>
        rows.map((row) => row.player_name),
      );
    feed.world.set('bf1942', [{ ...NORMANDY, players: [...NORMANDY.players, player('Bob')] }]);
    await until('Bob is seen', sessionNames, (names) => names.includes('Bob'));
    feed.world.set('bf1942', [{ ...NORMANDY, players: [...NORMANDY.players, player('Dave')] }]);
    await until('Dave is seen', sessionNames, (names) => names.includes('Dave'));

    const killedAt = Date.now();
    leader.process.kill('SIGKILL');
    const took = await until(
      'the second takes over',
      () => health(standby),
      (h) => h.collector.status === 'ok' && Date.parse(h.collector.games[0]?.lastGoodPollAt ?? '') > killedAt,
    );
    const failoverMs = Date.parse(took.collector.games[0]?.lastGoodPollAt ?? '') - killedAt;
    console.info(`failover: the standby's first poll ${failoverMs} ms after the leader was killed`);
    expect(failoverMs).toBeLessThanOrEqual(2 * POLL_INTERVAL_MS);

    // The new leader goes on from what the old one wrote last, not from what it saw when it started: Alice's and
    // Dave's sessions continue, Carol's is new, and Bob's is kept (a tracker state from before Bob and Dave would
    // have given Dave Bob's session id, and Carol Dave's). One round throughout.
    feed.world.set('bf1942', [{ ...NORMANDY, players: [...NORMANDY.players, player('Dave'), player('Carol')] }]);
    await until('Carol is seen', sessionNames, (names) => names.includes('Carol'));
    expect(await sessionNames()).toEqual(['Alice', 'Bob', 'Dave', 'Carol']);
    const rounds = await storeQuery<{ round_key: number }>('select round_key from rounds');
    expect(rounds).toEqual([openRound]);
  });

  it("a user connected to one instance's hub hears what the collector on another saw", async () => {
    schema = newTestSchemaName();
    feed.world.set('bf1942', []);
    const collecting = await startInstance();
    await until(
      'the collector polls',
      () => health(collecting),
      (h) => h.collector.games[0]?.lastGoodPollAt !== null,
    );
    const web = await startInstance({ ROLE: 'web', COLLECTOR_ENABLED: '' });
    expect((await health(web)).collector.status).toBe('off');

    const login = await fetch(`${web.url}/stats/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ googleIdToken: await jwks.mint({ email: 'sarge@example.com' }) }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as LoginResponse;
    const added = await fetch(`${web.url}/stats/auth/buddies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ buddyPlayerName: 'Alice' }),
    });
    expect(added.status).toBe(201);

    const hub = new HubConnectionBuilder()
      .withUrl(`${web.url}/hub`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => accessToken })
      .configureLogging(LogLevel.None)
      .build();
    hubs.push(hub);
    const heard: HubNotification[] = [];
    hub.on(HUB_EVENTS.buddyOnline, (notification: HubNotification) => heard.push(notification));
    await hub.start();

    feed.world.set('bf1942', [NORMANDY]);
    await until(
      'BuddyOnline reaches the web instance',
      () => Promise.resolve(heard),
      (list) => list.length > 0,
    );
    expect(heard[0]).toMatchObject({ buddyName: 'Alice', serverName: NORMANDY.name, mapName: NORMANDY.mapName });

    // The web instance's server browser shows the collector's live list too (told after the cycle's events).
    const liveNames = async () => {
      const response = await fetch(`${web.url}/stats/liveservers/bf1942/servers`);
      return ((await response.json()) as LiveServersResponse).servers.map((server) => server.name);
    };
    expect(await until('the live list reaches the web instance', liveNames, (names) => names.length > 0)).toEqual([
      NORMANDY.name,
    ]);
  });
});
