import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as delay } from 'node:timers/promises';
import {
  startLocalFeed,
  type FeedPlayer,
  type FeedServer,
  type LocalFeed,
} from '../apps/server/src/test/local-bflist-feed.ts';
import { startLocalGoogleJwks, type LocalGoogleJwks } from '../apps/server/src/test/local-google-jwks.ts';
import { BENCH_SIGN_IN_CLIENT_ID, postJson } from './account.bench.ts';
import { ask } from './child-ipc.ts';
import type { Figure } from './figures.ts';
import type { HubClientsReply, HubClientsReport, HubClientsRequest, HubClientUser } from './hub-clients-process.ts';
import type {
  HubServerMeasurements,
  HubServerMemory,
  HubServerReply,
  HubServerRequest,
  NotificationKind,
} from './hub-server-process.ts';
import { percentile } from './statistics.ts';

/**
 * Issue 17's figures for the real-time hub, on a whole server (hub-server-process.ts: what main.ts runs, in a
 * process of its own, its collector's worker polling a feed this process controls every second):
 * - 1,000 users sign in through the real login (Google-shaped ID tokens from a local key server; each from an
 *   address of its own, as behind the proxy, since sign-ins are limited per address) and each adds 10 buddies and 2
 *   favourite servers through the API. 2,000 watched names, each the buddy of 5 users; 32 servers, each the
 *   favourite of about 62;
 * - the feed: 32 servers of 30 players, players joining (and the longest there leaving) at 1,000 a minute, and a
 *   server changing map every 10 s. First for 20 s with nobody connected (`poll_cycle_ms_without_hub_users`);
 * - then the users connect, one connection each, with the official client (hub-clients-process.ts, in two
 *   processes of 500), and the players joining are the watched ones: 1,000 BuddyOnline events a minute, each to 5
 *   connections, beside the map changes to their servers' fans. 100 users first, then the other 900; then 65 s
 *   are measured;
 * - latency: each notification's client handler time minus its poll's commit time (both on the machine's
 *   absolute clock), over every delivery of the measured events (`hub_delivery_ms_p50`, `_p99`);
 * - the hub's dispatch on the HTTP thread per event (the server process times it), the collector's own cycle
 *   reports (its `poll cycle` log lines) with the users connected, and the server's memory after a full
 *   collection, per connection: with 1,000 connections against with the first 100 (both with the fan-out going;
 *   the heap's data and external memory, see HubServerMemory).
 * About 2 minutes, most of it the measured minute and the 13,000 requests of the sign-ins.
 */

const USERS = 1_000;
const BUDDIES_PER_USER = 10;
/** Each watched name is the buddy of USERS × BUDDIES_PER_USER / WATCHED_NAMES = 5 users. */
const WATCHED_NAMES = 2_000;
const SERVERS = 32;
const FAVOURITES_PER_USER = 2;
const PLAYERS_PER_SERVER = 30;
const JOINS_PER_MINUTE = 1_000;
const MAP_CHANGE_EVERY_MS = 10_000;
const MAPS = ['Omaha Beach', 'Stalingrad', 'El Alamein', 'Berlin'];
const BASELINE_MS = 20_000;
/** After connecting: the users' watch lists are read, the connections' first pings go out. */
const SETTLE_MS = 5_000;
const MEASURED_MS = 65_000;
/** After the measured events: their notifications on their way (the fan-out goes on meanwhile). */
const DRAIN_MS = 3_000;
const CLIENT_PROCESSES = 2;
/** Connected first, with the fan-out going, for the memory's reference point. */
const FIRST_USERS = 100;
const SIGN_INS_AT_ONCE = 16;
const BUDGET_DELIVERY_P99_MS = 1_000;

interface CycleReportLine {
  fetchMs: number;
  writeMs: number;
  roundClosedMs: number;
  events: number;
}

const player = (name: string): FeedPlayer => ({ name, score: 0, kills: 0, deaths: 0, ping: 50, team: 1 });
const watchedName = (index: number) => `Buddy ${String(index).padStart(4, '0')}`;

