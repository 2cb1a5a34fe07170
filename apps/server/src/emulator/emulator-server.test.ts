import type { GameId } from '@frontline/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchGameServers } from '../ingest/bflist/bflist-client.ts';
import type { BflistGamePoll } from '../ingest/bflist/bflist-client.ts';
import type { ServerSnapshot } from '../domain/snapshot.ts';
import type { GroundTruth } from './ground-truth.ts';
import type { PlantedIdentities } from './planted-identities.ts';
import { buildFeedGuid, buildJoinLink, toBflistEntry } from './bflist-wire.ts';
import { startEmulatorServer } from './emulator-server.ts';
import type { EmulatorServer } from './emulator-server.ts';
import { WORLD_STEP_MS } from './world-types.ts';
import type { EmulatedWorld, WorldServerProfile } from './world-types.ts';

// Protocol tests: the real feed client and global fetch against the emulator over real HTTP on 127.0.0.1.
// The world is a small fake whose every snapshot is a pure function of (server, step), so that what the
// collector should see at any world time can be computed independently of the server under test.

const START_MS = Date.UTC(2026, 0, 5, 12, 0, 0);

interface FakeServer {
  game: GameId;
  ip: string;
  port: number;
  /** Listed from this step on (counted from the start), to show a server coming online. */
  onlineFromStep?: number;
}

class FakeWorld implements EmulatedWorld {
  readonly seed = 7;
  advanceCalls = 0;
  snapshotCalls = 0;
  private time = START_MS;
  private readonly servers: readonly FakeServer[];

  constructor(servers: readonly FakeServer[]) {
    this.servers = servers;
  }

  now(): number {
    return this.time;
  }

  advanceTo(timeMs: number): void {
    this.advanceCalls += 1;
    const target = Math.floor(timeMs / WORLD_STEP_MS) * WORLD_STEP_MS;
    if (target > this.time) this.time = target;
  }

  recordTruth(): GroundTruth {
    throw new Error('the fake world keeps no ground truth');
  }

  plantedIdentities(): PlantedIdentities {
    return { aliasPairs: [], lookAlikePairs: [] };
  }

  snapshots(game: GameId): ServerSnapshot[] {
    this.snapshotCalls += 1;
    return this.snapshotsAt(game, this.step());
  }

  profiles(): readonly WorldServerProfile[] {
    return this.servers.map((server) => ({
      game: server.game,
      ip: server.ip,
      port: server.port,
      // Not the default: shows that each entry got its own server's profile.
      queryPort: server.port + 10_000,
      name: nameOf(server),
      region: 'eu',
      country: 'DE',
      timeZone: 'Europe/Berlin',
      maxPlayers: 64,
      hasPassword: server.port % 5 === 0,
      bots: 0,
      rotation: [],
      popularity: 1,
      discordUrl: null,
      forumUrl: null,
    }));
  }

  step(): number {
    return (this.time - START_MS) / WORLD_STEP_MS;
  }

  /** What `snapshots(game)` gives at a step, computed without touching the world's state. */
  snapshotsAt(game: GameId, step: number): ServerSnapshot[] {
    return this.servers
      .filter((server) => server.game === game && (server.onlineFromStep ?? 0) <= step)
      .map((server) => buildFakeSnapshot(server, step));
  }
}

function nameOf(server: FakeServer): string {
  return `${server.game} ${server.ip}:${server.port}`;
}

