import { spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateHistory } from '../../emulator/generate-history.ts';
import { createCollectorStore } from '../../ingest/store/collector-store.ts';
import { createTestApp } from '../../test/test-app.ts';
import { openSqliteDatabaseFile } from '../../test/test-database.ts';
import {
  dropTestSchema,
  isTestPostgresReachable,
  newTestSchemaName,
  TEST_POSTGRES_URL,
} from '../../test/test-postgres.ts';
import type { Database } from '../database.ts';
import { useSqlDialect } from '../dialect.ts';
import { copySqliteToPostgres, verifyCopy } from './copy-to-postgres.ts';
import { openPostgresDatabase, type PostgresDatabase } from './postgres-database.ts';

// Issue 21: "the migration command on the 3-day demo database with identical API answers before and after for a
// sample of pages". Three days of the demo world, written by the real tracker and store into a SQLite file (its
// achievements and similarity features worked off), are copied into a PostgreSQL schema by `npm run
// migrate-to-postgres`, run as a user runs it; every table then holds the same rows, and the pages' calls answer the
// same on both stores, byte for byte.

/** Friday 9 January 2026, 21:00 UTC: the European evening, many players online when the history ends. */
const NOW = Date.UTC(2026, 0, 9, 21, 0, 0);

const reachable = await isTestPostgresReachable();

/** `npm run migrate-to-postgres -- …args`, as a process of its own; its exit code and what it printed. */
function migrateToPostgres(...args: string[]) {
  const script = new URL('../../../../../scripts/migrate-to-postgres.ts', import.meta.url).pathname;
  const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.skipIf(!reachable)('a SQLite database copied to PostgreSQL', { timeout: 60_000 }, () => {
  const schema = newTestSchemaName();
  let file: Awaited<ReturnType<typeof openSqliteDatabaseFile>>;
  let sqlite: Database;
  let postgres: PostgresDatabase;
  let migration: ReturnType<typeof migrateToPostgres>;
  const sqliteAnswers = new Map<string, { status: number; body: string }>();
  let urls: string[];

  async function answersOf(app: FastifyInstance, into: Map<string, { status: number; body: string }>) {
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url });
      into.set(url, { status: response.statusCode, body: response.body });
    }
  }

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    file = await openSqliteDatabaseFile();
    sqlite = file.database;
    generateHistory({ sqlite: sqlite.sqlite, seed: 1, endMs: NOW, days: 3 });
    createCollectorStore(sqlite.sqlite).roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    urls = samplePages(sqlite);
    const app = await createTestApp({}, sqlite);
    await answersOf(app, sqliteAnswers);
    await app.close();

    sqlite.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    migration = migrateToPostgres('--from', file.path, '--to', TEST_POSTGRES_URL, '--schema', schema);
    postgres = await openPostgresDatabase(TEST_POSTGRES_URL, { schema, maxConnections: 2 });
  }, 240_000);

  afterAll(async () => {
    await postgres?.close();
    await file?.remove();
    await dropTestSchema(schema);
    useSqlDialect('sqlite');
    vi.useRealTimers();
  });

  it('is a command that copies with a progress bar and ends by verifying every table', () => {
    expect(migration.status, migration.stderr).toBe(0);
    expect(migration.stderr).toMatch(/\[#{30}\] 100% {2}[\d,]+ \/ [\d,]+ rows/);
    expect(migration.stdout).toMatch(/: [\d,]+ rows in \d+ tables, every count and checksum equal, in [\d.]+ s\n$/);
  });

  it('copies every row of every table: the same counts and checksums', async () => {
    const checks = await verifyCopy(sqlite.sqlite, postgres.db);
    expect(checks.length).toBeGreaterThan(30);
    const sessions = checks.find((check) => check.table === 'sessions');
    expect(sessions?.sourceRows).toBeGreaterThan(1_000);
    for (const check of checks) {
      expect({ table: check.table, rows: check.targetRows, checksum: check.targetChecksum }).toEqual({
        table: check.table,
        rows: check.sourceRows,
        checksum: check.sourceChecksum,
      });
    }
  });

  it('refuses to copy into a schema that already holds rows', async () => {
    await expect(copySqliteToPostgres(sqlite.sqlite, postgres.db)).rejects.toThrow(/already holds rows/);
    const again = migrateToPostgres('--from', file.path, '--to', TEST_POSTGRES_URL, '--schema', schema);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds rows in \w+: copy into an empty database or schema/);
  });

  it('serves the same answers to the pages’ calls', async () => {
    const app = await createTestApp({}, postgres);
    const postgresAnswers = new Map<string, { status: number; body: string }>();
    try {
      await answersOf(app, postgresAnswers);
    } finally {
      await app.close();
    }
    expect(urls.length).toBeGreaterThan(25);
    expect(urls.filter((url) => sqliteAnswers.get(url)?.status !== 200)).toEqual([]);
    // The URLs whose answers differ, with PostgreSQL's status (a whole answer would drown the others).
    const differing = urls
      .filter((url) => postgresAnswers.get(url)?.body !== sqliteAnswers.get(url)?.body)
      .map((url) => `${postgresAnswers.get(url)?.status} ${url}`);
    expect(differing).toEqual([]);
  });

  it('numbers new rows after the copied ones', async () => {
    const at = new Date(NOW).toISOString();
    const { rows } = await sql<{ round_key: number }>`insert into rounds (round_id, server_guid, map_name, game_type,
        start_time, last_poll_at, is_active, team1_label, team2_label, participant_count, poll_count)
      values ('copied-then-new', 'none', 'm', 'g', ${at}, ${at}, 0, 'a', 'b', 0, 0) returning round_key`.execute(
      postgres.db,
    );
    const copiedMax = sqlite.sqlite.prepare('select max(round_key) as n from rounds').get() as { n: number };
    expect(rows[0]?.round_key).toBe(copiedMax.n + 1);
  });
});

