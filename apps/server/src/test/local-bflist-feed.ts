import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback that answers the BFList v2 server-list path with pages of a world the
 * test controls (two entries per page, so paging is always exercised), or fails on request.
 */

export interface FeedPlayer {
  name: string;
  score: number;
  kills: number;
  deaths: number;
  ping: number;
  team: number;
}

export interface FeedServer {
  ip: string;
  port: number;
  name: string;
  mapName: string;
  players: FeedPlayer[];
  tickets?: [number, number];
}

export interface LocalFeed {
  baseUrl: string;
  /** The servers each game lists now; change it between polls. */
  world: Map<string, FeedServer[]>;
  /** While set, every request of that game answers 503. */
  failing: Set<string>;
  requests: number;
  close: () => Promise<void>;
}

/** Small pages by default, so that every test crosses pages. */
const DEFAULT_PAGE_SIZE = 2;

function toEntry(server: FeedServer): Record<string, unknown> {
  return {
    guid: `feed-${server.ip}-${server.port}`,
    ip: server.ip,
    port: server.port,
    queryPort: 23000,
    name: server.name,
    numPlayers: server.players.length,
    maxPlayers: 32,
    mapName: server.mapName,
    password: false,
    gameType: 'conquest',
    roundTimeRemain: 1200,
    tickets1: server.tickets?.[0] ?? 150,
    tickets2: server.tickets?.[1] ?? 150,
    joinLink: `bf1942://${server.ip}:${server.port}`,
    teams: [
      { index: 1, label: 'Axis' },
      { index: 2, label: 'Allies' },
    ],
    players: server.players.map((player) => ({ ...player, teamLabel: player.team === 1 ? 'Axis' : 'Allies' })),
  };
}

export async function startLocalFeed({ pageSize = DEFAULT_PAGE_SIZE } = {}): Promise<LocalFeed> {
  const feed: Omit<LocalFeed, 'baseUrl' | 'close'> = { world: new Map(), failing: new Set(), requests: 0 };
  const server = createServer((request, response) => {
    feed.requests += 1;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const game = /^\/v2\/([^/]+)\/servers$/.exec(url.pathname)?.[1];
    if (!game) {
      response.writeHead(404).end();
      return;
    }
    if (feed.failing.has(game)) {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return;
    }
    const servers = feed.world.get(game) ?? [];
    const page = Number(url.searchParams.get('cursor') ?? '0');
    const slice = servers.slice(page * pageSize, (page + 1) * pageSize);
    const hasMore = (page + 1) * pageSize < servers.length;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ servers: slice.map(toEntry), cursor: String(page + 1), hasMore }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(feed, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
