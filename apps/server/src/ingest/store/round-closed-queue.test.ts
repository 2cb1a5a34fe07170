import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { ROUND_AGGREGATES_BACKFILL_KEY } from '../../db/migrations/0004-round-aggregates.ts';
import { MAP_DAYS_REPLAY } from '../../db/migrations/0008-map-presence.ts';
import { queueAchievementsOfClosedRounds } from '../../db/migrations/0014-achievements.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import { createNodeSqliteDialect } from '../../db/sqlite-dialect.ts';
import type { GamePoll } from '../../domain/snapshot.ts';
import { createWorld } from '../../emulator/world.ts';
import { WORLD_STEP_MS } from '../../emulator/world-types.ts';
import { onPostgres, openSqliteDatabaseFile } from '../../test/test-database.ts';
import { Tracker } from '../tracker/tracker.ts';
import { createCollectorStore, type CollectorStore } from './collector-store.ts';
import { queueProgressLogger } from './round-closed-queue.ts';

/**
 * DESIGN.md data flow, step 4: "the poll's transaction marks a round closed; a separate step, in its own
 * transactions, computes … the aggregates … A crash between the two loses nothing; the start-up backfill of an
 * older database is the same queue." Issue 15: "Crash between a round's close and its processing: the queue
 * resumes and the aggregates equal a run without a crash."
 */

/** Everything a closed round's work writes (migration 0012's `closed` work, migration 0014's `achievements`). */
const ROUND_CLOSED_TABLES = [
  'round_timelines',
  'round_polls',
  'players',
  'server_player_totals',
  'server_player_days',
  'server_placement_days',
  'server_placement_totals',
  'round_top_scores',
  'server_map_days',
  'player_map_months',
  'player_best_scores',
  'server_ping_hourly',
  'server_ping_daily',
  'player_achievements',
  'player_achievement_progress',
  'map_player_totals',
  'player_similarity_features',
  'player_similarity_packed_summaries',
  'player_similarity_states',
  'similarity_map_weeks',
  'round_closed_queue',
] as const;

/**
 * Every row of those tables, but the similarity rows' `revision`: the number of the write batch, which tells
 * instances what changed (migration 0019) and so differs, by design, with how the rounds were batched.
 */
function tableContents(sqlite: DatabaseSync): Record<string, string[]> {
  return Object.fromEntries(
    ROUND_CLOSED_TABLES.map((table) => [
      table,
      (sqlite.prepare(`select * from ${table}`).all() as Record<string, unknown>[])
        .map((row) =>
          JSON.stringify(row, (key, value: unknown) =>
            key === 'revision' && table === 'player_similarity_features'
              ? undefined
              : value instanceof Uint8Array
                ? Buffer.from(value).toString('base64')
                : value,
          ),
        )
        .sort(),
    ]),
  );
}

/** Six hours of one game of the simulated world, poll by poll. */
function worldPolls(): GamePoll[] {
  const start = Date.UTC(2026, 2, 7, 18, 0, 0);
  const world = createWorld({ seed: 3, startMs: start - 3 * 3_600_000 });
  world.advanceTo(start);
  const polls: GamePoll[] = [];
  for (let at = start + WORLD_STEP_MS; at <= start + 6 * 3_600_000; at += WORLD_STEP_MS) {
    world.advanceTo(at);
    polls.push({ game: 'bf1942', at: new Date(at), ok: true, servers: world.snapshots('bf1942'), skippedEntries: 0 });
  }
  return polls;
}