/**
 * The feed's world: SERVERS servers of PLAYERS_PER_SERVER players; players join at JOINS_PER_MINUTE (each on the
 * next server in turn, where the longest there leaves), first unwatched walk-ins, then the watched names in order
 * once `watch()` is called; every MAP_CHANGE_EVERY_MS the next server changes map. Every name joins once: a name
 * that left stays online for the tracker's session timeout (minutes), so it would not come online again.
 */
function driveFeed(feed: LocalFeed) {
  const servers: FeedServer[] = Array.from({ length: SERVERS }, (_, index) => ({
    ip: `192.0.2.${index + 1}`,
    port: 14567,
    name: `Hub bench ${index + 1}`,
    mapName: MAPS[0]!,
    players: [],
  }));
  let walkIns = 0;
  let watched: number | undefined;
  const nextName = () => (watched === undefined ? `Walk-in ${walkIns++}` : watchedName(watched++ % WATCHED_NAMES));
  for (const server of servers) {
    for (let index = 0; index < PLAYERS_PER_SERVER; index += 1) server.players.push(player(nextName()));
  }
  feed.world.set('bf1942', servers);

  let joined = 0;
  let nextServer = 0;
  const startedAt = performance.now();
  const joins = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) * JOINS_PER_MINUTE) / 60_000);
    for (; joined < due; joined += 1) {
      const server = servers[nextServer++ % SERVERS]!;
      server.players.push(player(nextName()));
      server.players.shift();
    }
  }, 100);
  let mapChanges = 0;
  const maps = setInterval(() => {
    const server = servers[mapChanges++ % SERVERS]!;
    server.mapName = MAPS[(MAPS.indexOf(server.mapName) + 1) % MAPS.length]!;
  }, MAP_CHANGE_EVERY_MS);
  return {
    servers,
    /** From now on the players joining are the watched names (from the first). */
    watch: () => {
      watched = 0;
    },
    /** How many watched names have joined so far. */
    watchedJoins: () => watched ?? 0,
    stop: () => {
      clearInterval(joins);
      clearInterval(maps);
    },
  };
}

