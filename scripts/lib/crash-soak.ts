import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Figure } from '../../bench/figures.ts';
import { seededRandom } from '../../apps/server/src/emulator/random.ts';
import { startFeedProcess, startServerProcess, type ServerProcess } from './server-process.ts';
import {
  duplicateSessions,
  integrityCheck,
  pollsLostAround,
  readDatabase,
  recordedPollTimes,
  SoakTruth,
  truthOfFeed,
  splitRounds,
  storedRounds,
  wronglyClosedRounds,
  type StoredRound,
} from './soak-checks.ts';
import type { SoakServerReply, SoakServerRequest } from './soak-server-process.ts';

/**
 * The crash soak (issue 20): the server collects from the emulator's world (soak-feed.ts, 15 times real time, with
 * its ground truth) every `pollIntervalSeconds`, and is interrupted at random moments: killed with SIGKILL and
 * started again on the same database file, or only its collector's worker thread terminated (the host must start
 * another). After each interruption, once the collector has polled again (twice by default):
 * - `PRAGMA integrity_check` is ok;
 * - every round open before the interruption is still open with the same id, unless the world really ended it
 *   meanwhile (a boundary of the truth between its last poll and its close);
 * - no name has two sessions in one round (decision 0003: a rejoin continues the session).
 * At the end, over the whole run: rounds split (a round followed on its server by another of the same map where the
 * world played one round straight through), those whose second part began within a few polls of an interruption
 * counted apart from the others (which would be the tracker's own); and the polls lost around each interruption,
 * from the poll times the collector recorded (pollsLostAround in soak-checks.ts).
 */

export interface CrashSoakOptions {
  /** SIGKILLs of the server process. */
  kills: number;
  /** Terminations of the collector's worker thread alone. */
  workerDeaths: number;
  pollIntervalSeconds: number;
  /** The world's clock against the real one (soak-feed.ts). */
  speed: number;
  /** The world's and the interruptions' seed. */
  seed: number;
  /** The collector runs a random time in this range (ms) between being back and the next interruption. */
  runMs: [number, number];
  /** Polls awaited after an interruption before the checks (2 by default; 1 is enough to see a round go on). */
  pollsAfter?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface Interruption {
  kind: 'kill' | 'worker';
  at: number;
  /** From the interruption until the server answered again (kills) or the host reported the worker gone (worker). */
  recoveryMs: number;
  openRoundsBefore: number;
  /** Open before, closed after without the world having ended them, or gone. */
  notContinued: string[];
  integrity: string[];
  duplicateSessions: number;
  /** Filled at the end, from the recorded poll times: polls lost, the gap between the polls around it, and the time
   * from the interruption to the first poll after it. */
  pollsLost?: number;
  gapMs?: number;
  downtimeMs?: number;
}

export interface CrashSoakResult {
  interruptions: Interruption[];
  kills: number;
  workerDeaths: number;
  integrityFailures: number;
  duplicateSessions: number;
  roundsNotContinued: number;
  /** Split rounds whose second part began within a few polls of an interruption. */
  splitRounds: number;
  /** Split rounds elsewhere (the tracker's own, not the crashes'). */
  splitRoundsElsewhere: number;
  /** Rounds closed where the world went on with them, over the whole run. */
  wronglyClosed: number;
  pollsLostPerKillMax: number;
  pollsLostPerWorkerDeathMax: number;
  killGapMsMax: number;
  /** From a kill to the collector's first poll after it. */
  downtimeMsMax: number;
  restartMsMax: number;
  polls: number;
  roundsClosed: number;
  /** A few lines on what went wrong, for the report. */
  problems: string[];
  /** Error lines of the server's log. */
  serverErrors: string[];
}

const root = new URL('../..', import.meta.url).pathname;
const FEED_SCRIPT = join(root, 'scripts/lib/soak-feed.ts');
const SERVER_SCRIPT = join(root, 'scripts/lib/soak-server-process.ts');
/** After an interruption, the second part of a split round would begin within this many polls of it. */
const SPLIT_WINDOW_POLLS = 5;
const MAX_SERVER_ERRORS_KEPT = 20;

function openRounds(databasePath: string): StoredRound[] {
  return readDatabase(databasePath, (database) => storedRounds(database, 'where r.is_active = 1'));
}

/** Waits until the collector has recorded `count` polls after `afterMs` (a poll leaves rows in `round_polls`). */
async function waitForPolls(databasePath: string, afterMs: number, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const polls = readDatabase(databasePath, (database) =>
      Number(database.prepare('select count(distinct at) as n from round_polls where at > ?').get(afterMs)?.n ?? 0),
    );
    if (polls >= count) return;
    if (Date.now() > deadline) throw new Error(`the collector did not poll ${count} times within ${timeoutMs} ms`);
    await delay(100);
  }
}