// SQLite's files, reopened as after a crash, and its migrations' replays; the queue's SQL on PostgreSQL is
// collector-store.postgres.test.ts's.
describe.skipIf(onPostgres)('the round-closed queue', () => {
  let files: Awaited<ReturnType<typeof openSqliteDatabaseFile>>[] = [];
  afterEach(async () => {
    for (const file of files) await file.remove();
    files = [];
  });
  const newFile = async () => {
    const file = await openSqliteDatabaseFile();
    files.push(file);
    return file;
  };
  /** Two files with the world's polls written and their rounds' work still queued. */
  const twoFilesOwingTheSameRounds = async () => {
    const polls = worldPolls();
    const pair = [await newFile(), await newFile()] as const;
    for (const { database } of pair) {
      const tracker = new Tracker();
      const store = createCollectorStore(database.sqlite);
      for (const poll of polls) store.applyBatches([tracker.ingest(poll).batch]);
    }
    return pair;
  };

  it('resumes after a crash between rounds closing and their work: the figures equal a run without one', async () => {
    const polls = worldPolls();

    // Without a crash: each poll written, then its closed rounds' work done, as the collector's cycle does.
    const steady = await newFile();
    const steadyStore = createCollectorStore(steady.database.sqlite);
    const steadyTracker = new Tracker();
    for (const poll of polls) {
      steadyStore.applyBatches([steadyTracker.ingest(poll).batch]);
      steadyStore.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    }

    // With crashes: the process dies right after polls that closed rounds, before their work, three times; each
    // restart opens the file again and continues from what was committed.
    const crashing = await newFile();
    let database: Database = crashing.database;
    let store: CollectorStore = createCollectorStore(database.sqlite);
    let tracker = new Tracker();
    let crashes = 0;
    for (const poll of polls) {
      const { batch } = tracker.ingest(poll);
      store.applyBatches([batch]);
      if (batch.roundsClosed.length > 0 && crashes < 3) {
        crashes += 1;
        // What this poll closed is queued (with what an earlier crash left, if the restart's first poll crashed too).
        expect(store.roundClosedQueue.remaining()).toBeGreaterThanOrEqual(batch.roundsClosed.length);
        if (database !== crashing.database) await database.close();
        database = await openDatabase(crashing.path);
        store = createCollectorStore(database.sqlite);
        tracker = new Tracker({}, store.loadTrackerState());
        continue;
      }
      store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    }
    expect(crashes).toBe(3);

    const closed = steady.database.sqlite.prepare('select count(*) as rounds from rounds where is_active = 0').get();
    expect(Number(closed?.rounds)).toBeGreaterThan(10);
    expect(tableContents(database.sqlite)).toEqual(tableContents(steady.database.sqlite));
    if (database !== crashing.database) await database.close();
  }, 60_000);

  it("backfills an existing database's achievements through the same queue: the awards of a steady run", async () => {
    const file = await newFile();
    const { sqlite, db } = file.database;
    const store = createCollectorStore(sqlite);
    const tracker = new Tracker();
    for (const poll of worldPolls()) {
      store.applyBatches([tracker.ingest(poll).batch]);
      store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    }
    const achievementTables = ['player_achievements', 'player_achievement_progress', 'map_player_totals'];
    const contents = () => {
      const all = tableContents(sqlite);
      return achievementTables.map((table) => all[table]);
    };
    const steady = contents();
    expect(steady[0]!.length).toBeGreaterThan(20);

    // As a database from before achievements: none computed, every closed round owed them (migration 0014).
    for (const table of achievementTables) sqlite.exec(`delete from ${table}`);
    await queueAchievementsOfClosedRounds().execute(db);
    const owed = Number(sqlite.prepare('select count(*) as n from round_closed_queue').get()?.n);
    expect(owed).toBe(Number(sqlite.prepare('select count(*) as n from rounds where is_active = 0').get()?.n));
    // Worked by a collector started on that database (the store keeps players' progress parsed between batches,
    // and the rows were just deleted behind its back).
    const restarted = createCollectorStore(sqlite);
    expect(restarted.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY)).toEqual({
      processed: owed,
      remaining: 0,
    });
    const backfilled = contents();
    achievementTables.forEach((table, index) => {
      const missing = steady[index]!.filter((row) => !backfilled[index]!.includes(row));
      const extra = backfilled[index]!.filter((row) => !steady[index]!.includes(row));
      expect({ table, missing, extra }).toEqual({ table, missing: [], extra: [] });
    });
  }, 60_000);

  it('works in the order rounds closed, a slice per call within its time budget, each round in its own transaction', async () => {
    const file = await newFile();
    const { sqlite } = file.database;
    const store = createCollectorStore(sqlite);
    const tracker = new Tracker();
    for (const poll of worldPolls()) store.applyBatches([tracker.ingest(poll).batch]);
    const queued = sqlite.prepare('select round_key from round_closed_queue order by seq').all();
    expect(queued.length).toBeGreaterThan(10);
    // Queued as they closed: by end time.
    const byEnd = sqlite
      .prepare(
        `select r.round_key from round_closed_queue q join rounds r using (round_key)
          order by r.end_time, q.seq`,
      )
      .all();
    expect(queued).toEqual(byEnd);

    // A budget of 0 still does one round: a backlog always moves.
    const first = store.roundClosedQueue.processQueue(0);
    // One round's closed work done, its achievements now owed.
    expect(first).toEqual({ processed: 1, remaining: queued.length });
    expect(sqlite.prepare('select round_key from round_timelines').all()).toEqual([queued[0]]);

    // Each round's closed work queues its achievements, done after every round closed before it.
    expect(sqlite.prepare("select round_key from round_closed_queue where work = 'achievements'").all()).toEqual([
      queued[0],
    ]);
    const rest = store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    expect(rest).toEqual({ processed: queued.length - 1 + queued.length, remaining: 0 });
  }, 60_000);

  it('writes the same rows whether it does many rounds in a transaction or one', async () => {
    const [batched, oneByOne] = await twoFilesOwingTheSameRounds();
    const batchedStore = createCollectorStore(batched.database.sqlite);
    const owed = batchedStore.roundClosedQueue.remaining();
    // The six hours' rounds (players in several of them) in one or two transactions.
    expect(batchedStore.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY).processed).toBeGreaterThan(owed);
    // A budget of 0: one round per call, so one per transaction.
    const oneByOneStore = createCollectorStore(oneByOne.database.sqlite);
    while (oneByOneStore.roundClosedQueue.processQueue(0).remaining > 0);

    const contents = tableContents(batched.database.sqlite);
    expect(contents['player_similarity_states']!.length).toBeGreaterThan(20);
    expect(contents).toEqual(tableContents(oneByOne.database.sqlite));
  }, 60_000);

  it('leaves a round whose work fails queued, with nothing of it written, and goes on with it once it can', async () => {
    const [file, clean] = await twoFilesOwingTheSameRounds();
    const { sqlite } = file.database;
    const store = createCollectorStore(sqlite);
    // A round a few places into the queue (one with polls to spoil): those before it share its transaction until it
    // fails.
    const queued = sqlite.prepare('select round_key from round_closed_queue order by seq').all() as {
      round_key: number;
    }[];
    const hasPolls = sqlite.prepare('select count(*) as n from round_polls where round_key = ?');
    const failing = queued.findIndex(
      ({ round_key }, index) => index >= 2 && Number((hasPolls.get(round_key) as { n: number }).n) > 0,
    );
    const spoiled = queued[failing]!.round_key;
    // Its polls are unreadable: the timeline cannot be made.
    const spoiledPolls = sqlite.prepare('select at, data from round_polls where round_key = ?').all(spoiled);
    sqlite.prepare('update round_polls set data = ? where round_key = ?').run(Buffer.from('garbage'), spoiled);

    expect(() => store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY)).toThrow(
      new RegExp(`round-closed work \\(closed\\) of round ${spoiled} failed`),
    );
    // Those before it were done again one per transaction, and landed; nothing of it did.
    expect(sqlite.prepare('select count(*) as n from round_timelines').get()).toEqual({ n: failing });
    expect(sqlite.prepare('select count(*) as n from round_timelines where round_key = ?').get(spoiled)).toEqual({
      n: 0,
    });
    expect(sqlite.prepare('select round_key from round_closed_queue order by seq limit 1').get()).toEqual({
      round_key: spoiled,
    });

    const restore = sqlite.prepare('update round_polls set data = ? where round_key = ? and at = ?');
    for (const poll of spoiledPolls) restore.run(poll.data as Uint8Array, spoiled, poll.at as number);
    expect(store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY).remaining).toBe(0);
    // Every figure as if it had never failed: nothing of the rolled-back batch survived in the store's memory.
    createCollectorStore(clean.database.sqlite).roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    expect(tableContents(sqlite)).toEqual(tableContents(clean.database.sqlite));
  }, 60_000);

  it("forgets what a rolled-back batch added to players' features and progress", async () => {
    const [file, clean] = await twoFilesOwingTheSameRounds();
    const { sqlite } = file.database;
    const store = createCollectorStore(sqlite);
    const head = sqlite.prepare('select round_key, work from round_closed_queue order by seq limit 3');
    while ((head.all()[0] as { work: string } | undefined)?.work === 'closed') store.roundClosedQueue.processQueue(0);
    // The third round's achievements fail (its timeline is spoiled), after two rounds' players were added to.
    const third = (head.all() as { round_key: number; work: string }[])[2]!;
    expect(third.work).toBe('achievements');
    const timeline = sqlite.prepare('select timeline from round_timelines where round_key = ?').get(third.round_key);
    sqlite
      .prepare('update round_timelines set timeline = ? where round_key = ?')
      .run(Buffer.from('x'), third.round_key);

    expect(() => store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY)).toThrow(
      new RegExp(`round-closed work \\(achievements\\) of round ${third.round_key} failed`),
    );
    sqlite
      .prepare('update round_timelines set timeline = ? where round_key = ?')
      .run(timeline?.timeline as Uint8Array, third.round_key);
    expect(store.roundClosedQueue.processQueue(Number.POSITIVE_INFINITY).remaining).toBe(0);
    // The two rounds' sessions counted once, as in a run that never failed.
    createCollectorStore(clean.database.sqlite).roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
    expect(tableContents(sqlite)).toEqual(tableContents(clean.database.sqlite));
  }, 60_000);
});

