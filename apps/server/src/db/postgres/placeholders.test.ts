import { describe, expect, it } from 'vitest';
import { toPostgresPlaceholders } from './placeholders.ts';

describe("SQLite's parameter marks in PostgreSQL's", () => {
  it('numbers positional marks in order', () => {
    expect(toPostgresPlaceholders('select * from t where a = ? and b > ?')).toEqual({
      text: 'select * from t where a = $1 and b > $2',
      sources: [
        { kind: 'positional', index: 0 },
        { kind: 'positional', index: 1 },
      ],
    });
  });

  it('gives a name used twice the same number', () => {
    const { text, sources } = toPostgresPlaceholders(
      'delete from t where p = :player and s < (select s where p = :player) and k = :key',
    );
    expect(text).toBe('delete from t where p = $1 and s < (select s where p = $1) and k = $2');
    expect(sources).toEqual([
      { kind: 'named', name: 'player' },
      { kind: 'named', name: 'key' },
    ]);
  });

  it('leaves marks in quoted text and identifiers, and casts, alone', () => {
    const sql = `select '?', 'it''s :not', "a?b", x::text, ? from t`;
    expect(toPostgresPlaceholders(sql).text).toBe(`select '?', 'it''s :not', "a?b", x::text, $1 from t`);
  });
});
