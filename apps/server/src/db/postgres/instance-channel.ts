import pg from 'pg';
import { postgresConnectionConfig } from './postgres-connection.ts';

/**
 * How the instances of one PostgreSQL deployment tell each other things (issue 21): LISTEN/NOTIFY on one channel,
 * each message JSON carrying the schema it is about, so deployments in other schemas of the same database (tests
 * run side by side that way) never hear each other. Delivery is PostgreSQL's: to every listening connection, in
 * the order the notifications were sent, only while connected (what the message says must be recoverable from
 * the tables by whoever missed it: see `onReconnect`).
 */

export const INSTANCE_CHANNEL = 'frontline_instances';
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
export const MAX_INSTANCE_MESSAGE_BYTES = 7_900;

/** The statement that sends one (on the connection of the caller's choice): its parameter is instanceMessage's text. */
export const NOTIFY_INSTANCES = `select pg_notify('${INSTANCE_CHANNEL}', ?) as sent`;

/** A message's payload: the message and the schema it is about. */
export function instanceMessage(schema: string, message: unknown): string {
  return JSON.stringify({ schema, message });
}

export interface InstanceListenerOptions {
  url: string;
  schema: string;
  /** Each message about this schema, parsed. */
  onMessage: (message: unknown) => void;
  /** After a lost connection is back: what was said meanwhile was missed, and is to be read from the tables. */
  onReconnect: () => void;
  log: { warn: (payload: object, message: string) => void };
  /** The pause before connecting again after the connection was lost. */
  retryMs?: number;
}

export interface InstanceListener {
  close: () => Promise<void>;
}

/** Listens on the channel from now until closed, connecting again whenever the connection is lost. */
export async function listenToInstances(options: InstanceListenerOptions): Promise<InstanceListener> {
  const { url, schema, onMessage, onReconnect, log, retryMs = 1_000 } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client(postgresConnectionConfig(url, schema, 'instances'));
    next.on('notification', ({ payload }) => {
      if (payload === undefined) return;
      const parsed = JSON.parse(payload) as { schema?: string; message?: unknown };
      if (parsed.schema === schema) onMessage(parsed.message);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'the instance channel lost its connection to PostgreSQL; connecting again');
      lost(next);
    });
    next.on('end', () => lost(next));
    client = next;
    await next.connect();
    await next.query(`listen ${INSTANCE_CHANNEL}`);
  }

  /** The connection `which` is gone (an error, or its end): a new one in a moment, unless closing. */
  function lost(which: pg.Client): void {
    if (closed || client !== which) return;
    client = undefined;
    void which.end().catch(() => {});
    retry = setTimeout(() => {
      connect().then(onReconnect, (error: unknown) => {
        log.warn({ err: error }, 'the instance channel could not connect to PostgreSQL');
        // The failed client is still the current one unless its own error event already let it go.
        if (client) lost(client);
      });
    }, retryMs);
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
