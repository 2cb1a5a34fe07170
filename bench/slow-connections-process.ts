import { connect, type Socket } from 'node:net';

/**
 * One of the slow-connection bench's attackers (slow-connections.bench.ts starts two, as the probe ran two scripts):
 * it keeps up to `sockets` connections open to the server from one address, each sending a request line and then one
 * header line every 5 s, never the blank line that ends the headers (a "slowloris"). A connection the server closes
 * is opened again at once, as such a script does, except one the server closed within a second (refused): that slot
 * tries again after the trickle period, so a refusing server is not hammered in a tight loop. Asked over IPC: start,
 * report, stop.
 */

export type SlowConnectionsRequest =
  { type: 'start'; host: string; port: number; sockets: number } | { type: 'report' } | { type: 'stop' };

export interface SlowConnectionsReport {
  type: 'report';
  /** Connections established (the TCP handshake done), in all. */
  opened: number;
  /** Open now, and the most open at once. */
  open: number;
  peakOpen: number;
  /** Connections the server closed within a second of their opening. */
  refused: number;
  /** Connections that never opened (a local descriptor limit, a refused or timed-out connect), and the first error. */
  failedToOpen: number;
  firstError: string | undefined;
}

export type SlowConnectionsReply = SlowConnectionsReport | { type: 'stopped' };

/** The probe's pace: one header line every 5 s. */
const TRICKLE_EVERY_MS = 5_000;
/** New connections at most this often and this many at a time (2,500 a second per process). */
const OPEN_EVERY_MS = 100;
const OPEN_AT_ONCE = 250;
const CONNECT_TIMEOUT_MS = 10_000;
const REFUSED_WITHIN_MS = 1_000;

const open = new Set<Socket>();
/** When each empty slot may try again (one entry per slot waiting). */
const retryAt: number[] = [];
let target = 0;
let opening = 0;
let opened = 0;
let peakOpen = 0;
let refused = 0;
let failedToOpen = 0;
let firstError: string | undefined;
let timers: NodeJS.Timeout[] = [];
let stopped = false;

function openOne(host: string, port: number): void {
  opening += 1;
  const socket = connect({ host, port });
  let openedAt: number | undefined;
  let header = 0;
  socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('connect timed out')));
  socket.once('connect', () => {
    opening -= 1;
    openedAt = Date.now();
    opened += 1;
    open.add(socket);
    peakOpen = Math.max(peakOpen, open.size);
    socket.setTimeout(0);
    socket.write(`GET /stats/health HTTP/1.1\r\nHost: ${host}:${port}\r\n`);
    (socket as Socket & { trickle?: () => void }).trickle = () => {
      header += 1;
      socket.write(`X-Slow-${header}: ${'a'.repeat(16)}\r\n`);
    };
  });
  socket.on('data', () => {}); // the 408 or whatever the server answers: read and dropped
  socket.on('error', (error) => {
    if (openedAt !== undefined) return;
    failedToOpen += 1;
    firstError ??= (error as NodeJS.ErrnoException).code ?? error.message;
  });
  socket.once('close', () => {
    if (openedAt === undefined) opening -= 1;
    open.delete(socket);
    if (stopped) return;
    const quick = openedAt === undefined || Date.now() - openedAt < REFUSED_WITHIN_MS;
    if (openedAt !== undefined && quick) refused += 1;
    retryAt.push(quick ? Date.now() + TRICKLE_EVERY_MS : 0);
  });
}

function start(host: string, port: number, sockets: number): void {
  target = sockets;
  for (let slot = 0; slot < target; slot += 1) retryAt.push(0);
  timers.push(
    setInterval(() => {
      const now = Date.now();
      let budget = OPEN_AT_ONCE;
      for (let index = 0; index < retryAt.length && budget > 0;) {
        if ((retryAt[index] ?? 0) <= now && open.size + opening < target) {
          retryAt.splice(index, 1);
          openOne(host, port);
          budget -= 1;
        } else index += 1;
      }
    }, OPEN_EVERY_MS),
  );
  // A fifth of the connections every second, so each gets its line every 5 s without 10,000 timers.
  let turn = 0;
  timers.push(
    setInterval(() => {
      turn = (turn + 1) % 5;
      let index = 0;
      for (const socket of open) {
        if (index % 5 === turn) (socket as Socket & { trickle?: () => void }).trickle?.();
        index += 1;
      }
    }, TRICKLE_EVERY_MS / 5),
  );
}

function report(): SlowConnectionsReport {
  return { type: 'report', opened, open: open.size, peakOpen, refused, failedToOpen, firstError };
}

process.on('message', (request: SlowConnectionsRequest) => {
  const reply = (answer: SlowConnectionsReply) => process.send?.(answer);
  switch (request.type) {
    case 'start':
      start(request.host, request.port, request.sockets);
      return reply(report());
    case 'report':
      return reply(report());
    case 'stop':
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      for (const socket of open) socket.destroy();
      return reply({ type: 'stopped' });
  }
});
process.on('disconnect', () => process.exit(0));
