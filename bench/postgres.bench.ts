import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, IN_MEMORY } from '../apps/server/src/db/database.ts';
import { useSqlDialect } from '../apps/server/src/db/dialect.ts';
import { copySqliteToPostgres } from '../apps/server/src/db/postgres/copy-to-postgres.ts';
import { openPostgresDatabase } from '../apps/server/src/db/postgres/postgres-database.ts';
import {
  openSyncPostgresConnection,
  type SyncPostgresConnection,
} from '../apps/server/src/db/postgres/sync-postgres-connection.ts';
import { toPostgresDdl } from '../apps/server/src/db/postgres/postgres-ddl.ts';
import { prepareRowsInsert } from '../apps/server/src/db/row-batches.ts';
import { isBot } from '../apps/server/src/domain/bots.ts';
import type { GamePoll } from '../apps/server/src/domain/snapshot.ts';
import { generateHistory } from '../apps/server/src/emulator/generate-history.ts';
import { createCollectorStore } from '../apps/server/src/ingest/store/collector-store.ts';
import { Tracker } from '../apps/server/src/ingest/tracker/tracker.ts';
import { dropTestSchema, newTestSchemaName, TEST_POSTGRES_URL } from '../apps/server/src/test/test-postgres.ts';
import type { HealthResponse } from '../packages/contract/src/index.ts';
import { startFeedProcess, startServerProcess, type ServerProcess } from '../scripts/lib/server-process.ts';
import { benchApiLatency, discoverEndpoints, pathsOf, CONNECTIONS } from './api-latency.bench.ts';
import { World } from './collector-world.ts';
import type { Figure } from './figures.ts';
import { BENCH_SEED, generateHistoryFile } from './history-database.ts';
import type { LoadGenerator } from './load-generator.ts';
import { seedProfiles, serveDataset } from './served-dataset.ts';
import { RAW_SESSION_COLUMN_TYPES, RAW_SESSION_COLUMNS, rawSessionRows } from './raw-insert-floor.ts';
import { percentile } from './statistics.ts';

/**
 * Issue 21's figures on PostgreSQL (`--only=postgres`; the machine's PostgreSQL at TEST_DATABASE_URL, each part in a
 * schema of its own, dropped afterwards): the same lines as on SQLite, suffixed `_postgres`:
 * 1. the poll cycle of 100 servers × 32 players through tracker and store, beside its floor on the same connection
 *    (the same players as plain rows of a table as wide as the sessions, in one statement and one transaction);
 * 2. bytes per player-poll after 2,400 polls of 25 full servers (every table and index, after VACUUM FULL);
 * 3. history generation, server-days per second, into PostgreSQL and into SQLite in the same run;
 * 4. the API's p95 and ratios on the served dataset copied into PostgreSQL (the server's collector writing there);
 * 5. failover: two instances, the collecting one killed, until the other's first poll;
 * 6. throughput of the pages' calls with one instance and with two, on the same database.
 */

const CYCLE_WORLD = { servers: 100, playersPerServer: 32 };
const WARM_UP_CYCLES = 50;
const TIMED_CYCLES = 200;
const SIZE_WORLD = { servers: 25, playersPerServer: 32 };
const SIZE_CYCLES = 2_400;
const GENERATION_DAYS = 1;
const FAILOVER_RUNS = 3;
const FAILOVER_POLL_INTERVAL_SECONDS = 2;
const THROUGHPUT_REQUESTS = 6_000;

async function inSchema<T>(work: (schema: string) => Promise<T>): Promise<T> {
  const schema = newTestSchemaName();
  try {
    return await work(schema);
  } finally {
    await dropTestSchema(schema);
  }
}

/** A fresh schema with Frontline's tables, and a synchronous connection to it (as the collector's worker has). */
async function openStore(schema: string): Promise<{ connection: SyncPostgresConnection; close: () => Promise<void> }> {
  const database = await openPostgresDatabase(TEST_POSTGRES_URL, { schema, maxConnections: 2 });
  const connection = openSyncPostgresConnection(TEST_POSTGRES_URL, schema);
  return {
    connection,
    close: async () => {
      connection.close();
      await database.close();
    },
  };
}

