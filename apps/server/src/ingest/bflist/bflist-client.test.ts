import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../version.ts';
import { fetchGameServers } from './bflist-client.ts';
import { MAX_PAGE_BYTES, MAX_SERVERS_PER_GAME } from './feed-limits.ts';
import type { BflistGamePoll, FetchGameServersOptions } from './bflist-client.ts';
import bf1942Page1 from './fixtures/bf1942-page-1.json' with { type: 'json' };
import bf1942Page2 from './fixtures/bf1942-page-2.json' with { type: 'json' };
import bfvietnamPage from './fixtures/bfvietnam-page.json' with { type: 'json' };
import fh2Page from './fixtures/fh2-page.json' with { type: 'json' };

// Integration tests: the real client, the real global fetch, a real HTTP server on 127.0.0.1 speaking the
// BFList v2 wire format. Only the pauses between attempts are injected (recorded, not slept).

interface Page {
  servers: unknown[];
  cursor: string | null;
  hasMore: boolean;
}

interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** How the test server answers one request. */
type Reply =
  | { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> }
  /** Never answers. */
  | 'hang'
  /** Sends the headers and the start of a body, then nothing. */
  | 'stall-body';

type Responder = (request: RecordedRequest, index: number) => Reply;

interface FeedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

const openServers: FeedServer[] = [];

afterEach(async () => {
  await Promise.all(openServers.splice(0).map((server) => server.close()));
});

async function startFeedServer(responder: Responder): Promise<FeedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
    };
    requests.push(recorded);
    const reply = responder(recorded, requests.length - 1);
    if (reply === 'hang') return;
    if (reply === 'stall-body') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"servers":[');
      return;
    }
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const feed: FeedServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      // Hanging requests would otherwise keep close() waiting.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  openServers.push(feed);
  return feed;
}

/** Serves `pages` in order the way BFList does: the first without a cursor, each next one for the previous cursor. */
function servePages(pages: Page[]): Responder {
  return (request) => {
    const cursor = request.query.cursor;
    const index = cursor === undefined ? 0 : pages.findIndex((page) => page.cursor === cursor) + 1;
    const page = pages[index];
    if (index === 0 && cursor !== undefined) return { status: 400, body: { error: 'bad cursor' } };
    return page === undefined ? { status: 400, body: { error: 'no such page' } } : { body: page };
  };
}

/** Fails the first `failures` requests with `failure`, then delegates. */
function failFirst(failures: number, failure: Reply, then: Responder): Responder {
  return (request, index) => (index < failures ? failure : then(request, index - failures));
}

function copyOf<T>(value: T): T {
  return structuredClone(value);
}

function serverEntry(ip: string, port: number, name = `Server ${ip}:${port}`): Record<string, unknown> {
  return {
    guid: null,
    ip,
    port,
    name,
    numPlayers: 0,
    maxPlayers: 64,
    mapName: 'wake',
    password: false,
    gameType: 'conquest',
    teams: [
      { index: 1, label: 'Axis' },
      { index: 2, label: 'Allies' },
    ],
    players: [],
  };
}

const POLL_STARTED = new Date('2026-03-14T18:30:00.000Z');

interface Harness {
  sleeps: number[];
  options: (baseUrl: string, overrides?: Partial<FetchGameServersOptions>) => FetchGameServersOptions;
}

function createHarness(): Harness {
  const sleeps: number[] = [];
  return {
    sleeps,
    options: (baseUrl, overrides = {}) => ({
      baseUrl,
      now: () => POLL_STARTED,
      timeoutMs: 2_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...overrides,
    }),
  };
}

function serversOf(poll: BflistGamePoll) {
  if (!poll.ok) throw new Error(`expected an ok poll, got: ${poll.error}`);
  return poll.servers;
}

