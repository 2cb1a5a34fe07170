import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../../apps/server/src/emulator/random.ts';

/**
 * A BFList feed that misbehaves on a schedule, in front of a good one (the emulator): what the feed-fault soak
 * (feed-fault-soak.ts) points the collector at. Phases alternate: `normalMs` of the upstream's answers as they are,
 * then `faultMs` of one kind of fault, the kinds in a seeded order that takes each once per round of seven:
 * - `refused`: nothing listens (connections refused; each window counts once, the proxy cannot see the attempts);
 * - `server-error`: 500, 502, 503 with Retry-After, 504 in turn;
 * - `timeout`: a request never answered, or headers then a body that dribbles a byte a second and never ends;
 * - `invalid-json`: the real answer cut in half, an HTML error page, an empty body, bytes that are not text;
 * - `wrong-shape`: JSON of the wrong shape (an array, null, `servers` not a list, entries of the wrong types, more
 *   pages announced without a cursor);
 * - `huge`: a 17 MB body (over the client's 16 MB limit), or the real list with a server whose name and map are 4 MB;
 * - `absurd`: the real list plus servers no one plays on with absurd values (10,000 players; scores of -10^6 and
 *   10^300; duplicate players; unicode, zero-width and right-to-left names; numbers sent as text), the first real
 *   server listed twice, and on every real server one more player with a unicode name and a negative score;
 * - `glitch`: the real servers' own entries wrong, as a real server's can be (decision 0003, "Glitches"): in each
 *   answer one server shows, for that answer only, another map with everyone at zero and the tickets full, or its
 *   round clock and tickets back at full, or every counter at zero, or one player 300 kills up (the next answer of
 *   the page alters the next server, so no server is wrong in two answers in a row); and the page's last server shows
 *   kills of −1,000,000 and a score of 10^300 for its players in every answer of the window.
 * Every answer that is not the upstream's is counted under its kind.
 *
 * Apart from the glitches, the faults leave the real servers' own entries alone (their maps, players and counters
 * are the world's). Either way, a round the collector closes during the soak must be one the world really ended,
 * which the soak checks against the world's ground truth. The absurd servers' addresses are in 100.64.0.0/24, which
 * the world never uses.
 */

