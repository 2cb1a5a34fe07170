/**
 * SQLite's parameter marks in PostgreSQL's: `?` (positional) and `:name` (named) become `$1`, `$2`, … in the order
 * they appear, a name used twice keeping its number. Marks inside quoted text or identifiers are left alone, and so
 * is PostgreSQL's `::` cast.
 */

export type ParameterSource = { kind: 'positional'; index: number } | { kind: 'named'; name: string };

export interface TranslatedStatement {
  text: string;
  /** Where each `$n` takes its value from, `$1` first. */
  sources: ParameterSource[];
}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /\w/;

export function toPostgresPlaceholders(sql: string): TranslatedStatement {
  const sources: ParameterSource[] = [];
  const numberOfName = new Map<string, number>();
  let positional = 0;
  let text = '';
  let quote: string | undefined;
  for (let i = 0; i < sql.length; i += 1) {
    const char = sql[i]!;
    if (quote) {
      text += char;
      if (char === quote) quote = undefined; // a doubled quote closes and reopens: the same text
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      text += char;
      continue;
    }
    if (char === '?') {
      sources.push({ kind: 'positional', index: positional++ });
      text += `$${sources.length}`;
      continue;
    }
    const isNamedMark = char === ':' && sql[i - 1] !== ':' && sql[i + 1] !== ':' && NAME_START.test(sql[i + 1] ?? '');
    if (isNamedMark) {
      let end = i + 1;
      while (end < sql.length && NAME_PART.test(sql[end]!)) end += 1;
      const name = sql.slice(i + 1, end);
      let number = numberOfName.get(name);
      if (number === undefined) {
        sources.push({ kind: 'named', name });
        number = sources.length;
        numberOfName.set(name, number);
      }
      text += `$${number}`;
      i = end - 1;
      continue;
    }
    text += char;
  }
  return { text, sources };
}
