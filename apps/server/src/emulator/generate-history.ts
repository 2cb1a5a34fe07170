import type { DatabaseSync } from 'node:sqlite';
import type { SyncConnection } from '../db/sync-connection.ts';
import { GAMES, type GameId } from '@frontline/contract';
import type { GamePoll } from '../domain/snapshot.ts';
import { createCollectorStore, type CollectorStore } from '../ingest/store/collector-store.ts';
import { rollUpPopulation } from '../ingest/store/population-rollup.ts';
import { Tracker } from '../ingest/tracker/tracker.ts';
import { coalesceBatches, type WriteBatch } from '../ingest/tracker/write-batch.ts';
import type { TrueRound } from './ground-truth.ts';
import { startHistoryWriter, type HistoryWriter } from './history-writer.ts';
import { createWorld } from './world.ts';
import { WORLD_STEP_MS, type EmulatedWorld } from './world-types.ts';

/**
 * Fills a database with the history of the simulated world: the world runs in accelerated time, and each
 * step's snapshots go through the same tracker and store as live polls (only the HTTP hop is skipped). Into a
 * database file, the store writes on a thread of its own (history-writer.ts) while this one runs the world and the
 * tracker; an in-memory database, or PostgreSQL, is written on this thread, through the caller's connection.
 */

const WARM_UP_MS = 6 * 3_600_000;

/**
 * Steps written per transaction: half a day of the world. Each commit writes every page its transaction touched,
 * and the same pages (open sessions, the aggregates' hot rows) are touched again by the next: 10 days of history
 * were written at 32 server-days/s in transactions of 240 steps, 36.5 of 720 and 37.5 of 1,440 (2,880 gained
 * nothing more and kept another 200 MB in memory).
 */
const STEPS_PER_TRANSACTION = 1_440;

export interface HistoryProgress {
  done: number;
  total: number;
  /** Simulated server-days per wall-clock second so far. */
  serverDaysPerSecond: number;
}

export interface GenerateHistoryOptions {
  /** A SQLite database, or another store's synchronous connection (db/sync-connection.ts). */
  sqlite: DatabaseSync | SyncConnection;
  seed: number;
  /** History covers [endMs − days, endMs). */
  endMs: number;
  days: number;
  /**
   * The simulated world's own time at the end of the history; endMs by default. A fixed instant gives the same
   * history on whatever day it is generated: the world runs on its own clock, and every stored time is moved by
   * endMs − worldEndMs, so that the history still ends at endMs. To continue the world live, run it at that
   * offset from the real clock (`worldOffsetMs` in the result).
   */
  worldEndMs?: number;
  games?: readonly GameId[];
  /** Also record what really happened (the world's ground truth), for checking the collector against. */
  recordTruth?: boolean;
  onProgress?: (progress: HistoryProgress) => void;
}

export interface HistoryResult {
  /** The world at the end of the history, to continue live from. */
  world: EmulatedWorld;
  /** How far the stored times run ahead of the world's own clock: endMs − worldEndMs (0 by default). */
  worldOffsetMs: number;
  steps: number;
  playerPolls: number;
  serverDays: number;
  seconds: number;
  /** With `recordTruth`: the true rounds of the recorded games, each round up to its last step in the history. */
  truth?: TrueRound[];
}

export function generateHistory(options: GenerateHistoryOptions): HistoryResult {
  const { sqlite, seed, endMs, days, games = GAMES.map((game) => game.id), recordTruth = false, onProgress } = options;
  const worldEndMs = options.worldEndMs ?? endMs;
  const worldOffsetMs = endMs - worldEndMs;
  const worldStartMs = worldEndMs - days * 86_400_000;

  // The world starts empty; a few unrecorded hours let players arrive, so the history does not begin
  // with a deserted hour that no real collector would ever have seen.
  const world = createWorld({ seed, startMs: worldStartMs - WARM_UP_MS });
  world.advanceTo(worldStartMs);
  // From the next step, the first one the collector sees: the truth starts where the record does.
  const truth = recordTruth ? world.recordTruth() : undefined;
  const serverCount = world.profiles().filter((profile) => games.includes(profile.game)).length;
  const store = createCollectorStore(sqlite);
  const tracker = new Tracker({}, store.loadTrackerState());
  const total = Math.floor((worldEndMs - world.now()) / WORLD_STEP_MS);
  const started = performance.now();
  let pending: WriteBatch[] = [];
  let playerPolls = 0;

  const report = (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    const serverDays = (serverCount * done * WORLD_STEP_MS) / 86_400_000;
    onProgress?.({ done, total, serverDaysPerSecond: seconds > 0 ? serverDays / seconds : 0 });
  };

  const databasePath = 'location' in sqlite ? sqlite.location() : null;
  const writer = databasePath === null ? inThreadWriter(store) : startHistoryWriter(databasePath);
  try {
    for (let step = 1; step <= total; step += 1) {
      world.advanceTo(world.now() + WORLD_STEP_MS);
      const at = new Date(world.now() + worldOffsetMs);
      for (const game of games) {
        const servers = world.snapshots(game);
        const poll: GamePoll = { game, at, ok: true, servers, skippedEntries: 0 };
        for (const server of servers) playerPolls += server.players.length;
        pending.push(tracker.ingest(poll).batch);
      }
      if (step % STEPS_PER_TRANSACTION === 0 || step === total) {
        writer.write(coalesceBatches(pending));
        pending = [];
        if (step < total) report(step);
      }
    }
    writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  }
  report(total);
  rollUpPopulation(sqlite, new Date(endMs));
  const seconds = (performance.now() - started) / 1000;
  const result: HistoryResult = {
    world,
    worldOffsetMs,
    steps: total,
    playerPolls,
    serverDays: (serverCount * total * WORLD_STEP_MS) / 86_400_000,
    seconds,
  };
  if (truth) {
    result.truth = truth
      .finish()
      .filter((round) => games.includes(round.game))
      .map((round) => moveTrueRound(round, worldOffsetMs));
  }
  return result;
}

/** The writer on the caller's own connection, for an in-memory database (no other connection can reach it). */
function inThreadWriter(store: CollectorStore): HistoryWriter {
  return {
    // No poll waits here: each closed round's work is done in the same transaction, not queued.
    write: (batch) => store.applyBatches([batch], { completeClosedRounds: true }),
    finish: () => undefined,
    abort: () => undefined,
  };
}

/** A true round at the stored times: the world's own times moved by the history's offset. */
function moveTrueRound(round: TrueRound, offsetMs: number): TrueRound {
  if (offsetMs === 0) return round;
  return {
    ...round,
    start: round.start + offsetMs,
    end: round.end + offsetMs,
    sessions: round.sessions.map((session) => ({
      ...session,
      firstSeen: session.firstSeen + offsetMs,
      lastSeen: session.lastSeen + offsetMs,
    })),
  };
}
