import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  type QueryResult,
  type SchemaMetadata,
  type TableMetadata,
  type TransactionSettings,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { POSTGRES_EPOCH_FUNCTION, useSqlDialect } from '../dialect.ts';
import { migrationProvider } from '../migrations/index.ts';
import type { DatabaseSchema } from '../schema.ts';
import { postgresConnectionConfig } from './postgres-connection.ts';
import { toPostgresDdl } from './postgres-ddl.ts';

/**
 * Frontline on PostgreSQL (`DATABASE_URL=postgres://…`, issue 21): a pool of connections to one schema, values read
 * back as SQLite gives them (64-bit integers and sums as numbers, not strings), and the schema brought up to date by
 * the same list of migrations as SQLite's, translated (postgres-ddl.ts). Several instances may start at once:
 * Kysely's migrator holds an advisory lock while it migrates.
 */

export interface PostgresDatabase {
  db: Kysely<DatabaseSchema>;
  /** The schema every connection works in (`search_path`). */
  schema: string;
  close: () => Promise<void>;
}

function createPool(url: string, schema: string, max: number): pg.Pool {
  return new pg.Pool({ ...postgresConnectionConfig(url, schema, 'pool'), max });
}

/**
 * Connects to the database at `url`, in `schema` (created if missing; `public` by default), and migrates it to
 * the latest schema. From then on this process speaks PostgreSQL (db/dialect.ts: one process, one store).
 */
export async function openPostgresDatabase(
  url: string,
  { schema = 'public', maxConnections = 10 }: { schema?: string; maxConnections?: number } = {},
): Promise<PostgresDatabase> {
  useSqlDialect('postgres');
  const pool = createPool(url, schema, maxConnections);
  try {
    await pool.query(`create schema if not exists ${schema}`);
    await pool.query(POSTGRES_EPOCH_FUNCTION);
    await migrateToLatest(url, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  // The cursor lets a long read come in chunks (the copy's verification reads every row of a year).
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return { db, schema, close: () => db.destroy() };
}

async function migrateToLatest(url: string, schema: string): Promise<void> {
  const db = new Kysely<DatabaseSchema>({
    dialect: new TranslatingPostgresDialect(createPool(url, schema, 1), schema),
  });
  try {
    // Its bookkeeping in the schema too: Kysely would otherwise take another schema's tables for its own.
    const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`Database migration ${failed} failed on PostgreSQL`, { cause: error });
    }
  } finally {
    await db.destroy();
  }
}

/**
 * PostgreSQL's dialect whose every statement is translated from the migrations' SQLite (postgres-ddl.ts), and whose
 * catalogue is its own schema's.
 */
class TranslatingPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(pool: pg.Pool, schema: string) {
    super({ pool });
    this.#schema = schema;
  }

  override createDriver(): Driver {
    return new TranslatingDriver(super.createDriver());
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.#schema);
  }
}

/**
 * What the migrator asks of the catalogue (does its schema exist, are its tables there), answered for its own schema
 * alone. Kysely's own introspector reads every column of every schema's tables and calls functions on each schema's
 * name: with a schema per test and files run side by side, a schema another test dropped meanwhile failed that
 * query ("schema … does not exist"), and a database holding many schemas made every start-up read all of them.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.#schema}`.execute(this.#db);
    return rows;
  }

  /** The schema's tables by name (the migrator needs no columns). */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = ${this.#schema}`.execute(this.#db);
    return rows.map(({ name }) => ({ name, schema: this.#schema, isView: false, isForeign: false, columns: [] }));
  }
}

class TranslatingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;

  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }

  executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    return this.inner.executeQuery(CompiledQuery.raw(toPostgresDdl(query.sql), [...query.parameters]));
  }

  streamQuery<Row>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<Row>> {
    return this.inner.streamQuery(CompiledQuery.raw(toPostgresDdl(query.sql), [...query.parameters]), chunkSize);
  }
}

/** The driver's own work on the connection it made; the statements go through the translation. */
class TranslatingDriver implements Driver {
  readonly #driver: Driver;

  constructor(driver: Driver) {
    this.#driver = driver;
  }

  init(): Promise<void> {
    return this.#driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TranslatingConnection(await this.#driver.acquireConnection());
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#driver.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#driver.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#driver.rollbackTransaction(innerOf(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#driver.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.#driver.destroy();
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof TranslatingConnection ? connection.inner : connection;
}
