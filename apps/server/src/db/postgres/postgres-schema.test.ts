import type { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropTestSchema,
  isTestPostgresReachable,
  newTestSchemaName,
  TEST_POSTGRES_URL,
} from '../../test/test-postgres.ts';
import { IN_MEMORY, openDatabase } from '../database.ts';
import { useSqlDialect } from '../dialect.ts';
import { sqliteTables } from './copy-to-postgres.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { toPostgresDdl } from './postgres-ddl.ts';

// Issue 21: "Migrations for both dialects from one list, tested to produce equivalent schemas". The one list of
// migrations (written in SQLite's SQL) is applied to an empty SQLite database and to an empty PostgreSQL schema, and
// both are described the same way (Kysely's own bookkeeping of the applied migrations left out): every table's columns (type, not null, default, key, numbered by the store), and
// every index by its table, columns or expressions in order, direction, uniqueness and whether it is partial.

interface Column {
  name: string;
  type: 'integer' | 'text' | 'real' | 'blob';
  notNull: boolean;
  default: string | null;
  /** A key the store numbers itself when a row gives none (SQLite's row id, PostgreSQL's identity). */
  autoNumbered: boolean;
}

interface Table {
  columns: Column[];
  primaryKey: string[];
  /** Unique constraints and indexes and plain indexes alike, described without their names (see indexKey). */
  indexes: string[];
  /** The names of the indexes created by name (not those behind a key or a unique constraint). */
  namedIndexes: string[];
}

type Schema = Record<string, Table>;

/** An index as `unique? partial? (column, column desc, <expression>)`: what it holds and how, not its name. */
function indexKey(unique: boolean, partial: boolean, parts: string[]): string {
  return `${unique ? 'unique ' : ''}${partial ? 'partial ' : ''}(${parts.join(', ')})`;
}

/** Both stores' defaults as plain literals: PostgreSQL adds a cast (`'x'::text`, `0`). */
function plainDefault(value: string | null): string | null {
  return value === null ? null : value.replace(/::[a-z ]+$/i, '');
}

function describeSqlite(sqlite: DatabaseSync): Schema {
  const schema: Schema = {};
  // The tables, keys and self-numbered columns as the copy reads them; types, defaults and indexes from SQLite here.
  for (const { name: table, key: primaryKey, numberedColumn } of sqliteTables(sqlite)) {
    const info = sqlite.prepare(`pragma table_info(${JSON.stringify(table)})`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
    }[];
    const columns = info.map((column) => ({
      name: column.name,
      type: column.type.toLowerCase() as Column['type'],
      notNull: column.notnull === 1 || primaryKey.includes(column.name),
      default: plainDefault(column.dflt_value),
      autoNumbered: column.name === numberedColumn,
    }));
    const indexes: string[] = [];
    const namedIndexes: string[] = [];
    const list = sqlite.prepare(`pragma index_list(${JSON.stringify(table)})`).all() as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    for (const index of list) {
      if (index.origin === 'pk') continue;
      const parts = (
        sqlite.prepare(`pragma index_xinfo(${JSON.stringify(index.name)})`).all() as {
          cid: number;
          name: string | null;
          desc: number;
          key: number;
        }[]
      )
        .filter((part) => part.key === 1)
        .map((part) => `${part.cid === -2 ? '<expression>' : part.name}${part.desc ? ' desc' : ''}`);
      indexes.push(indexKey(index.unique === 1, index.partial === 1, parts));
      if (index.origin === 'c') namedIndexes.push(index.name);
    }
    schema[table] = { columns, primaryKey, indexes: indexes.sort(), namedIndexes: namedIndexes.sort() };
  }
  return schema;
}

const POSTGRES_TYPES: Record<string, Column['type']> = {
  bigint: 'integer',
  text: 'text',
  'double precision': 'real',
  bytea: 'blob',
};

