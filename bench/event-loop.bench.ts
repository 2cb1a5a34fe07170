import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startFeedProcess, startServerProcess, type ServerProcess } from '../scripts/lib/server-process.ts';
import { discoverEndpoints, pathsOf } from './api-latency.bench.ts';
import { ask } from './child-ipc.ts';
import type { LoopDelayFigures, LoopMonitorReply, LoopMonitorRequest } from './event-loop-monitor.ts';
import type { Figure } from './figures.ts';
import type { LoadGenerator, LoadResult } from './load-generator.ts';
import { percentile } from './statistics.ts';
import type { FeedReply, FeedRequest } from './synthetic-feed.ts';

/**
 * DESIGN.md budget: "HTTP thread's event-loop delay while the collector polls 100 × 32 every second (p99)
 * ≤ 10 ms". Three processes besides the bench's own:
 * - a synthetic feed (synthetic-feed.ts): the collector bench's world of 100 BF1942 servers × 32 players, in the
 *   BFList format, a new poll at each listing;
 * - the real server (apps/server/src/main.ts, unchanged, on a fresh database file), its collector polling that feed
 *   every second (COLLECTOR_ENABLED, POLL_INTERVAL_SECONDS=1, COLLECT_GAMES=bf1942: only the public settings, so
 *   this measures the collector wherever the server runs it, on the HTTP thread or in a worker), with
 *   event-loop-monitor.ts preloaded to measure its main thread's event loop;
 * - the load generator, asking the page endpoints once a second meanwhile (each in turn, open loop), so the HTTP
 *   thread has the ordinary work of a site being visited, and its reads meet the collector's writes. Only once a
 *   second: the requests' own work counts in the figure too (a request waits while another one's handler runs),
 *   and at 4 a second the page endpoints of today alone made it 18 ms; that cost is the api group's to measure.
 * After a warm-up (rounds under way, some closed, code compiled), the delay is measured for a minute. The figure is
 * how long a request arriving at a random moment waits for the loop (event-loop-monitor.ts says why not the p99 of
 * monitorEventLoopDelay's ticks, which is printed beside it). The feed says how many polls it served meanwhile, so
 * that a run whose collector never polled cannot pass. Then the floor: the same, with the collector off.
 */

const WARM_UP_MS = 10_000;
const MEASURED_MS = 60_000;
const BASELINE_WARM_UP_MS = 3_000;
const BASELINE_MS = 60_000;
const REQUESTS_PER_SECOND = 1;

const feedPolls = async (feed: ChildProcess) =>
  (await ask<FeedReply>(feed, { type: 'polls' } satisfies FeedRequest, 'polls')).count;

/** The page endpoints, each in turn, `count` requests, with names and ids from what the server has stored so far. */
async function pageRequests(baseUrl: string, count: number): Promise<{ paths: string[]; endpoints: number }> {
  const pages = (await discoverEndpoints(baseUrl)).filter((endpoint) => endpoint.page);
  const perEndpoint = pages.map((endpoint) => pathsOf(endpoint, Math.ceil(count / pages.length)));
  const paths = Array.from({ length: count }, (_, index) => {
    const endpointPaths = perEndpoint[index % pages.length]!;
    return endpointPaths[Math.floor(index / pages.length)]!;
  });
  return { paths, endpoints: pages.length };
}

/** The server's loop delay while the load generator sends `paths` at REQUESTS_PER_SECOND. */
async function measureLoop(load: LoadGenerator, server: ServerProcess, paths: string[]) {
  await ask<LoopMonitorReply>(
    server.process,
    { type: 'loop-delay-start' } satisfies LoopMonitorRequest,
    'loop-delay-started',
  );
  const requests = await load.run({ kind: 'paced', baseUrl: server.url, paths, perSecond: REQUESTS_PER_SECOND });
  const loop = await ask<LoopDelayFigures>(
    server.process,
    { type: 'loop-delay-stop' } satisfies LoopMonitorRequest,
    'loop-delay',
  );
  return { loop, requests };
}

function startMeasuredServer(databasePath: string, collector: { feedUrl: string } | undefined) {
  return startServerProcess(
    {
      DATABASE_PATH: databasePath,
      NODE_ENV: 'production',
      // The page requests (searches, comparisons, reports among them) come from one address, far past the
      // per-address limits of the expensive reads: off, so that the loop's figure is of answers, not of 429s.
      RATE_LIMIT_READS_PER_MINUTE: '0',
      ...(collector
        ? {
            COLLECTOR_ENABLED: 'true',
            BFLIST_BASE_URL: collector.feedUrl,
            COLLECT_GAMES: 'bf1942',
            POLL_INTERVAL_SECONDS: '1',
          }
        : { COLLECTOR_ENABLED: 'false' }),
    },
    { nodeArguments: ['--import', new URL('./event-loop-monitor.ts', import.meta.url).pathname], ipc: true },
  );
}

