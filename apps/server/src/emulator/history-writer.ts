import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { WriteBatch } from '../ingest/tracker/write-batch.ts';
import { packWriteBatch, transferablesOf } from './write-batch-transfer.ts';
import {
  HISTORY_WRITER_CLOSED,
  HISTORY_WRITER_FAILED,
  HISTORY_WRITER_WRITTEN,
  type HistoryWriterData,
  type HistoryWriterFailure,
  type HistoryWriterMessage,
} from './history-writer-messages.ts';

/**
 * Writes history generation's batches on a thread of its own, with its own connection to the database file, while
 * the caller's thread runs the world and the tracker: the two halves took about as long as each other, so on two
 * cores the history is written in little more than the time of the store alone. The batches are written in the
 * order given, each in one transaction, by the collector's own store: the database is the same as when written on
 * the caller's thread.
 *
 * The caller stays synchronous: it waits on shared memory (Atomics.wait), never on its event loop, so that
 * generateHistory keeps its signature.
 */

const WORKER_URL = new URL('./history-writer-worker.ts', import.meta.url);
/** Batches handed over and not yet written: enough to keep the writer busy, few enough to bound the memory. */
const MAX_BATCHES_AHEAD = 2;
/** The writer has failed without saying so (it cannot: it catches everything) if it is silent this long. */
const STALL_MS = 120_000;

export interface HistoryWriter {
  /** Hands a batch over; waits while the writer is MAX_BATCHES_AHEAD behind. Throws the writer's failure. */
  write: (batch: WriteBatch) => void;
  /** Waits until every batch is written and the writer's connection is closed. */
  finish: () => void;
  /** Stops the writer at once (after a failure of the caller's): what it has not committed is lost. */
  abort: () => void;
}

export function startHistoryWriter(databasePath: string): HistoryWriter {
  const state = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  const { port1: replies, port2: writerPort } = new MessageChannel();
  const data: HistoryWriterData = { databasePath, state, port: writerPort };
  const worker = new Worker(WORKER_URL, {
    workerData: data,
    transferList: [writerPort],
    name: 'frontline-history-writer',
  });
  // The writer ends by itself once finished; it must never keep a process alive on its own.
  worker.unref();
  let handedOver = 0;

  function failure(): Error {
    const reply = receiveMessageOnPort(replies)?.message as HistoryWriterFailure | undefined;
    const error = new Error(`history writer failed: ${reply?.message ?? 'no reason given'}`);
    if (reply?.stack) error.stack = `${error.message}\n  in the writer: ${reply.stack}`;
    return error;
  }

  /** Waits until `slot` of the shared state reaches `target`, throwing the writer's failure if it fails first. */
  function waitFor(slot: number, target: number): void {
    let lastValue = Atomics.load(state, slot);
    let lastChange = performance.now();
    for (;;) {
      if (Atomics.load(state, HISTORY_WRITER_FAILED) !== 0) throw failure();
      const value = Atomics.load(state, slot);
      if (value >= target) return;
      if (value !== lastValue) {
        lastValue = value;
        lastChange = performance.now();
      } else if (performance.now() - lastChange > STALL_MS) {
        throw new Error(`history writer made no progress for ${STALL_MS / 1000} s`);
      }
      // Woken by the writer's notify after each batch (and on failure); the timeout only re-checks the above.
      Atomics.wait(state, slot, value, 1_000);
    }
  }

  const post = (message: HistoryWriterMessage, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  return {
    write(batch) {
      const packed = packWriteBatch(batch);
      waitFor(HISTORY_WRITER_WRITTEN, handedOver + 1 - MAX_BATCHES_AHEAD);
      post({ type: 'batch', batch: packed }, transferablesOf(packed));
      handedOver += 1;
    },
    finish() {
      post({ type: 'finish' });
      waitFor(HISTORY_WRITER_WRITTEN, handedOver);
      waitFor(HISTORY_WRITER_CLOSED, 1);
      replies.close();
    },
    abort() {
      void worker.terminate();
    },
  };
}
