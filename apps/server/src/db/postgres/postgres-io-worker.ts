import { workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { postgresConnectionConfig } from './postgres-connection.ts';
import type { SqlRow } from '../sync-connection.ts';
import {
  CONNECTION_LOST,
  type PostgresIoAnswer,
  type PostgresIoRequest,
  type PostgresIoSettings,
} from './sync-postgres-connection.ts';

/**
 * The thread behind a synchronous PostgreSQL connection (sync-postgres-connection.ts): one `pg` client, one request
 * at a time (its caller waits for each answer), each statement text prepared once on the server. The answer is put
 * on the port before the flag is raised, so the caller always finds it there.
 */

const { url, schema, signal, port } = workerData as PostgresIoSettings & { port: MessagePort };
const flag = new Int32Array(signal);
const client = new pg.Client(postgresConnectionConfig(url, schema, 'collector'));
// A connection that breaks is never made again here: every later request is told so (CONNECTION_LOST), and its
// owner decides (the collector's worker ends, and its host starts another, which connects afresh and asks for the
// collector's lock again). The events themselves must not end the thread: its caller would wait for an answer.
let lost = false;
client.on('error', () => {
  lost = true;
});
client.on('end', () => {
  lost = true;
});
let connected: Promise<unknown> | undefined;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `frontline_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** pg sends a Buffer as bytea; a Uint8Array that crossed threads is no longer one. */
function toPgValue(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

async function answer(request: PostgresIoRequest): Promise<PostgresIoAnswer> {
  if (request.kind === 'close') {
    if (connected) await client.end();
    return { ok: true, rows: [], rowCount: 0 };
  }
  if (lost) return { ok: false, message: 'the connection to PostgreSQL was lost', code: CONNECTION_LOST };
  connected ??= client.connect();
  await connected;
  const result: pg.QueryResult<SqlRow> | pg.QueryResult<SqlRow>[] =
    request.kind === 'exec'
      ? await client.query(request.text)
      : await client.query({
          name: statementName(request.text),
          text: request.text,
          values: request.values.map(toPgValue),
        });
  // Several statements in one exec give an array of results; their rows are never read.
  const single = Array.isArray(result) ? undefined : result;
  return { ok: true, rows: single?.rows ?? [], rowCount: single?.rowCount ?? 0 };
}

port.on('message', (request: PostgresIoRequest) => {
  void answer(request)
    .catch((error: unknown): PostgresIoAnswer => {
      const { message, code, detail } = error as { message?: string; code?: string; detail?: string };
      return { ok: false, message: message ?? String(error), code, detail };
    })
    .then((reply) => {
      port.postMessage(reply);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      if (request.kind === 'close') port.close();
    });
});