export async function runCrashSoak(options: CrashSoakOptions): Promise<CrashSoakResult> {
  const { pollIntervalSeconds, log = () => undefined } = options;
  const intervalMs = pollIntervalSeconds * 1000;
  const random = seededRandom(options.seed);
  const directory = mkdtempSync(join(tmpdir(), 'frontline-crash-soak-'));
  const databasePath = join(directory, 'frontline.db');
  const serverErrors: string[] = [];
  const onOutputLine = (line: string) => {
    // pino's levels: 50 error, 60 fatal. A worker terminated on purpose is logged at error by its host: expected.
    if (!/"level":(5|6)\d/.test(line) || line.includes('terminated by the crash soak')) return;
    if (serverErrors.length < MAX_SERVER_ERRORS_KEPT) serverErrors.push(line.slice(0, 500));
  };

  const feed = await startFeedProcess([FEED_SCRIPT, '--seed', String(options.seed), '--speed', String(options.speed)], {
    ipc: true,
  });
  const truth = new SoakTruth(truthOfFeed(feed.process));
  const env = {
    COLLECTOR_ENABLED: 'true',
    DATABASE_PATH: databasePath,
    BFLIST_BASE_URL: feed.url,
    POLL_INTERVAL_SECONDS: String(pollIntervalSeconds),
  };
  const startServer = () => startServerProcess(env, { entry: SERVER_SCRIPT, ipc: true, onOutputLine });
  let server: ServerProcess | undefined;
  const interruptions: Interruption[] = [];
  try {
    server = await startServer();
    await waitForPolls(databasePath, 0, 2, 60_000);
    const kinds: Interruption['kind'][] = [
      ...Array.from({ length: options.kills }, () => 'kill' as const),
      ...Array.from({ length: options.workerDeaths }, () => 'worker' as const),
    ];
    for (let index = kinds.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [kinds[index], kinds[other]] = [kinds[other]!, kinds[index]!];
    }

    for (const [index, kind] of kinds.entries()) {
      const [minRunMs, maxRunMs] = options.runMs;
      await delay(minRunMs + random() * (maxRunMs - minRunMs));
      const before = openRounds(databasePath);
      const at = Date.now();
      let recoveryMs: number;
      if (kind === 'kill') {
        server.process.kill('SIGKILL');
        await server.stop();
        server = await startServer();
        recoveryMs = Date.now() - at;
      } else {
        const child = server.process;
        await new Promise<void>((resolve) => {
          const onMessage = (reply: SoakServerReply) => {
            if (reply.type !== 'worker-terminated') return;
            child.off('message', onMessage);
            resolve();
          };
          child.on('message', onMessage);
          child.send({ type: 'terminate-worker' } satisfies SoakServerRequest);
        });
        recoveryMs = Date.now() - at;
      }
      await waitForPolls(databasePath, at, options.pollsAfter ?? 2, 60_000);
      await truth.refresh();

      const after = readDatabase(databasePath, (database) => ({
        integrity: integrityCheck(database),
        duplicates: duplicateSessions(database).length,
        rounds: new Map(storedRounds(database).map((round) => [round.roundId, round])),
      }));
      const notContinued: string[] = [];
      for (const round of before) {
        const now = after.rounds.get(round.roundId);
        if (now?.open) continue;
        // Closed since: right only if the world ended it (or took its server offline) meanwhile.
        if (now?.end !== undefined && truth.hasBoundary(now, now.end, now.closedAt ?? now.end)) continue;
        notContinued.push(
          `${round.roundId} (${round.game} ${round.ip}:${round.port} ${round.map}) ` +
            (now ? `closed: ${now.closeReason ?? 'no reason'}` : 'gone'),
        );
      }
      const integrity = after.integrity.length === 1 && after.integrity[0] === 'ok' ? [] : after.integrity;
      interruptions.push({
        kind,
        at,
        recoveryMs,
        openRoundsBefore: before.length,
        notContinued,
        integrity,
        duplicateSessions: after.duplicates,
      });
      log(
        `  ${kind === 'kill' ? 'kill -9' : 'worker terminated'} ${index + 1}/${kinds.length}: back in ${recoveryMs} ms, ` +
          `${before.length} open rounds, ${notContinued.length} not continued, integrity ${integrity.length === 0 ? 'ok' : 'FAILED'}, ` +
          `${after.duplicates} duplicate sessions`,
      );
    }
    // A last poll after the last interruption, so that its gap is closed on both sides.
    await waitForPolls(databasePath, Date.now(), 1, 60_000);
    await truth.refresh();
  } finally {
    await server?.stop();
    await feed.stop();
  }

  try {
    const { pollTimes, rounds } = readDatabase(databasePath, (database) => ({
      pollTimes: recordedPollTimes(database, intervalMs / 4),
      rounds: storedRounds(database),
    }));
    for (const interruption of interruptions) {
      const lost = pollsLostAround(pollTimes, interruption.at, intervalMs);
      interruption.pollsLost = lost?.lost;
      interruption.gapMs = lost?.gapMs;
      const next = pollTimes.find((time) => time > interruption.at);
      interruption.downtimeMs = next === undefined ? undefined : next - interruption.at;
    }
    const nearInterruption = (time: number) =>
      interruptions.some(
        (interruption) =>
          time >= interruption.at - intervalMs &&
          time <= interruption.at + interruption.recoveryMs + SPLIT_WINDOW_POLLS * intervalMs,
      );
    const splits = splitRounds(rounds, truth);
    const crashSplits = splits.filter(({ second }) => nearInterruption(second.start));
    const wronglyClosed = wronglyClosedRounds(rounds, truth);
    const kills = interruptions.filter((interruption) => interruption.kind === 'kill');
    const workerDeaths = interruptions.filter((interruption) => interruption.kind === 'worker');
    const maxOf = (values: (number | undefined)[]) => Math.max(0, ...values.map((value) => value ?? Infinity));
    const problems = [
      ...interruptions.flatMap((interruption) => [
        ...interruption.notContinued.map((text) => `not continued after a ${interruption.kind}: ${text}`),
        ...interruption.integrity.map((text) => `integrity after a ${interruption.kind}: ${text}`),
      ]),
      ...splits.map(
        ({ first, second }) =>
          `split${crashSplits.some((split) => split.second === second) ? ' (at an interruption)' : ''}: ` +
          `${first.roundId} and ${second.roundId} (${first.game} ${first.ip}:${first.port} ${first.map}, ` +
          `${new Date(first.end ?? 0).toISOString()} → ${new Date(second.start).toISOString()})`,
      ),
      ...wronglyClosed.map(
        (round) =>
          `closed where the world went on: ${round.roundId} (${round.game} ${round.ip}:${round.port} ${round.map}, ` +
          `${round.closeReason ?? 'no reason'})`,
      ),
    ];
    return {
      interruptions,
      kills: kills.length,
      workerDeaths: workerDeaths.length,
      integrityFailures: interruptions.filter((interruption) => interruption.integrity.length > 0).length,
      duplicateSessions: Math.max(0, ...interruptions.map((interruption) => interruption.duplicateSessions)),
      roundsNotContinued: interruptions.reduce((sum, interruption) => sum + interruption.notContinued.length, 0),
      splitRounds: crashSplits.length,
      splitRoundsElsewhere: splits.length - crashSplits.length,
      wronglyClosed: wronglyClosed.length,
      pollsLostPerKillMax: maxOf(kills.map((interruption) => interruption.pollsLost)),
      pollsLostPerWorkerDeathMax: maxOf(workerDeaths.map((interruption) => interruption.pollsLost)),
      killGapMsMax: maxOf(kills.map((interruption) => interruption.gapMs)),
      downtimeMsMax: maxOf(kills.map((interruption) => interruption.downtimeMs)),
      restartMsMax: Math.max(0, ...kills.map((interruption) => interruption.recoveryMs)),
      polls: pollTimes.length,
      roundsClosed: rounds.filter((round) => !round.open).length,
      problems,
      serverErrors,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The production interval, against which a kill's downtime is judged. */
const PRODUCTION_INTERVAL_MS = 30_000;

export function crashSoakFigures(result: CrashSoakResult, options: CrashSoakOptions): Figure[] {
  const interval = `${options.pollIntervalSeconds}-s polls`;
  return [
    {
      name: 'crash_kills',
      value: result.kills,
      unit: 'kills',
      note:
        `SIGKILLs survived at random moments, collecting the emulator's world (${options.speed}× real time) at ` +
        `${interval}; ${result.polls} polls recorded, ${result.roundsClosed} rounds closed`,
    },
    {
      name: 'crash_worker_deaths',
      value: result.workerDeaths,
      unit: 'deaths',
      note: 'the collector thread alone terminated; its host started another each time',
    },
    { name: 'crash_integrity_failures', value: result.integrityFailures, unit: 'checks', budget: 0 },
    {
      name: 'crash_rounds_not_continued',
      value: result.roundsNotContinued,
      unit: 'rounds',
      budget: 0,
      note: 'rounds open before an interruption and closed after it where the world played on',
    },
    {
      name: 'crash_split_rounds',
      value: result.splitRounds,
      unit: 'rounds',
      budget: 0,
      note: `at an interruption, against the world's truth (elsewhere: ${result.splitRoundsElsewhere})`,
    },
    { name: 'crash_duplicate_sessions', value: result.duplicateSessions, unit: 'sessions', budget: 0 },
    {
      name: 'crash_polls_lost_per_kill_max',
      value: result.pollsLostPerKillMax,
      unit: 'polls',
      note:
        `at ${interval}, where a restart (${Math.round(result.restartMsMax)} ms at most) spans one or two; ` +
        `per worker death: ${result.pollsLostPerWorkerDeathMax}`,
    },
    {
      name: 'crash_downtime_ms_max',
      value: result.downtimeMsMax,
      unit: 'ms',
      budget: PRODUCTION_INTERVAL_MS / 2,
      note: 'from a kill to the next recorded poll; under half of the 30-s production interval, a kill loses no poll',
    },
  ];
}
