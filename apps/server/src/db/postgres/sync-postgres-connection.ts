import type { SQLInputValue } from 'node:sqlite';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { SqlRow, SyncConnection, SyncStatement } from '../sync-connection.ts';
import { toPostgresPlaceholders, type ParameterSource } from './placeholders.ts';

/**
 * A synchronous connection to PostgreSQL, for the collector's store (db/sync-connection.ts): each statement is
 * handed to a thread of its own (postgres-io-worker.ts), which runs it on one `pg` client, while this thread waits
 * on a shared flag (`Atomics.wait`) and then takes the answer off the port (`receiveMessageOnPort`). The collector's
 * thread exists to do blocking writes, so blocking it costs nothing; its store's code, transactions included, stays
 * the one the SQLite store runs (docs/decisions/0023-collector-on-postgresql.md).
 *
 * Statements keep SQLite's parameter marks (placeholders.ts) and are prepared once on the server per text.
 */

const WORKER_URL = new URL('./postgres-io-worker.ts', import.meta.url);
/** Longer than any statement of the collector's takes (a year's backfill step is seconds): a dead thread or server. */
const ANSWER_TIMEOUT_MS = 120_000;

/** The error code of every statement after the connection broke (it is not made again: see `lost`). */
export const CONNECTION_LOST = 'FRONTLINE_CONNECTION_LOST';

export type PostgresIoRequest =
  { kind: 'query'; text: string; values: SQLInputValue[] } | { kind: 'exec'; text: string } | { kind: 'close' };

export type PostgresIoAnswer =
  { ok: true; rows: SqlRow[]; rowCount: number } | { ok: false; message: string; code?: string; detail?: string };

export interface PostgresIoSettings {
  url: string;
  schema: string;
  /** One Int32: 0 while a request is being answered, 1 once its answer is on the port. */
  signal: SharedArrayBuffer;
}

export interface SyncPostgresConnection extends SyncConnection {
  /** Whether the connection broke (every statement fails from then on: open another). */
  readonly lost: boolean;
  /** Ends the connection and its thread. */
  close(): void;
}

export function openSyncPostgresConnection(url: string, schema: string): SyncPostgresConnection {
  const signal = new SharedArrayBuffer(4);
  const flag = new Int32Array(signal);
  const { port1, port2 } = new MessageChannel();
  const settings: PostgresIoSettings = { url, schema, signal };
  const worker = new Worker(WORKER_URL, { workerData: { ...settings, port: port2 }, transferList: [port2] });
  // Neither keeps the process alive: close() ends them, and a process that exits without it loses nothing
  // (an open transaction is rolled back by the server).
  worker.unref();
  port1.unref();
  let closed = false;
  let lost = false;

  function ask(request: PostgresIoRequest): { rows: SqlRow[]; rowCount: number } {
    if (closed) throw new Error('the PostgreSQL connection is closed');
    Atomics.store(flag, 0, 0);
    port1.postMessage(request);
    if (Atomics.wait(flag, 0, 0, ANSWER_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`PostgreSQL did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`);
    }
    const answer = receiveMessageOnPort(port1)?.message as PostgresIoAnswer | undefined;
    if (!answer) throw new Error('the PostgreSQL thread signalled an answer it did not send');
    if (!answer.ok) {
      // Node's socket errors and PostgreSQL's own "terminating connection" (57P01 and the like, class 57) end it.
      if (answer.code === CONNECTION_LOST || answer.code?.startsWith('57') || answer.code?.startsWith('08'))
        lost = true;
      throw Object.assign(new Error(answer.message), { code: answer.code, detail: answer.detail });
    }
    return answer;
  }

  function prepare(sql: string): SyncStatement {
    const { text, sources } = toPostgresPlaceholders(sql);
    const query = (parameters: unknown[]) => ask({ kind: 'query', text, values: valuesFor(sources, parameters, sql) });
    // The overloads of SyncStatement are node:sqlite's; both forms arrive here as one list.
    return {
      run: (...parameters: unknown[]) => ({ changes: query(parameters).rowCount }),
      get: (...parameters: unknown[]) => query(parameters).rows[0],
      all: (...parameters: unknown[]) => query(parameters).rows,
    };
  }

  return {
    prepare,
    get lost() {
      return lost;
    },
    exec: (text) => void ask({ kind: 'exec', text }),
    close() {
      if (closed) return;
      try {
        ask({ kind: 'close' });
      } finally {
        closed = true;
        port1.close();
      }
    },
  };
}

function isNamedParameters(value: unknown): value is Record<string, SQLInputValue> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/** The values of `$1`, `$2`, … from node:sqlite's arguments: a named object first (optional), then positional ones. */
function valuesFor(sources: readonly ParameterSource[], parameters: unknown[], sql: string): SQLInputValue[] {
  const named = isNamedParameters(parameters[0]) ? parameters[0] : undefined;
  const positional = (named ? parameters.slice(1) : parameters) as SQLInputValue[];
  return sources.map((source) => {
    const value = source.kind === 'named' ? named?.[source.name] : positional[source.index];
    if (value === undefined) {
      const which = source.kind === 'named' ? `:${source.name}` : `parameter ${source.index + 1}`;
      throw new Error(`no value for ${which} of: ${sql}`);
    }
    return value;
  });
}
