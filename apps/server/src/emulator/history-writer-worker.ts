import { parentPort, workerData } from 'node:worker_threads';
import {
  HISTORY_WRITER_CLOSED,
  HISTORY_WRITER_FAILED,
  HISTORY_WRITER_WRITTEN,
  type HistoryWriterData,
  type HistoryWriterFailure,
  type HistoryWriterMessage,
} from './history-writer-messages.ts';

/**
 * The thread of history-writer.ts: applies each batch it is given with the collector's store, on a connection of
 * its own, and counts them in the shared state. Everything that can fail is caught and reported there, the caller
 * being blocked on that state and deaf to events (so the store is imported here, inside the catch).
 */

if (!parentPort) throw new Error('history-writer-worker.ts runs as a worker thread (see history-writer.ts)');
const { databasePath, state, port: replies } = workerData as HistoryWriterData;
const requests = parentPort;

function signal(slot: number, value: number): void {
  Atomics.store(state, slot, value);
  Atomics.notify(state, slot);
}

let failed = false;
function fail(error: unknown, close?: () => Promise<void>): void {
  if (failed) return;
  failed = true;
  const failure: HistoryWriterFailure =
    error instanceof Error
      ? { message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
      : { message: String(error) };
  replies.postMessage(failure);
  signal(HISTORY_WRITER_FAILED, 1);
  // The caller waits on one of the other slots: wake it there.
  Atomics.notify(state, HISTORY_WRITER_WRITTEN);
  Atomics.notify(state, HISTORY_WRITER_CLOSED);
  requests.close();
  void close?.().catch(() => undefined);
}

try {
  const [{ openDatabase }, { createCollectorStore }, { unpackWriteBatch }] = await Promise.all([
    import('../db/database.ts'),
    import('../ingest/store/collector-store.ts'),
    import('./write-batch-transfer.ts'),
  ]);
  const database = await openDatabase(databasePath);
  const store = createCollectorStore(database.sqlite);
  let written = 0;
  requests.on('message', (message: HistoryWriterMessage) => {
    if (failed) return;
    try {
      if (message.type === 'batch') {
        // A bulk batch closes whole rounds: their work is done in its transaction, not queued.
        store.applyBatches([unpackWriteBatch(message.batch)], { completeClosedRounds: true });
        written += 1;
        signal(HISTORY_WRITER_WRITTEN, written);
      } else {
        requests.close();
        database.close().then(
          () => signal(HISTORY_WRITER_CLOSED, 1),
          (error: unknown) => fail(error),
        );
      }
    } catch (error) {
      fail(error, database.close);
    }
  });
} catch (error) {
  fail(error);
}
