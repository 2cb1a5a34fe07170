import type { ChildProcess } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { decodeTimeline } from '../../apps/server/src/domain/timeline-codec.ts';
import { COUNTER_LIMITS } from '../../apps/server/src/domain/player-counters.ts';
import type { SoakFeedClock, SoakFeedReply, SoakFeedRequest, SoakTrueRound } from './soak-feed.ts';

/**
 * What the crash and feed-fault soaks read from the database the server under test writes, and how they compare
 * it with the world's ground truth (soak-feed.ts). Every read opens its own read-only connection and closes it:
 * the soaks never hold the file while the server is killed, so its next start recovers the file on its own, as
 * after a real crash.
 */

/** A read-only look at the database; the connection is closed again before this returns. */
export function readDatabase<T>(path: string, read: (database: DatabaseSync) => T): T {
  const database = new DatabaseSync(path, { readOnly: true });
  try {
    database.exec('pragma busy_timeout = 5000');
    return read(database);
  } finally {
    database.close();
  }
}

/** `PRAGMA integrity_check`: `['ok']` for a sound file, otherwise what is wrong. */
export function integrityCheck(database: DatabaseSync): string[] {
  return database
    .prepare('pragma integrity_check')
    .all()
    .map((row) => String(Object.values(row)[0]));
}

/** Names that have more than one session in a round (the rules allow one per name per round; decision 0003). */
export function duplicateSessions(database: DatabaseSync): { roundKey: number; playerName: string; count: number }[] {
  return database
    .prepare(
      `select round_key as roundKey, player_name as playerName, count(*) as count
       from sessions group by round_key, player_name having count(*) > 1`,
    )
    .all() as { roundKey: number; playerName: string; count: number }[];
}

/** Sessions whose totals no round can hold (domain/player-counters.ts COUNTER_LIMITS): a glitch in a counter. */
export function sessionsBeyondLimits(
  database: DatabaseSync,
): { playerName: string; score: number; kills: number; deaths: number }[] {
  const { score, kills, deaths } = COUNTER_LIMITS;
  return database
    .prepare(
      `select player_name as playerName, score, kills, deaths from sessions
       where score not between ? and ? or kills not between ? and ? or deaths not between ? and ? limit 20`,
    )
    .all(score.min, score.max, kills.min, kills.max, deaths.min, deaths.max) as unknown as {
    playerName: string;
    score: number;
    kills: number;
    deaths: number;
  }[];
}

export interface StoredRound {
  roundKey: number;
  roundId: string;
  serverGuid: string;
  game: string;
  ip: string;
  port: number;
  map: string;
  /** Unix ms: the first poll that saw it, the last poll that saw it (closed rounds), when its close was noticed. */
  start: number;
  end: number | undefined;
  closedAt: number | undefined;
  closeReason: string | null;
  open: boolean;
}

interface StoredRoundRow {
  roundKey: number;
  roundId: string;
  serverGuid: string;
  game: string;
  ip: string;
  port: number;
  map: string;
  start: string;
  end: string | null;
  closedAt: string | null;
  closeReason: string | null;
  open: number;
}

export function storedRounds(database: DatabaseSync, where = ''): StoredRound[] {
  const rows = database
    .prepare(
      `select r.round_key as roundKey, r.round_id as roundId, r.server_guid as serverGuid, s.game, s.ip, s.port,
         r.map_name as map, r.start_time as start, r.end_time as "end", r.closed_at as closedAt,
         r.close_reason as closeReason, r.is_active as open
       from rounds r join servers s on s.server_guid = r.server_guid ${where}
       order by r.server_guid, r.start_time, r.round_key`,
    )
    .all() as unknown as StoredRoundRow[];
  return rows.map((row) => ({
    ...row,
    start: Date.parse(row.start),
    end: row.end === null ? undefined : Date.parse(row.end),
    closedAt: row.closedAt === null ? undefined : Date.parse(row.closedAt),
    open: row.open === 1,
  }));
}

/**
 * Every poll the collector recorded, as one time per cycle (unix ms): the polls of the open rounds (`round_polls`)
 * and those kept in closed rounds' timelines. A cycle polls the games at once, so times within `sameCycleMs` of
 * each other are one cycle. Only polls that saw players on some server leave a trace; the soaks' worlds always
 * have some.
 */
export function recordedPollTimes(database: DatabaseSync, sameCycleMs: number): number[] {
  const times = new Set<number>();
  for (const row of database.prepare('select distinct at from round_polls').all()) times.add(Number(row.at));
  for (const row of database.prepare('select timeline from round_timelines').iterate()) {
    for (const poll of decodeTimeline(row.timeline as Uint8Array).polls) times.add(poll.at);
  }
  const cycles: number[] = [];
  for (const at of [...times].sort((a, b) => a - b)) {
    const last = cycles.at(-1);
    if (last === undefined || at - last > sameCycleMs) cycles.push(at);
  }
  return cycles;
}

/**
 * Polls lost across an interruption at `at`: the slots of the interval skipped between the last recorded poll before
 * it and the first after (`round(gap / interval) - 1`, so a poll late by less than half an interval is not lost).
 */
