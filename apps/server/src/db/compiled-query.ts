import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/**
 * A query whose shape never changes (only its values do), built and compiled once. Kysely builds and compiles a
 * query's SQL on every call: about 40–60 µs for a query with a few conditions, which on the lookups every request
 * makes (a server or a player by name) was a third of a cached answer's CPU time (docs/decisions/0012). Here the
 * query is built once with placeholders; each call puts its values in their places among the bound parameters.
 *
 * Only for values bound as single parameters (comparisons, LIKE patterns, LIMIT): a list whose length varies
 * (`in (…)`) changes the SQL, so such a query stays an ordinary builder query.
 */
export function compileOnce<Values extends Record<string, unknown>, Row>(
  db: Kysely<DatabaseSchema>,
  build: (value: QueryValue<Values>) => Compilable<Row>,
): (values: Values) => Promise<Row[]> {
  const compiled = build((key) => new Placeholder(key) as never).compile();
  const slots = compiled.parameters.map((parameter) => (parameter instanceof Placeholder ? parameter.key : undefined));
  return async (values) => {
    const parameters = compiled.parameters.map((parameter, index) => {
      const key = slots[index];
      return key === undefined ? parameter : values[key];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/** The value named `key` of each call (`(value: QueryValue<{ name: string }>) => … value('name') …`). */
export type QueryValue<Values> = <Key extends keyof Values & string>(key: Key) => Values[Key];

/** Stands for a value while the query is compiled: Kysely binds it as a parameter like any other value. */
class Placeholder {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}
