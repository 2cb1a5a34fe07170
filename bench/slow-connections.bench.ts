import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMES } from '@frontline/contract';
import { startFeedProcess, startServerProcess, type ServerProcess } from '../scripts/lib/server-process.ts';
import { ask } from './child-ipc.ts';
import type { Figure } from './figures.ts';
import type {
  SlowConnectionsReply,
  SlowConnectionsReport,
  SlowConnectionsRequest,
} from './slow-connections-process.ts';

/**
 * Connection exhaustion (docs/decisions/0028-connection-limits.md): the server as deployed (its own process,
 * NODE_ENV=production, its collector polling the emulator every 6 s) while two attacker processes keep up to 20,000
 * slow connections open from one address (127.0.0.1), each trickling a header line every 5 s. Then ~80 normal
 * requests, each on a connection of its own from another address (127.0.0.2, a visitor), one every 250 ms. Figures:
 * the connections the attackers opened and held, the normal requests that failed (no 200 within 10 s), and the
 * collector's game polls that failed during the attack (from its `poll cycle` log lines).
 *
 * The attackers each open at most 10,000 (the machine's descriptor limit per process may be lower: then they open
 * what it allows, and the counts say so). `npm run bench -- --only=slow-connections` (about 1.5 min).
 */

const ATTACKERS = 2;
const SLOW_SOCKETS = 20_000;
const RAMP_UP_MS = 25_000;
const NORMAL_REQUESTS = 80;
const NORMAL_REQUEST_EVERY_MS = 250;
const NORMAL_REQUEST_TIMEOUT_MS = 10_000;
const VISITOR_ADDRESS = '127.0.0.2';
/**
 * Longer than the emulator's keep-alive (Node's 5 s), so that each poll opens a connection of its own, as the
 * collector's polls of BFList every 30 s do: a poll on a connection kept from the last one needs no descriptor.
 */
const POLL_INTERVAL_SECONDS = 6;
/**
 * The server's descriptor limit (`ulimit -n`). Node's 10-s header timeout cuts each slow connection, so holding
 * 20,000 takes 2,000 new ones a second, more than two shared cores sustain here (about 13,000 held): the server gets
 * half the attack's size, as a server with a smaller limit than the probe's would, so that the attack can fill it.
 */
const SERVER_DESCRIPTOR_LIMIT = 10_000;

interface PollTally {
  /** Game polls seen in `poll cycle` lines, and those that failed (a failed cycle fails all its games). */
  polls: number;
  failed: number;
  firstFailure: string | undefined;
}