describe('paging: perPage=100, then cursor + after={ip}:{port} of the last entry, until hasMore is false', () => {
  it('asks for each page with the exact cursor and after of the page before', async () => {
    const feed = await startFeedServer(servePages([bf1942Page1, bf1942Page2]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(feed.requests.map((request) => [request.method, request.path, request.query])).toEqual([
      ['GET', '/v2/bf1942/servers', { perPage: '100' }],
      [
        'GET',
        '/v2/bf1942/servers',
        { perPage: '100', cursor: 'eyJuIjoiOTFkMmI3LTZmMGMzZTEtMmE4ZTQ0LTBiN2M5ZjIifQ', after: '198.51.100.23:14567' },
      ],
    ]);
    expect(poll).toMatchObject({ game: 'bf1942', at: POLL_STARTED, ok: true, skippedEntries: 0 });
    expect(serversOf(poll).map((server) => [server.ip, server.port, server.mapName])).toEqual([
      ['192.0.2.10', 14567, 'el_alamein'],
      ['192.0.2.10', 14568, 'wake'],
      ['198.51.100.23', 14567, 'berlin'],
      ['203.0.113.5', 14567, 'omaha_beach'],
      ['203.0.113.77', 14690, 'gazala'],
    ]);
    expect(poll.details).toEqual({
      pages: 2,
      requests: 2,
      pageCapReached: false,
      duplicateEntries: 0,
      problems: [],
    });
  });

  it('follows a cursor through three pages, each after the previous page’s last server', async () => {
    const pages: Page[] = [
      { servers: [serverEntry('192.0.2.1', 14567), serverEntry('192.0.2.2', 14567)], cursor: 'c1', hasMore: true },
      { servers: [serverEntry('192.0.2.3', 14567), serverEntry('192.0.2.4', 14690)], cursor: 'c2', hasMore: true },
      { servers: [serverEntry('192.0.2.5', 14567)], cursor: 'c3', hasMore: false },
    ];
    const feed = await startFeedServer(servePages(pages));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(feed.requests.map((request) => request.query)).toEqual([
      { perPage: '100' },
      { perPage: '100', cursor: 'c1', after: '192.0.2.2:14567' },
      { perPage: '100', cursor: 'c2', after: '192.0.2.4:14690' },
    ]);
    expect(serversOf(poll)).toHaveLength(5);
  });

  it('stops at an empty page even when it says hasMore', async () => {
    const pages: Page[] = [
      { servers: [serverEntry('192.0.2.1', 14567)], cursor: 'c1', hasMore: true },
      { servers: [], cursor: 'c2', hasMore: true },
    ];
    const feed = await startFeedServer(servePages(pages));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(feed.requests).toHaveLength(2);
    expect(serversOf(poll)).toHaveLength(1);
    expect(poll.details.pageCapReached).toBe(false);
  });

  it('an empty list is an ok poll with no servers (one request)', async () => {
    const feed = await startFeedServer(servePages([{ servers: [], cursor: '', hasMore: false }]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bfvietnam', options(feed.baseUrl));

    expect(poll).toMatchObject({ ok: true, servers: [], skippedEntries: 0 });
    expect(feed.requests).toHaveLength(1);
  });

  it('continues after the last entry’s ip:port even when that entry is malformed', async () => {
    const badLast = { ...serverEntry('192.0.2.9', 14567), name: null };
    const pages: Page[] = [
      { servers: [serverEntry('192.0.2.1', 14567), badLast], cursor: 'c1', hasMore: true },
      { servers: [serverEntry('192.0.2.10', 14567)], cursor: 'c2', hasMore: false },
    ];
    const feed = await startFeedServer(servePages(pages));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(feed.requests[1]?.query).toEqual({ perPage: '100', cursor: 'c1', after: '192.0.2.9:14567' });
    expect(poll).toMatchObject({ ok: true, skippedEntries: 1 });
  });

  it('hasMore without a cursor → ok:false (the rest cannot be asked for, so the list would be partial)', async () => {
    const feed = await startFeedServer(
      servePages([{ servers: [serverEntry('192.0.2.1', 14567)], cursor: null, hasMore: true }]),
    );
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(poll).toMatchObject({ ok: false, error: 'page 1: hasMore without a cursor' });
    expect(feed.requests).toHaveLength(1);
  });

  it('hasMore but the last entry has no ip:port → ok:false', async () => {
    const feed = await startFeedServer(
      servePages([{ servers: [serverEntry('192.0.2.1', 14567), { name: 'x' }], cursor: 'c1', hasMore: true }]),
    );
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(poll).toMatchObject({ ok: false, error: 'page 1: last server entry has no ip:port to continue after' });
  });

  it('a cursor-less last page (cursor null, hasMore false) is fine', async () => {
    const feed = await startFeedServer(
      servePages([{ servers: [serverEntry('192.0.2.1', 14567)], cursor: null, hasMore: false }]),
    );
    const { options } = createHarness();

    expect(serversOf(await fetchGameServers('bf1942', options(feed.baseUrl)))).toHaveLength(1);
  });
});

describe('the 50-page safety cap', () => {
  const endlessFeed: Responder = (request) => {
    const next = request.query.cursor === undefined ? 1 : Number(request.query.cursor.slice(1)) + 1;
    return { body: { servers: [serverEntry(`10.0.${next}.1`, 14567)], cursor: `c${next}`, hasMore: true } };
  };

  it('stops after 50 pages by default and reports that the cap was hit', async () => {
    const feed = await startFeedServer(endlessFeed);
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(feed.requests).toHaveLength(50);
    expect(feed.requests[49]?.query).toEqual({ perPage: '100', cursor: 'c49', after: '10.0.49.1:14567' });
    expect(serversOf(poll)).toHaveLength(50);
    expect(poll.details).toMatchObject({ pages: 50, pageCapReached: true });
  });

  it('maxPages sets another cap', async () => {
    const feed = await startFeedServer(endlessFeed);
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl, { maxPages: 3 }));

    expect(feed.requests).toHaveLength(3);
    expect(poll.details).toMatchObject({ pages: 3, pageCapReached: true });
  });

  it('a list that ends exactly at the cap did not hit it', async () => {
    const feed = await startFeedServer(servePages([bf1942Page1, bf1942Page2]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl, { maxPages: 2 }));

    expect(poll.details).toMatchObject({ pages: 2, pageCapReached: false });
  });
});

describe('retries with exponential backoff on network errors, timeouts, 429 and 5xx', () => {
  it('retries after a 500 and then succeeds, after a pause of backoffMs', async () => {
    const feed = await startFeedServer(
      failFirst(1, { status: 500, body: { error: 'boom' } }, servePages([bf1942Page1, bf1942Page2])),
    );
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(serversOf(poll)).toHaveLength(5);
    expect(feed.requests.map((request) => request.query)).toEqual([
      { perPage: '100' },
      { perPage: '100' },
      { perPage: '100', cursor: bf1942Page1.cursor, after: '198.51.100.23:14567' },
    ]);
    expect(harness.sleeps).toEqual([1000]);
    expect(poll.details).toMatchObject({ pages: 2, requests: 3 });
  });

  it.each([502, 503, 504])('retries a %i', async (status) => {
    const feed = await startFeedServer(failFirst(2, { status }, servePages([bf1942Page2])));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(serversOf(poll)).toHaveLength(2);
    expect(harness.sleeps).toEqual([1000, 2000]);
  });

  it('retries after a timeout: no answer within timeoutMs', async () => {
    const feed = await startFeedServer(failFirst(1, 'hang', servePages([bf1942Page2])));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { timeoutMs: 150 }));

    expect(serversOf(poll)).toHaveLength(2);
    expect(feed.requests).toHaveLength(2);
    expect(harness.sleeps).toEqual([1000]);
  });

  it('the timeout covers the body too: a body that stalls after the headers is retried', async () => {
    const feed = await startFeedServer(failFirst(1, 'stall-body', servePages([bf1942Page2])));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { timeoutMs: 150 }));

    expect(serversOf(poll)).toHaveLength(2);
    expect(feed.requests).toHaveLength(2);
  });

  it('retries a 429, waiting as long as Retry-After asks when that is longer than the backoff', async () => {
    const feed = await startFeedServer(
      failFirst(1, { status: 429, headers: { 'retry-after': '3' } }, servePages([bf1942Page2])),
    );
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(serversOf(poll)).toHaveLength(2);
    expect(harness.sleeps).toEqual([3000]);
  });

  it('never waits longer than 10 s, whatever Retry-After says', async () => {
    const feed = await startFeedServer(
      failFirst(1, { status: 503, headers: { 'retry-after': '3600' } }, servePages([bf1942Page2])),
    );
    const harness = createHarness();

    await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(harness.sleeps).toEqual([10_000]);
  });

  it('gives up after the retries: 1 + 3 attempts, pauses of 1 s, 2 s, 4 s, then ok:false', async () => {
    const feed = await startFeedServer(() => ({ status: 500, body: { error: 'boom' } }));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(poll).toEqual({
      game: 'bf1942',
      at: POLL_STARTED,
      ok: false,
      error: 'page 1: HTTP 500 Internal Server Error (gave up after 4 attempts)',
      details: { pages: 0, requests: 4, pageCapReached: false, duplicateEntries: 0, problems: [] },
    });
    expect(feed.requests).toHaveLength(4);
    expect(harness.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('gives up after repeated timeouts', async () => {
    const feed = await startFeedServer(() => 'hang');
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { timeoutMs: 100, retries: 2 }));

    expect(poll).toMatchObject({ ok: false, error: 'page 1: timed out after 100 ms (gave up after 3 attempts)' });
    expect(feed.requests).toHaveLength(3);
  });

  it('retries a network error (connection refused), then gives up', async () => {
    const feed = await startFeedServer(() => ({ body: {} }));
    await feed.close();
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(poll.ok).toBe(false);
    expect(poll.ok ? '' : poll.error).toMatch(/^page 1: fetch failed: .*ECONNREFUSED.*\(gave up after 4 attempts\)$/);
    expect(harness.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('within a budget, an attempt waits only for the time left and no pause ends past it', async () => {
    const feed = await startFeedServer(() => 'hang');
    const harness = createHarness();
    const started = performance.now();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { timeoutMs: 5_000, budgetMs: 300 }));

    // One attempt, cut at the budget instead of the 5 s timeout; the 1 s pause would end past it: no retry.
    expect(poll).toMatchObject({ ok: false, details: { requests: 1 } });
    const [, waitedMs] =
      /^page 1: timed out after (\d+) ms \(the poll's time is up\)$/.exec(poll.ok ? '' : poll.error) ?? [];
    expect(Number(waitedMs)).toBeGreaterThan(250);
    expect(Number(waitedMs)).toBeLessThanOrEqual(300);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(harness.sleeps).toEqual([]);
  });

  it('within a budget, retries go on while their pause fits, then the poll fails rather than ending late', async () => {
    const feed = await startFeedServer(() => ({ status: 503 }));
    const harness = createHarness();

    // The pauses are recorded, not slept: 1 s fits a 1.5 s budget, the next pause (2 s) does not.
    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { budgetMs: 1_500 }));

    expect(poll).toMatchObject({
      ok: false,
      error: "page 1: HTTP 503 Service Unavailable (gave up after 2 attempts: the poll's time is up)",
    });
    expect(harness.sleeps).toEqual([1000]);
    expect(feed.requests).toHaveLength(2);
  });

  it('a budget that is not spent changes nothing', async () => {
    const feed = await startFeedServer(failFirst(1, { status: 503 }, servePages([bf1942Page1, bf1942Page2])));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { budgetMs: 60_000 }));

    expect(serversOf(poll)).toHaveLength(5);
    expect(harness.sleeps).toEqual([1000]);
  });

  it('retries: 0 means a single attempt', async () => {
    const feed = await startFeedServer(() => ({ status: 500 }));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { retries: 0 }));

    expect(poll).toMatchObject({ ok: false, error: 'page 1: HTTP 500 Internal Server Error' });
    expect(feed.requests).toHaveLength(1);
    expect(harness.sleeps).toEqual([]);
  });

  it('the pause doubles from backoffMs and is capped at 10 s', async () => {
    const feed = await startFeedServer(() => ({ status: 503 }));
    const harness = createHarness();

    await fetchGameServers('bf1942', harness.options(feed.baseUrl, { backoffMs: 3000, retries: 5 }));

    expect(harness.sleeps).toEqual([3000, 6000, 10_000, 10_000, 10_000]);
  });

  it('a Retry-After shorter than the pause due does not shorten it', async () => {
    const feed = await startFeedServer(
      failFirst(3, { status: 503, headers: { 'retry-after': '2.5' } }, servePages([bf1942Page2])),
    );
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(serversOf(poll)).toHaveLength(2);
    // 2.5 s stretches the first pause (1 s) and the second (2 s); the third (4 s) is longer already.
    expect(harness.sleeps).toEqual([2500, 2500, 4000]);
  });
});