describe.skipIf(onPostgres)('migration 0012', () => {
  it.each([
    ['aggregates', 'pending'],
    ['map_days', MAP_DAYS_REPLAY],
  ])(
    'turns the replay an older database owes into queue rows of %s work, in the order rounds closed',
    async (work, marker) => {
      const sqlite = new DatabaseSync(':memory:');
      const db = new Kysely<unknown>({ dialect: createNodeSqliteDialect(sqlite) });
      try {
        // The schema before the queue, with two closed rounds (ended in the other order than their keys), an open
        // one, and the replay marker of migration 0004 or 0008.
        const migrator = new Migrator({ db, provider: migrationProvider });
        expect((await migrator.migrateTo('0010-round-timelines')).error).toBeUndefined();
        sqlite.exec(`insert into servers (server_guid, game, ip, port, name, map_name, game_type, num_players,
            bot_count, max_players, has_password, is_online, first_seen, last_seen, evidence_clock_ms)
          values ('g', 'bf1942', '192.0.2.1', 14567, 'S', 'wake', 'conquest', 0, 0, 64, 0, 0,
            '2026-01-01T20:00:00.000Z', '2026-01-01T21:00:00.000Z', 0)`);
        const insertRound = sqlite.prepare(`insert into rounds (round_key, round_id, server_guid, map_name, game_type,
            start_time, end_time, last_poll_at, is_active, team1_label, team2_label, participant_count,
            poll_count)
          values (?, ?, 'g', 'wake', 'conquest', '2026-01-01T20:00:00.000Z', ?, '2026-01-01T21:00:00.000Z', ?,
            'Axis', 'Allies', 0, 0)`);
        insertRound.run(1, 'r1', '2026-01-01T21:00:00.000Z', 0);
        insertRound.run(2, 'r2', '2026-01-01T20:30:00.000Z', 0);
        insertRound.run(3, 'r3', null, 1);
        sqlite.prepare('insert into app_meta (key, value) values (?, ?)').run(ROUND_AGGREGATES_BACKFILL_KEY, marker);

        expect((await migrator.migrateTo('0013-accounts')).error).toBeUndefined();

        expect(sqlite.prepare('select round_key, work from round_closed_queue order by seq').all()).toEqual([
          { round_key: 2, work },
          { round_key: 1, work },
        ]);

        // Migration 0014 then owes both closed rounds their achievements, after the replay, oldest end first.
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        expect(sqlite.prepare('select round_key, work from round_closed_queue order by seq').all()).toEqual([
          { round_key: 2, work },
          { round_key: 1, work },
          { round_key: 2, work: 'achievements' },
          { round_key: 1, work: 'achievements' },
        ]);
        expect(
          sqlite.prepare('select * from app_meta where key = ?').get(ROUND_AGGREGATES_BACKFILL_KEY),
        ).toBeUndefined();
      } finally {
        await db.destroy();
      }
    },
  );
});

describe('the progress of a round-closed backlog in the log', () => {
  it('says nothing while the queue keeps up, how far a backlog is every few seconds, and when it is worked off', () => {
    const lines: string[] = [];
    const line = (level: string) => (payload: Record<string, unknown>, message: string) =>
      lines.push(`${level} ${message} ${JSON.stringify(payload)}`);
    let now = Date.UTC(2026, 0, 1);
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const report = queueProgressLogger({ info: line('info'), warn: line('warn') }, 5_000);

    report({ processed: 1, remaining: 0 });
    expect(lines).toEqual([]);

    report({ processed: 40, remaining: 960 });
    now += 2_000;
    report({ processed: 40, remaining: 920 });
    now += 3_000;
    report({ processed: 40, remaining: 880 });
    now += 60_000;
    report({ processed: 880, remaining: 0 });

    expect(lines).toEqual([
      'info round-closed queue: working through a backlog {"processed":120,"remaining":880}',
      'warn round-closed queue: backlog worked through {"processed":1000,"seconds":65}',
    ]);
    vi.restoreAllMocks();
  });
});