/** One normal visitor's request: a connection of its own, from another address; true for a 200 in time. */
function normalRequest(url: URL): Promise<{ ok: boolean; problem?: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/stats/liveservers/bf1942/servers',
        localAddress: VISITOR_ADDRESS,
        agent: false,
        timeout: NORMAL_REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve(
            response.statusCode === 200 && Date.now() - started <= NORMAL_REQUEST_TIMEOUT_MS
              ? { ok: true }
              : { ok: false, problem: `status ${response.statusCode}` },
          ),
        );
        response.on('error', (error) => resolve({ ok: false, problem: error.message }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.on('error', (error) =>
      resolve({ ok: false, problem: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    outgoing.end();
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function startAttacker(): ChildProcess {
  const entry = new URL('./slow-connections-process.ts', import.meta.url).pathname;
  return fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

async function reportsOf(attackers: ChildProcess[]): Promise<SlowConnectionsReport[]> {
  return Promise.all(
    attackers.map((child) =>
      ask<SlowConnectionsReply & { type: 'report' }>(
        child,
        { type: 'report' } satisfies SlowConnectionsRequest,
        'report',
      ),
    ),
  );
}

const sum = (reports: SlowConnectionsReport[], key: 'opened' | 'open' | 'peakOpen' | 'refused' | 'failedToOpen') =>
  reports.reduce((total, report) => total + report[key], 0);

export async function benchSlowConnections(): Promise<Figure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-slow-connections-'));
  const stops: (() => Promise<void>)[] = [];
  const tally: PollTally = { polls: 0, failed: 0, firstFailure: undefined };
  let counting = false;
  const onOutputLine = (line: string) => {
    let entry: { msg?: string; games?: { game: string; ok: boolean; error?: string }[]; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (!counting) return;
    if (entry.msg?.startsWith('poll cycle') && entry.games) {
      for (const game of entry.games) {
        tally.polls += 1;
        if (!game.ok) {
          tally.failed += 1;
          tally.firstFailure ??= `${game.game}: ${game.error}`;
        }
      }
    } else if (entry.msg === 'collector cycle failed') {
      tally.polls += GAMES.length;
      tally.failed += GAMES.length;
      tally.firstFailure ??= entry.err?.message;
    }
  };
  try {
    console.log('\nSlow connections: starting the emulator and the server (collector every 6 s)…');
    const emulatorMain = new URL('../apps/server/src/emulator/main.ts', import.meta.url).pathname;
    const emulator = await startFeedProcess([emulatorMain, '--port', '0', '--seed', '1']);
    stops.push(() => emulator.stop());
    const server: ServerProcess = await startServerProcess(
      {
        DATABASE_PATH: join(directory, 'frontline.db'),
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        COLLECTOR_ENABLED: 'true',
        BFLIST_BASE_URL: emulator.url,
        POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_SECONDS),
        WEB_DIST_PATH: join(directory, 'no-web-app'),
      },
      { onOutputLine, descriptorLimit: SERVER_DESCRIPTOR_LIMIT },
    );
    stops.unshift(() => server.stop());
    const url = new URL(server.url);
    // The live list answers once the collector has polled.
    const deadline = Date.now() + 60_000;
    while (!(await normalRequest(url)).ok) {
      if (Date.now() > deadline) throw new Error('slow connections: the server never answered its live list');
      await delay(250);
    }

    const attackers = Array.from({ length: ATTACKERS }, startAttacker);
    stops.unshift(async () => {
      await Promise.all(
        attackers.map((child) =>
          ask(child, { type: 'stop' } satisfies SlowConnectionsRequest, 'stopped').catch(() => undefined),
        ),
      );
      for (const child of attackers) child.kill();
    });
    counting = true;
    const perAttacker = SLOW_SOCKETS / ATTACKERS;
    await Promise.all(
      attackers.map((child) =>
        ask(child, { type: 'start', host: url.hostname, port: Number(url.port), sockets: perAttacker }, 'report'),
      ),
    );
    const rampDeadline = Date.now() + RAMP_UP_MS;
    for (;;) {
      await delay(1_000);
      const reports = await reportsOf(attackers);
      console.log(
        `  attackers: ${sum(reports, 'open')} open, ${sum(reports, 'opened')} opened, ` +
          `${sum(reports, 'refused')} refused, ${sum(reports, 'failedToOpen')} failed to open`,
      );
      if (sum(reports, 'open') >= SLOW_SOCKETS || Date.now() > rampDeadline) break;
    }

    console.log(
      `  ${NORMAL_REQUESTS} normal requests from ${VISITOR_ADDRESS}, one every ${NORMAL_REQUEST_EVERY_MS} ms…`,
    );
    const answers: Promise<{ ok: boolean; problem?: string }>[] = [];
    for (let index = 0; index < NORMAL_REQUESTS; index += 1) {
      answers.push(normalRequest(url));
      await delay(NORMAL_REQUEST_EVERY_MS);
    }
    const results = await Promise.all(answers);
    const reports = await reportsOf(attackers);
    counting = false;
    const failures = results.filter((result) => !result.ok);
    const problems = [...new Set(failures.map((failure) => failure.problem))].slice(0, 5);
    const firstErrors = [...new Set(reports.map((report) => report.firstError).filter(Boolean))];
    console.log(
      `  normal requests failed: ${failures.length} of ${results.length}${problems.length ? ` (${problems.join('; ')})` : ''}`,
    );
    if (firstErrors.length) console.log(`  the attackers' first connect errors: ${firstErrors.join('; ')}`);
    if (tally.firstFailure) console.log(`  first failed poll: ${tally.firstFailure}`);
    return [
      {
        name: 'slow_connections_opened',
        value: sum(reports, 'opened'),
        unit: 'count',
        note:
          `by ${ATTACKERS} processes from 127.0.0.1, up to ${SLOW_SOCKETS} at once, a header line every 5 s; ` +
          `the server's ulimit -n ${SERVER_DESCRIPTOR_LIMIT}`,
      },
      { name: 'slow_connections_held_peak', value: sum(reports, 'peakOpen'), unit: 'count' },
      { name: 'slow_connections_refused', value: sum(reports, 'refused'), unit: 'count' },
      {
        name: 'slow_connections_normal_requests_failed',
        value: failures.length,
        unit: 'count',
        note: `of ${results.length}, each a connection of its own from ${VISITOR_ADDRESS}`,
      },
      { name: 'slow_connections_collector_polls', value: tally.polls, unit: 'count' },
      { name: 'slow_connections_collector_failed_polls', value: tally.failed, unit: 'count' },
    ];
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    rmSync(directory, { recursive: true, force: true });
  }
}
