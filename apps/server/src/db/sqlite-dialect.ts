import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Lets Kysely run on `node:sqlite` (built into Node 24, no native addon to compile) by giving a
 * `DatabaseSync` the small interface Kysely's own SQLite dialect expects.
 *
 * `node:sqlite` statements take parameters spread rather than as an array and do not say whether they
 * return rows; prepared statements are cached because preparing dominates the cost of small queries.
 */

const STATEMENT_CACHE_SIZE = 200;

type SqlParameter = SQLInputValue;

class CachedStatements {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  get(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement) {
      // Re-insert so that the map's order is least recently used first.
      this.#statements.delete(sql);
    } else {
      statement = this.#database.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }
}

function adaptDatabase(database: DatabaseSync): SqliteDatabase {
  const cache = new CachedStatements(database);
  return {
    close: () => database.close(),
    prepare: (sql: string): SqliteStatement => {
      const statement = cache.get(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as SqlParameter[])),
        run: (parameters) => statement.run(...(parameters as SqlParameter[])),
        // An iterator holds its statement until exhausted, so it gets a statement of its own.
        iterate: (parameters) => database.prepare(sql).iterate(...(parameters as SqlParameter[])),
      };
    },
  };
}

export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({ database: adaptDatabase(database) });
}
