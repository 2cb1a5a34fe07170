import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Figure } from '../../bench/figures.ts';
import { percentile } from '../../bench/statistics.ts';
import fc from 'fast-check';
import { parameterValue, type KnownValues } from '../../apps/server/src/http/fuzz/hostile-values.ts';
import { knownValuesOf } from '../../apps/server/src/http/fuzz/known-values.ts';
import { fillPath, routeCatalogue, type FuzzRoute } from '../../apps/server/src/http/fuzz/route-catalogue.ts';
import type { FaultCounts, FaultKind } from './fault-proxy.ts';
import { startFeedProcess, startServerProcess } from './server-process.ts';
import {
  readDatabase,
  sessionsBeyondLimits,
  SoakTruth,
  storedRounds,
  truthOfFeed,
  wronglyClosedRounds,
} from './soak-checks.ts';
import type { SoakFeedReply, SoakFeedRequest } from './soak-feed.ts';

/**
 * The feed-fault soak (issue 20): the server collects every `pollIntervalSeconds` from the emulator's world
 * (soak-feed.ts, 15 times real time, with its ground truth) through a proxy that alternates normal answers with
 * outages, garbage and absurd values (fault-proxy.ts), for `durationMs`, while a reader asks the API's pages. Then:
 * - rounds closed wrongly: closed where the world went on with the same round on that server (an outage or a bad
 *   answer is a gap, which closes nothing: decision 0003);
 * - the cadence: the interval between the starts of consecutive poll cycles, from the collector's `poll cycle` log
 *   lines (a cycle starts its polls at the line's time less its fetch, write and round-closed milliseconds);
 * - the API's 5xx answers to the reader, /stats/health left out (its 503 while a game's polls fail is its job);
 * - glitches: the real servers' polls the collector held and then dropped (the cycle lines' `held` and `glitches`),
 *   and sessions whose totals are beyond what one round can hold (none may be: decision 0003, "Glitches").
 */

export interface FeedFaultSoakOptions {
  durationMs: number;
  pollIntervalSeconds: number;
  speed: number;
  seed: number;
  /** The proxy's phases: normal answers, then one kind of fault. */
  normalMs: number;
  faultMs: number;
  /** Reader requests in flight at once (each waits `readerPauseMs` after its answer). */
  readers: number;
  readerPauseMs: number;
  log?: (line: string) => void;
}

export interface FeedFaultSoakResult {
  faults: FaultCounts;
  faultsInjected: number;
  roundsClosed: number;
  roundsClosedWrongly: number;
  /** Server polls the collector held for the next poll's word, and of those the ones it dropped as glitches. */
  pollsHeld: number;
  glitchesDropped: number;
  /** Stored sessions with a score, kills or deaths no round can hold (a glitch that reached a counter). */
  sessionsBeyondLimits: number;
  cycles: number;
  cadenceP50Ms: number;
  cadenceP99Ms: number;
  cadenceMaxMs: number;
  apiRequests: number;
  /** The reader's answers by status. */
  apiStatuses: Record<string, number>;
  api5xx: number;
  /** Requests that got no answer at all (the connection failed). */
  apiUnanswered: number;
  problems: string[];
  serverErrors: string[];
}

const root = new URL('../..', import.meta.url).pathname;
const FEED_SCRIPT = join(root, 'scripts/lib/soak-feed.ts');
const MAX_KEPT = 20;
/** The routes the reader leaves out: the health check (503 by design in an outage) and the API's own docs. */
const UNREAD = /\/stats\/(health|docs)/i;