/** A snapshot that varies with the step, built the way the wire can carry it (see bflist-wire.ts). */
function buildFakeSnapshot(server: FakeServer, step: number): ServerSnapshot {
  const { game, ip, port } = server;
  const hasPassword = port % 5 === 0;
  const count = (port + step) % 4;
  const labels = game === 'fh2' ? ['Ger', 'Usa'] : game === 'bfvietnam' ? ['NVA', 'US'] : ['Axis', 'Allies'];
  const tickets = game === 'fh2' ? null : 300 - step;
  const players = Array.from({ length: count }, (_, index) => ({
    name: `p${index}@${port}`,
    score: step + index,
    kills: index,
    deaths: step % 3,
    ping: 40 + index,
    team: (index % 2) + 1,
    teamLabel: labels[index % 2] ?? null,
    isBot: game === 'fh2' && index === 2,
  }));
  return {
    game,
    ip,
    port,
    feedGuid: buildFeedGuid(ip, port),
    name: nameOf(server),
    mapName: step % 2 === 0 ? 'wake' : 'midway',
    gameType: game === 'fh2' ? 'gpm_cq' : 'conquest',
    numPlayers: count,
    maxPlayers: 64,
    hasPassword,
    roundTimeRemain: game === 'fh2' ? null : 1800 - step * 30,
    roundTimeLimit: 1800,
    tickets1: tickets,
    tickets2: tickets,
    teams: [
      { index: 1, label: labels[0] ?? '', tickets },
      { index: 2, label: labels[1] ?? '', tickets },
    ],
    players,
    joinLink: buildJoinLink(game, ip, port, hasPassword),
  };
}

/** Seven servers; 9.x and 10.x and 100.x test numeric ordering, which text ordering would get wrong. */
const SMALL_WORLD: FakeServer[] = [
  { game: 'bf1942', ip: '100.0.0.2', port: 14567 },
  { game: 'bf1942', ip: '10.0.0.1', port: 14568 },
  { game: 'bf1942', ip: '9.0.0.1', port: 14567 },
  { game: 'bf1942', ip: '10.0.0.1', port: 14567, onlineFromStep: 1 },
  { game: 'bf1942', ip: '10.0.0.1', port: 14570 },
  { game: 'fh2', ip: '192.0.2.200', port: 16567 },
  { game: 'bfvietnam', ip: '198.51.100.80', port: 15567 },
];

function bigWorld(count: number): FakeServer[] {
  return Array.from({ length: count }, (_, index) => ({
    game: 'bf1942' as const,
    ip: `203.0.${Math.floor(index / 7)}.${(index * 37) % 256}`,
    port: 14567 + (index % 7),
  }));
}

interface Harness {
  world: FakeWorld;
  emulator: EmulatorServer;
  /** Moves the test's clock (the world follows on the next first page). */
  tick(ms: number): void;
  logs: string[];
}

const running: EmulatorServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

async function startHarness(servers: readonly FakeServer[]): Promise<Harness> {
  const world = new FakeWorld(servers);
  let clock = START_MS;
  const logs: string[] = [];
  const emulator = await startEmulatorServer({ world, clock: () => clock, log: (line) => logs.push(line) });
  running.push(emulator);
  return {
    world,
    emulator,
    tick: (ms) => {
      clock += ms;
    },
    logs,
  };
}

interface Page {
  servers: Record<string, unknown>[];
  cursor: string;
  hasMore: boolean;
}