const humanPlayers = (poll: GamePoll) =>
  poll.ok ? poll.servers.reduce((sum, server) => sum + server.players.filter((p) => !isBot(p)).length, 0) : 0;

/** 1. The poll cycle, each followed by its floor. */
async function benchPollCycle(): Promise<Figure[]> {
  return inSchema(async (schema) => {
    const { connection, close } = await openStore(schema);
    try {
      // The floor's table, as wide as the sessions (raw-insert-floor.ts), keyed by the store as its others.
      connection.exec(
        toPostgresDdl(
          `create table bench_raw_sessions (row_id integer primary key, ${RAW_SESSION_COLUMN_TYPES.join(', ')})`,
        ),
      );
      const floorInsert = prepareRowsInsert(connection, {
        table: 'bench_raw_sessions',
        columns: RAW_SESSION_COLUMNS,
        key: ['round_key', 'player_index'],
        onConflict: { sql: '', keep: 'last' },
      });
      const store = createCollectorStore(connection);
      const tracker = new Tracker();
      const world = new World(CYCLE_WORLD);
      const cycleMs: number[] = [];
      const floorMs: number[] = [];
      const closingPerRound: number[] = [];
      for (let cycle = 0; cycle < WARM_UP_CYCLES + TIMED_CYCLES; cycle += 1) {
        const poll = world.nextPoll();
        const started = performance.now();
        const { batch } = tracker.ingest(poll);
        store.applyBatches([batch]);
        cycleMs.push(performance.now() - started);
        const closing = performance.now();
        store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
        if (batch.roundsClosed.length > 0) {
          closingPerRound.push((performance.now() - closing) / batch.roundsClosed.length);
        }
        if (!poll.ok) continue;
        const floorStarted = performance.now();
        const rows = rawSessionRows(poll);
        connection.exec('begin');
        floorInsert.write(rows);
        connection.exec('commit');
        floorMs.push(performance.now() - floorStarted);
        connection.exec('truncate bench_raw_sessions');
      }
      const timed = cycleMs.slice(WARM_UP_CYCLES);
      const floorTimed = floorMs.slice(WARM_UP_CYCLES);
      const median = percentile(timed, 0.5);
      const floor = percentile(floorTimed, 0.5);
      return [
        { name: 'poll_cycle_ms_100x32_postgres', value: median, unit: 'ms', note: `median of ${TIMED_CYCLES} cycles` },
        { name: 'poll_cycle_ms_100x32_postgres_p95', value: percentile(timed, 0.95), unit: 'ms' },
        {
          name: 'round_closed_ms_per_round_postgres',
          value: percentile(closingPerRound, 0.5),
          unit: 'ms',
          note: 'median over the cycles that closed rounds of the round-closed step divided by its rounds',
        },
        {
          name: 'raw_insert_ms_3200_rows_postgres',
          value: floor,
          unit: 'ms',
          note: 'the same players as plain rows in one statement and one transaction, on the same connection',
        },
        {
          name: 'poll_cycle_ratio_to_raw_insert_postgres',
          value: median / floor,
          unit: '×',
          budget: 3,
          note: 'poll_cycle_ms_100x32_postgres median / raw_insert_ms_3200_rows_postgres median, same run',
        },
      ];
    } finally {
      await close();
    }
  });
}

/** 2. Bytes per player-poll: every table and index of the schema after VACUUM FULL. */
async function benchBytes(): Promise<Figure[]> {
  return inSchema(async (schema) => {
    const { connection, close } = await openStore(schema);
    try {
      const store = createCollectorStore(connection);
      const tracker = new Tracker();
      const world = new World(SIZE_WORLD);
      let playerPolls = 0;
      for (let cycle = 0; cycle < SIZE_CYCLES; cycle += 1) {
        const poll = world.nextPoll();
        playerPolls += humanPlayers(poll);
        store.applyBatches([tracker.ingest(poll).batch]);
        store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
      }
      connection.exec('vacuum full');
      const size = connection
        .prepare(
          `select sum(pg_total_relation_size(c.oid)) as bytes from pg_class c
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = ? and c.relkind = 'r'`,
        )
        .get(schema) as { bytes: number };
      return [
        {
          name: 'bytes_per_player_poll_synthetic_postgres',
          value: size.bytes / playerPolls,
          unit: 'bytes',
          note: `${(size.bytes / 1024 / 1024).toFixed(1)} MiB for ${playerPolls.toLocaleString('en')} player-polls (25 full servers, 2,400 polls), tables, indexes and TOAST after VACUUM FULL`,
        },
      ];
    } finally {
      await close();
    }
  });
}