/** A URL of `route` with values it accepts: path parameters from the served data, required query parameters too. */
function readerUrl(route: FuzzRoute, known: KnownValues, seed: number): string | undefined {
  const sample = (parameter: FuzzRoute['parameters'][number]) =>
    fc.sample(parameterValue(parameter, known, false), { seed, numRuns: 1 })[0];
  const pathValues: Record<string, string> = {};
  for (const parameter of route.parameters.filter((candidate) => candidate.in === 'path')) {
    const value = sample(parameter);
    if (value === undefined) return undefined;
    pathValues[parameter.name] = value;
  }
  const query = route.parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${sample(parameter) ?? ''}`);
  return fillPath(route.path, pathValues) + (query.length > 0 ? `?${query.join('&')}` : '');
}

export async function runFeedFaultSoak(options: FeedFaultSoakOptions): Promise<FeedFaultSoakResult> {
  const { pollIntervalSeconds, log = () => undefined } = options;
  const directory = mkdtempSync(join(tmpdir(), 'frontline-feed-fault-soak-'));
  const databasePath = join(directory, 'frontline.db');
  const cycleStarts: number[] = [];
  const serverErrors: string[] = [];
  let pollsHeld = 0;
  let glitchesDropped = 0;
  const onOutputLine = (line: string) => {
    if (line.includes('"msg":"poll cycle')) {
      const entry = JSON.parse(line) as {
        time: number;
        fetchMs?: number;
        writeMs?: number;
        roundClosedMs?: number;
        games?: { held?: number; glitches?: number }[];
      };
      cycleStarts.push(entry.time - (entry.fetchMs ?? 0) - (entry.writeMs ?? 0) - (entry.roundClosedMs ?? 0));
      for (const game of entry.games ?? []) {
        pollsHeld += game.held ?? 0;
        glitchesDropped += game.glitches ?? 0;
      }
    } else if (/"level":(5|6)\d/.test(line) && serverErrors.length < MAX_KEPT) {
      serverErrors.push(line.slice(0, 500));
    }
  };

  const feed = await startFeedProcess(
    [
      FEED_SCRIPT,
      '--seed',
      String(options.seed),
      '--speed',
      String(options.speed),
      '--faults',
      '--fault-seed',
      String(options.seed),
      '--normal-ms',
      String(options.normalMs),
      '--fault-ms',
      String(options.faultMs),
    ],
    { ipc: true },
  );
  const truth = new SoakTruth(truthOfFeed(feed.process));
  let faults: FaultCounts | undefined;
  let phases: { at: number; fault: FaultKind | undefined }[] = [];
  let apiRequests = 0;
  let unanswered = 0;
  const fiveHundreds: string[] = [];
  let api5xx = 0;
  const apiStatuses: Record<string, number> = {};
  try {
    const server = await startServerProcess(
      {
        COLLECTOR_ENABLED: 'true',
        DATABASE_PATH: databasePath,
        BFLIST_BASE_URL: feed.url,
        POLL_INTERVAL_SECONDS: String(pollIntervalSeconds),
        // The cycle's report is an info line; the reader comes from one address.
        LOG_LEVEL: 'info',
        RATE_LIMIT_READS_PER_MINUTE: '0',
      },
      { onOutputLine },
    );
    try {
      const document: unknown = await (await fetch(`${server.url}/stats/docs/json`)).json();
      const routes = routeCatalogue(document).filter(
        (route) => route.method === 'GET' && !route.signedIn && !UNREAD.test(route.path),
      );
      const endAt = Date.now() + options.durationMs;
      let known: KnownValues = {};
      let nextRefresh = 0;
      let sequence = 0;
      const read = async () => {
        while (Date.now() < endAt) {
          if (Date.now() >= nextRefresh) {
            // What the database holds now (the absurd servers' and players' names among it, while they last).
            nextRefresh = Date.now() + 10_000;
            known = readDatabase(databasePath, (database) => knownValuesOf(database));
          }
          sequence += 1;
          const route = routes[sequence % routes.length]!;
          const path = readerUrl(route, known, options.seed + sequence);
          if (path === undefined) continue;
          apiRequests += 1;
          try {
            const response = await fetch(`${server.url}${path}`);
            await response.arrayBuffer();
            apiStatuses[response.status] = (apiStatuses[response.status] ?? 0) + 1;
            if (response.status >= 500) {
              api5xx += 1;
              if (fiveHundreds.length < MAX_KEPT) fiveHundreds.push(`${response.status} GET ${path}`);
            }
          } catch (error) {
            unanswered += 1;
            if (fiveHundreds.length < MAX_KEPT) fiveHundreds.push(`no answer to GET ${path}: ${String(error)}`);
          }
          await delay(options.readerPauseMs);
        }
      };
      const progress = setInterval(() => {
        log(`  ${Math.round((endAt - Date.now()) / 1000)} s left: ${cycleStarts.length} cycles, ${apiRequests} reads`);
      }, 30_000);
      await Promise.all(Array.from({ length: options.readers }, read));
      clearInterval(progress);
      ({ counts: faults, phases } = await new Promise<Extract<SoakFeedReply, { type: 'faults' }>>((resolve) => {
        const onMessage = (reply: SoakFeedReply) => {
          if (reply.type !== 'faults') return;
          feed.process.off('message', onMessage);
          resolve(reply);
        };
        feed.process.on('message', onMessage);
        feed.process.send({ type: 'faults' } satisfies SoakFeedRequest);
      }));
      await truth.refresh();
    } finally {
      await server.stop();
    }
  } finally {
    await feed.stop();
  }

  try {
    const rounds = readDatabase(databasePath, (database) => storedRounds(database));
    const wrongly = wronglyClosedRounds(rounds, truth);
    const beyondLimits = readDatabase(databasePath, (database) => sessionsBeyondLimits(database));
    const intervals = cycleStarts.slice(1).map((start, index) => start - cycleStarts[index]!);
    return {
      faults: faults ?? {},
      faultsInjected: Object.values(faults ?? {}).reduce((sum, value) => sum + (value ?? 0), 0),
      roundsClosed: rounds.filter((round) => !round.open).length,
      roundsClosedWrongly: wrongly.length,
      pollsHeld,
      glitchesDropped,
      sessionsBeyondLimits: beyondLimits.length,
      cycles: cycleStarts.length,
      cadenceP50Ms: percentile(intervals, 0.5),
      cadenceP99Ms: percentile(intervals, 0.99),
      cadenceMaxMs: Math.max(0, ...intervals),
      apiRequests,
      apiStatuses,
      api5xx,
      apiUnanswered: unanswered,
      problems: [
        ...wrongly.map((round) => {
          const end = round.end ?? 0;
          const closedAt = round.closedAt ?? end;
          const phaseAt = (time: number) => phases.findLast((phase) => phase.at <= time)?.fault ?? 'normal';
          const world = truth
            .roundsOf(round, end, closedAt)
            .map((trueRound) => `${trueRound.map} ${trueRound.start}–${trueRound.end}`)
            .join(', ');
          return (
            `closed where the world went on: ${round.roundId} (${round.game} ${round.ip}:${round.port} ${round.map}, ` +
            `${round.closeReason ?? 'no reason'}, last seen ${new Date(end).toISOString()} (${phaseAt(end)}, world ` +
            `step ${truth.stepAt(end)}), closed ${new Date(closedAt).toISOString()} (${phaseAt(closedAt)}, world step ` +
            `${truth.stepAt(closedAt)}); the world's rounds there: ${world})`
          );
        }),
        ...beyondLimits.map((session) => `a session beyond the limits: ${JSON.stringify(session)}`),
        ...fiveHundreds,
      ],
      serverErrors,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function feedFaultSoakFigures(result: FeedFaultSoakResult, options: FeedFaultSoakOptions): Figure[] {
  const intervalMs = options.pollIntervalSeconds * 1000;
  const minutes = Math.round((options.durationMs / 60_000) * 10) / 10;
  const kinds = Object.entries(result.faults)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const statuses = Object.entries(result.apiStatuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return [
    {
      name: 'feed_faults_injected',
      value: result.faultsInjected,
      unit: 'faults',
      note:
        `${minutes} min, ${options.normalMs / 1000} s normal then ${options.faultMs / 1000} s of one fault in turn: ` +
        `${kinds} (answers; refused: windows)`,
    },
    {
      name: 'feed_fault_rounds_closed_wrongly',
      value: result.roundsClosedWrongly,
      unit: 'rounds',
      budget: 0,
      note: `of ${result.roundsClosed} closed, against the world's truth`,
    },
    {
      name: 'feed_fault_glitches_dropped',
      value: result.glitchesDropped,
      unit: 'polls',
      note: `server polls held for the next poll's word: ${result.pollsHeld}; the rest were confirmed (real changes)`,
    },
    {
      name: 'feed_fault_sessions_beyond_limits',
      value: result.sessionsBeyondLimits,
      unit: 'sessions',
      budget: 0,
      note: "a score, kills or deaths no round can hold (a glitch's value in a counter)",
    },
    {
      name: 'feed_fault_cadence_p99_ms',
      value: result.cadenceP99Ms,
      unit: 'ms',
      budget: 1.5 * intervalMs,
      note: `${result.cycles} cycles at ${options.pollIntervalSeconds}-s polls; p50 ${Math.round(result.cadenceP50Ms)} ms, max ${Math.round(result.cadenceMaxMs)} ms`,
    },
    {
      name: 'feed_fault_api_5xx',
      value: result.api5xx + result.apiUnanswered,
      unit: 'answers',
      budget: 0,
      note: `of ${result.apiRequests} reads meanwhile (${statuses}; unanswered ${result.apiUnanswered})`,
    },
  ];
}
