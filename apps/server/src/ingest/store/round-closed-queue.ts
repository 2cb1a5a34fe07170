import type { SyncConnection, SyncStatement } from '../../db/sync-connection.ts';
import { dialectText } from '../../db/dialect.ts';
import { pingBinOf } from '../../domain/ping-histogram.ts';
import { decodePoll, decodeTimeline, encodeTimeline, type TimelinePoll } from '../../domain/timeline-codec.ts';
import { floorTo, isoTime } from './iso-time.ts';
import { createRoundAchievements } from './round-achievements.ts';
import { createRoundAggregates } from './round-aggregates.ts';
import { createPlayerSimilarityFeatures } from './player-similarity-features.ts';

/**
 * The round-closed step (DESIGN.md data flow, step 4; migration 0012). The poll's transaction closes a round and
 * adds it to `round_closed_queue`; this step, in transactions of its own, does what a closed round owes and
 * removes its row in the same transaction, in the order rounds closed. A crash anywhere loses nothing and repeats
 * nothing: the queue resumes at start-up. What a closed round owes (`work`):
 * - `closed`: its open polls become one timeline blob; its sessions are added to their players' totals and to the
 *   round aggregates; its pings to its server's ping statistics (once per round, not per poll);
 * - `aggregates` / `map_days`: the replays older databases owe (migration 0012 turned them into queue rows);
 * - `achievements`: its achievements (store/round-achievements.ts) and its players' similarity features
 *   (store/player-similarity-features.ts), queued by its `closed` work (or by migration
 *   0014 for the rounds of an older database), so they come after the timeline they are computed from and in the
 *   order rounds closed, whichever way the round was closed.
 *
 * The collector's worker works through the queue between polls, a slice at a time (`processQueue` with a time
 * budget), so a backfill of thousands of rounds never delays a poll; history generation, which writes whole
 * rounds in bulk, does its rounds' `closed` work at once in the same transaction (`completeRounds`) and leaves
 * their achievements queued for the worker (docs/decisions/0017-achievements-storage.md).
 */

type Work = 'closed' | 'aggregates' | 'map_days' | 'achievements';

type QueueRow = { seq: number; round_key: number; work: Work };

/**
 * A backlog's rounds are done many to a transaction (docs/decisions/0024-round-closed-backlog.md), but a transaction
 * is kept short: on SQLite it holds the write lock, and a write of the HTTP thread waits for it, its event loop
 * blocked meanwhile. About 200 rounds fit in TRANSACTION_MS; the rows are read ahead a few more at a time.
 */
const ROUNDS_PER_TRANSACTION = 512;
const TRANSACTION_MS = 250;

/**
 * Pings of closed rounds' polls, summed by server, hour and 10 ms bin (0 and 1000+ are not real pings): a round's
 * pings are written once per hour and bin, not per poll, and a bulk writer's whole batch of rounds at once.
 */
class PingTotals {
  readonly #counts = new Map<string, { serverGuid: string; hour: number; bin: number; count: number }>();

  add(serverGuid: string, polls: readonly TimelinePoll[]): void {
    for (const poll of polls) {
      const hour = floorTo(poll.at, 60);
      for (const sample of poll.samples) {
        if (sample.ping <= 0 || sample.ping >= 1000) continue;
        const bin = pingBinOf(sample.ping);
        const key = `${serverGuid}|${hour}|${bin}`;
        const total = this.#counts.get(key);
        if (total) total.count += 1;
        else this.#counts.set(key, { serverGuid, hour, bin, count: 1 });
      }
    }
  }

  /** Each total, and the same summed by day. */
  hourly() {
    return this.#counts.values();
  }

  daily() {
    const days = new Map<string, { serverGuid: string; day: number; bin: number; count: number }>();
    for (const { serverGuid, hour, bin, count } of this.#counts.values()) {
      const day = floorTo(hour, 1440);
      const key = `${serverGuid}|${day}|${bin}`;
      const total = days.get(key);
      if (total) total.count += count;
      else days.set(key, { serverGuid, day, bin, count });
    }
    return days.values();
  }
}