/** 3. History generation into PostgreSQL, and into an in-memory SQLite database in the same run for the ratio. */
async function benchGenerationOnBoth(): Promise<Figure[]> {
  const options = { seed: BENCH_SEED, endMs: Date.parse('2026-01-09T21:00:00Z'), days: GENERATION_DAYS };
  useSqlDialect('sqlite');
  const sqlite = await openDatabase(IN_MEMORY);
  let onSqlite: number;
  try {
    const result = generateHistory({ ...options, sqlite: sqlite.sqlite });
    onSqlite = result.serverDays / result.seconds;
  } finally {
    await sqlite.close();
  }
  const onPostgres = await inSchema(async (schema) => {
    const { connection, close } = await openStore(schema);
    try {
      const result = generateHistory({ ...options, sqlite: connection });
      return result.serverDays / result.seconds;
    } finally {
      await close();
    }
  });
  return [
    {
      name: 'generation_server_days_per_s_postgres',
      value: onPostgres,
      unit: 'server-days/s',
      note: `${GENERATION_DAYS} day of the demo world, every game, through the tracker and store into PostgreSQL`,
    },
    {
      name: 'generation_ratio_postgres_to_sqlite',
      value: onPostgres / onSqlite,
      unit: '×',
      note: `the same history into an in-memory SQLite database in the same run: ${onSqlite.toFixed(1)} server-days/s`,
    },
  ];
}

