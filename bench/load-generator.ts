import { fork, type ChildProcess } from 'node:child_process';

/**
 * The benches' HTTP load generator, run as a process of its own (load-generator-process.ts) so that its own work
 * (32 clients' requests and their timing) never shares an event loop with what measures, nor with the server:
 * the bench process only hands it the URLs and reads back the latencies.
 */

/** Every path once, by `connections` clients in a closed loop (each sends its next request when its last answered). */
export interface ClosedLoopJob {
  kind: 'closed';
  baseUrl: string;
  paths: string[];
  connections: number;
  /** Sent with every request (e.g. a signed-in user's bearer). */
  headers?: Record<string, string>;
}

/**
 * Path i sent i / perSecond seconds after the start, whether or not earlier ones have answered (an open loop: a
 * stalled server does not slow the load down, so a stall shows as late answers rather than as fewer requests).
 */
export interface PacedJob {
  kind: 'paced';
  baseUrl: string;
  paths: string[];
  perSecond: number;
  /**
   * Each request names an address of its own in `X-Forwarded-For` (10.0.0.1, 10.0.0.2, …): as many visitors as
   * requests to a server behind TRUST_PROXY=loopback, so that its per-address rate limits can stay on as deployed
   * without being what answers a load that, unlike real traffic, comes from one machine.
   */
  addressPerRequest?: boolean;
}

export type LoadJob = ClosedLoopJob | PacedJob;

export interface LoadResult {
  /** Milliseconds from sending each request to reading the whole answer, in the order they finished. */
  latencies: number[];
  /** Requests answered with an error status or not at all. */
  failures: number;
  /** A paced job's requests one by one, in the order of its `paths`. */
  requests?: SentRequest[];
}

export interface SentRequest {
  /** The answer's HTTP status; 0 when none came (refused, reset, or the connection failed). */
  status: number;
  /** Milliseconds from sending it to reading the whole answer (or to the failure). */
  ms: number;
  /** When it was sent (epoch ms), to place it against the server's own times. */
  sentAt: number;
  /** How much later than its schedule it was sent (ms): the generator's own delays, not the server's. */
  lateMs: number;
}

export type LoadRequest = { id: number; job: LoadJob };
export type LoadReply = { id: number; result: LoadResult } | { id: number; error: string };

export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  close(): Promise<void>;
}

export function startLoadGenerator(): LoadGenerator {
  const entry = new URL('./load-generator-process.ts', import.meta.url).pathname;
  const child: ChildProcess = fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve: (result: LoadResult) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  child.on('message', (message: LoadReply) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if ('error' in message) waiting.reject(new Error(`load generator: ${message.error}`));
    else waiting.resolve(message.result);
  });
  child.once('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`the load generator exited (code ${code})`));
    pending.clear();
  });
  return {
    run(job) {
      const id = nextId++;
      return new Promise<LoadResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, job } satisfies LoadRequest);
      });
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
