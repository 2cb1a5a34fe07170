import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toBflistEntry } from '../apps/server/src/emulator/bflist-wire.ts';
import { World } from './collector-world.ts';

/**
 * A BFList v2 feed of the collector bench's synthetic world (collector-world.ts: 100 BF1942 servers × 32 players,
 * rounds closing, players coming and going), run as a process of its own by event-loop.bench.ts: the collector of
 * the server under test polls it every second. Each listing of BF1942 is the world's next poll, so every cycle
 * sees a new one, as in the poll-cycle bench; the other games list no servers.
 *
 * The answer of the next poll is built right after the previous one was sent, so a poll is answered at once. All
 * servers fit in one page (the client asks 100 per page), so there is no cursor to follow. Asked over IPC
 * (`{ type: 'polls' }`), it tells how many BF1942 listings it has served, so a run in which the collector never
 * polled cannot pass unseen. Prints `synthetic feed at <url>` once it listens (the address is picked free).
 */

export type FeedRequest = { type: 'polls' };
export type FeedReply = { type: 'polls'; count: number };

const world = new World({ servers: 100, playersPerServer: 32 });
const EMPTY_LIST = JSON.stringify({ servers: [], cursor: null, hasMore: false });

function nextListing(): string {
  const poll = world.nextPoll();
  const servers = poll.ok ? poll.servers.map((server) => toBflistEntry(server)) : [];
  return JSON.stringify({ servers, cursor: null, hasMore: false });
}

let next = nextListing();
let polls = 0;

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://feed.invalid').pathname;
  const game = /^\/v2\/([^/]+)\/servers$/.exec(path)?.[1];
  let body: string;
  if (game === undefined) {
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ errors: ['Not found'] }));
    return;
  } else if (game === 'bf1942') {
    body = next;
    polls += 1;
    setImmediate(() => {
      next = nextListing();
    });
  } else {
    body = EMPTY_LIST;
  }
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`synthetic feed at http://127.0.0.1:${port} (100 servers × 32 players)`);
});

process.on('message', (message: FeedRequest) => {
  if (message.type === 'polls') process.send?.({ type: 'polls', count: polls } satisfies FeedReply);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
