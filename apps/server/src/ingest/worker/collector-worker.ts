import { parentPort, workerData } from 'node:worker_threads';
import type { GameId } from '@frontline/contract';
import { fetchGameServers } from '../bflist/bflist-client.ts';
import { Collector, type LastGoodList } from '../collector.ts';
import type { TrackerEvent } from '../tracker/tracker-events.ts';
import { createCollectorStore } from '../store/collector-store.ts';
import { rollUpPopulation } from '../store/population-rollup.ts';
import { PLANNER_STATISTICS_EVERY_MS } from '../../db/planner-statistics.ts';
import { openCollectorConnection } from './collector-connection.ts';
import { forwardingLogger } from './forwarding-logger.ts';
import {
  serializeStatus,
  type CollectorWorkerSettings,
  type HostToWorker,
  type LiveListMessage,
  type WorkerToHost,
} from './collector-messages.ts';

/**
 * The collector's thread: feed client, tracker and store on a database connection of its own. Every write of the
 * process happens here, so a poll cycle, a round's closing work or a WAL checkpoint never holds up a request; the
 * HTTP thread reads the same file (WAL lets it read while this thread writes) and hears from here by message.
 * On PostgreSQL shared by several instances, it collects only while it holds the collector's lock, and until then
 * stands by (collector-connection.ts).
 */

if (!parentPort) throw new Error('collector-worker.ts runs as a worker thread (see collector-host.ts)');
const port = parentPort;
const settings = workerData as CollectorWorkerSettings;
const send = (message: WorkerToHost) => port.postMessage(message);

/** The writer folds the WAL back into the database between cycles, never more often than this. */
const CHECKPOINT_EVERY_MS = 10_000;
/** Each poll's time, retries included: most of the interval, the rest left for the cycle's write. */
const POLL_BUDGET_MS = Math.max(1, Math.floor(settings.pollIntervalMs * 0.8));

const log = forwardingLogger(settings.logLevel, (level, payload, message) =>
  send({ type: 'log', level, payload, message }),
);
// Checkpoints are this thread's job, done in its idle time (see `afterCycle`): no commit of any connection
// starts one in the middle of a poll.
const store = await openCollectorConnection(settings);
const { connection } = store;

/** The lists last sent, so that a cycle sends only those that changed (the host keeps the rest). */
const sentLists = new Map<GameId, LastGoodList>();
let lastCheckpointAt = Date.now();
// Gathered when the connection opened (db/database.ts).
let lastStatisticsAt = Date.now();

/**
 * The collector, made only once this instance may collect: it reads the tracker's state (the open rounds, the next
 * ids) from the store as it starts, and a standby's would be what the leader had written minutes before.
 */
const newCollector = () =>
  new Collector({
    games: settings.games,
    intervalMs: settings.pollIntervalMs,
    // A poll that cannot be had within most of the interval is a gap, not a late poll: a feed failing slowly (timeouts,
    // 5xx and their pauses) would otherwise hold every game's next poll back (the cycle waits for all of them).
    source: (game, signal) =>
      fetchGameServers(game, { baseUrl: settings.bflistBaseUrl, signal, budgetMs: POLL_BUDGET_MS }),
    store: createCollectorStore(connection),
    events: { publish: publishEvent },
    log,
    maintenance: (now) => rollUpPopulation(connection, now),
    afterCycle,
  });
let collector: Collector | undefined;

function publishEvent(event: TrackerEvent, committedAt: number): void {
  if (!store.shared) {
    send({ type: 'event', event, committedAt });
    return;
  }
  try {
    store.shared.event(event, committedAt);
  } catch (error) {
    log.error({ err: error, event: event.type }, 'could not tell the instances about an event');
  }
}

function afterCycle(): void {
  if (store.isLost()) {
    // Its writes and its lock went with the connection (another instance may be collecting already): this thread
    // ends, and the host starts another, which connects afresh and stands by or collects.
    log.error({}, 'the connection to PostgreSQL was lost: the collector stops, and its worker is started again');
    process.exit(1);
  }
  if (!collector) return;
  const lists: LiveListMessage[] = [];
  for (const game of settings.games) {
    const list = collector.lastGoodList(game);
    if (!list || sentLists.get(game) === list) continue;
    sentLists.set(game, list);
    lists.push({ game, at: list.at.getTime(), servers: list.servers, staleReason: list.staleReason });
  }
  // With several instances, each one serves the list from the table (shared-collector.ts); the host keeps its copy.
  const shareLists = store.shared?.list;
  if (shareLists) {
    try {
      lists.forEach(shareLists);
    } catch (error) {
      log.error({ err: error }, 'could not share the live lists with the instances');
      for (const { game } of lists) sentLists.delete(game); // sent again after the next cycle
    }
  }
  send({ type: 'cycle', lists, status: serializeStatus(collector.collectionStatus()) });

  if (Date.now() - lastCheckpointAt >= CHECKPOINT_EVERY_MS) {
    lastCheckpointAt = Date.now();
    store.checkpoint();
  }
  if (Date.now() - lastStatisticsAt >= PLANNER_STATISTICS_EVERY_MS) {
    lastStatisticsAt = Date.now();
    store.updatePlannerStatistics();
  }
}

let stopping = false;
let standbyTimer: NodeJS.Timeout | undefined;

port.on('message', (message: HostToWorker) => {
  if (message.type !== 'stop') return;
  stopping = true;
  clearTimeout(standbyTimer);
  void (async () => {
    // The cycle in progress is finished (or abandoned before writing) before the connection closes.
    await collector?.stop();
    await store.close();
    send({ type: 'stopped' });
    port.close();
  })();
});

/**
 * Collects once this instance may (at once on SQLite); until then says so and asks again every half interval, so
 * that it takes over within an interval of the leader's going (PostgreSQL frees the lock when its connection ends).
 */
function startWhenLeading(): void {
  if (stopping) return;
  if (store.tryToLead()) {
    if (settings.postgres) log.info({}, 'collecting: this instance holds the collector lock');
    collector = newCollector();
    collector.start();
    return;
  }
  send({ type: 'standby' });
  standbyTimer = setTimeout(startWhenLeading, Math.max(1, Math.floor(settings.pollIntervalMs / 2)));
}

startWhenLeading();
