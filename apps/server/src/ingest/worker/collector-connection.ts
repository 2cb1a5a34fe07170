import { openDatabase } from '../../db/database.ts';
import { updatePlannerStatistics } from '../../db/planner-statistics.ts';
import { useSqlDialect } from '../../db/dialect.ts';
import { openSyncPostgresConnection } from '../../db/postgres/sync-postgres-connection.ts';
import type { SyncConnection } from '../../db/sync-connection.ts';
import { instanceMessage, MAX_INSTANCE_MESSAGE_BYTES, NOTIFY_INSTANCES } from '../../db/postgres/instance-channel.ts';
import type { InstanceMessage } from '../instance-messages.ts';
import type { TrackerEvent } from '../tracker/tracker-events.ts';
import type { CollectorWorkerSettings, LiveListMessage } from './collector-messages.ts';

/**
 * The collector's own connection to the store: the SQLite file, or PostgreSQL (DATABASE_URL), through the same
 * synchronous interface (db/sync-connection.ts).
 */
export interface CollectorConnection {
  connection: SyncConnection;
  /** Between cycles: folds SQLite's WAL back into the file (PostgreSQL does its own). */
  checkpoint: () => void;
  /** Every hour: SQLite's planner statistics of the tables that grew (db/planner-statistics.ts; PostgreSQL's own). */
  updatePlannerStatistics: () => void;
  /**
   * Whether this instance may collect now: always with SQLite (one machine, one collector); with PostgreSQL, once
   * it holds the collector's lock (one collector among several instances). Asked again until it says yes.
   */
  tryToLead: () => boolean;
  /** Whether the connection broke (PostgreSQL): it is not made again; the worker ends and its host starts another. */
  isLost: () => boolean;
  /**
   * PostgreSQL: what every instance of the deployment hears (this one included, through its own listener), instead
   * of this process's host alone: each event, and each changed live list (written to `live_lists`).
   */
  shared?: {
    event: (event: TrackerEvent, committedAt: number) => void;
    list: (list: LiveListMessage) => void;
  };
  close: () => Promise<void>;
}

export async function openCollectorConnection(settings: CollectorWorkerSettings): Promise<CollectorConnection> {
  if (!settings.postgres) {
    const database = await openDatabase(settings.databasePath, { checkpoints: 'manual' });
    return {
      connection: database.sqlite,
      // PASSIVE: copies what no reader still needs and never waits for one.
      checkpoint: () => void database.sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)'),
      updatePlannerStatistics: () => updatePlannerStatistics(database.sqlite),
      tryToLead: () => true,
      isLost: () => false,
      close: () => database.close(),
    };
  }
  useSqlDialect('postgres');
  const { url, schema } = settings.postgres;
  const connection = openSyncPostgresConnection(url, schema);
  // A session lock, held by the connection every write goes through: when the process dies or the connection
  // breaks, PostgreSQL lets it go and another instance takes it; a leader cut off from the database cannot write
  // either, since its writes would need that same connection (docs/decisions/0023-collector-on-postgresql.md).
  // Keyed by schema: deployments in other schemas of the same database have collectors of their own.
  const takeLock = connection.prepare(
    `select case when pg_try_advisory_lock(hashtext('frontline collector ' || current_schema())) then 1 else 0 end
      as held`,
  );
  let leading = false;
  const notify = connection.prepare(NOTIFY_INSTANCES);
  const say = (message: InstanceMessage) => {
    const payload = instanceMessage(schema, message);
    if (Buffer.byteLength(payload) > MAX_INSTANCE_MESSAGE_BYTES) {
      throw new Error(`an instance message of ${Buffer.byteLength(payload)} bytes is too long to notify`);
    }
    notify.run(payload);
  };
  const saveList = connection.prepare(`insert into live_lists (game, polled_at, stale_reason, servers)
    values (?, ?, ?, ?)
    on conflict (game) do update set polled_at = excluded.polled_at, stale_reason = excluded.stale_reason,
      servers = excluded.servers`);
  return {
    connection,
    checkpoint: () => undefined,
    updatePlannerStatistics: () => undefined,
    tryToLead: () => (leading ||= takeLock.get()?.held === 1),
    isLost: () => connection.lost,
    shared: {
      event: (event, committedAt) => say({ kind: 'event', event, committedAt }),
      list(list) {
        saveList.run(list.game, list.at, list.staleReason ?? null, JSON.stringify(list.servers));
        say({ kind: 'list', game: list.game });
      },
    },
    close: () => {
      connection.close();
      return Promise.resolve();
    },
  };
}
