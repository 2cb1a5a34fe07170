import {
  PostgresQueryCompiler,
  SqliteQueryCompiler,
  sql,
  type Expression,
  type RawBuilder,
  type SqlBool,
} from 'kysely';

/**
 * The one module that holds SQL that SQLite and PostgreSQL say differently: every query elsewhere is written in
 * SQL both read the same, and asks this module for the rest, so PostgreSQL is a second implementation of this list,
 * not a second set of repositories. (How Kysely talks to node:sqlite is sqlite-dialect.ts, to PostgreSQL
 * postgres/postgres-database.ts; this is about SQL text.)
 *
 * One process talks to one store: the dialect is chosen once at start-up (useSqlDialect), before any repository
 * builds a query, and every fragment below is written in it (docs/decisions/0022-postgresql-schema.md).
 *
 * Times are stored as fixed-width ISO-8601 UTC text (`2026-01-09T20:05:00.000Z`), so text comparison is
 * chronological and a prefix of the text names its day or hour (substr and || are the same on both stores). Text
 * compares byte by byte on both (PostgreSQL's columns are `collate "C"`, postgres/postgres-ddl.ts), so the case
 * folding below folds ASCII letters only on both.
 */

export type SqlDialect = 'sqlite' | 'postgres';

let dialect: SqlDialect = 'sqlite';

/** Chooses the store's SQL for every fragment built from now on (start-up, before any repository exists). */
export function useSqlDialect(next: SqlDialect): void {
  dialect = next;
}

/** The store this process speaks (for the few helpers that do more than spell a fragment, row-batches.ts). */
export function sqlDialect(): SqlDialect {
  return dialect;
}

/**
 * PostgreSQL: seconds since the epoch of an ISO time, as a function the schema defines (postgres-database.ts).
 * Declared immutable, which the cast to timestamp is not (it reads DateStyle), so that an index may hold a round's
 * length; that is true of the fixed-width ISO text Frontline stores. The zone letter is ignored: it is always Z.
 */
export const POSTGRES_EPOCH_FUNCTION = `create or replace function frontline_epoch_seconds(iso text)
  returns double precision language sql immutable parallel safe
  as $$ select extract(epoch from cast(iso as timestamp)) $$`;

/** The larger of two values (not the aggregate). PostgreSQL: `greatest(a, b)`, which skips a null argument. */
export function greatest<T>(a: Expression<T>, b: Expression<T>): RawBuilder<T> {
  return dialect === 'postgres' ? sql<T>`greatest(${a}, ${b})` : sql<T>`max(${a}, ${b})`;
}

/** The smaller of two values (not the aggregate). PostgreSQL: `least(a, b)`, which skips a null argument. */
export function least<T>(a: Expression<T>, b: Expression<T>): RawBuilder<T> {
  return dialect === 'postgres' ? sql<T>`least(${a}, ${b})` : sql<T>`min(${a}, ${b})`;
}

/**
 * Seconds from one ISO time to another, fractional: whole seconds stay exact (a 30-minute round is 1800, never
 * 1799.99…, as julianday's floating-point days would give). PostgreSQL:
 * `frontline_epoch_seconds(to) - frontline_epoch_seconds(from)` (POSTGRES_EPOCH_FUNCTION).
 */
