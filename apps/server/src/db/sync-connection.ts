import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';

/**
 * The synchronous connection the collector's store writes through (ingest/store/): node:sqlite's `DatabaseSync`
 * is one as it is; on PostgreSQL it is postgres/sync-postgres-connection.ts, which blocks its thread on each
 * statement. Only the collector's worker thread (and history generation, which has nothing else to do) holds one,
 * so blocking it holds up no request, and a poll cycle's transaction stays one uninterrupted run of statements on
 * one connection, as it was on SQLite (docs/decisions/0023-collector-on-postgresql.md).
 *
 * Parameters as node:sqlite takes them: positional (`?`), or one object of named ones (`:name`) first.
 */
export type SqlRow = Record<string, SQLOutputValue>;

export interface SyncStatement {
  run(...anonymous: SQLInputValue[]): { changes: number | bigint };
  run(named: Record<string, SQLInputValue>, ...anonymous: SQLInputValue[]): { changes: number | bigint };
  get(...anonymous: SQLInputValue[]): SqlRow | undefined;
  get(named: Record<string, SQLInputValue>, ...anonymous: SQLInputValue[]): SqlRow | undefined;
  all(...anonymous: SQLInputValue[]): SqlRow[];
  all(named: Record<string, SQLInputValue>, ...anonymous: SQLInputValue[]): SqlRow[];
}

export interface SyncConnection {
  prepare(sql: string): SyncStatement;
  /** Runs statements that take no parameters (transaction control, DDL). */
  exec(sql: string): void;
}
