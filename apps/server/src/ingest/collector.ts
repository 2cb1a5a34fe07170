import type { GameId } from '@frontline/contract';
import type { CollectionStatus } from '../domain/collection-status.ts';
import type { CollectorLog } from './collector-log.ts';
import type { GamePoll, ServerSnapshot } from '../domain/snapshot.ts';
import type { CollectorStore } from './store/collector-store.ts';
import { queueProgressLogger, type QueueProgress } from './store/round-closed-queue.ts';
import type { TrackerEvent } from './tracker/tracker-events.ts';
import { judgeList } from './list-collapse.ts';
import { Tracker, type FailedServer, type TrackerOptions } from './tracker/tracker.ts';
import type { WriteBatch } from './tracker/write-batch.ts';

/**
 * The collector's loop: every interval, poll each game's source, let the tracker decide what the polls
 * mean, write the cycle in one transaction, then publish the events. Cycles never overlap: the next one
 * is scheduled when the previous one ends.
 *
 * The feed cannot break it (issue 15): a game whose source fails, whose list is cut off by the page cap, or
 * whose list suddenly collapsed (list-collapse.ts) is a gap for the tracker while the live list keeps the best
 * list there is, marked stale; a server whose processing fails is left out of the poll; and whenever the
 * tracker's memory may differ from what was written (a failed server, a failed game, a failed write), the next
 * cycle starts from the store.
 */

// Where it was first declared; new code imports it from collector-log.ts.
export type { CollectorLog } from './collector-log.ts';

/** A source's poll, with optional extra facts for the cycle's log line. */
export type SourcePoll = GamePoll & { details?: { pageCapReached?: boolean; problems?: string[] } };

export type PollSource = (game: GameId, signal: AbortSignal) => Promise<SourcePoll>;

/** What the live list of a game serves: the newest list worth showing. */
export interface LastGoodList {
  at: Date;
  servers: ServerSnapshot[];
  /**
   * Why the collector knows this list is not the game as it is now, though it is the best there is: a list cut
   * off by the page cap, or the last good list kept because the newest one collapsed. Absent when it is simply
   * the latest good list (which still ages: the live list marks an old list stale by its time).
   */
  staleReason?: string;
}

export interface CycleReport {
  games: {
    game: GameId;
    ok: boolean;
    servers: number;
    players: number;
    skippedEntries: number;
    /**
     * Server polls held for the next poll's word, and held polls the next one contradicted: glitches, of which
     * nothing was written (decision 0003, "Glitches").
     */
    held: number;
    glitches: number;
    error?: string;
  }[];
  roundsOpened: number;
  roundsClosed: number;
  sessionsWritten: number;
  events: number;
  /** Listed servers whose processing failed: left out of this cycle, the rest of their game written. */
  failedServers: (FailedServer & { game: GameId })[];
  fetchMs: number;
  writeMs: number;
  /** The round-closed step's time: the rounds this cycle closed, and a slice of any backlog. */
  roundClosedMs: number;
}

export interface CollectorOptions {
  games: readonly GameId[];
  intervalMs: number;
  source: PollSource;
  store: CollectorStore;
  /** Where the tracker's events go once their poll is written (the event bus, or a worker's message port). */
  events: { publish: (event: TrackerEvent, committedAt: number) => void };
  log: CollectorLog;
  trackerOptions?: Partial<TrackerOptions>;
  /** Work to run after a cycle, at most once per `maintenanceIntervalMs` (rollups). */
  maintenance?: (now: Date) => void;
  maintenanceIntervalMs?: number;
  /** Called after each scheduled cycle, failed or not, before the next is scheduled (a worker reports from it). */
  afterCycle?: () => void;
}

const PAGE_CAP_REACHED = 'page cap reached: the list may be incomplete';

/** How long a backlog of round-closed work runs before it pauses, and the pause (#processRoundClosedQueue). */
const QUEUE_STRETCH_MS = 500;
const QUEUE_PAUSE_MS = 100;

/** What the collector keeps of each game's feed between cycles. */
interface GameFeed {
  /** What the live list serves; undefined until a list was worth showing. */
  served: LastGoodList | undefined;
  /** The last poll whose list the tracker took as the whole game (the health's "last good poll"). */
  lastGoodPollAt: Date | undefined;
  /** The servers of that list: what the next list is judged against (list-collapse.ts). */
  referenceServers: number | undefined;
  /** When the current run of collapsed lists began (unix ms); undefined when the last list was trusted. */
  collapsedSince: number | undefined;
  /** Polls in a row that failed or were gaps, and why the latest did. */
  failures: number;
  lastError: string | null;
}