function prepareStatements(sqlite: SyncConnection) {
  const prepare = (text: string): SyncStatement => sqlite.prepare(text);
  const { greatest } = dialectText;
  return {
    enqueue: prepare(`insert into round_closed_queue (round_key, work) values (?, ?)
      on conflict (round_key, work) do nothing`),
    next: prepare('select seq, round_key, work from round_closed_queue order by seq limit ?'),
    remaining: prepare('select count(*) as rounds from round_closed_queue'),
    dequeue: prepare('delete from round_closed_queue where seq = ?'),
    selectRound: prepare('select server_guid, end_time, closed_at from rounds where round_key = ?'),
    selectRoundNames: prepare('select player_name from sessions where round_key = ? order by player_index'),
    selectRoundPolls: prepare('select data from round_polls where round_key = ? order by at'),
    deleteRoundPolls: prepare('delete from round_polls where round_key = ?'),
    selectTimeline: prepare('select timeline from round_timelines where round_key = ?'),
    insertTimeline: prepare(`insert into round_timelines (round_key, timeline) values (?, ?)
      on conflict (round_key) do update set timeline = excluded.timeline`),
    addRoundToPlayerTotals: prepare(`update players set played_ms = players.played_ms + s.played_ms,
        last_seen = ${greatest("coalesce(players.last_seen, '')", 's.last_seen')}
      from (select player_name, played_ms, last_seen from sessions where round_key = ?) as s
      where players.player_name = s.player_name`),
    addPingDay: prepare(`insert into server_ping_daily (server_guid, day_start, ping_bin, samples) values (?, ?, ?, ?)
      on conflict (server_guid, day_start, ping_bin) do update set
        samples = server_ping_daily.samples + excluded.samples`),
    addPing: prepare(`insert into server_ping_hourly (server_guid, hour_start, ping_bin, samples) values (?, ?, ?, ?)
      on conflict (server_guid, hour_start, ping_bin) do update set
        samples = server_ping_hourly.samples + excluded.samples`),
  };
}

export interface QueueProgress {
  /** Rounds whose work was done by this call. */
  processed: number;
  /** Rounds still owed when it returned. */
  remaining: number;
}

export interface RoundClosedQueue {
  /** Inside the poll's transaction: the round, just closed, is owed its work. */
  enqueue: (roundKey: number) => void;
  /**
   * Inside the caller's transaction: does just-closed rounds' work at once, each round's last polls given in memory
   * (they were never written to `round_polls`). For bulk writers, which close thousands of rounds per transaction.
   */
  completeRounds: (rounds: readonly { roundKey: number; pollsInMemory: readonly Uint8Array[] }[]) => void;
  /**
   * Works through the queue in order until it is empty or `budgetMs` has passed, several rounds to a transaction
   * (each round's work and its removal from the queue always in the same one).
   */
  processQueue: (budgetMs: number) => QueueProgress;
  remaining: () => number;
}