describe('does not retry other 4xx', () => {
  it.each([
    [404, 'Not Found'],
    [400, 'Bad Request'],
    [403, 'Forbidden'],
  ])('a %i fails the poll at once', async (status, statusText) => {
    const feed = await startFeedServer(() => ({ status, body: { error: statusText } }));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(poll).toMatchObject({ ok: false, error: `page 1: HTTP ${status} ${statusText}` });
    expect(feed.requests).toHaveLength(1);
    expect(harness.sleeps).toEqual([]);
  });
});

describe('a failed page fails the whole poll: a partial list must never look like servers going offline', () => {
  it('page 2 failing after its retries gives ok:false and no servers at all', async () => {
    const pages = servePages([bf1942Page1, bf1942Page2]);
    const feed = await startFeedServer((request, index) =>
      request.query.cursor === undefined ? pages(request, index) : { status: 503 },
    );
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(poll).toMatchObject({
      ok: false,
      error: 'page 2: HTTP 503 Service Unavailable (gave up after 4 attempts)',
      details: { pages: 1, requests: 5 },
    });
    expect(poll).not.toHaveProperty('servers');
  });

  it.each<[string, Reply, RegExp]>([
    ['a body that is not JSON', { raw: '<html>Bad gateway</html>' }, /^page 1: response is not JSON \(24 bytes\)$/],
    [
      'servers not an array',
      { body: { servers: 'none', cursor: '', hasMore: false } },
      /^page 1: response is not a BFList page \(servers: /,
    ],
    ['hasMore missing', { body: { servers: [], cursor: '' } }, /^page 1: response is not a BFList page \(hasMore: /],
    ['a JSON array', { body: [] }, /^page 1: response is not a BFList page \(body: /],
  ])('%s → ok:false, not retried (the same request would get the same answer)', async (_case, reply, error) => {
    const feed = await startFeedServer(() => reply);
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl));

    expect(poll.ok).toBe(false);
    expect(poll.ok ? '' : poll.error).toMatch(error);
    expect(feed.requests).toHaveLength(1);
  });
});

describe('malformed entries are skipped and counted in skippedEntries (servers and players)', () => {
  it('counts bad servers and bad players across pages and reports the first problems', async () => {
    const page1 = copyOf(bf1942Page1) as Page;
    page1.servers.splice(1, 0, { ...serverEntry('192.0.2.99', 14567), port: '14567' });
    const page2 = copyOf(bf1942Page2) as Page;
    const omaha = page2.servers[0] as { players: unknown[] };
    omaha.players.push({ name: null, score: 1 }, { name: 'Sarge', kills: 'many' });
    page2.servers.push(42);
    const feed = await startFeedServer(servePages([page1, page2]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    // 2 servers (the string port, the number 42) + 2 players of Omaha Beach.
    expect(poll).toMatchObject({ ok: true, skippedEntries: 4 });
    expect(serversOf(poll)).toHaveLength(5);
    expect(serversOf(poll).find((server) => server.mapName === 'omaha_beach')?.players).toHaveLength(3);
    expect(poll.details.problems).toEqual([
      'page 1: server entry: port: Invalid input: expected number, received string',
      'page 2: player 3: name: Invalid input: expected string, received null',
      'page 2: server entry: (entry): Invalid input: expected object, received number',
    ]);
  });

  it('keeps at most five problems however many entries are bad', async () => {
    const bad = Array.from({ length: 12 }, (_, index) => ({ ip: `192.0.2.${index}`, port: 14567 }));
    const feed = await startFeedServer(servePages([{ servers: bad, cursor: '', hasMore: false }]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(poll).toMatchObject({ ok: true, servers: [], skippedEntries: 12 });
    expect(poll.details.problems).toHaveLength(5);
  });
});

describe('a server listed twice (same ip:port) is kept once, last wins', () => {
  it('de-duplicates across pages', async () => {
    const page2 = copyOf(bf1942Page2) as Page;
    page2.servers.push({ ...copyOf(bf1942Page1.servers[0]), mapName: 'tobruk', tickets1: 300 });
    const feed = await startFeedServer(servePages([bf1942Page1, page2]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    const servers = serversOf(poll);
    expect(servers).toHaveLength(5);
    expect(servers.filter((server) => server.ip === '192.0.2.10' && server.port === 14567)).toMatchObject([
      { mapName: 'tobruk', tickets1: 300 },
    ]);
    expect(poll.details.duplicateEntries).toBe(1);
    expect(poll).toMatchObject({ skippedEntries: 0 });
  });

  it('de-duplicates within a page, and the same ip on another port is another server', async () => {
    const servers = [
      serverEntry('192.0.2.1', 14567, 'first'),
      serverEntry('192.0.2.1', 14568, 'other port'),
      serverEntry('192.0.2.1', 14567, 'second'),
    ];
    const feed = await startFeedServer(servePages([{ servers, cursor: '', hasMore: false }]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(serversOf(poll).map((server) => server.name)).toEqual(['second', 'other port']);
  });
});

describe('each game has its own list and shape', () => {
  it('fh2: /v2/fh2/servers, FH2 shape (bots flagged, no tickets)', async () => {
    const feed = await startFeedServer(servePages([fh2Page]));
    const { options } = createHarness();

    const poll = await fetchGameServers('fh2', options(feed.baseUrl));

    expect(feed.requests[0]?.path).toBe('/v2/fh2/servers');
    expect(poll).toMatchObject({ game: 'fh2', ok: true, skippedEntries: 0 });
    const [goodwood] = serversOf(poll);
    expect(goodwood).toMatchObject({
      game: 'fh2',
      mapName: 'operation_goodwood',
      tickets1: null,
      roundTimeRemain: null,
    });
    expect(goodwood?.players.filter((player) => player.isBot).map((player) => player.name)).toEqual(['Pvt. Schulz']);
  });

  it('bfvietnam: /v2/bfvietnam/servers, tickets from teams', async () => {
    const feed = await startFeedServer(servePages([bfvietnamPage]));
    const { options } = createHarness();

    const poll = await fetchGameServers('bfvietnam', options(feed.baseUrl));

    expect(feed.requests[0]?.path).toBe('/v2/bfvietnam/servers');
    expect(serversOf(poll).map((server) => [server.game, server.tickets1, server.tickets2])).toEqual([
      ['bfvietnam', 174, 131],
      ['bfvietnam', 300, 288],
    ]);
  });
});

describe('requests', () => {
  it(`identify Frontline: User-Agent Frontline-collector/${APP_VERSION}, Accept JSON`, async () => {
    const feed = await startFeedServer(servePages([bf1942Page2]));
    const { options } = createHarness();

    await fetchGameServers('bf1942', options(feed.baseUrl));

    expect(feed.requests[0]?.headers['user-agent']).toBe(`Frontline-collector/${APP_VERSION}`);
    expect(feed.requests[0]?.headers.accept).toBe('application/json');
  });

  it('userAgent replaces the default', async () => {
    const feed = await startFeedServer(servePages([bf1942Page2]));
    const { options } = createHarness();

    await fetchGameServers('bf1942', options(feed.baseUrl, { userAgent: 'Frontline-test/1' }));

    expect(feed.requests[0]?.headers['user-agent']).toBe('Frontline-test/1');
  });

  it('keep a path prefix of baseUrl, with or without a trailing slash', async () => {
    const feed = await startFeedServer(servePages([fh2Page]));
    const { options } = createHarness();

    await fetchGameServers('fh2', options(`${feed.baseUrl}/api`));
    await fetchGameServers('fh2', options(`${feed.baseUrl}/api/`));

    expect(feed.requests.map((request) => request.path)).toEqual(['/api/v2/fh2/servers', '/api/v2/fh2/servers']);
  });

  it('go through an injected fetch when one is given', async () => {
    const feed = await startFeedServer(servePages([bf1942Page2]));
    const { options } = createHarness();
    const seen: string[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      seen.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return fetch(input, init);
    };

    await fetchGameServers('bf1942', options(feed.baseUrl, { fetch: recordingFetch }));

    expect(seen).toEqual([`${feed.baseUrl}/v2/bf1942/servers?perPage=100`]);
  });
});

describe('the poll itself', () => {
  it('at is the time the poll started (now() before the first request)', async () => {
    const feed = await startFeedServer(servePages([bf1942Page1, bf1942Page2]));
    const { options } = createHarness();
    const readings = [new Date('2026-03-14T18:30:00Z'), new Date('2026-03-14T18:30:05Z')];
    let calls = 0;

    const poll = await fetchGameServers(
      'bf1942',
      options(feed.baseUrl, { now: () => readings[Math.min(calls++, readings.length - 1)] ?? new Date() }),
    );

    expect(poll.at).toEqual(new Date('2026-03-14T18:30:00Z'));
  });

  it('after retries, at is when the answered request went out: the list is of that moment, not of the first try', async () => {
    const feed = await startFeedServer(failFirst(2, { status: 503 }, servePages([bf1942Page1, bf1942Page2])));
    const { options } = createHarness();
    // The clock reads one second more for each request the feed has received.
    const now = () => new Date(POLL_STARTED.getTime() + feed.requests.length * 1000);

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl, { now }));

    expect(serversOf(poll)).toHaveLength(5);
    // The first two attempts failed; the third, sent after two requests, answered.
    expect(poll.at).toEqual(new Date(POLL_STARTED.getTime() + 2000));
  });

  it('a failed poll keeps the time it started', async () => {
    const feed = await startFeedServer(() => ({ status: 500 }));
    const { options } = createHarness();
    const now = () => new Date(POLL_STARTED.getTime() + feed.requests.length * 1000);

    const poll = await fetchGameServers('bf1942', options(feed.baseUrl, { now }));

    expect(poll).toMatchObject({ ok: false, at: POLL_STARTED, details: { requests: 4 } });
  });

  it('an already aborted signal → ok:false without a request', async () => {
    const feed = await startFeedServer(servePages([bf1942Page1]));
    const harness = createHarness();

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { signal: AbortSignal.abort() }));

    expect(poll).toMatchObject({ ok: false, error: 'page 1: aborted' });
    expect(feed.requests).toHaveLength(0);
  });

  it('aborting during a request stops the poll at once, without retrying', async () => {
    const feed = await startFeedServer(() => 'hang');
    const harness = createHarness();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const poll = await fetchGameServers('bf1942', harness.options(feed.baseUrl, { signal: controller.signal }));

    expect(poll).toMatchObject({ ok: false, error: 'page 1: aborted' });
    expect(feed.requests).toHaveLength(1);
    expect(harness.sleeps).toEqual([]);
  });

  it('the default pause between attempts ends early when the signal aborts', async () => {
    const feed = await startFeedServer(() => ({ status: 500 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();

    const poll = await fetchGameServers('bf1942', {
      baseUrl: feed.baseUrl,
      backoffMs: 5_000,
      signal: controller.signal,
    });

    expect(poll).toMatchObject({ ok: false, error: 'page 1: aborted' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('an invalid baseUrl → ok:false', async () => {
    const { options } = createHarness();

    expect(await fetchGameServers('bf1942', options('not a url'))).toMatchObject({
      ok: false,
      error: 'invalid base URL "not a url"',
    });
  });

  it.each<[keyof FetchGameServersOptions, number]>([
    ['maxPages', 0],
    ['retries', -1],
    ['timeoutMs', 0],
    ['backoffMs', 1.5],
  ])('invalid options are a programming error: %s = %s → RangeError', async (name, value) => {
    const { options } = createHarness();

    await expect(fetchGameServers('bf1942', options('http://127.0.0.1:9', { [name]: value }))).rejects.toThrow(
      RangeError,
    );
  });
});

describe('servers per game: more than MAX_SERVERS_PER_GAME fails the poll (keeping some would close the others)', () => {
  const pagesOf = (total: number): Page[] => {
    const servers = Array.from({ length: total }, (_, index) =>
      serverEntry(`10.${index >> 8}.${index & 255}.1`, 14567),
    );
    const pages: Page[] = [];
    for (let start = 0; start < total; start += 1_000) {
      const last = start + 1_000 >= total;
      pages.push({ servers: servers.slice(start, start + 1_000), cursor: last ? null : `c${start}`, hasMore: !last });
    }
    return pages;
  };

  it(`${MAX_SERVERS_PER_GAME} servers are an ok poll`, async () => {
    const feed = await startFeedServer(servePages(pagesOf(MAX_SERVERS_PER_GAME)));
    const poll = await fetchGameServers('bf1942', createHarness().options(feed.baseUrl));
    expect(serversOf(poll)).toHaveLength(MAX_SERVERS_PER_GAME);
  });

  it('one more gives ok:false with the reason, and no servers', async () => {
    const feed = await startFeedServer(servePages(pagesOf(MAX_SERVERS_PER_GAME + 1)));
    const poll = await fetchGameServers('bf1942', createHarness().options(feed.baseUrl));
    expect(poll).toMatchObject({ ok: false, error: 'page 3: more than 2000 servers listed, not a real list' });
    expect('servers' in poll).toBe(false);
  });
});

describe('page size: a body over MAX_PAGE_BYTES is refused without reading it all', () => {
  const hugeName = 'N'.repeat(MAX_PAGE_BYTES);

  it('a chunked body (no content-length) over the limit → ok:false at once, no retry', async () => {
    const feed = await startFeedServer(() => ({
      body: { servers: [serverEntry('10.0.0.1', 14567, hugeName)], cursor: null, hasMore: false },
    }));
    const poll = await fetchGameServers('bf1942', createHarness().options(feed.baseUrl));
    expect(poll).toMatchObject({ ok: false, error: `page 1: response is over ${MAX_PAGE_BYTES} bytes` });
    expect(feed.requests).toHaveLength(1);
  });

  it('a declared content-length over the limit → ok:false', async () => {
    const feed = await startFeedServer(() => ({
      raw: '{}',
      headers: { 'content-length': String(MAX_PAGE_BYTES + 1) },
    }));
    const poll = await fetchGameServers('bf1942', createHarness().options(feed.baseUrl));
    expect(poll).toMatchObject({ ok: false, error: `page 1: response is over ${MAX_PAGE_BYTES} bytes` });
  });

  it('a page of exactly MAX_PAGE_BYTES is read', async () => {
    const servers = [serverEntry('10.0.0.1', 14567), serverEntry('10.0.0.2', 14567)];
    const json = JSON.stringify({ servers, cursor: null, hasMore: false });
    // JSON allows trailing whitespace: the body is padded to the limit exactly.
    const feed = await startFeedServer(() => ({ raw: json + ' '.repeat(MAX_PAGE_BYTES - json.length) }));
    expect(serversOf(await fetchGameServers('bf1942', createHarness().options(feed.baseUrl)))).toHaveLength(2);
  });
});
