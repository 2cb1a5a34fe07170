import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type OpenDatabaseOptions } from '../apps/server/src/db/database.ts';
import type { GamePoll } from '../apps/server/src/domain/snapshot.ts';

/**
 * The machine's floor for a poll cycle (DESIGN.md "Performance budget": the cycle against a plain insert of the
 * same rows in one transaction). One poll's players go into a table as wide as the collector's sessions (the same
 * 20 integer and text columns), through one prepared statement inside BEGIN/COMMIT, on a database file of its own
 * opened as the collector's is (openDatabase with the same options: WAL, synchronous NORMAL, the same cache and
 * checkpoint settings). The table has no index besides its rowid: the cheapest way to store those rows at all.
 * The rows are deleted again after each timed insert, outside the timing, so the table stays one poll large and
 * every insert does the same work; with manual checkpoints, a passive checkpoint follows, untimed, as the
 * collector's worker runs one between its cycles.
 */

export interface RawInsertFloor {
  /** Inserts the poll's players as rows in one transaction; returns the milliseconds it took. */
  insertPoll(poll: GamePoll): number;
  /** Rows of the last insert. */
  readonly rowsPerInsert: number;
  close(): Promise<void>;
}

/** The floor's table: as wide as the collector's sessions (the same integer and text columns). */
export const RAW_SESSION_COLUMNS = [
  'round_key',
  'player_name',
  'player_index',
  'start_time',
  'last_seen',
  'is_active',
  'score',
  'kills',
  'deaths',
  'segment_score',
  'segment_kills',
  'segment_deaths',
  'segments',
  'played_ms',
  'seen_clock_ms',
  'observations',
  'ping_sum',
  'ping_count',
  'team',
  'team_label',
] as const;
const TEXT_COLUMNS = new Set<string>(['player_name', 'start_time', 'last_seen', 'team_label']);

/** The columns' declarations, `integer` as the store's SQL says it (PostgreSQL's schema translates it). */
export const RAW_SESSION_COLUMN_TYPES = RAW_SESSION_COLUMNS.map(
  (name) => `${name} ${TEXT_COLUMNS.has(name) ? 'text' : 'integer'} not null`,
);

/** A poll's players as the floor's rows, in RAW_SESSION_COLUMNS' order. */
export function rawSessionRows(poll: GamePoll): (string | number)[][] {
  if (!poll.ok) return [];
  const at = poll.at.toISOString();
  const atMs = poll.at.getTime();
  return poll.servers.flatMap((server, serverIndex) =>
    server.players.map((player, playerIndex) => [
      serverIndex,
      player.name,
      playerIndex,
      at,
      at,
      1,
      player.score,
      player.kills,
      player.deaths,
      player.score,
      player.kills,
      player.deaths,
      1,
      30_000,
      atMs,
      1,
      player.ping,
      1,
      player.team,
      player.teamLabel ?? '',
    ]),
  );
}

export async function openRawInsertFloor(options: OpenDatabaseOptions = {}): Promise<RawInsertFloor> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-raw-insert-'));
  const database = await openDatabase(join(directory, 'raw.db'), options);
  const { sqlite } = database;
  sqlite.exec(`create table bench_raw_sessions (row_id integer primary key, ${RAW_SESSION_COLUMN_TYPES.join(', ')})`);
  const insert = sqlite.prepare(
    `insert into bench_raw_sessions (${RAW_SESSION_COLUMNS.join(', ')}) values (${RAW_SESSION_COLUMNS.map(() => '?').join(', ')})`,
  );
  const clear = sqlite.prepare('delete from bench_raw_sessions');
  let rowsPerInsert = 0;

  return {
    insertPoll(poll: GamePoll): number {
      if (!poll.ok) return 0;
      const started = performance.now();
      const rows = rawSessionRows(poll);
      sqlite.exec('BEGIN');
      for (const row of rows) insert.run(...row);
      sqlite.exec('COMMIT');
      const elapsed = performance.now() - started;
      rowsPerInsert = rows.length;
      clear.run();
      if (options.checkpoints === 'manual') sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)');
      return elapsed;
    },
    get rowsPerInsert() {
      return rowsPerInsert;
    },
    close: async () => {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
