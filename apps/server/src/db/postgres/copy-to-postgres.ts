import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.ts';

/**
 * Copies a SQLite database into an empty PostgreSQL schema migrated to the same version (`npm run
 * migrate-to-postgres`, issue 21), then checks that every table holds the same rows: the same count, and the same
 * checksum of every value of every row in key order (text keys sort byte by byte on both stores, decision 0022).
 * The copy is one transaction: a failure leaves the target as empty as it was.
 */

export interface CopyProgress {
  table: string;
  copiedRows: number;
  totalRows: number;
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
}

export interface SqliteTable {
  name: string;
  columns: string[];
  /** The primary key's columns, in the key's order (empty for a table without one). */
  key: string[];
  /** The column the store numbers itself (SQLite's row id alias, PostgreSQL's identity), if any. */
  numberedColumn: string | undefined;
}

/** PostgreSQL takes at most 65,535 parameters in a statement; a batch stays well under. */
const MAX_PARAMETERS_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The tables Frontline keeps (not the migrator's own bookkeeping), parents before the tables that refer to them. */
export function sqliteTables(source: DatabaseSync): SqliteTable[] {
  const rows = source
    .prepare(
      `select name, sql from sqlite_master where type = 'table'
       and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\' order by name`,
    )
    .all() as { name: string; sql: string }[];
  const shapes = new Map<string, SqliteTable>();
  const parents = new Map<string, string[]>();
  for (const { name, sql } of rows) {
    const info = source.prepare(`pragma table_info(${quote(name)})`).all() as {
      name: string;
      type: string;
      pk: number;
    }[];
    const key = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const single = key.length === 1 ? info.find((column) => column.name === key[0]) : undefined;
    shapes.set(name, {
      name,
      columns: info.map((column) => column.name),
      key,
      numberedColumn:
        single && single.type.toLowerCase() === 'integer' && !/without\s+rowid/i.test(sql) ? single.name : undefined,
    });
    const references = source.prepare(`pragma foreign_key_list(${quote(name)})`).all() as { table: string }[];
    parents.set(
      name,
      references.map((reference) => reference.table),
    );
  }
  const ordered: SqliteTable[] = [];
  const placed = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    const shape = shapes.get(name);
    if (shape) ordered.push(shape);
  };
  for (const name of shapes.keys()) place(name);
  return ordered;
}

/** A value as PostgreSQL's driver takes it: node:sqlite's blobs are Uint8Arrays, pg's are Buffers. */
function toPostgresValue(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value;
}

async function countRows(target: Kysely<DatabaseSchema>, table: string): Promise<number> {
  const { rows } = await target.executeQuery<{ n: number }>(
    CompiledQuery.raw(`select count(*) as n from ${quote(table)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Copies every row of `source` into `target` (a schema migrated to the same version, with no rows but the
 * migrations' own app_meta row, which the source's replace). Refuses a target that holds rows.
 */
export async function copySqliteToPostgres(
  source: DatabaseSync,
  target: Kysely<DatabaseSchema>,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<void> {
  const tables = sqliteTables(source);
  for (const table of tables) {
    if (table.name !== 'app_meta' && (await countRows(target, table.name)) > 0) {
      throw new Error(`the target already holds rows in ${table.name}: copy into an empty database or schema`);
    }
  }
  const totalRows = tables.reduce(
    (sum, table) =>
      sum + Number((source.prepare(`select count(*) as n from ${quote(table.name)}`).get() as { n: number }).n),
    0,
  );
  let copiedRows = 0;

  await target.transaction().execute(async (transaction) => {
    await transaction.executeQuery(CompiledQuery.raw('delete from app_meta'));
    for (const table of tables) {
      const columnList = table.columns.map(quote).join(', ');
      const rowsPerInsert = Math.max(
        1,
        Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS_PER_INSERT / table.columns.length)),
      );
      let batch: unknown[] = [];
      let batchRows = 0;
      const flush = async () => {
        if (batchRows === 0) return;
        const placeholders = Array.from(
          { length: batchRows },
          (_, row) =>
            `(${table.columns.map((_column, index) => `$${row * table.columns.length + index + 1}`).join(', ')})`,
        ).join(', ');
        await transaction.executeQuery(
          CompiledQuery.raw(`insert into ${quote(table.name)} (${columnList}) values ${placeholders}`, batch),
        );
        copiedRows += batchRows;
        onProgress({ table: table.name, copiedRows, totalRows });
        batch = [];
        batchRows = 0;
      };
      const rows = source.prepare(`select ${columnList} from ${quote(table.name)}`).iterate() as Iterable<
        Record<string, unknown>
      >;
      for (const row of rows) {
        for (const column of table.columns) batch.push(toPostgresValue(row[column]));
        batchRows += 1;
        if (batchRows === rowsPerInsert) await flush();
      }
      await flush();
      // The next row the store numbers itself follows the copied ones.
      if (table.numberedColumn) {
        const column = quote(table.numberedColumn);
        await transaction.executeQuery(
          CompiledQuery.raw(
            `select setval(pg_get_serial_sequence('${quote(table.name)}', '${table.numberedColumn}'),
               coalesce((select max(${column}) from ${quote(table.name)}), 0) + 1, false)`,
          ),
        );
      }
    }
  });
}

/** One value in the checksum: its kind and its exact text (blobs in hex), so 1 and '1' differ. */
function checksumPart(value: unknown): string {
  if (value === null || value === undefined) return 'N';
  if (typeof value === 'number' || typeof value === 'bigint') return `n${String(value)}`;
  if (typeof value === 'string') return `s${value.length}:${value}`;
  if (value instanceof Uint8Array) return `b${Buffer.from(value).toString('hex')}`;
  throw new Error(`a value of an unexpected kind: ${typeof value}`);
}

function newChecksum() {
  const hash = createHash('sha256');
  return {
    add(row: Record<string, unknown>, columns: string[]) {
      hash.update(columns.map((column) => checksumPart(row[column])).join('|'));
      hash.update('\n');
    },
    digest: () => hash.digest('hex'),
  };
}

/** Each table's row count and checksum on both sides (every value of every row, in key order). */
export async function verifyCopy(source: DatabaseSync, target: Kysely<DatabaseSchema>): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of sqliteTables(source)) {
    const columnList = table.columns.map(quote).join(', ');
    // In key order (a table without a key: in the order of all its columns), the same on both stores.
    const order = (table.key.length > 0 ? table.key : table.columns).map(quote).join(', ');
    const query = `select ${columnList} from ${quote(table.name)} order by ${order}`;
    const sourceSum = newChecksum();
    let sourceRows = 0;
    for (const row of source.prepare(query).iterate() as Iterable<Record<string, unknown>>) {
      sourceSum.add(row, table.columns);
      sourceRows += 1;
    }
    const targetSum = newChecksum();
    let targetRows = 0;
    for await (const result of target.getExecutor().stream(CompiledQuery.raw(query), 5_000)) {
      for (const row of result.rows as Record<string, unknown>[]) {
        targetSum.add(row, table.columns);
        targetRows += 1;
      }
    }
    checks.push({
      table: table.name,
      sourceRows,
      targetRows,
      sourceChecksum: sourceSum.digest(),
      targetChecksum: targetSum.digest(),
    });
  }
  return checks;
}