export function createRoundClosedQueue(sqlite: SyncConnection): RoundClosedQueue {
  const statements = prepareStatements(sqlite);
  const aggregates = createRoundAggregates(sqlite);
  const achievements = createRoundAchievements(sqlite);
  const similarityFeatures = createPlayerSimilarityFeatures(sqlite);

  function storedTimelinePolls(roundKey: number): TimelinePoll[] {
    const row = statements.selectTimeline.get(roundKey) as { timeline: Uint8Array } | undefined;
    return row ? decodeTimeline(row.timeline).polls : [];
  }

  /**
   * Closed rounds' whole work: `pollsInMemory` are a round's polls never written to `round_polls` (newer than
   * those). Their pings are summed over all of them and written at the end.
   */
  function completeClosedRounds(rounds: readonly { roundKey: number; pollsInMemory: readonly Uint8Array[] }[]): void {
    const pings = new PingTotals();
    const owingAchievements: { roundKey: number; endTime: string; closedAt: string }[] = [];
    for (const { roundKey, pollsInMemory } of rounds) {
      const round = statements.selectRound.get(roundKey) as
        { server_guid: string; end_time: string; closed_at: string | null } | undefined;
      if (!round) throw new Error(`round ${roundKey} is closed but does not exist`);
      const names = (statements.selectRoundNames.all(roundKey) as { player_name: string }[]).map(
        (row) => row.player_name,
      );
      const stored = (statements.selectRoundPolls.all(roundKey) as { data: Uint8Array }[]).map((row) => row.data);
      const polls = [...stored, ...pollsInMemory].map(decodePoll);
      statements.insertTimeline.run(roundKey, encodeTimeline({ names, polls }));
      if (stored.length > 0) statements.deleteRoundPolls.run(roundKey);
      statements.addRoundToPlayerTotals.run(roundKey);
      aggregates.addClosedRound(roundKey, polls);
      pings.add(round.server_guid, polls);
      owingAchievements.push({ roundKey, endTime: round.end_time, closedAt: round.closed_at ?? round.end_time });
    }
    // Milestones go to the session that crosses them, and the badge rules walk a player's rounds in order, so a
    // bulk batch (its rounds closed server by server) queues them in a live collector's order: found closed, ended.
    owingAchievements.sort(
      (a, b) => a.closedAt.localeCompare(b.closedAt) || a.endTime.localeCompare(b.endTime) || a.roundKey - b.roundKey,
    );
    for (const { roundKey } of owingAchievements) statements.enqueue.run(roundKey, 'achievements');
    for (const { serverGuid, hour, bin, count } of pings.hourly()) {
      statements.addPing.run(serverGuid, isoTime(hour), bin, count);
    }
    for (const { serverGuid, day, bin, count } of pings.daily()) {
      statements.addPingDay.run(serverGuid, isoTime(day), bin, count);
    }
  }

  function doWork(roundKey: number, work: Work): void {
    switch (work) {
      case 'closed':
        completeClosedRounds([{ roundKey, pollsInMemory: [] }]);
        break;
      case 'aggregates':
        aggregates.addClosedRound(roundKey, storedTimelinePolls(roundKey));
        break;
      case 'map_days':
        aggregates.addClosedRoundMap(roundKey, storedTimelinePolls(roundKey));
        break;
      case 'achievements':
        achievements.awardRound(roundKey);
        // Similar players' features (issue 19) need the same once-per-round, in-close-order pass.
        similarityFeatures.addRound(roundKey);
        break;
    }
  }

  const remaining = () => Number((statements.remaining.get() as { rounds: number }).rounds);

  return {
    enqueue: (roundKey) => void statements.enqueue.run(roundKey, 'closed'),
    completeRounds: completeClosedRounds,
    remaining,

    processQueue(budgetMs) {
      const deadline = performance.now() + budgetMs;
      let processed = 0;
      // At least one round per call, whatever the budget, so that a backlog always moves.
      do {
        const rows = statements.next.all(ROUNDS_PER_TRANSACTION) as QueueRow[];
        if (rows.length === 0) break;
        processed += workInOneTransaction(rows, deadline);
      } while (performance.now() < deadline);
      return { processed, remaining: processed === 0 ? 0 : remaining() };
    },
  };

  /**
   * Does the rows' work in one transaction, in order, until they are done or the deadline or the transaction's
   * own time limit has passed; returns how many were done. A commit per round cost a third of a backlog's time.
   * When one fails, the transaction is rolled back and the same rows are done again one per transaction, so the
   * rounds before the failing one land and the failing one alone stays queued (and its error names it).
   */
  function workInOneTransaction(rows: readonly QueueRow[], deadline: number): number {
    const stopAt = Math.min(deadline, performance.now() + TRANSACTION_MS);
    let done = 0;
    sqlite.exec(dialectText.beginWrite);
    try {
      for (const row of rows) {
        doWork(row.round_key, row.work);
        statements.dequeue.run(row.seq);
        done += 1;
        if (performance.now() >= stopAt) break;
      }
      achievements.flush();
      similarityFeatures.flush();
      sqlite.exec('commit');
      return done;
    } catch (error) {
      achievements.discard();
      similarityFeatures.discard();
      sqlite.exec('rollback');
      if (rows.length === 1) {
        const [row] = rows as [QueueRow];
        throw new Error(`round-closed work (${row.work}) of round ${row.round_key} failed`, { cause: error });
      }
    }
    for (const [index, row] of rows.entries()) {
      workInOneTransaction([row], deadline);
      if (performance.now() >= deadline) return index + 1;
    }
    return rows.length;
  }
}

type LogLine = (payload: Record<string, unknown>, message: string) => void;

/** How the worker reports a long queue (a backfill): progress every few seconds, and when it is done. */
export function queueProgressLogger(log: { info: LogLine; warn: LogLine }, everyMs = 5_000) {
  let backlog: { startedAt: number; processed: number; lastLogAt: number } | undefined;
  return (progress: QueueProgress): void => {
    const now = Date.now();
    if (progress.remaining > 0) {
      backlog ??= { startedAt: now, processed: 0, lastLogAt: now };
      backlog.processed += progress.processed;
      if (now - backlog.lastLogAt >= everyMs) {
        backlog.lastLogAt = now;
        log.info(
          { processed: backlog.processed, remaining: progress.remaining },
          'round-closed queue: working through a backlog',
        );
      }
      return;
    }
    if (backlog) {
      const seconds = Math.round((now - backlog.startedAt) / 1000);
      log.warn(
        { processed: backlog.processed + progress.processed, seconds },
        'round-closed queue: backlog worked through',
      );
      backlog = undefined;
    }
  };
}
