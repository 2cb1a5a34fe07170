import type { DatabaseSync } from 'node:sqlite';
import type { SyncConnection } from '../../db/sync-connection.ts';
import { describe, expect, it } from 'vitest';
import { onPostgres, useTestDatabase, openTestDatabase } from '../../test/test-database.ts';
import { asServerGuid } from '../../domain/ids.ts';
import { emptyBatch } from '../tracker/write-batch.ts';
import { createCollectorStore } from './collector-store.ts';
import { rollUpPopulation } from './population-rollup.ts';
import { seededRandom } from '../../emulator/random.ts';

// ---------------------------------------------------------------------------------------------------------
// Helpers

interface PopulationRow {
  server_guid: string;
  bucket_start: string;
  bucket_minutes: number;
  player_sum: number;
  peak_players: number;
  samples: number;
}

/** The collector's population buckets, which the rollup merges into hours ("5-minute buckets", population-rollup.ts). */
const FINE_BUCKET_MINUTES = 5;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// A fixed "now" off the hour, so flooring the cutoff matters: the cutoff is 2024-06-08T12:00:00.000Z.
const NOW = new Date('2024-06-15T12:34:56.789Z');
const CUTOFF_MS = Date.parse('2024-06-08T12:00:00.000Z');

const iso = (ms: number) => new Date(ms).toISOString();

function insertBucket(
  sqlite: SyncConnection,
  row: Omit<PopulationRow, 'bucket_minutes'> & { bucket_minutes?: number },
): void {
  sqlite
    .prepare(
      `insert into server_population (server_guid, bucket_start, bucket_minutes, player_sum, peak_players, samples)
      values (?, ?, ?, ?, ?, ?)`,
    )
    .run(
      row.server_guid,
      row.bucket_start,
      row.bucket_minutes ?? FINE_BUCKET_MINUTES,
      row.player_sum,
      row.peak_players,
      row.samples,
    );
}

/** Writes polls' player counts as the collector does: a batch through its store, into 5-minute buckets. */
function addPolls(sqlite: SyncConnection, polls: readonly Poll[]): void {
  const population = polls.map((poll) => ({
    serverGuid: asServerGuid(poll.serverGuid),
    at: poll.atMs,
    players: poll.players,
  }));
  createCollectorStore(sqlite).applyBatches([{ ...emptyBatch(), population }]);
}

function readRows(sqlite: SyncConnection, serverGuid?: string): PopulationRow[] {
  const rows =
    serverGuid === undefined
      ? sqlite.prepare('select * from server_population order by server_guid, bucket_start').all()
      : sqlite.prepare('select * from server_population where server_guid = ? order by bucket_start').all(serverGuid);
  return rows as unknown as PopulationRow[];
}

interface Poll {
  serverGuid: string;
  atMs: number;
  players: number;
}

/** Polls every 30 s with some missed, over the given span, with player counts from a seeded generator. */
function generatePolls(seed: number, serverGuid: string, fromMs: number, toMs: number): Poll[] {
  const random = seededRandom(seed);
  const polls: Poll[] = [];
  for (let atMs = fromMs; atMs < toMs; atMs += 30_000) {
    if (random() < 0.15) continue; // failed polls: buckets hold different numbers of samples
    polls.push({ serverGuid, atMs, players: Math.floor(random() * 65) });
  }
  return polls;
}

/** What each hour should hold, computed from the raw polls (not from the buckets). */
interface ExpectedHour {
  sum: number;
  peak: number;
  samples: number;
  /** Every poll's count, to take the plain mean of the hour independently of the sums. */
  players: number[];
}

function expectHourly(polls: readonly Poll[]): Map<string, ExpectedHour> {
  const hours = new Map<string, ExpectedHour>();
  for (const poll of polls) {
    const key = `${poll.serverGuid}|${iso(Math.floor(poll.atMs / HOUR_MS) * HOUR_MS)}`;
    const hour = hours.get(key) ?? { sum: 0, peak: 0, samples: 0, players: [] };
    hour.players.push(poll.players);
    hour.sum += poll.players;
    hour.peak = Math.max(hour.peak, poll.players);
    hour.samples += 1;
    hours.set(key, hour);
  }
  return hours;
}

// ---------------------------------------------------------------------------------------------------------

