import type { GameId } from '@frontline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './event-bus.ts';
import type { CollectionStatus } from '../domain/collection-status.ts';
import type { GamePoll, ServerSnapshot } from '../domain/snapshot.ts';
import type { CollectorStore } from './store/collector-store.ts';
import type { TrackerEvent } from './tracker/tracker-events.ts';
import { Tracker, type TrackerOptions } from './tracker/tracker.ts';
import type { WriteBatch } from './tracker/write-batch.ts';

/**
 * The collector's loop: every interval, poll each game's source, let the tracker decide what the polls
 * mean, write the cycle in one transaction, then publish the events. Cycles never overlap: the next one
 * is scheduled when the previous one ends.
 */

/** A source's poll, with optional extra facts for the cycle's log line. */
export type SourcePoll = GamePoll & { details?: { pageCapReached?: boolean; problems?: string[] } };

export type PollSource = (game: GameId, signal: AbortSignal) => Promise<SourcePoll>;

export interface LastGoodList {
  at: Date;
  servers: ServerSnapshot[];
}

export interface CycleReport {
  games: { game: GameId; ok: boolean; servers: number; players: number; skippedEntries: number; error?: string }[];
  roundsOpened: number;
  roundsClosed: number;
  sessionsWritten: number;
  events: number;
  fetchMs: number;
  writeMs: number;
}

export interface CollectorOptions {
  games: readonly GameId[];
  intervalMs: number;
  source: PollSource;
  store: CollectorStore;
  events: EventBus;
  log: FastifyBaseLogger;
  trackerOptions?: Partial<TrackerOptions>;
  /** Work to run after a cycle, at most once per `maintenanceIntervalMs` (rollups). */
  maintenance?: (now: Date) => void;
  maintenanceIntervalMs?: number;
}

/** A list cut short by the source's page cap would make unlisted servers look offline: it counts as a gap. */
function asTrackerPoll(poll: SourcePoll): GamePoll {
  if (poll.ok && poll.details?.pageCapReached) {
    return { game: poll.game, at: poll.at, ok: false, error: 'page cap reached: the list may be incomplete' };
  }
  return poll;
}

export class Collector {
  readonly #options: CollectorOptions;
  #tracker: Tracker;
  readonly #lastGood = new Map<GameId, LastGoodList>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  readonly #abort = new AbortController();
  #lastMaintenance = 0;
  #startedAt = new Date();
  /** Each game's failed polls since its last good one (none: the game is not in the map). */
  readonly #failures = new Map<GameId, { count: number; lastError: string }>();

  constructor(options: CollectorOptions) {
    this.#options = options;
    // Continue the rounds and sessions that were open when the process last stopped.
    this.#tracker = new Tracker(options.trackerOptions, options.store.loadTrackerState());
  }

  /** The last list that each game's source returned successfully, with its time (for the live list). */
  lastGoodList(game: GameId): LastGoodList | undefined {
    return this.#lastGood.get(game);
  }

  /** How collection is going, per game (for the health check). */
  collectionStatus(): CollectionStatus {
    return {
      startedAt: this.#startedAt,
      games: this.#options.games.map((game) => ({
        game,
        lastGoodPollAt: this.#lastGood.get(game)?.at ?? null,
        consecutiveFailures: this.#failures.get(game)?.count ?? 0,
        lastError: this.#failures.get(game)?.lastError ?? null,
      })),
    };
  }

  start(): void {
    this.#startedAt = new Date();
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops polling and waits for a cycle in progress, so that its write is never cut in half. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#abort.abort();
    await this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      const started = Date.now();
      this.#running = this.runCycle()
        .then(
          () => undefined,
          (error: unknown) => this.#options.log.error({ err: error }, 'collector cycle failed'),
        )
        .finally(() => {
          this.#running = undefined;
          this.#schedule(Math.max(0, this.#options.intervalMs - (Date.now() - started)));
        });
    }, delayMs);
  }

  /** One cycle: poll every game, track, write, publish. Exposed for tests and tools. */
  async runCycle(): Promise<CycleReport> {
    const { games, source, store, events, log } = this.#options;
    const fetchStarted = performance.now();
    const polls = await Promise.all(games.map((game) => source(game, this.#abort.signal)));
    const fetchMs = performance.now() - fetchStarted;

    const writeStarted = performance.now();
    const batches: WriteBatch[] = [];
    const cycleEvents: TrackerEvent[] = [];
    for (const poll of polls) {
      const result = this.#tracker.ingest(asTrackerPoll(poll));
      if (result.ignored) log.warn({ game: poll.game }, `poll ignored: ${result.ignored}`);
      batches.push(result.batch);
      cycleEvents.push(...result.events);
    }
    try {
      store.applyBatches(batches);
    } catch (error) {
      // The tracker already moved on; the database did not. Start again from what was committed.
      this.#tracker = new Tracker(this.#options.trackerOptions, store.loadTrackerState());
      const reason = `the cycle's write failed: ${error instanceof Error ? error.message : String(error)}`;
      for (const poll of polls) this.#noteFailure(poll.game, reason);
      throw error;
    }
    const writeMs = performance.now() - writeStarted;

    for (const poll of polls) {
      if (poll.ok) {
        this.#lastGood.set(poll.game, { at: poll.at, servers: poll.servers });
        this.#failures.delete(poll.game);
      } else {
        this.#noteFailure(poll.game, poll.error);
        log.warn({ game: poll.game, error: poll.error }, `poll of ${poll.game} failed: ${poll.error}`);
      }
    }
    for (const event of cycleEvents) events.publish(event);
    this.#runMaintenance();

    const report: CycleReport = {
      games: polls.map((poll) =>
        poll.ok
          ? {
              game: poll.game,
              ok: true,
              servers: poll.servers.length,
              players: poll.servers.reduce((sum, server) => sum + server.players.length, 0),
              skippedEntries: poll.skippedEntries,
            }
          : { game: poll.game, ok: false, servers: 0, players: 0, skippedEntries: 0, error: poll.error },
      ),
      roundsOpened: batches.reduce((sum, batch) => sum + batch.roundsOpened.length, 0),
      roundsClosed: batches.reduce((sum, batch) => sum + batch.roundsClosed.length, 0),
      sessionsWritten: batches.reduce((sum, batch) => sum + batch.sessions.length, 0),
      events: cycleEvents.length,
      fetchMs: Math.round(fetchMs),
      writeMs: Math.round(writeMs * 10) / 10,
    };
    const problems = polls.flatMap((poll) => poll.details?.problems ?? []);
    log.info({ ...report, problems: problems.length ? problems : undefined }, 'poll cycle');
    return report;
  }

  #noteFailure(game: GameId, reason: string): void {
    this.#failures.set(game, { count: (this.#failures.get(game)?.count ?? 0) + 1, lastError: reason });
  }

  #runMaintenance(): void {
    const { maintenance, maintenanceIntervalMs = 3_600_000, log } = this.#options;
    if (!maintenance || Date.now() - this.#lastMaintenance < maintenanceIntervalMs) return;
    this.#lastMaintenance = Date.now();
    try {
      maintenance(new Date());
    } catch (error) {
      log.error({ err: error }, 'collector maintenance failed');
    }
  }
}
