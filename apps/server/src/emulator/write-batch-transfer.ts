import type { WriteBatch } from '../ingest/tracker/write-batch.ts';

/**
 * A write batch packed by columns, for handing to another thread. Posted as it is, a bulk batch of history
 * generation (thousands of sessions, a hundred thousand population samples and encoded polls) cost about as much
 * to copy as to write: the structured clone spells out every row's keys and clones each poll's bytes as a buffer
 * of its own. By columns, a column of numbers is one Float64Array, a column of strings its distinct values and an
 * index per row, a column of byte arrays one buffer and the end of each; anything else (nulls, flags, lists) stays
 * a plain array. Unpacking gives rows equal to the packed ones (the byte arrays as views of the one buffer).
 */

type Column =
  | { kind: 'numbers'; values: Float64Array<ArrayBuffer> }
  | { kind: 'strings'; distinct: string[]; indexes: Uint32Array<ArrayBuffer> }
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer>; ends: Uint32Array<ArrayBuffer> }
  | { kind: 'values'; values: unknown[] };

export interface PackedRows {
  count: number;
  keys: string[];
  columns: Column[];
}

export type PackedWriteBatch = Record<keyof WriteBatch, PackedRows>;

type Cells = readonly Record<string, unknown>[];

function plainColumn(rows: Cells, key: string): Column {
  return { kind: 'values', values: rows.map((row) => row[key]) };
}

function numberColumn(rows: Cells, key: string): Column {
  const values = new Float64Array(rows.length);
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]?.[key];
    if (typeof value !== 'number') return plainColumn(rows, key);
    values[row] = value;
  }
  return { kind: 'numbers', values };
}

function stringColumn(rows: Cells, key: string): Column {
  const indexOf = new Map<string, number>();
  const distinct: string[] = [];
  const indexes = new Uint32Array(rows.length);
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]?.[key];
    if (typeof value !== 'string') return plainColumn(rows, key);
    let index = indexOf.get(value);
    if (index === undefined) {
      index = distinct.length;
      distinct.push(value);
      indexOf.set(value, index);
    }
    indexes[row] = index;
  }
  return { kind: 'strings', distinct, indexes };
}

function bytesColumn(rows: Cells, key: string): Column {
  const ends = new Uint32Array(rows.length);
  let length = 0;
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]?.[key];
    if (!(value instanceof Uint8Array)) return plainColumn(rows, key);
    length += value.length;
    ends[row] = length;
  }
  const bytes = new Uint8Array(length);
  let start = 0;
  for (let row = 0; row < rows.length; row += 1) {
    bytes.set(rows[row]?.[key] as Uint8Array, start);
    start = ends[row] ?? start;
  }
  return { kind: 'bytes', bytes, ends };
}

/** Chosen by the first row's value; a column whose values turn out mixed (a number or null, say) stays plain. */
function packColumn(rows: Cells, key: string): Column {
  const first = rows[0]?.[key];
  if (typeof first === 'number') return numberColumn(rows, key);
  if (typeof first === 'string') return stringColumn(rows, key);
  if (first instanceof Uint8Array) return bytesColumn(rows, key);
  return plainColumn(rows, key);
}

/** Rows of one shape: every row has the first row's keys, as the tracker's row types require. */
export function packRows(rows: readonly object[]): PackedRows {
  const cells = rows as Cells;
  const first = cells[0];
  if (!first) return { count: 0, keys: [], columns: [] };
  const keys = Object.keys(first);
  return { count: rows.length, keys, columns: keys.map((key) => packColumn(cells, key)) };
}

/** A column's value of each row, indexable by row. */
function columnValues(column: Column): ArrayLike<unknown> {
  switch (column.kind) {
    case 'numbers':
    case 'values':
      return column.values;
    case 'strings':
      return Array.from(column.indexes, (index) => column.distinct[index]);
    case 'bytes': {
      const values = new Array<Uint8Array>(column.ends.length);
      let start = 0;
      column.ends.forEach((end, row) => {
        values[row] = column.bytes.subarray(start, end);
        start = end;
      });
      return values;
    }
  }
}

type RowMaker = (row: number) => object;

/**
 * Makes rows of one set of keys from its columns. Compiled once per set of keys into a function that returns an
 * object literal: rows then get one hidden class, built at once, where setting the keys one by one on an empty
 * object took three times as long (a third of the writer thread's time outside SQLite). The keys are the row
 * types' own property names, quoted as JSON strings.
 */
const rowMakers = new Map<string, (...columns: ArrayLike<unknown>[]) => RowMaker>();
function rowMakerOf(keys: readonly string[]): (...columns: ArrayLike<unknown>[]) => RowMaker {
  const signature = JSON.stringify(keys);
  let maker = rowMakers.get(signature);
  if (!maker) {
    const parameters = keys.map((_, index) => `column${index}`);
    const properties = keys.map((key, index) => `${JSON.stringify(key)}: column${index}[row]`).join(', ');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text is built above from quoted keys only
    maker = new Function(...parameters, `return (row) => ({ ${properties} });`) as (
      ...columns: ArrayLike<unknown>[]
    ) => RowMaker;
    rowMakers.set(signature, maker);
  }
  return maker;
}

export function unpackRows<Row>(packed: PackedRows): Row[] {
  const makeRow = rowMakerOf(packed.keys)(...packed.columns.map(columnValues));
  const rows = new Array<Row>(packed.count);
  for (let row = 0; row < packed.count; row += 1) rows[row] = makeRow(row) as Row;
  return rows;
}

/** The buffers of a packed batch, to transfer rather than copy (nothing else refers to them). */
export function transferablesOf(packed: PackedWriteBatch): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const rows of Object.values(packed)) {
    for (const column of rows.columns) {
      if (column.kind === 'numbers') buffers.push(column.values.buffer);
      else if (column.kind === 'strings') buffers.push(column.indexes.buffer);
      else if (column.kind === 'bytes') buffers.push(column.bytes.buffer, column.ends.buffer);
    }
  }
  return buffers;
}

/** Every list of the batch by columns (whatever lists WriteBatch has: each is a list of rows of one shape). */
export function packWriteBatch(batch: WriteBatch): PackedWriteBatch {
  const entries = Object.entries(batch) as [keyof WriteBatch, WriteBatch[keyof WriteBatch]][];
  return Object.fromEntries(entries.map(([key, rows]) => [key, packRows(rows)])) as PackedWriteBatch;
}

export function unpackWriteBatch(packed: PackedWriteBatch): WriteBatch {
  const entries = Object.entries(packed) as [keyof WriteBatch, PackedRows][];
  return Object.fromEntries(entries.map(([key, rows]) => [key, unpackRows(rows)])) as unknown as WriteBatch;
}
