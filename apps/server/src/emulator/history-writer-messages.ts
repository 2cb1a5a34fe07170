import type { MessagePort } from 'node:worker_threads';
import type { PackedWriteBatch } from './write-batch-transfer.ts';

/** What history-writer.ts and its thread (history-writer-worker.ts) share and say to each other. */

/** Slots of the shared state: batches written, the connection closed (1), failed (1; the reason on the port). */
export const HISTORY_WRITER_WRITTEN = 0;
export const HISTORY_WRITER_CLOSED = 1;
export const HISTORY_WRITER_FAILED = 2;

export interface HistoryWriterData {
  databasePath: string;
  state: Int32Array;
  /** The writer's replies: only a failure, read synchronously by the caller once the state says it failed. */
  port: MessagePort;
}

export type HistoryWriterMessage = { type: 'batch'; batch: PackedWriteBatch } | { type: 'finish' };

export interface HistoryWriterFailure {
  message: string;
  stack?: string;
}
