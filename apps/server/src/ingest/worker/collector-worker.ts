import { parentPort, workerData } from 'node:worker_threads';
import type { GameId } from '@frontline/contract';
import { openDatabase } from '../../db/database.ts';
import { fetchGameServers } from '../bflist/bflist-client.ts';
import { Collector, type LastGoodList } from '../collector.ts';
import { createCollectorStore } from '../store/collector-store.ts';
import { rollUpPopulation } from '../store/population-rollup.ts';
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
const database = await openDatabase(settings.databasePath, { checkpoints: 'manual' });
const { sqlite } = database;

/** The lists last sent, so that a cycle sends only those that changed (the host keeps the rest). */
const sentLists = new Map<GameId, LastGoodList>();
let lastCheckpointAt = Date.now();

const collector = new Collector({
  games: settings.games,
  intervalMs: settings.pollIntervalMs,
  // A poll that cannot be had within most of the interval is a gap, not a late poll: a feed failing slowly (timeouts,
  // 5xx and their pauses) would otherwise hold every game's next poll back (the cycle waits for all of them).
  source: (game, signal) =>
    fetchGameServers(game, { baseUrl: settings.bflistBaseUrl, signal, budgetMs: POLL_BUDGET_MS }),
  store: createCollectorStore(sqlite),
  events: { publish: (event, committedAt) => send({ type: 'event', event, committedAt }) },
  log,
  maintenance: (now) => rollUpPopulation(sqlite, now),
  afterCycle,
});

function afterCycle(): void {
  const lists: LiveListMessage[] = [];
  for (const game of settings.games) {
    const list = collector.lastGoodList(game);
    if (!list || sentLists.get(game) === list) continue;
    sentLists.set(game, list);
    lists.push({ game, at: list.at.getTime(), servers: list.servers, staleReason: list.staleReason });
  }
  send({ type: 'cycle', lists, status: serializeStatus(collector.collectionStatus()) });

  if (Date.now() - lastCheckpointAt >= CHECKPOINT_EVERY_MS) {
    lastCheckpointAt = Date.now();
    // PASSIVE: copies what no reader still needs and never waits for one.
    sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)');
  }
}

port.on('message', (message: HostToWorker) => {
  if (message.type !== 'stop') return;
  void (async () => {
    // The cycle in progress is finished (or abandoned before writing) before the connection closes.
    await collector.stop();
    await database.close();
    send({ type: 'stopped' });
    port.close();
  })();
});

collector.start();
