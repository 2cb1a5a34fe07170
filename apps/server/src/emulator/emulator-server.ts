import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GAMES } from '@frontline/contract';
import type { GameId } from '@frontline/contract';
import { toBflistEntry } from './bflist-wire.ts';
import type { EmulatedWorld, WorldServerProfile } from './world-types.ts';

/**
 * Serves an emulated world through the BFList v2 HTTP API (data-sources §1.1, domain-facts §1):
 * `GET /v2/{game}/servers?perPage=N[&cursor=C&after=IP:PORT]` and `GET /v2/{game}/servers/{ip}:{port}`.
 *
 * As on the real API, a listing is a snapshot: its first page moves the world to the clock's time and pins that
 * state; the cursor names it, so the following pages come from the same state even if the world steps on in
 * between. Listings are kept for a few steps only, and an expired cursor is answered 410 Gone, as the real API
 * answers once its snapshot is gone.
 */

export interface EmulatorServerOptions {
  world: EmulatedWorld;
  /** Real time by default; a test drives it. */
  clock?: () => number;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** One line per request answered, and any failure. */
  log?: (message: string) => void;
}

export interface EmulatorServer {
  /** Base URL for the feed client (`baseUrl`), without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** The real API's default and largest page sizes. */
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;
/**
 * Listings kept per game for their cursors. The real API keeps its snapshots about 90 s; with the world stepping
 * every 30 s, four listings cover that even when every step is listed.
 */
const RETAINED_LISTINGS = 4;

type WireEntry = Record<string, unknown> & { ip: string; port: number };

interface Listing {
  worldTime: number;
  cursor: string;
  /** Sorted by address: paging continues after an address, so the order must be total and stable. */
  entries: WireEntry[];
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

class RequestError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const GAME_IDS: ReadonlySet<string> = new Set(GAMES.map((game) => game.id));
const LIST_PATH = /^\/v2\/([^/]+)\/servers$/;
const SERVER_PATH = /^\/v2\/([^/]+)\/servers\/([^/]+)$/;
const ADDRESS = /^(.+):([0-9]{1,5})$/;

export async function startEmulatorServer(options: EmulatorServerOptions): Promise<EmulatorServer> {
  const { world, clock = Date.now, host = '127.0.0.1', port = 0, log } = options;
  const listings = new Map<GameId, Listing[]>();

  /** The listing of the world as it is now, built once per world step and game. */
  function readCurrentListing(game: GameId): Listing {
    world.advanceTo(clock());
    const worldTime = world.now();
    const kept = listings.get(game) ?? [];
    const existing = kept.find((listing) => listing.worldTime === worldTime);
    if (existing !== undefined) return existing;

    const listing: Listing = {
      worldTime,
      cursor: encodeCursor(game, worldTime),
      entries: buildEntries(world, game),
    };
    // The world only moves forward, so the oldest listing is the first to go.
    listings.set(game, [...kept, listing].slice(-RETAINED_LISTINGS));
    return listing;
  }

  function readPinnedListing(game: GameId, cursor: string): Listing {
    const pinned = decodeCursor(cursor);
    if (pinned === undefined || pinned.game !== game) throw new RequestError(400, 'Invalid cursor');
    const listing = listings.get(game)?.find((candidate) => candidate.worldTime === pinned.worldTime);
    if (listing !== undefined) return listing;
    // A cursor from the future was never handed out; one from the past named a snapshot since dropped.
    if (pinned.worldTime > world.now()) throw new RequestError(400, 'Invalid cursor');
    throw new RequestError(410, 'Cursor expired, start again from the first page');
  }

  function answerList(game: GameId, query: URLSearchParams): Reply {
    const perPage = parsePerPage(query.get('perPage'));
    const cursor = query.get('cursor');
    const after = query.get('after');
    if (cursor === null && after !== null) throw new RequestError(400, 'after requires a cursor');
    const listing = cursor === null ? readCurrentListing(game) : readPinnedListing(game, cursor);
    const start = after === null ? 0 : findStartAfter(listing.entries, parseAddress(after, 'after'));
    const servers = listing.entries.slice(start, start + perPage);
    return {
      status: 200,
      body: { servers, cursor: listing.cursor, hasMore: start + servers.length < listing.entries.length },
    };
  }

  function answerServer(game: GameId, rawAddress: string): Reply {
    const address = parseAddress(decodePathSegment(rawAddress), 'server address');
    const entry = readCurrentListing(game).entries.find(
      (candidate) => candidate.ip === address.ip && candidate.port === address.port,
    );
    if (entry === undefined) throw new RequestError(404, 'Server not found');
    return { status: 200, body: entry };
  }

  function route(request: IncomingMessage): Reply {
    const url = new URL(request.url ?? '/', 'http://emulator.invalid');
    const list = LIST_PATH.exec(url.pathname);
    const single = list === null ? SERVER_PATH.exec(url.pathname) : null;
    const match = list ?? single;
    if (match === null) throw new RequestError(404, 'Not found');
    if (request.method !== 'GET') {
      return { status: 405, body: { errors: ['Method not allowed'] }, headers: { Allow: 'GET' } };
    }
    const game = decodePathSegment(match[1] ?? '');
    if (!isGameId(game)) throw new RequestError(404, `Unknown game ${JSON.stringify(game)}`);
    return list === null ? answerServer(game, match[2] ?? '') : answerList(game, url.searchParams);
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    let reply: Reply;
    try {
      reply = route(request);
    } catch (error) {
      if (error instanceof RequestError) {
        reply = { status: error.status, body: { errors: [error.message] } };
      } else {
        log?.(`${request.method} ${request.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
        reply = { status: 500, body: { errors: ['Internal error'] } };
      }
    }
    const body = JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      // Every answer is a moment of a moving world.
      'Cache-Control': 'no-store',
      ...reply.headers,
    });
    response.end(body);
    log?.(`${request.method} ${request.url} → ${reply.status}`);
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;

  return {
    url: `http://${shownHost}:${bound.port}`,
    close: async () => {
      // The feed client keeps connections alive; they must not hold the server open.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function buildEntries(world: EmulatedWorld, game: GameId): WireEntry[] {
  const profiles = new Map<string, WorldServerProfile>();
  for (const profile of world.profiles()) {
    if (profile.game === game) profiles.set(`${profile.ip}:${profile.port}`, profile);
  }
  return world
    .snapshots(game)
    .map((snapshot) => ({
      ...toBflistEntry(snapshot, profiles.get(`${snapshot.ip}:${snapshot.port}`)),
      ip: snapshot.ip,
      port: snapshot.port,
    }))
    .sort(compareAddresses);
}

interface Address {
  ip: string;
  port: number;
}

/** IPv4 addresses by their numeric octets (so 9.x sorts before 10.x), then port; anything else after, by text. */
function compareAddresses(a: Address, b: Address): number {
  const left = readIpv4(a.ip);
  const right = readIpv4(b.ip);
  if (left !== undefined && right !== undefined && left !== right) return left - right;
  if (left === undefined && right !== undefined) return 1;
  if (left !== undefined && right === undefined) return -1;
  if (left === undefined && right === undefined && a.ip !== b.ip) return a.ip < b.ip ? -1 : 1;
  return a.port - b.port;
}

function readIpv4(ip: string): number | undefined {
  const octets = ip.split('.');
  if (octets.length !== 4 || !octets.every((octet) => /^[0-9]{1,3}$/.test(octet) && Number(octet) <= 255)) {
    return undefined;
  }
  return octets.reduce((value, octet) => value * 256 + Number(octet), 0);
}

/** The first entry strictly after `after`, whether or not `after` is itself listed. */
function findStartAfter(entries: readonly WireEntry[], after: Address): number {
  const index = entries.findIndex((entry) => compareAddresses(entry, after) > 0);
  return index === -1 ? entries.length : index;
}

function parsePerPage(value: string | null): number {
  if (value === null) return DEFAULT_PER_PAGE;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) {
    throw new RequestError(400, `perPage must be a whole number from 1 to ${MAX_PER_PAGE}`);
  }
  // Larger pages are capped rather than refused: the client then simply pages more.
  return Math.min(Number(value), MAX_PER_PAGE);
}

function parseAddress(value: string, what: string): Address {
  const match = ADDRESS.exec(value);
  const port = Number(match?.[2]);
  if (match === null || match[1] === undefined || port < 1 || port > 65535) {
    throw new RequestError(400, `Invalid ${what} ${JSON.stringify(value)}, expected ip:port`);
  }
  return { ip: match[1], port };
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RequestError(400, 'Malformed path');
  }
}

function isGameId(value: string): value is GameId {
  return GAME_IDS.has(value);
}

/** Opaque to clients; it names the game and the world time the listing was taken at. */
function encodeCursor(game: GameId, worldTime: number): string {
  return Buffer.from(JSON.stringify({ g: game, t: worldTime })).toString('base64url');
}

function decodeCursor(cursor: string): { game: string; worldTime: number } | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof decoded !== 'object' || decoded === null) return undefined;
  const { g, t } = decoded as { g?: unknown; t?: unknown };
  if (typeof g !== 'string' || typeof t !== 'number' || !Number.isSafeInteger(t)) return undefined;
  return { game: g, worldTime: t };
}
