import { Worker } from 'node:worker_threads';
import type { GameId } from '@frontline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectionStatus } from '../../domain/collection-status.ts';
import type { LastGoodList } from '../collector.ts';
import type { EventBus } from '../event-bus.ts';
import {
  deserializeStatus,
  type CollectorWorkerSettings,
  type HostToWorker,
  type WorkerToHost,
} from './collector-messages.ts';

/**
 * The HTTP thread's side of the collector: starts the worker thread (collector-worker.ts), keeps what the worker
 * last said (each game's live list, the collection status), republishes the tracker's events on the app's bus,
 * and keeps the worker alive: a worker that dies, or stops answering, is reported by the health check and started
 * again, after a pause that doubles with each failure in a row (1 s up to a minute).
 */

const WORKER_URL = new URL('./collector-worker.ts', import.meta.url);
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A worker gets this long to finish its cycle and close its connection when the server stops. */
const STOP_TIMEOUT_MS = 10_000;

export interface CollectorHostOptions {
  settings: CollectorWorkerSettings;
  events: EventBus;
  log: FastifyBaseLogger;
  /**
   * A worker that has sent nothing for this long is stuck (a cycle cannot take that long: the feed's requests
   * time out well before); it is terminated and started again. Default: five intervals, at least two minutes.
   */
  stallAfterMs?: number;
}

export class CollectorHost {
  readonly #options: CollectorHostOptions;
  readonly #stallAfterMs: number;
  readonly #lists = new Map<GameId, LastGoodList>();
  #status: CollectionStatus;
  #worker: Worker | undefined;
  #lastHeardAt = 0;
  /** Why the worker is not running as it should; undefined while it is. */
  #problem: string | undefined;
  #lastWorkerError: string | undefined;
  #failuresInARow = 0;
  #standby = false;
  #restarts = 0;
  #restartTimer: NodeJS.Timeout | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  #stopping = false;
  #exited: Promise<void> = Promise.resolve();

  constructor(options: CollectorHostOptions) {
    this.#options = options;
    const { pollIntervalMs, games } = options.settings;
    this.#stallAfterMs = options.stallAfterMs ?? Math.max(120_000, 5 * pollIntervalMs);
    this.#status = {
      startedAt: new Date(),
      games: games.map((game) => ({ game, lastGoodPollAt: null, consecutiveFailures: 0, lastError: null })),
    };
  }

  /** The last list that each game's feed returned successfully, as the worker last reported it. */
  lastGoodList(game: GameId): LastGoodList | undefined {
    return this.#lists.get(game);
  }

  collectionStatus(): CollectionStatus {
    return {
      ...this.#status,
      worker: {
        alive: this.#problem === undefined,
        restarts: this.#restarts,
        problem: this.#problem ?? null,
        standby: this.#standby,
      },
    };
  }

  /** How many times the worker has been started again after dying or stalling. */
  get restarts(): number {
    return this.#restarts;
  }

  start(): void {
    this.#stopping = false;
    this.#status = { ...this.#status, startedAt: new Date() };
    this.#spawn();
    const checkEveryMs = Math.min(this.#stallAfterMs, this.#options.settings.pollIntervalMs);
    this.#watchdog = setInterval(() => this.#checkLiveness(), checkEveryMs);
    this.#watchdog.unref();
  }

  /** Asks the worker to finish its cycle and close its connection; terminates it if it takes too long. */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#watchdog);
    clearTimeout(this.#restartTimer);
    const worker = this.#worker;
    if (!worker) return;
    worker.postMessage({ type: 'stop' } satisfies HostToWorker);
    const timeout = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
    await this.#exited;
    clearTimeout(timeout);
  }

  /**
   * Ends the worker at once (its open transaction, if any, is rolled back by SQLite) and, unless the server is
   * stopping, starts another: what the watchdog does with a stuck worker.
   */
  async terminateWorker(reason: string): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#lastWorkerError = reason;
    await worker.terminate();
    await this.#exited;
  }

  #spawn(): void {
    const worker = new Worker(WORKER_URL, { workerData: this.#options.settings, name: 'frontline-collector' });
    this.#worker = worker;
    this.#lastHeardAt = Date.now();
    this.#lastWorkerError = undefined;
    this.#exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        this.#onExit(worker, code);
        resolve();
      });
    });
    worker.on('message', (message: WorkerToHost) => this.#onMessage(message));
    worker.on('error', (error) => {
      this.#lastWorkerError = error instanceof Error ? error.message : String(error);
      this.#options.log.error({ err: error }, 'the collector worker failed');
    });
  }

  #onMessage(message: WorkerToHost): void {
    this.#lastHeardAt = Date.now();
    switch (message.type) {
      case 'cycle':
        for (const { game, at, servers, staleReason } of message.lists) {
          this.#lists.set(game, { at: new Date(at), servers, ...(staleReason === undefined ? {} : { staleReason }) });
        }
        this.#status = { ...deserializeStatus(message.status), startedAt: this.#status.startedAt };
        // A worker that completes a cycle is healthy again: the next failure starts the pauses afresh.
        this.#problem = undefined;
        this.#failuresInARow = 0;
        this.#standby = false;
        break;
      case 'standby':
        this.#problem = undefined;
        this.#failuresInARow = 0;
        this.#standby = true;
        break;
      case 'event':
        this.#options.events.publish(message.event, message.committedAt);
        break;
      case 'log':
        this.#options.log[message.level]({ ...message.payload, thread: 'collector' }, message.message);
        break;
      case 'stopped':
        break;
    }
  }

  #onExit(worker: Worker, code: number): void {
    if (this.#worker === worker) this.#worker = undefined;
    if (this.#stopping) return;
    this.#failuresInARow += 1;
    const delayMs = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (this.#failuresInARow - 1));
    this.#problem =
      `the collector's worker stopped (exit code ${code}${this.#lastWorkerError ? `: ${this.#lastWorkerError}` : ''}); ` +
      `restarting it in ${Math.round(delayMs / 1000)} s`;
    this.#options.log.error({ code, restartInMs: delayMs }, this.#problem);
    this.#restartTimer = setTimeout(() => {
      if (this.#stopping) return;
      this.#restarts += 1;
      this.#spawn();
    }, delayMs);
  }

  #checkLiveness(): void {
    if (!this.#worker || Date.now() - this.#lastHeardAt < this.#stallAfterMs) return;
    const seconds = Math.round((Date.now() - this.#lastHeardAt) / 1000);
    void this.terminateWorker(`it had not reported for ${seconds} s`);
  }
}
