import type { SQLInputValue } from 'node:sqlite';
import { sqlDialect } from './dialect.ts';
import type { SyncConnection } from './sync-connection.ts';

/**
 * Many rows written with one statement shape: inserted (`prepareRowsInsert`; a row whose key is stored already does
 * what its shape says), or updated by key (`prepareRowsUpdate`, further down). These are the collector's writes of a
 * poll cycle (a hundred servers, three thousand sessions), and the one difference between the stores is how the
 * rows travel:
 * - SQLite: a prepared one-row statement run per row, the fastest way in-process (no round trip). A row that
 *   replaces stored columns is first updated by its key and inserted only when no row changed: nearly every
 *   session of a poll exists already (a 100 × 32 cycle took 15.0 ms so, 16.8 ms with an upsert).
 * - PostgreSQL: every row in one statement, as a JSON array the server turns into rows of the table's own type
 *   (`json_populate_recordset`), so a cycle's sessions are one round trip, not thousands, and the statement's text
 *   is the same whatever the number of rows (prepared once).
 *
 * A key given twice in one call: PostgreSQL refuses an upsert that meets the same row twice, so only one of them is
 * sent, the one whose effect SQLite's row-by-row run ends with: the last where a conflict updates the row, the first
 * where it does nothing. A conflict that adds to the row (counts) needs its rows summed first.
 */

export interface RowsWrite {
  write: (rows: readonly (readonly SQLInputValue[])[]) => void;
}

export interface RowsInsertShape {
  table: string;
  columns: readonly string[];
  /** The columns that identify a row (the conflict target). */
  key: readonly string[];
  /**
   * A stored row's columns that a new row with its key replaces; or the conflict clause itself (`on conflict … do
   * …`) and which row of a key given twice in one call takes effect: 'last' for `do update`, 'first' for `do nothing`.
   */
  onConflict: { replace: readonly string[] } | { sql: string; keep: 'first' | 'last' };
}

export function prepareRowsInsert(connection: SyncConnection, shape: RowsInsertShape): RowsWrite {
  const { table, columns, key, onConflict } = shape;
  const columnList = columns.join(', ');
  const indexesOf = (names: readonly string[]) =>
    names.map((name) => {
      const index = columns.indexOf(name);
      if (index < 0) throw new Error(`${name} is not one of the columns written to ${table}`);
      return index;
    });
  const keyIndexes = indexesOf(key);

  if (sqlDialect() === 'sqlite') {
    const insert = connection.prepare(
      `insert into ${table} (${columnList}) values (${columns.map(() => '?').join(', ')})
      ${'sql' in onConflict ? onConflict.sql : ''}`,
    );
    if ('sql' in onConflict) return { write: (rows) => rows.forEach((row) => insert.run(...row)) };
    const updateIndexes = [...indexesOf(onConflict.replace), ...keyIndexes];
    const update = connection.prepare(
      `update ${table} set ${onConflict.replace.map((column) => `${column} = ?`).join(', ')}
      where ${key.map((column) => `${column} = ?`).join(' and ')}`,
    );
    return {
      write(rows) {
        for (const row of rows) {
          if (update.run(...updateIndexes.map((index) => row[index] ?? null)).changes === 0) insert.run(...row);
        }
      },
    };
  }

  const conflict =
    'sql' in onConflict
      ? onConflict.sql
      : `on conflict (${key.join(', ')}) do update set ${onConflict.replace
          .map((column) => `${column} = excluded.${column}`)
          .join(', ')}`;
  const keep = 'sql' in onConflict ? onConflict.keep : 'last';
  const statement = connection.prepare(`insert into ${table} (${columnList})
    select ${columnList} from json_populate_recordset(null::${table}, ?) ${conflict}`);
  return {
    write(rows) {
      if (rows.length === 0) return;
      statement.run(jsonRecords(rows, columns, keyIndexes, keep));
    },
  };
}

export interface RowsUpdateShape {
  table: string;
  /** The columns each row sets, then the key's columns that find its row: a row's values in that order. */
  set: readonly string[];
  key: readonly string[];
}

/**
 * Many rows' columns set by their key (the sessions whose activity changed in a cycle, hundreds with players
 * coming and going): on SQLite one prepared update per row, on PostgreSQL one statement over a JSON array of the
 * rows (`update … from json_populate_recordset(…)`), the last row of a key given twice taking effect on both.
 */
export function prepareRowsUpdate(connection: SyncConnection, shape: RowsUpdateShape): RowsWrite {
  const { table, set, key } = shape;
  if (sqlDialect() === 'sqlite') {
    const update = connection.prepare(
      `update ${table} set ${set.map((column) => `${column} = ?`).join(', ')}
      where ${key.map((column) => `${column} = ?`).join(' and ')}`,
    );
    return { write: (rows) => rows.forEach((row) => update.run(...row)) };
  }
  const columns = [...set, ...key];
  const keyIndexes = key.map((_, index) => set.length + index);
  const update =
    connection.prepare(`update ${table} set ${set.map((column) => `${column} = changed.${column}`).join(', ')}
    from json_populate_recordset(null::${table}, ?) as changed
    where ${key.map((column) => `${table}.${column} = changed.${column}`).join(' and ')}`);
  return {
    write(rows) {
      if (rows.length === 0) return;
      update.run(jsonRecords(rows, columns, keyIndexes, 'last'));
    },
  };
}

/** The rows as the JSON array json_populate_recordset reads: objects by column name, one per key. */
function jsonRecords(
  rows: readonly (readonly SQLInputValue[])[],
  columns: readonly string[],
  keyIndexes: readonly number[],
  keep: 'first' | 'last',
): string {
  const records = oneRowPerKey(rows, keyIndexes, keep).map((row) =>
    Object.fromEntries(columns.map((column, index) => [column, jsonValue(row[index])])),
  );
  return JSON.stringify(records);
}

function oneRowPerKey<Row extends readonly SQLInputValue[]>(
  rows: readonly Row[],
  keyIndexes: readonly number[],
  keep: 'first' | 'last',
): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const id = keyIndexes.map((index) => keyPart(row[index])).join('\u0000');
    if (keep === 'first' && byKey.has(id)) continue;
    byKey.set(id, row);
  }
  return byKey.size === rows.length ? [...rows] : [...byKey.values()];
}

const hexOf = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('hex');

function keyPart(value: SQLInputValue | undefined): string {
  return typeof value === 'object' && value !== null ? hexOf(value) : String(value);
}

/** A value as json_populate_recordset reads it into its column: bytea from its hex text form. */
function jsonValue(value: SQLInputValue | undefined): unknown {
  if (typeof value === 'object' && value !== null) return `\\x${hexOf(value)}`;
  return typeof value === 'bigint' ? Number(value) : value;
}