async function describePostgres(client: pg.Client, schemaName: string): Promise<Schema> {
  const schema: Schema = {};
  const { rows: columns } = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    collation_name: string | null;
  }>(
    `select table_name, column_name, data_type, is_nullable, column_default, is_identity, collation_name
     from information_schema.columns where table_schema = $1 and table_name not like 'kysely\\_%'
     order by table_name, ordinal_position`,
    [schemaName],
  );
  for (const column of columns) {
    const type = POSTGRES_TYPES[column.data_type];
    if (!type) throw new Error(`${column.table_name}.${column.column_name}: unexpected type ${column.data_type}`);
    // Text is compared byte by byte on both stores (postgres-ddl.ts).
    if (type === 'text') expect(column.collation_name, `${column.table_name}.${column.column_name}`).toBe('C');
    const table = (schema[column.table_name] ??= { columns: [], primaryKey: [], indexes: [], namedIndexes: [] });
    table.columns.push({
      name: column.column_name,
      type,
      notNull: column.is_nullable === 'NO',
      default: plainDefault(column.column_default),
      autoNumbered: column.is_identity === 'YES',
    });
  }
  const { rows: indexes } = await client.query<{
    table_name: string;
    index_name: string;
    is_primary: boolean;
    is_unique: boolean;
    is_partial: boolean;
    is_constraint: boolean;
    parts: string[];
  }>(
    `select t.relname as table_name, i.relname as index_name, x.indisprimary as is_primary,
            x.indisunique as is_unique, x.indpred is not null as is_partial,
            exists (select 1 from pg_constraint c where c.conindid = x.indexrelid) as is_constraint,
            array(
              select case when x.indkey[k] = 0 then '<expression>'
                          else (select attname from pg_attribute where attrelid = t.oid and attnum = x.indkey[k]) end
                     || case when x.indoption[k] & 1 = 1 then ' desc' else '' end
              from generate_subscripts(x.indkey, 1) as k order by k
            ) as parts
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = $1 and t.relname not like 'kysely\\_%'
     order by t.relname, i.relname`,
    [schemaName],
  );
  for (const index of indexes) {
    const table = schema[index.table_name];
    if (!table) throw new Error(`an index of an unknown table: ${index.table_name}`);
    if (index.is_primary) {
      table.primaryKey = index.parts;
      continue;
    }
    table.indexes.push(indexKey(index.is_unique, index.is_partial, index.parts));
    if (!index.is_constraint) table.namedIndexes.push(index.index_name);
  }
  for (const table of Object.values(schema)) {
    table.indexes.sort();
    table.namedIndexes.sort();
  }
  return schema;
}

const reachable = await isTestPostgresReachable();

describe.skipIf(!reachable)('the migrations on PostgreSQL', () => {
  const schemaName = newTestSchemaName();
  let sqliteSchema: Schema;
  let sqliteMigrations: string[];
  let postgresSchema: Schema;
  let client: pg.Client;

  beforeAll(async () => {
    const sqlite = await openDatabase(IN_MEMORY);
    sqliteSchema = describeSqlite(sqlite.sqlite);
    sqliteMigrations = (
      sqlite.sqlite.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    await sqlite.close();
    const postgres = await openPostgresDatabase(TEST_POSTGRES_URL, { schema: schemaName, maxConnections: 1 });
    await postgres.close();
    // Opening PostgreSQL made this process speak it (db/dialect.ts); the files after this one in the same worker
    // open SQLite.
    useSqlDialect('sqlite');
    client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    postgresSchema = await describePostgres(client, schemaName);
  });

  afterAll(async () => {
    await client?.end();
    await dropTestSchema(schemaName);
  });

  it('make the same tables, columns, keys and indexes as on SQLite', () => {
    expect(Object.keys(sqliteSchema).length).toBeGreaterThan(30);
    expect(postgresSchema).toEqual(sqliteSchema);
  });

  it('record every migration as applied, in the same order', async () => {
    const { rows } = await client.query<{ name: string }>(
      `select name from ${pg.escapeIdentifier(schemaName)}.kysely_migration order by name`,
    );
    expect(rows.map((row) => row.name)).toEqual(sqliteMigrations);
  });

  it('numbers a row id itself, and takes one given (as SQLite does)', async () => {
    const table = `${pg.escapeIdentifier(schemaName)}.users`;
    const insert = `insert into ${table} (email, name, created_at, last_logged_in) values ($1, 'n', 't', 't') returning id`;
    const first = await client.query<{ id: number }>(insert, ['a@example.com']);
    const second = await client.query<{ id: number }>(insert, ['b@example.com']);
    expect(Number(second.rows[0]?.id)).toBe(Number(first.rows[0]?.id) + 1);
  });

  it('sorts text byte by byte, as SQLite does (upper case before lower, ASCII before the rest)', async () => {
    const table = `${pg.escapeIdentifier(schemaName)}.players`;
    for (const name of ['b', 'B', 'a', 'Ärger', 'Zulu']) {
      await client.query(`insert into ${table} (player_name, first_seen) values ($1, 't')`, [name]);
    }
    const { rows } = await client.query<{ player_name: string }>(`select player_name from ${table} order by 1`);
    expect(rows.map((row) => row.player_name)).toEqual(['B', 'Zulu', 'a', 'b', 'Ärger']);
  });
});

describe('the translation of the migrations to PostgreSQL', () => {
  it('rewrites each SQLite-only word of a table definition, and nothing else', () => {
    expect(
      toPostgresDdl(`create table t (
        id integer primary key,
        n integer not null default 0,
        ratio real,
        data blob not null,
        name text not null
      ) without rowid`),
    ).toBe(`create table t (
        id bigint generated by default as identity primary key,
        n bigint not null default 0,
        ratio double precision,
        data bytea not null,
        name text collate "C" not null
      ) `);
    expect(toPostgresDdl('create table "users" ("id" integer primary key autoincrement, "email" text not null)')).toBe(
      'create table "users" ("id" bigint generated by default as identity primary key, "email" text collate "C" not null)',
    );
    expect(
      toPostgresDdl("insert into app_meta (key, value) values ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"),
    ).toBe(
      `insert into app_meta (key, value) values ('created_at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    );
    const untouched = "select round_key, 'text' from rounds where map_name = 'integer' order by round_key";
    expect(toPostgresDdl(untouched)).toBe(untouched);
  });
});
