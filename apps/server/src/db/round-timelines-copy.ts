import type { SyncConnection } from './sync-connection.ts';
import type { FastifyBaseLogger } from 'fastify';
import { dialectText } from './dialect.ts';
import { ROUND_TIMELINES_COPY_KEY } from './migrations/0010-round-timelines.ts';

/** Rounds moved per transaction: short enough that a crash loses little and the log shows steady progress. */
const DEFAULT_BATCH_ROUNDS = 500;
const PROGRESS_EVERY_MS = 1000;
/**
 * The connection may not checkpoint by itself (with the collector in its worker, the HTTP thread's never does), and
 * every blob is written twice, moved and cleared: the copy checkpoints every this many batches (5,000 rounds), so
 * the WAL stays tens of megabytes instead of growing by the size of every timeline. Nothing
 * else reads or writes yet, so the checkpoint has nobody to wait for.
 */
const CHECKPOINT_EVERY_BATCHES = 10;

export interface RoundTimelinesCopyOptions {
  batchRounds?: number;
  /** Stops after this many batches (tests: a copy interrupted halfway). */
  maxBatches?: number;
}

/**
 * Moves the timelines a database made before migration 0010 keeps in `rounds.timeline` into `round_timelines`,
 * when that migration marked the move owed. Batches of rounds in round_key order, each in its own transaction
 * that inserts the blobs and nulls them in `rounds`: after a crash every round's timeline is in exactly one of
 * the two places, and the next start carries on with the rounds still holding one. The marker goes with the
 * last batch. Runs at start-up before anything reads timelines; returns how many rounds it moved.
 */
export function copyRoundTimelines(
  sqlite: SyncConnection,
  log: FastifyBaseLogger,
  options: RoundTimelinesCopyOptions = {},
): number {
  if (!sqlite.prepare('select 1 from app_meta where key = ?').get(ROUND_TIMELINES_COPY_KEY)) return 0;
  const batchRounds = options.batchRounds ?? DEFAULT_BATCH_ROUNDS;
  const startedAt = performance.now();
  // Counted over the rows that still hold a blob, so a resumed copy reports what is left to do.
  const total = Number(
    sqlite.prepare('select count(*) as rounds from rounds where timeline is not null').get()?.rounds ?? 0,
  );
  // The last key of the next batch; the statements below take every holding round up to it.
  const batchEnd = sqlite.prepare(`select max(round_key) as last from (select round_key from rounds
    where timeline is not null and round_key > ? order by round_key limit ?)`);
  const copyBatch = sqlite.prepare(`insert into round_timelines (round_key, timeline)
    select round_key, timeline from rounds where timeline is not null and round_key > ? and round_key <= ?
    on conflict (round_key) do update set timeline = excluded.timeline`);
  const clearBatch = sqlite.prepare(`update rounds set timeline = null
    where timeline is not null and round_key > ? and round_key <= ?`);
  const removeMarker = sqlite.prepare('delete from app_meta where key = ?');

  let copied = 0;
  let after = -1;
  let batches = 0;
  let loggedAt = startedAt;
  for (;;) {
    if (options.maxBatches !== undefined && batches >= options.maxBatches) break;
    let last: number;
    sqlite.exec(dialectText.beginWrite);
    try {
      const end = batchEnd.get(after, batchRounds)?.last;
      if (end === null || end === undefined) {
        removeMarker.run(ROUND_TIMELINES_COPY_KEY);
        sqlite.exec('commit');
        break;
      }
      last = Number(end);
      copied += Number(copyBatch.run(after, last).changes);
      clearBatch.run(after, last);
      sqlite.exec('commit');
    } catch (error) {
      sqlite.exec('rollback');
      throw error;
    }
    after = last;
    batches += 1;
    if (batches % CHECKPOINT_EVERY_BATCHES === 0) sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)');
    const now = performance.now();
    if (now - loggedAt >= PROGRESS_EVERY_MS) {
      log.info({ copied, total }, 'database upgrade: moving round timelines to their own table');
      loggedAt = now;
    }
  }
  if (copied > 0) {
    sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const seconds = Number(((performance.now() - startedAt) / 1000).toFixed(1));
    log.warn({ rounds: copied, seconds }, 'database upgrade: round timelines moved to their own table');
  }
  return copied;
}