export const FAULT_KINDS = [
  'refused',
  'server-error',
  'timeout',
  'invalid-json',
  'wrong-shape',
  'huge',
  'absurd',
  'glitch',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultCounts = Partial<Record<FaultKind, number>>;

/**
 * The addresses of the servers the absurd faults add: the shared address space of RFC 6598, never a public server's,
 * and not the documentation ranges the emulator's world takes its addresses from.
 */
export const ABSURD_SERVER_PREFIX = '100.64.0.';

export interface FaultProxyOptions {
  /** The good feed's base URL. */
  upstream: string;
  /** Orders the fault kinds. */
  seed: number;
  normalMs: number;
  faultMs: number;
  /** The first phase is a fault of this kind rather than a normal one (tests). */
  startWith?: FaultKind;
}

export interface FaultProxy {
  url: string;
  /** The phase now: a fault kind, or undefined while the upstream's answers pass through. */
  current(): FaultKind | undefined;
  counts(): FaultCounts;
  /** When each phase began (unix ms) and its fault (undefined: normal answers). */
  phases(): { at: number; fault: FaultKind | undefined }[];
  close(): Promise<void>;
}

/** Over the client's MAX_PAGE_BYTES (16 MB): refused unread. */
const HUGE_BODY_BYTES = 17 * 1024 * 1024;
const HUGE_NAME_LENGTH = 4 * 1024 * 1024;
const DRIBBLE_EVERY_MS = 1_000;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

type WireEntry = Record<string, unknown> & { players?: unknown };
interface WirePage {
  servers: WireEntry[];
  [key: string]: unknown;
}

const player = (name: string, score: number, kills: number, deaths: number): Record<string, unknown> => ({
  name,
  score,
  kills,
  deaths,
  ping: 60,
  team: 1,
  teamLabel: 'Axis',
});

const UNICODE_NAMES = [
  'Ünïcødé 🙂',
  '名前テスト',
  'عربي',
  'a\u200db\u200bc',
  '\u202egnp.exe',
  'Z̷̢̛a̵l̶g̸o̵',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'tab\there',
];

/** The servers no one plays on that the absurd faults list beside the real ones, shaped like `template`. */
function absurdServers(template: WireEntry): WireEntry[] {
  const fake = (index: number, name: string, players: unknown[]): WireEntry => ({
    ...structuredClone(template),
    guid: `absurd-${index}`,
    ip: `${ABSURD_SERVER_PREFIX}${index}`,
    port: 14567,
    name,
    numPlayers: players.length,
    players,
  });
  return [
    fake(
      1,
      'Absurd: 10,000 players',
      Array.from({ length: 10_000 }, (_, index) => player(`crowd${index}`, index, index, 0)),
    ),
    fake(2, 'Absurd: numbers', [
      player('Negative', -1_000_000, -5, -1),
      player('Enormous', 1e300, 1e300, 1e300),
      player('Fraction', 12.75, 0.5, 1.5),
    ]),
    fake(3, 'Absurd: duplicates', [
      player('Twin', 10, 1, 1),
      player('Twin', 10, 1, 1),
      player('Twin', 3, 0, 2),
      player('Twin', -2, 0, 0),
    ]),
    fake(
      4,
      '☠ Ünïcødé sërvér 名前 عربي \u202e',
      UNICODE_NAMES.map((name, index) => player(name, index, index, 0)),
    ),
    // Numbers sent as text: the entry is refused, its neighbours kept.
    { ...fake(5, 'Absurd: numbers as text', [player('Text', 1, 1, 1)]), port: '14567', numPlayers: 'many' },
  ];
}

/** The glitches of one answer, in turn: each leaves the entry as the server's next answer contradicts it. */
const ONE_ANSWER_GLITCHES: ((server: WireEntry) => WireEntry)[] = [
  (server) => ({
    ...server,
    mapName: `${String(server.mapName)}_glitch`,
    roundTimeRemain: 3_600,
    tickets1: 999,
    tickets2: 999,
    players: playersOf(server).map((entry) => ({ ...entry, score: 0, kills: 0, deaths: 0 })),
  }),
  (server) => ({ ...server, roundTimeRemain: 3_600, tickets1: 999, tickets2: 999 }),
  (server) => ({ ...server, players: playersOf(server).map((entry) => ({ ...entry, score: 0, kills: 0, deaths: 0 })) }),
  (server) => ({
    ...server,
    players: playersOf(server).map((entry, index) =>
      index === 0 ? { ...entry, kills: Number(entry.kills) + 300, score: Number(entry.score) + 600 } : entry,
    ),
  }),
];

function playersOf(server: WireEntry): Record<string, unknown>[] {
  return Array.isArray(server.players) ? (server.players as Record<string, unknown>[]) : [];
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const { upstream, normalMs, faultMs } = options;
  const random = seededRandom(options.seed);
  const counts: FaultCounts = {};
  const count = (kind: FaultKind) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
  };
  const held = new Set<ServerResponse>();
  const dribbles = new Set<NodeJS.Timeout>();
  let variant = 0;
  let hugeBody: string | undefined;
  /** Per page (its path and query), how many glitched answers it gave: the next answer glitches the next server. */
  const glitchedAnswers = new Map<string, number>();

  let order: FaultKind[] = [];
  const nextKind = (): FaultKind => {
    if (order.length === 0) order = shuffled(FAULT_KINDS, random);
    return order.shift()!;
  };
  let fault: FaultKind | undefined = options.startWith;
  let closed = false;

  async function fetchUpstream(request: IncomingMessage): Promise<{ status: number; text: string }> {
    const response = await fetch(new URL(request.url ?? '/', upstream));
    return { status: response.status, text: await response.text() };
  }

  function send(response: ServerResponse, status: number, body: string | Buffer, headers = {}): void {
    response.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      ...headers,
    });
    response.end(body);
  }

  /** The upstream's answer as JSON, when it is a page of servers (else undefined: passed on as it is). */
  function readPage(text: string): WirePage | undefined {
    try {
      const page = JSON.parse(text) as unknown;
      if (typeof page === 'object' && page !== null && Array.isArray((page as WirePage).servers)) {
        return page as WirePage;
      }
    } catch {
      // Not JSON: passed on.
    }
    return undefined;
  }

  async function answerFault(kind: FaultKind, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const which = variant++;
    switch (kind) {
      case 'refused':
        // Only a request that raced the listener's closing gets here (the window itself is counted once).
        response.socket?.destroy();
        return;
      case 'server-error': {
        count(kind);
        const statuses = [500, 502, 503, 504] as const;
        const status = statuses[which % statuses.length]!;
        send(
          response,
          status,
          JSON.stringify({ errors: ['injected fault'] }),
          status === 503 ? { 'Retry-After': '1' } : {},
        );
        return;
      }
      case 'timeout':
        count(kind);
        held.add(response);
        response.once('close', () => held.delete(response));
        if (which % 2 === 0) return;
        // Headers at once, then a body that never ends.
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        response.write('{"servers":[');
        {
          const timer = setInterval(() => response.write(' '), DRIBBLE_EVERY_MS);
          dribbles.add(timer);
          response.once('close', () => {
            clearInterval(timer);
            dribbles.delete(timer);
          });
        }
        return;
      case 'invalid-json': {
        count(kind);
        const variants = 4;
        switch (which % variants) {
          case 0: {
            const { text } = await fetchUpstream(request);
            send(response, 200, text.slice(0, Math.floor(text.length / 2)));
            return;
          }
          case 1:
            send(response, 200, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'Content-Type': 'text/html' });
            return;
          case 2:
            send(response, 200, '');
            return;
          default:
            send(response, 200, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80, 0x81, 0xc3, 0x28]));
            return;
        }
      }
      case 'wrong-shape': {
        count(kind);
        const shapes: (() => unknown)[] = [
          () => [],
          () => null,
          () => ({ servers: 'none', hasMore: false }),
          () => ({ servers: [1, 'x', null, [], true], hasMore: false }),
          () => ({ servers: [{ ip: 123, port: 'x', players: 'many' }], hasMore: false }),
          async () => {
            const page = readPage((await fetchUpstream(request)).text);
            return { ...page, hasMore: true, cursor: null };
          },
          () => ({ data: { servers: [] } }),
        ];
        send(response, 200, JSON.stringify(await shapes[which % shapes.length]!()));
        return;
      }
      case 'huge': {
        count(kind);
        if (which % 2 === 0) {
          hugeBody ??= `{"servers":[${' '.repeat(HUGE_BODY_BYTES)}],"hasMore":false}`;
          send(response, 200, hugeBody);
          return;
        }
        const { status, text } = await fetchUpstream(request);
        const page = readPage(text);
        const template = page?.servers[0];
        if (!page || !template) {
          send(response, status, text);
          return;
        }
        const giant = {
          ...structuredClone(template),
          ip: `${ABSURD_SERVER_PREFIX}9`,
          name: 'N'.repeat(HUGE_NAME_LENGTH),
          mapName: 'M'.repeat(HUGE_NAME_LENGTH),
        };
        send(response, status, JSON.stringify({ ...page, servers: [...page.servers, giant] }));
        return;
      }
      case 'absurd': {
        const { status, text } = await fetchUpstream(request);
        const page = readPage(text);
        const template = page?.servers[0];
        if (!page || !template) {
          send(response, status, text);
          return;
        }
        count(kind);
        const real = page.servers.map((server) => ({
          ...server,
          players: [
            ...(Array.isArray(server.players) ? (server.players as unknown[]) : []),
            player('Ünïcødé 🙂 名前', -7, 0, 0),
          ],
        }));
        send(response, status, JSON.stringify({ ...page, servers: [...real, template, ...absurdServers(template)] }));
        return;
      }
      case 'glitch': {
        const { status, text } = await fetchUpstream(request);
        const page = readPage(text);
        // The one-answer glitches take turns over all servers but the last: two or more, so that none is wrong in two
        // answers in a row. The world's pages have dozens.
        if (!page || page.servers.length < 3) {
          send(response, status, text);
          return;
        }
        count(kind);
        const key = request.url ?? '/';
        const answer = glitchedAnswers.get(key) ?? 0;
        glitchedAnswers.set(key, answer + 1);
        const servers = [...page.servers];
        const last = servers.length - 1;
        const once = answer % last;
        servers[once] = ONE_ANSWER_GLITCHES[answer % ONE_ANSWER_GLITCHES.length]!(servers[once]!);
        servers[last] = {
          ...servers[last]!,
          players: playersOf(servers[last]!).map((entry) => ({ ...entry, kills: -1_000_000, score: 1e300 })),
        };
        send(response, status, JSON.stringify({ ...page, servers }));
        return;
      }
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const kind = fault;
    try {
      if (kind !== undefined) {
        await answerFault(kind, request, response);
        return;
      }
      const { status, text } = await fetchUpstream(request);
      send(response, status, text);
    } catch (error) {
      // The upstream itself failed (it should not): say so as a 502, which the collector treats as an outage.
      if (!response.headersSent) send(response, 502, JSON.stringify({ errors: [String(error)] }));
      else response.destroy();
    }
  }

  let server: Server = createServer((request, response) => void handle(request, response));
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;

  async function stopListening(): Promise<void> {
    const stopping = server;
    stopping.closeAllConnections();
    await new Promise<void>((resolve) => stopping.close(() => resolve()));
  }

  const phases: { at: number; fault: FaultKind | undefined }[] = [{ at: Date.now(), fault }];
  async function enter(kind: FaultKind | undefined): Promise<void> {
    const previous = fault;
    fault = kind;
    phases.push({ at: Date.now(), fault: kind });
    // Whatever was held for the last window is let go: its client has given up or soon will.
    for (const response of held) response.destroy();
    if (kind === 'refused') {
      count('refused');
      await stopListening();
    } else if (previous === 'refused' && !closed) {
      server = createServer((request, response) => void handle(request, response));
      await listen(port);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const inFault = fault !== undefined;
    timer = setTimeout(
      () => {
        enter(inFault ? undefined : nextKind()).then(
          () => {
            if (!closed) schedule();
          },
          (error: unknown) => {
            // Listening again failed (the port was taken meanwhile): every later poll fails, which the soak shows.
            console.error('fault proxy: cannot listen again', error);
          },
        );
      },
      inFault ? faultMs : normalMs,
    );
  };
  if (options.startWith === 'refused') {
    fault = undefined;
    await enter('refused');
  }
  schedule();

  return {
    url: `http://127.0.0.1:${port}`,
    current: () => fault,
    counts: () => ({ ...counts }),
    phases: () => [...phases],
    close: async () => {
      closed = true;
      clearTimeout(timer);
      for (const response of held) response.destroy();
      for (const dribble of dribbles) clearInterval(dribble);
      if (fault !== 'refused') await stopListening();
    },
  };
}