/** What one game's poll means, decided before the write and kept only once the write has committed. */
interface PollPlan {
  poll: SourcePoll;
  /** What the tracker is given: the poll itself, or a gap. */
  trackerPoll: GamePoll;
  /** Why the poll counts as failed (for the health and the log); undefined when the tracker took the list. */
  failure: string | undefined;
  /** The list to serve from now on; undefined keeps the one served. */
  served: LastGoodList | undefined;
  collapsedSince: number | undefined;
  /** Said at warn after the write: a collapsed list finally taken as true. */
  note?: string;
}

function asGap(poll: GamePoll, error: string): GamePoll {
  return { game: poll.game, at: poll.at, ok: false, error };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Collector {
  readonly #options: CollectorOptions;
  /** Logs the progress of a round-closed backlog. */
  readonly #reportQueue: (progress: QueueProgress) => void;
  #tracker: Tracker;
  readonly #feeds = new Map<GameId, GameFeed>();
  /**
   * Set when the tracker's memory may differ from the store (a server or a game failed in the tracker, a write
   * failed): the next cycle rebuilds it from the store first, then marks these polls as gaps (they were not
   * applied, so the interval across them must not count).
   */
  #restore: { gaps: GamePoll[] } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  readonly #abort = new AbortController();
  #lastMaintenance = 0;
  #startedAt = new Date();

  constructor(options: CollectorOptions) {
    this.#options = options;
    this.#reportQueue = queueProgressLogger(options.log);
    // Continue the rounds and sessions that were open when the process last stopped.
    this.#tracker = new Tracker(options.trackerOptions, options.store.loadTrackerState());
  }

  /**
   * The list the live list serves for each game: the newest list worth showing, with its time, and why it is
   * stale when the collector knows it is (`staleReason`).
   */
  lastGoodList(game: GameId): LastGoodList | undefined {
    return this.#feeds.get(game)?.served;
  }

  /** How collection is going, per game (for the health check). */
  collectionStatus(): CollectionStatus {
    return {
      startedAt: this.#startedAt,
      games: this.#options.games.map((game) => {
        const feed = this.#feeds.get(game);
        return {
          game,
          lastGoodPollAt: feed?.lastGoodPollAt ?? null,
          consecutiveFailures: feed?.failures ?? 0,
          lastError: feed?.lastError ?? null,
        };
      }),
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
          this.#runAfterCycle();
          this.#schedule(Math.max(0, this.#options.intervalMs - (Date.now() - started)));
        });
    }, delayMs);
  }

  /** One cycle: poll every game, track, write, publish. Exposed for tests and tools. */
  async runCycle(): Promise<CycleReport> {
    const { games, store, events, log } = this.#options;
    const fetchStarted = performance.now();
    const polls = await Promise.all(games.map((game) => this.#pollSource(game)));
    const fetchMs = performance.now() - fetchStarted;

    const writeStarted = performance.now();
    const batches: WriteBatch[] = [];
    const cycleEvents: TrackerEvent[] = [];
    const failedServers: CycleReport['failedServers'] = [];
    /** Games whose poll the tracker failed on as a whole: their batch is dropped. */
    const failedGames = new Map<GameId, string>();
    const judged = new Map<GameId, { held: number; glitches: number }>();
    let plans: PollPlan[];
    let written = false;
    try {
      batches.push(...this.#restoreTrackerIfNeeded());
      plans = polls.map((poll) => this.#plan(poll));
      for (const plan of plans) {
        const game = plan.poll.game;
        try {
          const result = this.#tracker.ingest(plan.trackerPoll);
          if (result.ignored) log.warn({ game }, `poll ignored: ${result.ignored}`);
          for (const failed of result.failedServers) failedServers.push({ game, ...failed });
          judged.set(game, { held: result.held, glitches: result.glitches });
          batches.push(result.batch);
          cycleEvents.push(...result.events);
        } catch (error) {
          // Not one server but the game's poll as a whole: it is dropped (a gap), the other games go on.
          failedGames.set(game, `tracking the poll failed: ${messageOf(error)}`);
          log.error({ err: error, game }, `tracking the poll of ${game} failed`);
        }
      }
      store.applyBatches(batches);
      written = true;
    } catch (error) {
      // The tracker may have moved on where the database did not: the next cycle starts from what was committed,
      // and none of this cycle's polls was applied.
      this.#restore = { gaps: [...(this.#restore?.gaps ?? []), ...polls] };
      const reason = `the cycle failed: ${messageOf(error)}`;
      for (const poll of polls) this.#noteFailure(poll.game, reason);
      throw error;
    } finally {
      // A failed server or game left the tracker's memory half-changed; what was written is right.
      if (written && (failedServers.length > 0 || failedGames.size > 0)) {
        this.#restore = { gaps: polls.filter((poll) => failedGames.has(poll.game)) };
      }
    }
    const writeMs = performance.now() - writeStarted;

    for (const plan of plans) this.#commit(plan, failedGames.get(plan.poll.game));
    for (const failed of failedServers) {
      log.warn({ ...failed }, `server ${failed.name} of ${failed.game} left out of this poll: ${failed.error}`);
    }
    // Presence and map changes go out at once (the hub's notifications wait for nothing else); the round-closed step
    // runs in transactions of its own, before the events that announce the rounds it completes.
    const committedAt = performance.timeOrigin + performance.now();
    for (const event of cycleEvents) if (event.type !== 'roundClosed') events.publish(event, committedAt);
    const roundClosedStarted = performance.now();
    await this.#processRoundClosedQueue();
    const roundClosedMs = performance.now() - roundClosedStarted;
    for (const event of cycleEvents) if (event.type === 'roundClosed') events.publish(event, committedAt);
    this.#runMaintenance();

    const report: CycleReport = {
      games: plans.map(({ poll, failure }) => {
        const error = failedGames.get(poll.game) ?? failure;
        const { held, glitches } = judged.get(poll.game) ?? { held: 0, glitches: 0 };
        if (!poll.ok) {
          return { game: poll.game, ok: false, servers: 0, players: 0, skippedEntries: 0, held, glitches, error };
        }
        const listed = {
          game: poll.game,
          servers: poll.servers.length,
          players: poll.servers.reduce((sum, server) => sum + server.players.length, 0),
          skippedEntries: poll.skippedEntries,
          held,
          glitches,
        };
        return error === undefined ? { ...listed, ok: true } : { ...listed, ok: false, error };
      }),
      roundsOpened: batches.reduce((sum, batch) => sum + batch.roundsOpened.length, 0),
      roundsClosed: batches.reduce((sum, batch) => sum + batch.roundsClosed.length, 0),
      sessionsWritten: batches.reduce((sum, batch) => sum + batch.sessions.length, 0),
      events: cycleEvents.length,
      failedServers,
      fetchMs: Math.round(fetchMs),
      writeMs: Math.round(writeMs * 10) / 10,
      roundClosedMs: Math.round(roundClosedMs * 10) / 10,
    };
    const problems = polls.flatMap((poll) => poll.details?.problems ?? []);
    log.info(
      {
        ...report,
        failedServers: failedServers.length > 0 ? failedServers : undefined,
        problems: problems.length ? problems : undefined,
      },
      failedServers.length > 0 ? `poll cycle (${failedServers.length} servers left out)` : 'poll cycle',
    );
    return report;
  }

  /**
   * Works through the round-closed queue (store/round-closed-queue.ts) for at most half an interval, so that a
   * backlog (a database upgrade's replay, or a long stop) never delays the next poll; what is left waits for the
   * next cycle. A round whose work fails stays queued and is tried again next cycle.
   *
   * A backlog is worked in stretches of QUEUE_STRETCH_MS with QUEUE_PAUSE_MS between them. Its transactions follow
   * each other with no gap a waiting writer could use: on SQLite, a sign-in's write on the HTTP thread, whose busy
   * handler tries again every 100 ms at most, would wait past its 5 s timeout. A pause of 100 ms always lets it in.
   */
  async #processRoundClosedQueue(): Promise<void> {
    const deadline = performance.now() + this.#options.intervalMs / 2;
    try {
      for (;;) {
        const budget = Math.min(QUEUE_STRETCH_MS, deadline - performance.now());
        const progress = this.#options.store.roundClosedQueue.processQueue(budget);
        this.#reportQueue(progress);
        if (progress.remaining === 0 || this.#stopped) return;
        if (performance.now() + QUEUE_PAUSE_MS >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, QUEUE_PAUSE_MS));
      }
    } catch (error) {
      this.#options.log.error({ err: error }, 'round-closed work failed; it is retried next cycle');
    }
  }

  /** A source that throws (it should answer a failed poll instead) fails its game's poll, not the cycle. */
  async #pollSource(game: GameId): Promise<SourcePoll> {
    const at = new Date();
    try {
      return await this.#options.source(game, this.#abort.signal);
    } catch (error) {
      return { game, at, ok: false, error: `the source threw: ${messageOf(error)}` };
    }
  }

  /** Rebuilds the tracker from the store when its memory may differ; returns the batches marking the gaps. */
  #restoreTrackerIfNeeded(): WriteBatch[] {
    const restore = this.#restore;
    if (!restore) return [];
    const tracker = new Tracker(this.#options.trackerOptions, this.#options.store.loadTrackerState());
    const batches = restore.gaps.map((poll) => tracker.ingest(asGap(poll, 'not applied: the cycle failed')).batch);
    this.#tracker = tracker;
    this.#restore = undefined;
    return batches;
  }

  #feed(game: GameId): GameFeed {
    let feed = this.#feeds.get(game);
    if (!feed) {
      feed = {
        served: undefined,
        lastGoodPollAt: undefined,
        referenceServers: undefined,
        collapsedSince: undefined,
        failures: 0,
        lastError: null,
      };
      this.#feeds.set(game, feed);
    }
    return feed;
  }

  /** What the poll means for the tracker and the live list (nothing is changed until the write commits). */
  #plan(poll: SourcePoll): PollPlan {
    const feed = this.#feed(poll.game);
    const unchanged = { poll, served: undefined, collapsedSince: feed.collapsedSince };
    if (!poll.ok) return { ...unchanged, trackerPoll: poll, failure: poll.error };
    if (poll.details?.pageCapReached) {
      // The newest list, but cut short: unlisted servers would look offline to the tracker. Shown, marked stale.
      const served = { at: poll.at, servers: poll.servers, staleReason: PAGE_CAP_REACHED };
      return { ...unchanged, trackerPoll: asGap(poll, PAGE_CAP_REACHED), failure: PAGE_CAP_REACHED, served };
    }
    // Until a list was taken in this process, the reference is what the tracker (the store) holds online.
    const reference = feed.referenceServers ?? this.#tracker.onlineServerCount(poll.game);
    const verdict = judgeList(reference, poll.servers.length, poll.at.getTime(), feed.collapsedSince);
    const trusted = { poll, trackerPoll: poll, failure: undefined, served: { at: poll.at, servers: poll.servers } };
    switch (verdict.kind) {
      case 'trusted':
        return { ...trusted, collapsedSince: undefined };
      case 'accepted':
        return { ...trusted, collapsedSince: undefined, note: verdict.reason };
      case 'collapsed': {
        const kept = feed.served ?? { at: poll.at, servers: poll.servers };
        return {
          poll,
          trackerPoll: asGap(poll, verdict.reason),
          failure: verdict.reason,
          // The same object while the reason stays the same: the live list builds its answer once per list.
          served: kept.staleReason === verdict.reason ? kept : { ...kept, staleReason: verdict.reason },
          collapsedSince: verdict.since,
        };
      }
    }
  }

  /** Keeps what a written poll meant: the list to serve, the reference, the failures. */
  #commit(plan: PollPlan, trackingFailure: string | undefined): void {
    const { poll } = plan;
    const feed = this.#feed(poll.game);
    const { log } = this.#options;
    if (plan.served) feed.served = plan.served;
    feed.collapsedSince = plan.collapsedSince;
    const failure = trackingFailure ?? plan.failure;
    if (failure !== undefined) {
      this.#noteFailure(poll.game, failure);
      const what = poll.ok ? 'taken as a gap' : 'failed';
      log.warn({ game: poll.game, error: failure }, `poll of ${poll.game} ${what}: ${failure}`);
      return;
    }
    if (plan.note) log.warn({ game: poll.game }, `poll of ${poll.game}: ${plan.note}`);
    if (poll.ok) feed.referenceServers = poll.servers.length;
    feed.lastGoodPollAt = poll.at;
    feed.failures = 0;
    feed.lastError = null;
  }

  #noteFailure(game: GameId, reason: string): void {
    const feed = this.#feed(game);
    feed.failures += 1;
    feed.lastError = reason;
  }

  #runAfterCycle(): void {
    try {
      this.#options.afterCycle?.();
    } catch (error) {
      this.#options.log.error({ err: error }, 'collector afterCycle failed');
    }
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