export function pollsLostAround(pollTimes: readonly number[], at: number, intervalMs: number) {
  const after = pollTimes.findIndex((time) => time > at);
  const next = after === -1 ? undefined : pollTimes[after];
  const previous = after === -1 ? pollTimes.at(-1) : pollTimes[after - 1];
  if (previous === undefined || next === undefined) return undefined;
  const gapMs = next - previous;
  return { gapMs, lost: Math.max(0, Math.round(gapMs / intervalMs) - 1) };
}

/** The spacing of consecutive poll times (ms). */
export function pollIntervals(pollTimes: readonly number[]): number[] {
  return pollTimes.slice(1).map((time, index) => time - pollTimes[index]!);
}

/** Where the truth comes from: the true rounds from the `since`-th on, and the clock. */
export type TruthSource = (since: number) => Promise<{ clock: SoakFeedClock; rounds: SoakTrueRound[] }>;

/** The truth of a soak feed process (soak-feed.ts), asked over IPC. */
export function truthOfFeed(feed: ChildProcess): TruthSource {
  return (since) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the soak feed did not send its truth')), 30_000);
      const onMessage = (message: SoakFeedReply) => {
        if (message.type !== 'truth') return;
        clearTimeout(timer);
        feed.off('message', onMessage);
        resolve(message);
      };
      feed.on('message', onMessage);
      feed.send({ type: 'truth', since } satisfies SoakFeedRequest);
    });
}

/** The world's ground truth, kept up to date from its source, and what it says of the stored rounds. */
export class SoakTruth {
  readonly #source: TruthSource;
  readonly #rounds: SoakTrueRound[] = [];
  #clock: SoakFeedClock | undefined;

  constructor(source: TruthSource) {
    this.#source = source;
  }

  async refresh(): Promise<void> {
    const { clock, rounds } = await this.#source(this.#rounds.length);
    this.#clock = clock;
    this.#rounds.push(...rounds);
  }

  get clock(): SoakFeedClock {
    if (!this.#clock) throw new Error('SoakTruth.refresh() first');
    return this.#clock;
  }

  /** The world step a poll at real time `realMs` saw. */
  stepAt(realMs: number): number {
    const { realStart, worldStart, speed, stepMs } = this.clock;
    return Math.floor((worldStart + (realMs - realStart) * speed) / stepMs) * stepMs;
  }

  /**
   * Whether the world began a new round on the server (or took it offline) at a step the collector could have seen
   * between real times `fromMs` and `toMs`: at a step from the one before `fromMs`'s to the one after `toMs`'s,
   * a step of slack on each side for the moment a poll reads the world.
   */
  hasBoundary(server: { game: string; ip: string; port: number }, fromMs: number, toMs: number): boolean {
    const { stepMs } = this.clock;
    const from = this.stepAt(fromMs) - stepMs;
    const to = this.stepAt(toMs) + stepMs;
    return this.#rounds.some(
      (round) =>
        round.game === server.game &&
        round.ip === server.ip &&
        round.port === server.port &&
        round.end + stepMs >= from &&
        round.end + stepMs <= to,
    );
  }

  /** The world's rounds on the server that ended between two real times (to say what happened there). */
  roundsOf(server: { game: string; ip: string; port: number }, fromMs: number, toMs: number): SoakTrueRound[] {
    const from = this.stepAt(fromMs) - this.clock.stepMs;
    const to = this.stepAt(toMs) + this.clock.stepMs;
    return this.#rounds.filter(
      (round) =>
        round.game === server.game &&
        round.ip === server.ip &&
        round.port === server.port &&
        round.end + this.clock.stepMs >= from &&
        round.start <= to,
    );
  }

  /** Whether the world has the server at all (the fault proxy's absurd servers are not the world's). */
  knows(server: { game: string; ip: string; port: number }): boolean {
    return this.#rounds.some(
      (round) => round.game === server.game && round.ip === server.ip && round.port === server.port,
    );
  }
}

/**
 * Rounds split: a stored round followed on its server by another of the same map where the world played one round
 * straight through (no boundary of the truth between the first's last poll and the second's first).
 */
export function splitRounds(rounds: readonly StoredRound[], truth: SoakTruth) {
  const splits: { first: StoredRound; second: StoredRound }[] = [];
  for (let index = 1; index < rounds.length; index += 1) {
    const first = rounds[index - 1]!;
    const second = rounds[index]!;
    if (first.serverGuid !== second.serverGuid || first.map !== second.map || first.end === undefined) continue;
    if (!truth.hasBoundary(first, first.end, second.start)) splits.push({ first, second });
  }
  return splits;
}

/**
 * Rounds closed wrongly: closed where the world went on with the same round on that server (no boundary of the truth
 * between the round's last poll and the poll that closed it). Servers the world does not have are left out.
 */
export function wronglyClosedRounds(rounds: readonly StoredRound[], truth: SoakTruth): StoredRound[] {
  return rounds.filter(
    (round) =>
      !round.open &&
      round.end !== undefined &&
      truth.knows(round) &&
      !truth.hasBoundary(round, round.end, round.closedAt ?? round.end),
  );
}