/** The served dataset (the month's when generated in this run, else a day) copied into a schema of its own. */
async function copyDataset(databasePath: string, schema: string): Promise<void> {
  useSqlDialect('sqlite');
  if (!existsSync(databasePath)) await generateHistoryFile(databasePath, 1, { endMs: Date.now() });
  await seedProfiles(databasePath);
  const source = await openDatabase(databasePath);
  try {
    const target = await openPostgresDatabase(TEST_POSTGRES_URL, { schema, maxConnections: 4 });
    try {
      const started = performance.now();
      await copySqliteToPostgres(source.sqlite, target.db);
      console.log(
        `  copied the served dataset into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** 4 and 6. The API's p95s on PostgreSQL, and the throughput of the pages' calls with one instance and with two. */
async function benchServed(load: LoadGenerator, databasePath: string): Promise<Figure[]> {
  return inSchema(async (schema) => {
    await copyDataset(databasePath, schema);
    const postgresEnv = { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema };
    const server = await serveDataset(databasePath, { days: 1, env: postgresEnv });
    try {
      const figures = (await benchApiLatency(load, server.url)).map((figure) => ({
        ...figure,
        name: `${figure.name}_postgres`,
      }));
      const endpoints = (await discoverEndpoints(server.url)).filter((endpoint) => endpoint.name !== 'health_baseline');
      const perEndpoint = Math.ceil(THROUGHPUT_REQUESTS / endpoints.length);
      // Every call of the pages in turn, the same mix for each instance (each warmed up on it first).
      const mix = Array.from({ length: perEndpoint }, (_, index) =>
        endpoints.map((endpoint) => pathsOf(endpoint, 1, index)[0] ?? endpoint.path),
      ).flat();
      let failures = 0;
      const throughput = async (targets: string[]) => {
        const started = performance.now();
        const results = await Promise.all(
          targets.map((baseUrl) =>
            load.run({ kind: 'closed', baseUrl, paths: mix, connections: CONNECTIONS / targets.length }),
          ),
        );
        const seconds = (performance.now() - started) / 1000;
        failures += results.reduce((sum, result) => sum + result.failures, 0);
        const answered = results.reduce((sum, result) => sum + result.latencies.length - result.failures, 0);
        return answered / seconds;
      };
      await throughput([server.url]);
      const one = await throughput([server.url]);
      const second = await startServerProcess({
        ...postgresEnv,
        ROLE: 'web',
        NODE_ENV: 'production',
        RATE_LIMIT_READS_PER_MINUTE: '0',
      });
      let two: number;
      try {
        await throughput([second.url]);
        two = await throughput([server.url, second.url]);
      } finally {
        await second.stop();
      }
      figures.push(
        {
          name: 'api_rps_one_instance_postgres',
          value: one,
          unit: 'requests/s',
          note: `${CONNECTIONS} clients in a closed loop over every page call (${endpoints.length} calls, ${mix.length} requests), one instance; failed requests over all runs: ${failures}`,
        },
        {
          name: 'api_rps_two_instances_postgres',
          value: two,
          unit: 'requests/s',
          note: `the same ${CONNECTIONS} clients, half on each of two instances on the same database, each asking the whole mix`,
        },
        {
          name: 'api_rps_ratio_two_to_one_instance_postgres',
          value: two / one,
          unit: '×',
          note: 'on this 2-core machine the two instances, PostgreSQL and the load generator share the same cores',
        },
      );
      return figures;
    } finally {
      await server.stop();
    }
  });
}

export async function benchPostgres(load: LoadGenerator, servedDatabasePath: string): Promise<Figure[]> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  await client.end();
  console.log(`
PostgreSQL ${version} at ${TEST_POSTGRES_URL}`);
  try {
    useSqlDialect('postgres');
    const figures = [...(await benchPollCycle()), ...(await benchBytes())];
    figures.push(...(await benchGenerationOnBoth()));
    figures.push(...(await benchServed(load, servedDatabasePath)));
    figures.push(...(await benchFailover()));
    return figures;
  } finally {
    useSqlDialect('sqlite');
  }
}

async function health(server: ServerProcess): Promise<HealthResponse> {
  return (await fetch(`${server.url}/stats/health`)).json() as Promise<HealthResponse>;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000) {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > giveUpAt) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** 5. Failover: the collecting instance killed, until the standby's first poll. */
async function benchFailover(): Promise<Figure[]> {
  const emulatorMain = new URL('../apps/server/src/emulator/main.ts', import.meta.url).pathname;
  const emulator = await startFeedProcess([emulatorMain, '--port', '0', '--seed', String(BENCH_SEED)]);
  const failovers: number[] = [];
  try {
    for (let run = 0; run < FAILOVER_RUNS; run += 1) {
      await inSchema(async (schema) => {
        const env = {
          DATABASE_URL: TEST_POSTGRES_URL,
          DATABASE_SCHEMA: schema,
          COLLECTOR_ENABLED: 'true',
          BFLIST_BASE_URL: emulator.url,
          POLL_INTERVAL_SECONDS: String(FAILOVER_POLL_INTERVAL_SECONDS),
        };
        const leader = await startServerProcess(env);
        const standby = await startServerProcess(env).catch(async (error: unknown) => {
          await leader.stop();
          throw error;
        });
        try {
          await until(
            () => health(leader),
            (h) => (h.collector.games[0]?.lastGoodPollAt ?? null) !== null,
            'a poll',
          );
          await until(
            () => health(standby),
            (h) => h.collector.status === 'standby',
            'the standby',
          );
          const killedAt = Date.now();
          leader.process.kill('SIGKILL');
          const took = await until(
            () => health(standby),
            (h) => h.collector.games.some((game) => Date.parse(game.lastGoodPollAt ?? '') > killedAt),
            'the takeover',
          );
          const firstPoll = Math.min(
            ...took.collector.games.map((game) => Date.parse(game.lastGoodPollAt ?? '') || Number.POSITIVE_INFINITY),
          );
          failovers.push(firstPoll - killedAt);
        } finally {
          await Promise.all([leader.stop(), standby.stop()]);
        }
      });
    }
  } finally {
    await emulator.stop();
  }
  return [
    {
      name: 'failover_ms_postgres',
      value: percentile(failovers, 0.5),
      unit: 'ms',
      budget: 2 * FAILOVER_POLL_INTERVAL_SECONDS * 1000,
      note: `median of ${FAILOVER_RUNS} kills (${failovers.map((ms) => ms.toFixed(0)).join(', ')} ms): from SIGKILL of the collecting instance to the standby's first good poll, ${FAILOVER_POLL_INTERVAL_SECONDS} s interval (budget: two intervals)`,
    },
  ];
}