async function getJson(url: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function getPage(harness: Harness, path: string): Promise<Page> {
  const { status, body } = await getJson(`${harness.emulator.url}${path}`);
  expect(status).toBe(200);
  return body as Page;
}

function addressesOf(page: Page): string[] {
  return page.servers.map((server) => `${String(server.ip)}:${String(server.port)}`);
}

/** The fake worlds' IPv4 addresses as numbers, so that 9.x comes before 10.x as in the feed's order. */
function ipv4Number(ip: string): number {
  return ip.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function sortedByAddress(snapshots: ServerSnapshot[]): ServerSnapshot[] {
  return [...snapshots].sort((a, b) => ipv4Number(a.ip) - ipv4Number(b.ip) || a.port - b.port);
}

/**
 * How many listings the emulator keeps for their cursors: the real API keeps a snapshot about 90 s, so a listing
 * outlives three more steps of the world (one listing each) and is gone at the fourth.
 */
const LISTINGS_KEPT = 4;

/** The entry the emulator should send for a snapshot, as it arrives after JSON. */
function wireOf(world: FakeWorld, snapshot: ServerSnapshot): unknown {
  const profile = world
    .profiles()
    .find(
      (candidate) =>
        candidate.game === snapshot.game && candidate.ip === snapshot.ip && candidate.port === snapshot.port,
    );
  return JSON.parse(JSON.stringify(toBflistEntry(snapshot, profile)));
}

function serversOf(poll: BflistGamePoll): ServerSnapshot[] {
  if (!poll.ok) throw new Error(`poll failed: ${poll.error}`);
  return poll.servers;
}

describe('the real feed client against the emulator', () => {
  it('lists every game exactly as the world has it, in address order', async () => {
    const harness = await startHarness(SMALL_WORLD);
    for (const game of ['bf1942', 'fh2', 'bfvietnam'] as const) {
      const poll = await fetchGameServers(game, { baseUrl: harness.emulator.url, retries: 0 });
      expect(poll.ok && poll.skippedEntries).toBe(0);
      expect(serversOf(poll)).toStrictEqual(sortedByAddress(harness.world.snapshotsAt(game, 0)));
    }
    const poll = await fetchGameServers('bf1942', { baseUrl: harness.emulator.url, retries: 0 });
    expect(serversOf(poll).map((server) => `${server.ip}:${server.port}`)).toEqual([
      '9.0.0.1:14567',
      '10.0.0.1:14568',
      '10.0.0.1:14570',
      '100.0.0.2:14567',
    ]);
  });

  it('follows the world in real time: each poll advances it to the clock', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const first = serversOf(await fetchGameServers('bf1942', { baseUrl: harness.emulator.url, retries: 0 }));
    harness.tick(WORLD_STEP_MS + 5_000);
    const second = serversOf(await fetchGameServers('bf1942', { baseUrl: harness.emulator.url, retries: 0 }));
    expect(harness.world.step()).toBe(1);
    expect(second).toStrictEqual(sortedByAddress(harness.world.snapshotsAt('bf1942', 1)));
    // The server that came online at step 1 is listed now, and the round moved on.
    expect(second).toHaveLength(first.length + 1);
    expect(second[0]?.roundTimeRemain).toBe((first[0]?.roundTimeRemain ?? 0) - 30);
  });

  it('pages a world of more than 100 servers, advancing the world once per listing', async () => {
    const harness = await startHarness(bigWorld(230));
    const poll = await fetchGameServers('bf1942', { baseUrl: harness.emulator.url, retries: 0 });
    expect(poll.details.pages).toBe(3);
    expect(poll.details.duplicateEntries).toBe(0);
    const servers = serversOf(poll);
    expect(servers).toHaveLength(230);
    expect(servers).toStrictEqual(sortedByAddress(harness.world.snapshotsAt('bf1942', 0)));
    expect(harness.world.advanceCalls).toBe(1);
    expect(harness.world.snapshotCalls).toBe(1);
  });

  it('keeps every page of one listing at the same world time, even when the world steps in between', async () => {
    const harness = await startHarness(bigWorld(230));
    let requests = 0;
    const poll = await fetchGameServers('bf1942', {
      baseUrl: harness.emulator.url,
      retries: 0,
      // After each page, a step of the world passes before the client asks for the next one.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        requests += 1;
        harness.tick(WORLD_STEP_MS);
        return response;
      },
    });
    expect(requests).toBe(3);
    expect(serversOf(poll)).toStrictEqual(sortedByAddress(harness.world.snapshotsAt('bf1942', 0)));

    // The next listing sees the world as it is by then.
    const next = await fetchGameServers('bf1942', { baseUrl: harness.emulator.url, retries: 0 });
    expect(harness.world.step()).toBe(3);
    expect(serversOf(next)).toStrictEqual(sortedByAddress(harness.world.snapshotsAt('bf1942', 3)));
  });

  it('fails the poll (rather than listing part of the world) once its cursor has expired', async () => {
    const harness = await startHarness(bigWorld(150));
    let pages = 0;
    const poll = await fetchGameServers('bf1942', {
      baseUrl: harness.emulator.url,
      retries: 0,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        pages += 1;
        if (pages === 1) {
          // Other listings push this one out of the emulator's memory before page 2 is asked for.
          for (let step = 0; step < LISTINGS_KEPT; step += 1) {
            harness.tick(WORLD_STEP_MS);
            await (await fetch(`${harness.emulator.url}/v2/bf1942/servers?perPage=1`)).text();
          }
        }
        return response;
      },
    });
    expect(poll).toMatchObject({ ok: false, error: 'page 2: HTTP 410 Gone' });
  });
});