const describeRequests = ({ latencies, failures }: LoadResult, endpoints: number) =>
  `p95 ${percentile(latencies, 0.95).toFixed(1)} ms of the ${latencies.length} page requests meanwhile ` +
  `(${endpoints} endpoints in turn${failures ? `, ${failures} FAILED` : ''})`;

/**
 * The figure, then the floor beside it: the same server on the same database with its collector off, under the
 * same page requests (restarted, so no answer is reused), as long. What remains there is the page requests' own
 * work on the loop; the collector's share is what the figure has beyond it.
 */
export async function benchEventLoop(load: LoadGenerator): Promise<Figure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-event-loop-bench-'));
  const databasePath = join(directory, 'frontline.db');
  const figures: Figure[] = [];
  try {
    const feed = await startFeedProcess([new URL('./synthetic-feed.ts', import.meta.url).pathname], { ipc: true });
    let paths: string[];
    let endpoints: number;
    try {
      const server = await startMeasuredServer(databasePath, { feedUrl: feed.url });
      try {
        console.log(`\nEvent loop: warming up ${WARM_UP_MS / 1000} s while the collector polls 100 × 32 every second…`);
        await delay(WARM_UP_MS);
        ({ paths, endpoints } = await pageRequests(server.url, (MEASURED_MS / 1000) * REQUESTS_PER_SECOND));
        const pollsBefore = await feedPolls(feed.process);
        console.log(`  measuring ${MEASURED_MS / 1000} s, ${REQUESTS_PER_SECOND} page requests per second…`);
        const { loop, requests } = await measureLoop(load, server, paths);
        const cycles = (await feedPolls(feed.process)) - pollsBefore;
        const health = (await (await fetch(`${server.url}/stats/health`)).json()) as {
          collector?: { games?: { consecutiveFailures: number; lastError: string | null }[] };
        };
        const failing = health.collector?.games?.find((game) => game.consecutiveFailures > 0);
        figures.push(
          {
            name: 'event_loop_delay_ms_p99',
            value: loop.waitP99Ms,
            unit: 'ms',
            budget: 10,
            note:
              `HTTP thread, ${(loop.measuredMs / 1000).toFixed(0)} s while the collector polled 100 × 32 every second: ` +
              `the wait of a request arriving at a random moment, exceeded 1 % of the time; ${describeRequests(requests, endpoints)}`,
          },
          {
            name: 'event_loop_delay_ms_p99_per_tick',
            value: loop.tickP99Ms,
            unit: 'ms',
            note: `monitorEventLoopDelay (resolution 1 ms), p99 of ${loop.ticks} ticks, p50 ${loop.tickP50Ms.toFixed(2)} ms: a long stall is one tick, so this p99 misses a stall a second`,
          },
          { name: 'event_loop_delay_ms_max', value: loop.maxMs, unit: 'ms' },
          {
            name: 'collector_cycles_observed',
            value: cycles,
            unit: 'polls',
            // A cycle a second, less what the cycles themselves take: well under this, the figures above are not
            // of a collector polling every second.
            budget: Math.floor((MEASURED_MS / 1000) * 0.8),
            atLeast: true,
            note: `polls the feed served during the measurement${failing ? `; health: FAILING (${failing.lastError})` : ''}`,
          },
        );
      } finally {
        await server.stop();
      }
    } finally {
      await feed.stop();
    }

    const quiet = await startMeasuredServer(databasePath, undefined);
    try {
      console.log(`  the floor: ${BASELINE_MS / 1000} s of the same page requests with the collector off…`);
      await delay(BASELINE_WARM_UP_MS);
      const { loop, requests } = await measureLoop(
        load,
        quiet,
        paths.slice(0, (BASELINE_MS / 1000) * REQUESTS_PER_SECOND),
      );
      figures.push({
        name: 'event_loop_delay_ms_p99_no_collector',
        value: loop.waitP99Ms,
        unit: 'ms',
        note: `the floor: the same server and page requests, collector off; ${describeRequests(requests, endpoints)}`,
      });
    } finally {
      await quiet.stop();
    }
    return figures;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