function secondsBetween(from: Expression<string>, to: Expression<string>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(frontline_epoch_seconds(${to}) - frontline_epoch_seconds(${from}))`
    : sql<number>`(unixepoch(${to}, 'subsec') - unixepoch(${from}, 'subsec'))`;
}

/** Minutes from one ISO time to another, fractional (see secondsBetween). PostgreSQL: the same over that. */
export function minutesBetween(from: Expression<string>, to: Expression<string>): RawBuilder<number> {
  return sql<number>`(${secondsBetween(from, to)} / 60.0)`;
}

/** The UTC hour of an ISO time, as text: `2026-01-09T20`. PostgreSQL: `to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`. */
export function isoHour(time: Expression<string>): RawBuilder<string> {
  return sql<string>`substr(${time}, 1, 13)`;
}

/** The start of the UTC hour of an ISO time, as ISO text: `2026-01-09T20:00:00.000Z`. PostgreSQL: date_trunc('hour', t). */
export function isoHourStart(time: Expression<string>): RawBuilder<string> {
  return sql<string>`(${isoHour(time)} || ':00:00.000Z')`;
}

/** The UTC day of an ISO time, as text: `2026-01-09`. PostgreSQL: `to_char(t at time zone 'UTC', 'YYYY-MM-DD')`. */
export function isoDay(time: Expression<string>): RawBuilder<string> {
  return sql<string>`substr(${time}, 1, 10)`;
}

/**
 * Minutes since 00:00 UTC of an ISO time's day (0–1439). PostgreSQL:
 * `extract(hour from t at time zone 'UTC') * 60 + extract(minute from t at time zone 'UTC')`.
 */
export function isoMinuteOfDay(time: Expression<string>): RawBuilder<number> {
  return sql<number>`(cast(substr(${time}, 12, 2) as integer) * 60 + cast(substr(${time}, 15, 2) as integer))`;
}

/**
 * Equal, ASCII letters in either case (SQLite's NOCASE folds only those). PostgreSQL: `lower()` of both in the "C"
 * collation, which folds ASCII letters only (a parameter would otherwise be folded in the database's own locale).
 */
export function equalsIgnoringCase(a: Expression<string>, b: Expression<string>): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`lower(${a} collate "C") = lower(${b} collate "C")`
    : sql<SqlBool>`${a} = ${b} collate nocase`;
}

/**
 * `text` matches a LIKE `pattern` whose `\` escapes `%`, `_` and itself, ASCII letters in either case (SQLite's
 * LIKE folds only those). PostgreSQL: `text ilike pattern escape '\'`, in the column's "C" collation (ASCII only).
 */
export function likeIgnoringCase(text: Expression<string>, pattern: Expression<string>): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${text} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${text} like ${pattern} escape '\\'`;
}

/** `dividend / divisor` in floating point, whatever the columns' types. PostgreSQL: `cast(a as double precision) / b`. */
export function realQuotient(dividend: Expression<number>, divisor: Expression<number>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(cast(${dividend} as double precision) / ${divisor})`
    : sql<number>`(cast(${dividend} as real) / ${divisor})`;
}

/** A number rounded to `digits` decimals, halves away from zero. PostgreSQL: `round(cast(x as numeric), digits)`. */
export function roundToDigits(value: Expression<number>, digits: number): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`round(cast(${value} as numeric), ${sql.lit(digits)})`
    : sql<number>`round(${value}, ${sql.lit(digits)})`;
}

/**
 * A condition true of most rows, said so to the query planner: SQLite then does not take it for a narrowing range
 * on an index that holds its column (it would read those index entries and sort them, rather than walk an index
 * in the order asked and skip the few rows the condition drops). Partial indexes still match through it.
 * PostgreSQL: the condition itself (its planner has the column's statistics).
 */
export function likely(condition: Expression<SqlBool>): RawBuilder<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`(${condition})` : sql<SqlBool>`likely(${condition})`;
}

const textCompilers = { sqlite: new SqliteQueryCompiler(), postgres: new PostgresQueryCompiler() };

/** A fragment with no parameters as SQL text, for statements prepared on the raw connection. */
function textOf(fragment: RawBuilder<unknown>): string {
  const compiled = textCompilers[dialect].compileQuery(fragment.toOperationNode(), { queryId: 'dialect-text' });
  if (compiled.parameters.length > 0) throw new Error(`dialect text cannot carry parameters: ${compiled.sql}`);
  return compiled.sql;
}

/**
 * The same functions as SQL text, for the collector's statements prepared on the raw connection (its hot path
 * does not go through Kysely): arguments are column names or other SQL text, written into the statement as is.
 */
export const dialectText = {
  /**
   * Begins a write transaction that holds the write lock from its first statement (SQLite's IMMEDIATE), so it
   * waits for the lock at BEGIN instead of failing half-way when it first writes. PostgreSQL: `begin` (rows are
   * locked as they are written).
   */
  get beginWrite(): string {
    return dialect === 'postgres' ? 'begin' : 'begin immediate';
  },
  greatest: (a: string, b: string): string => textOf(greatest(sql.raw(a), sql.raw(b))),
  least: (a: string, b: string): string => textOf(least(sql.raw(a), sql.raw(b))),
  isoHourStart: (time: string): string => textOf(isoHourStart(sql.raw(time))),
};
