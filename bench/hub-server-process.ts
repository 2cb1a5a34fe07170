import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics } from 'node:v8';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfigOrExit, serve } from '../apps/server/src/serve.ts';

/**
 * The server under test of the hub bench (hub.bench.ts), started by it as a process of its own with `--expose-gc`:
 * exactly what `apps/server/src/main.ts` runs (configuration from the environment, `buildApp`, `serve`), plus what
 * only the server's own process can measure, asked over IPC:
 * - when each notification's poll committed: every event the collector's worker hands to this thread arrives with
 *   its commit time (ingest/event-bus.ts), recorded by the identity its payload carries (name or server, and time);
 * - the hub's dispatch on this thread: the bus's `publish` is wrapped, and for the two events only the hub
 *   subscribes to, the time inside it is the hub's (recipients looked up, the frame encoded, written to each socket);
 * - the process's memory after a full collection, and the WebSockets it holds.
 * Its log goes to stdout as usual; the bench reads the collector's `poll cycle` lines from it.
 */

export type HubServerRequest = { type: 'measure-start' } | { type: 'measure-stop' } | { type: 'memory' };

export interface HubServerMeasurements {
  type: 'measurements';
  /**
   * Each event the hub was given: its kind, its subject (the player's name, or the server's guid), the poll's time
   * (ms since the epoch: the payload's `timestamp`), when that poll committed, and the milliseconds this thread
   * spent in the hub's dispatch of it.
   */
  events: [kind: NotificationKind, subject: string, at: number, committedAt: number, dispatchMs: number][];
}

export interface HubServerMemory {
  type: 'memory';
  /**
   * The JS heap's data (its old and new spaces: objects), without its code, bytecode and large objects (over
   * 128 kB each, so none is one connection's): those vary with what code ran and what big buffer happens to be
   * alive, by megabytes from one run to the next, not with the connections.
   */
  heapData: number;
  /** Memory outside the JS heap that the heap's objects own (ArrayBuffers and Buffers among it). */
  external: number;
  /** The whole heap in use, and the process's resident memory, for reference. */
  heapUsed: number;
  rss: number;
  /** The WebSockets open now (the hub's connections). */
  sockets: number;
}

export type HubServerReply =
  { type: 'listening'; url: string } | { type: 'measure-started' } | HubServerMeasurements | HubServerMemory;

export type NotificationKind = 'buddyOnline' | 'serverMapChange';

const send = (reply: HubServerReply) => process.send?.(reply);
const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!process.send || !collectGarbage)
  throw new Error('hub-server-process.ts runs under hub.bench.ts (IPC, --expose-gc)');

const config = loadConfigOrExit();
const app = await buildApp(config);

let measuring = false;
let measurements: HubServerMeasurements = emptyMeasurements();

function emptyMeasurements(): HubServerMeasurements {
  return { type: 'measurements', events: [] };
}

// The hub's handlers are subscribed inside buildApp; wrapping the bus's publish is the one place around them.
const publish = app.events.publish.bind(app.events);
app.events.publish = (event, committedAt) => {
  if (!measuring || event.type === 'roundClosed') return publish(event, committedAt);
  const started = performance.now();
  publish(event, committedAt);
  const dispatchMs = performance.now() - started;
  const kind: NotificationKind = event.type === 'playerOnline' ? 'buddyOnline' : 'serverMapChange';
  const subject = event.type === 'playerOnline' ? event.playerName : event.serverGuid;
  measurements.events.push([kind, subject, event.at, committedAt, dispatchMs]);
};

process.on('message', (request: HubServerRequest) => {
  switch (request.type) {
    case 'measure-start':
      measurements = emptyMeasurements();
      measuring = true;
      return send({ type: 'measure-started' });
    case 'measure-stop':
      measuring = false;
      send(measurements);
      measurements = emptyMeasurements();
      return;
    case 'memory': {
      // Twice: what the first collection's finalisers free is collected by the second.
      collectGarbage();
      collectGarbage();
      const { heapUsed, external, rss } = process.memoryUsage();
      const heapData = getHeapSpaceStatistics()
        .filter((space) => space.space_name === 'old_space' || space.space_name === 'new_space')
        .reduce((sum, space) => sum + space.space_used_size, 0);
      return send({ type: 'memory', heapData, external, heapUsed, rss, sockets: app.websocketServer.clients.size });
    }
  }
});

await serve(app, config);
send({ type: 'listening', url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