/** The server under test, its log read for the collector's cycle reports (and for warnings and errors). */
async function startServer(env: Record<string, string>) {
  const entry = new URL('./hub-server-process.ts', import.meta.url).pathname;
  const child = fork(entry, [], {
    execArgv: ['--expose-gc'],
    env: {
      ...process.env,
      // As deployed: production mode, and the default log level (each request logged).
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cycles: CycleReportLine[] = [];
  const problems: string[] = [];
  let problemCount = 0;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const isCycle = line.includes('"msg":"poll cycle');
    const isProblem = /"level":(4|5|6)\d/.test(line);
    if (!isCycle && !isProblem) return;
    const entry = JSON.parse(line) as Partial<CycleReportLine> & { msg?: string };
    if (isProblem) {
      problemCount += 1;
      if (problems.length < 10) problems.push(line.slice(0, 400));
    }
    if (isCycle) {
      cycles.push({
        fetchMs: entry.fetchMs ?? 0,
        writeMs: entry.writeMs ?? 0,
        roundClosedMs: entry.roundClosedMs ?? 0,
        events: entry.events ?? 0,
      });
    }
  });
  const { url } = await ask<Extract<HubServerReply, { type: 'listening' }>>(child, undefined, 'listening');
  return {
    url,
    child,
    cycles,
    problems: () => ({ count: problemCount, first: problems }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** User `index` signs in and fills their lists: 10 of the watched names, 2 of the servers. */
async function signIn(
  baseUrl: string,
  jwks: LocalGoogleJwks,
  serverGuids: readonly string[],
  index: number,
): Promise<HubClientUser> {
  const email = `hub-bench-${index}@example.com`;
  // Each user from an address of their own (sign-ins are limited per address), as a proxy would say it: the server
  // believes it from loopback only (TRUST_PROXY, set in benchHub).
  const address = { 'x-forwarded-for': `10.0.${Math.floor(index / 256)}.${index % 256}` };
  const { accessToken } = (await postJson(
    `${baseUrl}/stats/auth/login`,
    { googleIdToken: await jwks.mint({ email, aud: BENCH_SIGN_IN_CLIENT_ID }) },
    address,
  )) as { accessToken: string };
  const headers = { ...address, authorization: `Bearer ${accessToken}` };
  for (let buddy = 0; buddy < BUDDIES_PER_USER; buddy += 1) {
    const buddyPlayerName = watchedName((index * BUDDIES_PER_USER + buddy) % WATCHED_NAMES);
    await postJson(`${baseUrl}/stats/auth/buddies`, { buddyPlayerName }, headers);
  }
  for (let favourite = 0; favourite < FAVOURITES_PER_USER; favourite += 1) {
    const serverGuid = serverGuids[(index + (favourite * SERVERS) / FAVOURITES_PER_USER) % SERVERS]!;
    await postJson(`${baseUrl}/stats/auth/favorite-servers`, { serverGuid }, headers);
  }
  return { email, accessToken };
}

async function signInAll(baseUrl: string, jwks: LocalGoogleJwks, serverGuids: readonly string[]) {
  const users: HubClientUser[] = new Array<HubClientUser>(USERS);
  let next = 0;
  const signer = async () => {
    while (next < USERS) {
      const index = next;
      next += 1;
      users[index] = await signIn(baseUrl, jwks, serverGuids, index);
    }
  };
  await Promise.all(Array.from({ length: SIGN_INS_AT_ONCE }, signer));
  return users;
}

/** How many users watch each subject (a buddy's name, a server's guid), as signIn filled their lists. */
function watchersBySubject(serverGuids: readonly string[]): Map<string, number> {
  const watchers = new Map<string, number>();
  const add = (subject: string) => watchers.set(subject, (watchers.get(subject) ?? 0) + 1);
  for (let index = 0; index < USERS; index += 1) {
    for (let buddy = 0; buddy < BUDDIES_PER_USER; buddy += 1) {
      add(watchedName((index * BUDDIES_PER_USER + buddy) % WATCHED_NAMES));
    }
    for (let favourite = 0; favourite < FAVOURITES_PER_USER; favourite += 1) {
      add(serverGuids[(index + (favourite * SERVERS) / FAVOURITES_PER_USER) % SERVERS]!);
    }
  }
  return watchers;
}

/** The servers' guids in the feed's order, once the collector has stored them. */
function readServerGuids(databasePath: string, servers: readonly FeedServer[]): string[] {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const byIp = new Map(
      database
        .prepare('select ip, server_guid from servers')
        .all()
        .map((row) => [String(row.ip), String(row.server_guid)]),
    );
    return servers.map((server) => {
      const guid = byIp.get(server.ip);
      if (!guid) throw new Error(`the collector has not stored ${server.name} (${server.ip})`);
      return guid;
    });
  } finally {
    database.close();
  }
}

async function waitForCycles(cycles: readonly CycleReportLine[], count: number, timeoutMs = 30_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (cycles.length < count) {
    if (Date.now() > giveUpAt) throw new Error(`the collector reported ${cycles.length} of ${count} cycles`);
    await delay(100);
  }
}

interface Deliveries {
  latencies: number[];
  /** The measured events with someone watching (walk-ins have nobody: the hub has nothing to send). */
  events: number;
  expected: number;
  /** The hub's dispatch of each of those events on the HTTP thread. */
  dispatchMs: number[];
}

/**
 * Each delivery's latency (receipt − its poll's commit) for one kind of notification, over the measured events that
 * someone watches, with how many deliveries their watchers should have had.
 */
function matchDeliveries(
  kind: NotificationKind,
  measurements: HubServerMeasurements,
  reports: readonly HubClientsReport[],
  watchers: ReadonlyMap<string, number>,
): Deliveries {
  const committedAt = new Map<string, number>();
  const dispatchMs: number[] = [];
  let expected = 0;
  for (const [eventKind, subject, at, committed, dispatch] of measurements.events) {
    const watching = watchers.get(subject) ?? 0;
    if (eventKind !== kind || watching === 0) continue;
    committedAt.set(`${subject}|${new Date(at).toISOString()}`, committed);
    dispatchMs.push(dispatch);
    expected += watching;
  }
  // Receipts of events after the measured ones (the fan-out went on) have no commit here.
  const latencies: number[] = [];
  for (const report of reports) {
    for (const [receiptKind, subject, timestamp, receivedAt] of report.receipts) {
      const committed = receiptKind === kind ? committedAt.get(`${subject}|${timestamp}`) : undefined;
      if (committed !== undefined) latencies.push(receivedAt - committed);
    }
  }
  return { latencies, events: committedAt.size, expected, dispatchMs };
}

const median = (values: readonly number[]) => percentile(values, 0.5);
const cycleMs = (cycles: readonly CycleReportLine[]) => cycles.map((cycle) => cycle.writeMs);
const describeCycles = (cycles: readonly CycleReportLine[]) =>
  `${cycles.length} cycles: tracker and store median (p95 ${percentile(cycleMs(cycles), 0.95).toFixed(1)} ms); ` +
  `fetch median ${median(cycles.map((cycle) => cycle.fetchMs)).toFixed(0)} ms, round-closed step median ` +
  `${median(cycles.map((cycle) => cycle.roundClosedMs)).toFixed(1)} ms, ` +
  `${(cycles.reduce((sum, cycle) => sum + cycle.events, 0) / Math.max(1, cycles.length)).toFixed(1)} events a cycle`;

export async function benchHub(): Promise<Figure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-hub-bench-'));
  const databasePath = join(directory, 'frontline.db');
  const feed = await startLocalFeed();
  const world = driveFeed(feed);
  const jwks = await startLocalGoogleJwks();
  const clientProcesses: ChildProcess[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const startedAt = Date.now();
    console.log(`\nHub: a server polling ${SERVERS} servers every second, ${USERS} users signing in…`);
    server = await startServer({
      DATABASE_PATH: databasePath,
      COLLECTOR_ENABLED: 'true',
      BFLIST_BASE_URL: feed.baseUrl,
      COLLECT_GAMES: 'bf1942',
      POLL_INTERVAL_SECONDS: '1',
      GOOGLE_CLIENT_ID: BENCH_SIGN_IN_CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      // The bench stands in for a reverse proxy on this machine: the server believes its X-Forwarded-For, so each of
      // the users signs in from an address of their own (sign-ins are limited to 20 per address and hour).
      TRUST_PROXY: 'loopback',
    });
    const { url, child, cycles } = server;
    await waitForCycles(cycles, 1);
    const serverGuids = readServerGuids(databasePath, world.servers);
    const signInStartedAt = Date.now();
    const users = await signInAll(url, jwks, serverGuids);
    const signInSeconds = (Date.now() - signInStartedAt) / 1000;
    console.log(
      `  ${USERS} sign-ins with their lists in ${signInSeconds.toFixed(1)} s; ${BASELINE_MS / 1000} s unconnected…`,
    );

    const baselineFrom = cycles.length;
    await delay(BASELINE_MS);
    const baselineCycles = cycles.slice(baselineFrom);
    for (let index = 0; index < CLIENT_PROCESSES; index += 1) {
      const entry = new URL('./hub-clients-process.ts', import.meta.url).pathname;
      clientProcesses.push(fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    }
    /** Connects `batch` of the users, shared among the client processes. */
    const connect = async (batch: HubClientUser[]) => {
      const share = Math.ceil(batch.length / CLIENT_PROCESSES);
      const replies = await Promise.all(
        clientProcesses.map((clients, index) =>
          ask<Extract<HubClientsReply, { type: 'connected' }>>(
            clients,
            {
              type: 'connect',
              baseUrl: url,
              users: batch.slice(index * share, (index + 1) * share),
            } satisfies HubClientsRequest,
            'connected',
            180_000,
          ),
        ),
      );
      const failures = replies.flatMap((reply) => reply.failures);
      if (failures.length > 0) throw new Error(`users could not connect: ${failures.join('; ')}`);
    };
    const memory = () => ask<HubServerMemory>(child, { type: 'memory' } satisfies HubServerRequest, 'memory');

    // The first users connect and the fan-out starts; the memory then is the reference for the rest, so that what
    // the first connections and notifications cost once (code compiled, the socket server's own state) is left out.
    await connect(users.slice(0, FIRST_USERS));
    world.watch();
    await delay(SETTLE_MS);
    const memoryBefore = await memory();
    const connectStartedAt = Date.now();
    await connect(users.slice(FIRST_USERS));
    const connectSeconds = (Date.now() - connectStartedAt) / 1000;
    console.log(
      `  ${USERS - FIRST_USERS} more connections opened and registered in ${connectSeconds.toFixed(1)} s; ` +
        `measuring ${MEASURED_MS / 1000} s of ${JOINS_PER_MINUTE} watched players coming online a minute…`,
    );
    await delay(SETTLE_MS);

    await ask(child, { type: 'measure-start' } satisfies HubServerRequest, 'measure-started');
    const watchedBefore = world.watchedJoins();
    const measuredFrom = cycles.length;
    await delay(MEASURED_MS);
    const measurements = await ask<HubServerMeasurements>(
      child,
      { type: 'measure-stop' } satisfies HubServerRequest,
      'measurements',
    );
    const watchedJoins = world.watchedJoins() - watchedBefore;
    const measuredCycles = cycles.slice(measuredFrom);
    await delay(DRAIN_MS);
    // Read with the fan-out still going (watched players keep joining), after the measured events were delivered.
    const memoryAfter = await ask<HubServerMemory>(child, { type: 'memory' } satisfies HubServerRequest, 'memory');
    const reports = await Promise.all(
      clientProcesses.map((clients) =>
        ask<HubClientsReport>(clients, { type: 'report' } satisfies HubClientsRequest, 'report'),
      ),
    );

    const watchers = watchersBySubject(serverGuids);
    const buddies = matchDeliveries('buddyOnline', measurements, reports, watchers);
    const mapChanges = matchDeliveries('serverMapChange', measurements, reports, watchers);
    const open = reports.reduce((sum, report) => sum + report.open, 0);
    const reconnecting = reports.reduce((sum, report) => sum + report.reconnecting, 0);
    const closed = reports.reduce((sum, report) => sum + report.closed, 0);
    const clientProblems = reports.flatMap((report) => report.problems);
    const serverProblems = server.problems();
    const heapDataDelta = memoryAfter.heapData - memoryBefore.heapData;
    const externalDelta = memoryAfter.external - memoryBefore.external;
    const addedConnections = memoryAfter.sockets - memoryBefore.sockets;
    const kb = (bytes: number) => (bytes / 1024 / addedConnections).toFixed(1);
    const measuredSeconds = MEASURED_MS / 1000;
    const dispatchTotalMs = [...buddies.dispatchMs, ...mapChanges.dispatchMs].reduce((sum, ms) => sum + ms, 0);
    const perEvent = (deliveries: Deliveries) => (deliveries.expected / Math.max(1, deliveries.events)).toFixed(0);
    /** Deliveries short of what the watchers should have had (negative: some were delivered twice). */
    const shortfall = (deliveries: Deliveries) => {
      const short = deliveries.expected - deliveries.latencies.length;
      if (short === 0) return '';
      return short > 0 ? `, ${short} MISSING` : `, ${-short} DUPLICATED`;
    };

    if (clientProblems.length > 0) console.log(`  client problems: ${clientProblems.join(' | ')}`);
    if (serverProblems.count > 0) {
      console.log(
        `  server warnings and errors (${serverProblems.count}):\n    ${serverProblems.first.join('\n    ')}`,
      );
    }
    console.log(`  hub group took ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    if (buddies.latencies.length === 0) throw new Error('no BuddyOnline was delivered');

    return [
      {
        name: 'hub_delivery_ms_p50',
        value: percentile(buddies.latencies, 0.5),
        unit: 'ms',
        note:
          `BuddyOnline, the poll's commit to the official client's handler in another process: ` +
          `${buddies.events} events (of ${watchedJoins} watched players joining in ${measuredSeconds} s), ` +
          `${buddies.latencies.length} deliveries to ${open} connections` +
          shortfall(buddies),
      },
      {
        name: 'hub_delivery_ms_p99',
        value: percentile(buddies.latencies, 0.99),
        unit: 'ms',
        budget: BUDGET_DELIVERY_P99_MS,
        note:
          `the same ${buddies.latencies.length} deliveries, max ${Math.max(...buddies.latencies).toFixed(1)} ms; ` +
          `ServerMapChange meanwhile: ${mapChanges.events} events, ${mapChanges.latencies.length} deliveries` +
          `${shortfall(mapChanges)}, ` +
          `p50 ${percentile(mapChanges.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(mapChanges.latencies, 0.99).toFixed(1)} ms`,
      },
      {
        name: 'hub_connections_held',
        value: memoryAfter.sockets,
        unit: 'connections',
        note:
          `WebSockets the server held after the measured minute (one per user, official client, ${CLIENT_PROCESSES} processes); ` +
          `clients connected ${open}, reconnecting ${reconnecting} times, closed ${closed}`,
      },
      {
        name: 'hub_memory_kb_per_connection',
        value: (heapDataDelta + externalDelta) / 1024 / addedConnections,
        unit: 'kB',
        note:
          `server process after a full GC, with the fan-out going: ${memoryAfter.sockets} connections against ` +
          `${memoryBefore.sockets}, per connection added: JS heap data ${kb(heapDataDelta)} kB + external ` +
          `${kb(externalDelta)} kB (code and large objects left out; the whole heap ` +
          `${kb(memoryAfter.heapUsed - memoryBefore.heapUsed)} kB, RSS ${kb(memoryAfter.rss - memoryBefore.rss)} kB; ` +
          `RSS ${(memoryAfter.rss / 1024 / 1024).toFixed(0)} MB in all)`,
      },
      {
        name: 'hub_dispatch_ms_per_event_1000_users',
        value: percentile(buddies.dispatchMs, 0.99),
        unit: 'ms',
        note:
          `p99 of the HTTP thread's time in the hub's dispatch of one BuddyOnline (recipients, encoding, ` +
          `${perEvent(buddies)} socket writes), median ${median(buddies.dispatchMs).toFixed(3)} ms; ServerMapChange ` +
          `(${perEvent(mapChanges)} writes) p99 ${percentile(mapChanges.dispatchMs, 0.99).toFixed(2)} ms; all dispatch ` +
          `${(dispatchTotalMs / measuredSeconds).toFixed(1)} ms a second`,
      },
      {
        name: 'poll_cycle_ms_without_hub_users',
        value: median(cycleMs(baselineCycles)),
        unit: 'ms',
        note: `the collector's own reports, ${SERVERS} servers × ${PLAYERS_PER_SERVER}, nobody connected; ${describeCycles(baselineCycles)}`,
      },
      {
        name: 'poll_cycle_ms_with_1000_hub_users',
        value: median(cycleMs(measuredCycles)),
        unit: 'ms',
        note: `the same feed, ${open} users connected and notified; ${describeCycles(measuredCycles)}`,
      },
    ];
  } finally {
    await Promise.all(
      clientProcesses.map(async (clients) => {
        if (clients.connected) {
          await ask(clients, { type: 'stop' } satisfies HubClientsRequest, 'stopped').catch(() => undefined);
          clients.disconnect();
        }
      }),
    );
    await server?.stop();
    world.stop();
    await feed.close();
    await jwks.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