describe('rollUpPopulation', () => {
  const database = useTestDatabase();

  it('merges old buckets into hourly rows with exact sums, peaks and averages', () => {
    const { sqlite } = database();
    // Three old days (rolled up) and the fresh week (kept), from raw polls with missed ones.
    const fromMs = CUTOFF_MS - 3 * DAY_MS;
    const polls = generatePolls(1942, 'srv-a', fromMs, NOW.getTime());
    addPolls(sqlite, polls);
    const fineBefore = readRows(sqlite).filter((row) => Date.parse(row.bucket_start) < CUTOFF_MS);
    const keptBefore = readRows(sqlite).filter((row) => Date.parse(row.bucket_start) >= CUTOFF_MS);
    // The collector wrote 5-minute buckets: the week from the cutoff to NOW (12:34:56) holds 7 × 288 + 7.
    expect(keptBefore).toHaveLength(7 * 288 + 7);
    for (const row of [...fineBefore, ...keptBefore]) {
      expect(row.bucket_minutes).toBe(FINE_BUCKET_MINUTES);
      expect(Date.parse(row.bucket_start) % (FINE_BUCKET_MINUTES * MINUTE_MS)).toBe(0);
    }

    const result = rollUpPopulation(sqlite, NOW);

    const oldPolls = polls.filter((poll) => poll.atMs < CUTOFF_MS);
    const expected = expectHourly(oldPolls);
    expect(result).toEqual({ bucketsRolledUp: fineBefore.length, hourlyRows: expected.size });
    expect(expected.size).toBe(3 * 24);

    const rows = readRows(sqlite);
    const hourly = rows.filter((row) => Date.parse(row.bucket_start) < CUTOFF_MS);
    expect(hourly).toHaveLength(expected.size);
    for (const row of hourly) {
      const want = expected.get(`${row.server_guid}|${row.bucket_start}`);
      expect(want, row.bucket_start).toBeDefined();
      expect(row.bucket_minutes).toBe(60);
      expect(row.player_sum).toBe(want?.sum);
      expect(row.peak_players).toBe(want?.peak);
      expect(row.samples).toBe(want?.samples);
      // The hourly average is the mean of every poll of the hour, not the mean of the bucket averages.
      const players = want?.players ?? [];
      const mean = players.reduce((sum, count) => sum + count, 0) / players.length;
      expect(row.player_sum / row.samples).toBeCloseTo(mean, 12);
    }
    // The fresh week keeps its 5-minute buckets exactly as they were.
    expect(rows.filter((row) => Date.parse(row.bucket_start) >= CUTOFF_MS)).toEqual(keptBefore);
  });

  it('gives a different average than averaging bucket averages when buckets hold different sample counts', () => {
    const { sqlite } = database();
    const hour = '2024-06-01T10:00:00.000Z';
    insertBucket(sqlite, { server_guid: 'srv-a', bucket_start: hour, player_sum: 10, peak_players: 10, samples: 1 });
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:05:00.000Z',
      player_sum: 270,
      peak_players: 32,
      samples: 9,
    });

    rollUpPopulation(sqlite, NOW);

    expect(readRows(sqlite)).toEqual([
      { server_guid: 'srv-a', bucket_start: hour, bucket_minutes: 60, player_sum: 280, peak_players: 32, samples: 10 },
    ]);
    // 280 / 10 = 28 players on average; the mean of the bucket averages would say (10 + 30) / 2 = 20.
  });

  it('rolls up an hour whose first 5-minute bucket is missing', () => {
    const { sqlite } = database();
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:35:00.000Z',
      player_sum: 12,
      peak_players: 5,
      samples: 4,
    });
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:55:00.000Z',
      player_sum: 20,
      peak_players: 7,
      samples: 3,
    });

    expect(rollUpPopulation(sqlite, NOW)).toEqual({ bucketsRolledUp: 2, hourlyRows: 1 });
    expect(readRows(sqlite)).toEqual([
      {
        server_guid: 'srv-a',
        bucket_start: '2024-06-01T10:00:00.000Z',
        bucket_minutes: 60,
        player_sum: 32,
        peak_players: 7,
        samples: 7,
      },
    ]);
  });

  // Now off the hour, and now exactly on it: either way the boundary is 12:00 seven days before.
  it.each([NOW, new Date(CUTOFF_MS + 7 * DAY_MS)])(
    'keeps the boundary hour and everything after it in 5-minute buckets, and never splits an hour (now %j)',
    (now) => {
      const { sqlite } = database();
      const bucket = (ms: number, players: number) =>
        insertBucket(sqlite, {
          server_guid: 'srv-a',
          bucket_start: iso(ms),
          player_sum: players * 10,
          peak_players: players,
          samples: 10,
        });
      bucket(CUTOFF_MS - 60 * MINUTE_MS, 1); // 11:00, the hour before the boundary: rolled up
      bucket(CUTOFF_MS - 5 * MINUTE_MS, 2); // 11:55, the last bucket before the boundary: rolled up
      bucket(CUTOFF_MS, 3); // 12:00, exactly at the boundary: stays
      bucket(CUTOFF_MS + 5 * MINUTE_MS, 4); // 12:05, just after: stays
      // With now off the hour (12:34:56.789 a week later), 12:35 is more than seven days before it, but its
      // hour is not wholly older than seven days, so it stays with the rest of its hour.
      bucket(CUTOFF_MS + 35 * MINUTE_MS, 5);
      bucket(CUTOFF_MS + 60 * MINUTE_MS, 6); // 13:00: stays

      expect(rollUpPopulation(sqlite, now)).toEqual({ bucketsRolledUp: 2, hourlyRows: 1 });

      expect(readRows(sqlite).map((row) => [row.bucket_start, row.bucket_minutes, row.player_sum])).toEqual([
        [iso(CUTOFF_MS - HOUR_MS), 60, 30],
        [iso(CUTOFF_MS), 5, 30],
        [iso(CUTOFF_MS + 5 * MINUTE_MS), 5, 40],
        [iso(CUTOFF_MS + 35 * MINUTE_MS), 5, 50],
        [iso(CUTOFF_MS + 60 * MINUTE_MS), 5, 60],
      ]);
    },
  );

  it('is idempotent: running twice leaves the same rows as running once', () => {
    const { sqlite } = database();
    const polls = generatePolls(7, 'srv-a', CUTOFF_MS - 2 * DAY_MS, CUTOFF_MS + DAY_MS);
    addPolls(sqlite, polls);

    const first = rollUpPopulation(sqlite, NOW);
    const afterOnce = readRows(sqlite);
    expect(first.bucketsRolledUp).toBeGreaterThan(0);

    expect(rollUpPopulation(sqlite, NOW)).toEqual({ bucketsRolledUp: 0, hourlyRows: 0 });
    expect(readRows(sqlite)).toEqual(afterOnce);
  });

  it('gives the same result run every hour as run once at the end', async () => {
    const polls = generatePolls(1337, 'srv-a', CUTOFF_MS - 2 * DAY_MS, NOW.getTime());
    const { sqlite } = database();
    addPolls(sqlite, polls);
    rollUpPopulation(sqlite, NOW);
    const once = readRows(sqlite);

    // A second database, filled the same way, rolled up hourly (at drifting minutes) up to NOW.
    const other = await openTestDatabase();
    try {
      addPolls(other.sqlite, polls);
      for (let atMs = NOW.getTime() - 2 * DAY_MS; atMs < NOW.getTime(); atMs += HOUR_MS - 7 * MINUTE_MS) {
        rollUpPopulation(other.sqlite, new Date(atMs));
      }
      rollUpPopulation(other.sqlite, NOW);
      expect(readRows(other.sqlite)).toEqual(once);
    } finally {
      await other.close();
    }
  });

  it('merges into an hourly row left by an earlier run (sum, sum, max)', () => {
    const { sqlite } = database();
    const hour = '2024-06-01T10:00:00.000Z';
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: hour,
      bucket_minutes: 60,
      player_sum: 100,
      peak_players: 9,
      samples: 20,
    });
    // Buckets of the same hour written after it was rolled up (a late write, or a job interrupted earlier).
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:05:00.000Z',
      player_sum: 50,
      peak_players: 12,
      samples: 5,
    });
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:50:00.000Z',
      player_sum: 8,
      peak_players: 4,
      samples: 2,
    });

    expect(rollUpPopulation(sqlite, NOW)).toEqual({ bucketsRolledUp: 2, hourlyRows: 1 });
    expect(readRows(sqlite)).toEqual([
      { server_guid: 'srv-a', bucket_start: hour, bucket_minutes: 60, player_sum: 158, peak_players: 12, samples: 27 },
    ]);
  });

  it('keeps the peak of an earlier hourly row when the new buckets are lower', () => {
    const { sqlite } = database();
    const hour = '2024-06-01T10:00:00.000Z';
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: hour,
      bucket_minutes: 60,
      player_sum: 640,
      peak_players: 64,
      samples: 10,
    });
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:30:00.000Z',
      player_sum: 3,
      peak_players: 3,
      samples: 1,
    });

    rollUpPopulation(sqlite, NOW);

    expect(readRows(sqlite)).toEqual([
      { server_guid: 'srv-a', bucket_start: hour, bucket_minutes: 60, player_sum: 643, peak_players: 64, samples: 11 },
    ]);
  });

  it('keeps each server to its own rows, and leaves recent rows of other servers untouched', () => {
    const { sqlite } = database();
    const hour = '2024-06-01T10:00:00.000Z';
    for (const [serverGuid, players] of [
      ['srv-a', 10],
      ['srv-b', 20],
    ] as const) {
      insertBucket(sqlite, {
        server_guid: serverGuid,
        bucket_start: hour,
        player_sum: players,
        peak_players: players,
        samples: 1,
      });
      insertBucket(sqlite, {
        server_guid: serverGuid,
        bucket_start: '2024-06-01T10:05:00.000Z',
        player_sum: players * 2,
        peak_players: players + 1,
        samples: 2,
      });
    }
    const recent = {
      server_guid: 'srv-c',
      bucket_start: iso(CUTOFF_MS + DAY_MS),
      player_sum: 7,
      peak_players: 7,
      samples: 1,
    };
    insertBucket(sqlite, recent);
    insertBucket(sqlite, { ...recent, server_guid: 'srv-b' });

    expect(rollUpPopulation(sqlite, NOW)).toEqual({ bucketsRolledUp: 4, hourlyRows: 2 });

    expect(readRows(sqlite, 'srv-a')).toEqual([
      { server_guid: 'srv-a', bucket_start: hour, bucket_minutes: 60, player_sum: 30, peak_players: 11, samples: 3 },
    ]);
    expect(readRows(sqlite, 'srv-b')).toEqual([
      { server_guid: 'srv-b', bucket_start: hour, bucket_minutes: 60, player_sum: 60, peak_players: 21, samples: 3 },
      { ...recent, server_guid: 'srv-b', bucket_minutes: 5 },
    ]);
    expect(readRows(sqlite, 'srv-c')).toEqual([{ ...recent, bucket_minutes: 5 }]);
  });

  it('honours olderThanDays', () => {
    const { sqlite } = database();
    const yesterday = Date.parse('2024-06-14T08:10:00.000Z');
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: iso(yesterday),
      player_sum: 5,
      peak_players: 5,
      samples: 1,
    });

    expect(rollUpPopulation(sqlite, NOW)).toEqual({ bucketsRolledUp: 0, hourlyRows: 0 });
    expect(rollUpPopulation(sqlite, NOW, { olderThanDays: 1 })).toEqual({ bucketsRolledUp: 1, hourlyRows: 1 });
    expect(readRows(sqlite).map((row) => [row.bucket_start, row.bucket_minutes])).toEqual([
      ['2024-06-14T08:00:00.000Z', 60],
    ]);
  });

  it('does nothing on an empty table', () => {
    const { sqlite } = database();
    expect(rollUpPopulation(sqlite, NOW)).toEqual({ bucketsRolledUp: 0, hourlyRows: 0 });
    expect(readRows(sqlite)).toEqual([]);
  });

  it('rolls back and rethrows when a statement fails, leaving no transaction open', () => {
    const { sqlite } = database();
    insertBucket(sqlite, {
      server_guid: 'srv-a',
      bucket_start: '2024-06-01T10:05:00.000Z',
      player_sum: 5,
      peak_players: 5,
      samples: 1,
    });
    const before = readRows(sqlite);
    // A trigger that refuses deletes makes the second statement fail after the first has written.
    sqlite.exec(
      onPostgres
        ? `create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
          create trigger refuse_delete before delete on server_population for each row execute function refuse()`
        : `create trigger refuse_delete before delete on server_population
          begin select raise(abort, 'refused'); end`,
    );

    expect(() => rollUpPopulation(sqlite, NOW)).toThrow(/refused/);
    // PostgreSQL would refuse this read in a transaction left aborted; SQLite says whether one is open.
    expect(readRows(sqlite)).toEqual(before);
    if (!onPostgres) expect((sqlite as DatabaseSync).isTransaction).toBe(false);
  });
});
