import type { SyncConnection } from './sync-connection.ts';

/**
 * SQLite's query planner chooses between a table's indexes by the statistics ANALYZE stores in `sqlite_stat1`, and
 * without them it guesses. It guessed wrong where two indexes begin with the same column: a server's latest played
 * rounds (its profile's Recent Rounds) were read through (server, participants), every round of the server sorted,
 * instead of the played rounds' index in end order, ten entries. On the year dataset that was 300 ms to a second
 * for the first request of a server's page, and 15 ms once the statistics were there; the players list, a player's
 * sessions and the profile were several times faster too (the first requests of the year's pages, `npm run bench`).
 *
 * So, as SQLite advises for long-lived connections, each file database gathers them when it is opened
 * (`PRAGMA optimize` with 0x10002: every table whose statistics are missing or out of date, at most 400 rows read
 * per index; about a second for a year of history, nothing when they are current), and the collector's worker
 * gathers them again every hour, as its tables grow; a connection loads them when it opens, and the HTTP thread's
 * reloads them every hour (`ANALYZE sqlite_schema`, under a millisecond). PostgreSQL keeps its own (autovacuum).
 */

export const PLANNER_STATISTICS_EVERY_MS = 3_600_000;

/** Gathers (SQLite's connection only) the statistics of every table whose statistics are missing or out of date. */
export function updatePlannerStatistics(sqlite: SyncConnection): void {
  sqlite.exec('PRAGMA analysis_limit = 400; PRAGMA optimize = 0x10002;');
}

/** Loads (SQLite's connection only) the statistics another connection gathered (this one keeps what it loaded when it opened). */
export function reloadPlannerStatistics(sqlite: SyncConnection): void {
  sqlite.exec('ANALYZE sqlite_schema');
}
