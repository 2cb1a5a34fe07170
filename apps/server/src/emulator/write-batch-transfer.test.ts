import { describe, expect, it } from 'vitest';
import { asServerGuid } from '../domain/ids.ts';
import { emptyBatch } from '../ingest/tracker/write-batch.ts';
import { packRows, packWriteBatch, transferablesOf, unpackRows, unpackWriteBatch } from './write-batch-transfer.ts';

/** What crosses to the history writer's thread: a structured clone, the packed buffers moved, not copied. */
function posted<T>(value: T, transfer: ArrayBuffer[] = []): T {
  return structuredClone(value, { transfer });
}

describe('write batches packed by columns', () => {
  it('gives back equal rows whatever each column holds', () => {
    const rows = [
      { id: 1, name: 'Hans', data: new Uint8Array([1, 2, 3]), tickets: 150, active: true, entries: [] },
      { id: 2.5, name: 'Ève', data: new Uint8Array([]), tickets: null, active: false, entries: [{ score: 4 }] },
      { id: -0, name: 'Hans', data: new Uint8Array([255]), tickets: 0, active: true, entries: [] },
    ];
    const packed = packRows(rows);
    const kinds = packed.columns.map((column) => column.kind);
    // Numbers, strings and bytes by column; a column of numbers and nulls, flags and lists as they are.
    expect(kinds).toEqual(['numbers', 'strings', 'bytes', 'values', 'values', 'values']);

    const unpacked = unpackRows<(typeof rows)[number]>(posted(packed));
    expect(unpacked).toEqual(rows);
    expect(Object.is(unpacked[2]?.id, -0)).toBe(true);
    expect(Object.keys(unpacked[0] ?? {})).toEqual(Object.keys(rows[0] ?? {}));
  });

  it('carries every list of a batch, and moves its buffers', () => {
    const batch = emptyBatch();
    batch.population.push(
      { serverGuid: asServerGuid('a'), at: 1_000, players: 7 },
      { serverGuid: asServerGuid('b'), at: 1_000, players: 0 },
    );
    batch.roundPolls.push({ roundKey: 4, at: 30_000, data: new Uint8Array([9, 8]) });
    const packed = packWriteBatch(batch);
    const transfer = transferablesOf(packed);

    const unpacked = unpackWriteBatch(posted(packed, transfer));
    expect(unpacked).toEqual(batch);
    expect(Object.keys(unpacked).sort()).toEqual(Object.keys(emptyBatch()).sort());
    // The sender's buffers went with the message.
    expect(transfer.length).toBeGreaterThan(0);
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
  });
});