/** The calls of the site's pages for a sample of what the day holds: servers, players, rounds, comparisons. */
function samplePages({ sqlite }: Database): string[] {
  const column = <T>(query: string) =>
    (sqlite.prepare(query).all() as Record<string, T>[]).map((row) => Object.values(row)[0] as T);
  const servers = column<string>('select name from servers order by num_players desc, name limit 3');
  const guids = column<string>('select server_guid from servers order by num_players desc, server_guid limit 2');
  const players = column<string>('select player_name from players order by played_ms desc limit 4');
  const rounds = column<string>(
    'select round_id from rounds where is_active = 0 order by participant_count desc, round_id limit 2',
  );
  const e = encodeURIComponent;
  const [first = '', second = ''] = players;
  return [
    '/stats/health',
    '/stats/app/initialdata',
    '/stats/liveservers/bf1942/servers',
    '/stats/GameTrends/landing-summary',
    '/stats/servers/search?query=a',
    '/stats/players?sortBy=lastSeen&sortOrder=desc&pageSize=50',
    '/stats/players?playerName=an&pageSize=20',
    // Case is folded for ASCII letters only, on both stores: 'ê' does not find 'Ê' (nor the other way round).
    `/stats/players?playerName=${encodeURIComponent('ê')}&pageSize=20`,
    `/stats/players?playerName=${encodeURIComponent('Ê')}&pageSize=20`,
    '/stats/players/search?query=an',
    '/stats/rounds?pageSize=20&includePlayers=true',
    `/stats/players/compare?player1=${e(first)}&player2=${e(second)}`,
    `/stats/players/compare/activity-hours?player1=${e(first)}&player2=${e(second)}`,
    ...servers.flatMap((name) => [
      `/stats/servers/${e(name)}`,
      `/stats/servers/${e(name)}/insights?days=7`,
      `/stats/servers/${e(name)}/rankings?pageSize=20`,
      `/stats/rounds?serverName=${e(name)}&sortBy=endTime&pageSize=10&includePlayers=true`,
      `/stats/rounds?serverName=${e(name)}&sortBy=durationMinutes&pageSize=10`,
      `/stats/rounds/filter-options?serverName=${e(name)}`,
    ]),
    ...guids.map((guid) => `/stats/LiveServers/${guid}/players-online-history`),
    ...players.flatMap((name) => [
      `/stats/players/${e(name)}`,
      `/stats/players/${e(name)}/sessions`,
      `/stats/players/${e(name)}/similar?mode=default`,
      `/stats/players/${e(name)}/similar?mode=aliasdetection`,
      `/stats/gamification/player/${e(name)}`,
      `/stats/gamification/achievements?playerName=${e(name)}&pageSize=50`,
    ]),
    ...rounds.flatMap((id) => [`/stats/rounds/${id}/report`, `/stats/gamification/round/${id}`]),
  ];
}