describe('the HTTP protocol', () => {
  it('pages with perPage, cursor and after, strictly after the given address', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const first = await getPage(harness, '/v2/bf1942/servers?perPage=2');
    expect(addressesOf(first)).toEqual(['9.0.0.1:14567', '10.0.0.1:14568']);
    expect(first.hasMore).toBe(true);
    expect(first.cursor).toMatch(/^[A-Za-z0-9_-]+$/);

    const cursor = encodeURIComponent(first.cursor);
    const second = await getPage(harness, `/v2/bf1942/servers?perPage=2&cursor=${cursor}&after=10.0.0.1:14568`);
    expect(addressesOf(second)).toEqual(['10.0.0.1:14570', '100.0.0.2:14567']);
    expect(second).toMatchObject({ cursor: first.cursor, hasMore: false });

    // `after` need not be listed itself: paging resumes at the next address in the order.
    const between = await getPage(harness, `/v2/bf1942/servers?perPage=5&cursor=${cursor}&after=10.0.0.1:14569`);
    expect(addressesOf(between)).toEqual(['10.0.0.1:14570', '100.0.0.2:14567']);
    const past = await getPage(harness, `/v2/bf1942/servers?perPage=5&cursor=${cursor}&after=250.0.0.1:1`);
    expect(past).toMatchObject({ servers: [], hasMore: false });
    // A cursor alone reads its listing from the start.
    expect(addressesOf(await getPage(harness, `/v2/bf1942/servers?cursor=${cursor}`))).toHaveLength(4);
  });

  it('sends entries in the wire format, each with its own server profile', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const page = await getPage(harness, '/v2/fh2/servers');
    const [snapshot] = harness.world.snapshotsAt('fh2', 0);
    if (snapshot === undefined) throw new Error('fake world has no FH2 server');
    expect(page.servers).toStrictEqual([wireOf(harness.world, snapshot)]);
    expect(page.servers[0]?.queryPort).toBe(26567);
  });

  it('uses pages of 50 by default and caps larger requests at 100', async () => {
    const harness = await startHarness(bigWorld(230));
    expect((await getPage(harness, '/v2/bf1942/servers')).servers).toHaveLength(50);
    const capped = await getPage(harness, '/v2/bf1942/servers?perPage=500');
    expect(capped.servers).toHaveLength(100);
    expect(capped.hasMore).toBe(true);
  });

  it('answers an empty listing with no servers and no more pages', async () => {
    const harness = await startHarness(SMALL_WORLD.filter((server) => server.game !== 'bfvietnam'));
    const page = await getPage(harness, '/v2/bfvietnam/servers?perPage=10');
    expect(page).toMatchObject({ servers: [], hasMore: false });
  });

  it('advances the world only on first pages', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const first = await getPage(harness, '/v2/bf1942/servers?perPage=1');
    harness.tick(WORLD_STEP_MS);
    const cursor = encodeURIComponent(first.cursor);
    await getPage(harness, `/v2/bf1942/servers?perPage=1&cursor=${cursor}&after=9.0.0.1:14567`);
    expect(harness.world.advanceCalls).toBe(1);
    expect(harness.world.step()).toBe(0);
  });

  it('serves a pinned listing from before a step, while a new first page shows the step', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const before = await getPage(harness, '/v2/bf1942/servers?perPage=1');
    harness.tick(WORLD_STEP_MS);
    const after = await getPage(harness, '/v2/bf1942/servers?perPage=10');
    expect(after.cursor).not.toBe(before.cursor);
    expect(addressesOf(after)).toContain('10.0.0.1:14567');

    const rest = await getPage(
      harness,
      `/v2/bf1942/servers?perPage=10&cursor=${encodeURIComponent(before.cursor)}&after=9.0.0.1:14567`,
    );
    expect(addressesOf(rest)).toEqual(['10.0.0.1:14568', '10.0.0.1:14570', '100.0.0.2:14567']);
    const atStepZero = sortedByAddress(harness.world.snapshotsAt('bf1942', 0)).slice(1);
    expect(rest.servers).toStrictEqual(atStepZero.map((snapshot) => wireOf(harness.world, snapshot)));
  });

  it('refuses a bad perPage, cursor or after with 400', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const valid = await getPage(harness, '/v2/bf1942/servers?perPage=1');
    const futureCursor = Buffer.from(JSON.stringify({ g: 'bf1942', t: START_MS + 10 * WORLD_STEP_MS })).toString(
      'base64url',
    );
    const bad = [
      '/v2/bf1942/servers?perPage=0',
      '/v2/bf1942/servers?perPage=-1',
      '/v2/bf1942/servers?perPage=abc',
      '/v2/bf1942/servers?perPage=1.5',
      '/v2/bf1942/servers?perPage=',
      '/v2/bf1942/servers?cursor=not-a-cursor',
      '/v2/bf1942/servers?cursor=%7B%7D',
      `/v2/bf1942/servers?cursor=${futureCursor}`,
      // A cursor of another game's listing.
      `/v2/fh2/servers?cursor=${encodeURIComponent(valid.cursor)}`,
      '/v2/bf1942/servers?after=9.0.0.1:14567',
      `/v2/bf1942/servers?cursor=${encodeURIComponent(valid.cursor)}&after=nonsense`,
      `/v2/bf1942/servers?cursor=${encodeURIComponent(valid.cursor)}&after=9.0.0.1:99999`,
    ];
    for (const path of bad) {
      const { status, body, headers } = await getJson(`${harness.emulator.url}${path}`);
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(body).toEqual({ errors: [expect.any(String)] });
      expect(headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('answers 410 Gone for a cursor whose listing has been dropped', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const old = await getPage(harness, '/v2/bf1942/servers?perPage=1');
    for (let step = 0; step < LISTINGS_KEPT - 1; step += 1) {
      harness.tick(WORLD_STEP_MS);
      await getPage(harness, '/v2/bf1942/servers?perPage=1');
    }
    const path = `/v2/bf1942/servers?perPage=1&cursor=${encodeURIComponent(old.cursor)}&after=9.0.0.1:14567`;
    // Still among the last few listings.
    expect((await getJson(`${harness.emulator.url}${path}`)).status).toBe(200);
    harness.tick(WORLD_STEP_MS);
    await getPage(harness, '/v2/bf1942/servers?perPage=1');
    const gone = await getJson(`${harness.emulator.url}${path}`);
    expect(gone).toMatchObject({ status: 410, body: { errors: [expect.any(String)] } });
  });

  it('serves one server by ip:port, and 404 when it is not listed', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const found = await getJson(`${harness.emulator.url}/v2/bfvietnam/servers/198.51.100.80:15567`);
    expect(found.status).toBe(200);
    const [snapshot] = harness.world.snapshotsAt('bfvietnam', 0);
    if (snapshot === undefined) throw new Error('fake world has no BFV server');
    expect(found.body).toStrictEqual(wireOf(harness.world, snapshot));

    const notYetOnline = await getJson(`${harness.emulator.url}/v2/bf1942/servers/10.0.0.1:14567`);
    expect(notYetOnline).toMatchObject({ status: 404, body: { errors: ['Server not found'] } });
    const otherGame = await getJson(`${harness.emulator.url}/v2/fh2/servers/198.51.100.80:15567`);
    expect(otherGame.status).toBe(404);
    expect((await getJson(`${harness.emulator.url}/v2/bf1942/servers/nonsense`)).status).toBe(400);

    // The single-server view follows the clock as well.
    harness.tick(WORLD_STEP_MS);
    const online = await getJson(`${harness.emulator.url}/v2/bf1942/servers/10.0.0.1%3A14567`);
    expect(online.status).toBe(200);
  });

  it('answers unknown games and paths with a JSON 404, and other methods with 405', async () => {
    const harness = await startHarness(SMALL_WORLD);
    const unknownGame = await getJson(`${harness.emulator.url}/v2/bf2/servers`);
    expect(unknownGame).toMatchObject({ status: 404, body: { errors: ['Unknown game "bf2"'] } });
    for (const path of ['/', '/v2/bf1942', '/v2/bf1942/servers/1.2.3.4:5/players', '/v1/bf1942/servers/1']) {
      const { status, body } = await getJson(`${harness.emulator.url}${path}`);
      expect({ path, status, body }).toEqual({ path, status: 404, body: { errors: ['Not found'] } });
    }
    const post = await fetch(`${harness.emulator.url}/v2/bf1942/servers`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    await post.body?.cancel();
  });

  it('marks every answer JSON and not cacheable, and logs each request', async () => {
    const harness = await startHarness(SMALL_WORLD);
    for (const path of ['/v2/bf1942/servers', '/v2/bf1942/servers/9.0.0.1:14567', '/nowhere']) {
      const { headers } = await getJson(`${harness.emulator.url}${path}`);
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(headers.get('cache-control')).toBe('no-store');
    }
    expect(harness.logs).toEqual([
      'GET /v2/bf1942/servers → 200',
      'GET /v2/bf1942/servers/9.0.0.1:14567 → 200',
      'GET /nowhere → 404',
    ]);
  });

  it('answers 500 when the world fails, and keeps serving', async () => {
    const world = new FakeWorld(SMALL_WORLD);
    let broken = true;
    const snapshots = world.snapshots.bind(world);
    world.snapshots = (game) => {
      if (broken) throw new Error('world broke');
      return snapshots(game);
    };
    const logs: string[] = [];
    const emulator = await startEmulatorServer({ world, clock: () => START_MS, log: (line) => logs.push(line) });
    running.push(emulator);
    expect((await getJson(`${emulator.url}/v2/bf1942/servers`)).status).toBe(500);
    expect(logs.some((line) => line.includes('world broke'))).toBe(true);
    broken = false;
    expect((await getJson(`${emulator.url}/v2/bf1942/servers`)).status).toBe(200);
  });

  it('closes with keep-alive connections open', async () => {
    const harness = await startHarness(SMALL_WORLD);
    await fetchGameServers('bf1942', { baseUrl: harness.emulator.url, retries: 0 });
    await harness.emulator.close();
    running.splice(running.indexOf(harness.emulator), 1);
    await expect(fetch(`${harness.emulator.url}/v2/bf1942/servers`)).rejects.toThrow();
  });
});

describe('the listing order', () => {
  it('lists IPv4 servers by numeric octets, then port; other hosts after them, by text', async () => {
    const harness = await startHarness([
      { game: 'bf1942', ip: 'example.org', port: 1 },
      { game: 'bf1942', ip: '10.0.0.2', port: 1 },
      { game: 'bf1942', ip: '9.255.255.255', port: 65535 },
      { game: 'bf1942', ip: '10.0.0.10', port: 2 },
      { game: 'bf1942', ip: '10.0.0.10', port: 1 },
      { game: 'bf1942', ip: 'example.net', port: 1 },
    ]);
    expect(addressesOf(await getPage(harness, '/v2/bf1942/servers'))).toEqual([
      '9.255.255.255:65535',
      '10.0.0.2:1',
      '10.0.0.10:1',
      '10.0.0.10:2',
      'example.net:1',
      'example.org:1',
    ]);
  });
});
