import { loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { HealthResponse } from '@frontline/contract';
import { discoverEndpoints, pathsOf, type Endpoint } from './api-latency.bench.ts';
import type { Figure } from './figures.ts';
import type { LoadGenerator, PacedJob, SentRequest } from './load-generator.ts';
import { serveDataset } from './served-dataset.ts';
import { percentile } from './statistics.ts';

/**
 * Issue 20's "a mixed read load of 200 requests/s for 60 s while collecting": the server as deployed (its own
 * process, NODE_ENV=production, the per-address rate limits on, its collector polling the emulator every 30 s)
 * on the served history, asked for the pages' calls (api-latency.bench.ts's endpoints, mixed by WEIGHTS) at a fixed
 * arrival rate: a request every 5 ms whether or not the earlier ones have answered (an open loop), so a slow server
 * shows as late answers and not as fewer requests. The load generator stands in for many visitors behind a reverse
 * proxy (TRUST_PROXY=loopback): each request names an address of its own in X-Forwarded-For, as the fuzz bench's do.
 *
 * The cadence is read from the server: its health endpoint reports each game's last good poll (the time the
 * feed was asked), sampled every HEALTH_SAMPLE_MS, so every poll of a 30 s cadence is seen with its exact time.
 * Every interval between two polls of a game that overlaps the load counts, the one still running at its end too
 * (the bench waits for the poll that ends it). About 1.5 min besides generating the history.
 */

const REQUESTS_PER_SECOND = 200;
const LOAD_SECONDS = 60;
/** At the same rate, before the measured minute: the server's code compiled and its answers' caches filled. */
const WARM_UP_SECONDS = 5;
/**
 * The deployed interval (the default, and the least allowed against the public feed), which is also the emulator's
 * world step: every poll sees a new state of the world, so every cycle writes what a live one does.
 */
const POLL_INTERVAL_MS = 30_000;
/** A poll interval longer than this many configured ones is a missed poll. */
const MISSED_AFTER_INTERVALS = 1.5;
const HEALTH_SAMPLE_MS = 500;

/**
 * How often each page's call comes in the mix, in requests out of about a hundred: the live server list (the landing
 * page, refreshed while it is open) and the server and player profiles most, the comparison, similar players and
 * round reports (one click deeper, and rate-limited) least. An endpoint api-latency.bench.ts gains later gets 1.
 */
const WEIGHTS: Record<string, number> = {
  liveservers_list: 16,
  liveservers_one: 4,
  busy_indicator_10: 4,
  landing_summary: 6,
  history_1d: 4,
  history_7d: 2,
  history_1month: 1,
  players_search: 4,
  servers_search: 2,
  server_details: 10,
  server_insights_1d: 3,
  server_insights_30d: 2,
  server_rankings: 3,
  server_sessions: 3,
  players_list_active: 4,
  players_list_filter: 2,
  player_profile: 12,
  player_sessions: 3,
  player_mapstats: 2,
  gamification_player: 3,
  achievements_page: 1,
  compare: 1,
  compare_activity_hours: 1,
  similar_players: 1,
  similar_players_alias: 1,
  round_report: 2,
};
/** The floor of the api group, which no page asks for. */
const LEFT_OUT = new Set(['health_baseline']);

interface Mix {
  /** The next `count` requests of the mix: the path and the endpoint it asks. */
  take(count: number): { paths: string[]; names: string[] };
  weights: { name: string; weight: number }[];
}

/**
 * The endpoints interleaved by their weights (smooth weighted round robin: each one's requests evenly spread, the
 * same sequence every run), each endpoint's URLs varied in turn as its loaded figure in the api group varies them.
 */
function mixOf(endpoints: readonly Endpoint[]): Mix {
  const entries = endpoints
    .filter((endpoint) => !LEFT_OUT.has(endpoint.name))
    .map((endpoint) => ({ endpoint, weight: WEIGHTS[endpoint.name] ?? 1, credit: 0, used: 0 }));
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  return {
    weights: entries.map(({ endpoint, weight }) => ({ name: endpoint.name, weight })),
    take(count) {
      const paths: string[] = [];
      const names: string[] = [];
      for (let index = 0; index < count; index += 1) {
        for (const entry of entries) entry.credit += entry.weight;
        const chosen = entries.reduce((best, entry) => (entry.credit > best.credit ? entry : best));
        chosen.credit -= total;
        paths.push(pathsOf(chosen.endpoint, 1, chosen.used)[0]!);
        names.push(chosen.endpoint.name);
        chosen.used += 1;
      }
      return { paths, names };
    },
  };
}

/** Each game's good polls as the server reports them (epoch ms), sampled from its health endpoint until stopped. */
function watchPolls(baseUrl: string) {
  const polls = new Map<string, Set<number>>();
  let unanswered = 0;
  let stopped = false;
  const sample = async () => {
    try {
      // 503 while degraded still carries the games.
      const health = (await (await fetch(`${baseUrl}/stats/health`)).json()) as HealthResponse;
      for (const { game, lastGoodPollAt } of health.collector.games) {
        if (!polls.has(game)) polls.set(game, new Set());
        if (lastGoodPollAt !== null) polls.get(game)!.add(Date.parse(lastGoodPollAt));
      }
    } catch {
      unanswered += 1;
    }
  };
  const running = (async () => {
    while (!stopped) {
      await sample();
      await delay(HEALTH_SAMPLE_MS);
    }
  })();
  return {
    /** Each game's poll times so far, in order. */
    times: () => new Map([...polls].map(([game, times]) => [game, [...times].sort((a, b) => a - b)])),
    get unanswered() {
      return unanswered;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * The intervals between a game's polls that overlap [from, to]; a game with no poll after `to` by `now` adds the
 * interval still open (now − its last poll), since that poll is overdue.
 */
function intervalsOverlapping(times: readonly number[], from: number, to: number, now: number): number[] {
  const intervals: number[] = [];
  for (let index = 1; index < times.length; index += 1) {
    const [start, end] = [times[index - 1]!, times[index]!];
    if (end > from && start < to) intervals.push(end - start);
  }
  const last = times.at(-1);
  if (last !== undefined && last <= to) intervals.push(now - last);
  return intervals;
}

const round1 = (value: number) => value.toFixed(1);

/** The mixed load against a server of its own on the history at `databasePath` (`days` of it, generated if missing). */
export async function benchMixedLoad(load: LoadGenerator, databasePath: string, days: number): Promise<Figure[]> {
  const server = await serveDataset(databasePath, {
    days,
    rateLimited: true,
    env: { TRUST_PROXY: 'loopback', POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_MS / 1000) },
  });
  const watch = watchPolls(server.url);
  try {
    // The endpoints' names and ids come from what the collector's first poll listed.
    const mix = mixOf(await discoverEndpoints(server.url));
    const job = (count: number) => {
      const { paths, names } = mix.take(count);
      const paced: PacedJob = {
        kind: 'paced',
        baseUrl: server.url,
        paths,
        perSecond: REQUESTS_PER_SECOND,
        addressPerRequest: true,
      };
      return { names, job: paced };
    };
    const loadBefore = loadavg()[0]!;
    console.log(
      `\nMixed load: ${REQUESTS_PER_SECOND} requests/s over ${mix.weights.length} endpoints, ` +
        `${WARM_UP_SECONDS} s warm-up, then ${LOAD_SECONDS} s measured…`,
    );
    const warmUp = job(REQUESTS_PER_SECOND * WARM_UP_SECONDS);
    await load.run(warmUp.job);
    const measured = job(REQUESTS_PER_SECOND * LOAD_SECONDS);
    const result = await load.run(measured.job);
    const requests: SentRequest[] = result.requests ?? [];
    if (requests.length !== measured.names.length) throw new Error('mixed load: the generator lost requests');
    const loadAfter = loadavg()[0]!;

    const from = Math.min(...requests.map((request) => request.sentAt));
    const to = Math.max(...requests.map((request) => request.sentAt + request.ms));
    // The poll that ends the interval running when the load stopped; past the missed mark it is counted as missed.
    const deadline = to + MISSED_AFTER_INTERVALS * POLL_INTERVAL_MS + 5_000;
    const polledSince = () => [...watch.times().values()].every((times) => (times.at(-1) ?? 0) > to);
    while (!polledSince() && Date.now() < deadline) await delay(HEALTH_SAMPLE_MS);
    await watch.stop();
    const now = Date.now();
    const pollTimes = watch.times();
    const intervals = [...pollTimes.values()].flatMap((times) => intervalsOverlapping(times, from, to, now));
    if (intervals.length === 0) throw new Error('mixed load: the health endpoint reported no polls during the load');
    const missed = intervals.filter((interval) => interval > MISSED_AFTER_INTERVALS * POLL_INTERVAL_MS).length;

    const answered = requests.filter((request) => request.status !== 0);
    const errors = requests.filter((request) => request.status < 200 || request.status >= 300);
    const byStatus = new Map<string, number>();
    for (const { status } of errors) {
      const key = status === 0 ? 'no answer' : String(status);
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    const errorsByEndpoint = new Map<string, number>();
    const latenciesOf = new Map<string, number[]>();
    requests.forEach((request, index) => {
      const name = measured.names[index]!;
      if (request.status < 200 || request.status >= 300) {
        errorsByEndpoint.set(name, (errorsByEndpoint.get(name) ?? 0) + 1);
      }
      if (!latenciesOf.has(name)) latenciesOf.set(name, []);
      latenciesOf.get(name)!.push(request.ms);
    });
    const slowest = [...latenciesOf]
      .map(([name, latencies]) => ({ name, p99: percentile(latencies, 0.99), count: latencies.length }))
      .sort((a, b) => b.p99 - a.p99)
      .slice(0, 3)
      .map(({ name, p99, count }) => `${name} ${round1(p99)} ms (${count} requests)`);
    const latencies = requests.map((request) => request.ms);
    const late = requests.map((request) => request.lateMs);
    const seconds = (to - from) / 1000;
    const countsText = (counts: Map<string, number>) =>
      [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
    const games = [...pollTimes.keys()].join(', ');

    return [
      {
        name: 'mixed_load_rps',
        value: answered.length / seconds,
        unit: 'requests/s',
        note:
          `${requests.length} requests scheduled every ${1000 / REQUESTS_PER_SECOND} ms for ${LOAD_SECONDS} s ` +
          `(after ${WARM_UP_SECONDS} s of the same), answered over ${round1(seconds)} s, over ` +
          `${mix.weights.length} page endpoints, each request from an address of its own, rate limits on as ` +
          `deployed; sent late by the generator p99 ${round1(percentile(late, 0.99))} ms, max ` +
          `${round1(Math.max(...late))} ms; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
      },
      {
        name: 'mixed_load_p50_ms',
        value: percentile(latencies, 0.5),
        unit: 'ms',
        note: 'from sending each request to reading its whole answer',
      },
      {
        name: 'mixed_load_p99_ms',
        value: percentile(latencies, 0.99),
        unit: 'ms',
        note: `max ${round1(Math.max(...latencies))} ms; the highest p99s: ${slowest.join(', ')}`,
      },
      {
        name: 'mixed_load_errors',
        value: errors.length,
        unit: 'requests',
        budget: 0,
        note:
          'answers other than 2xx, and requests without an answer (every URL names a stored server, player or ' +
          `round, so no 404 is expected)${errors.length > 0 ? `: ${countsText(byStatus)}; by endpoint ${countsText(errorsByEndpoint)}` : ''}`,
      },
      {
        name: 'mixed_load_poll_interval_p99_ms',
        value: percentile(intervals, 0.99),
        unit: 'ms',
        note:
          `configured ${POLL_INTERVAL_MS} ms; the ${intervals.length} intervals between polls of ${games} that ` +
          `overlap the load (min ${Math.min(...intervals)} ms, max ${Math.max(...intervals)} ms)` +
          (watch.unanswered > 0 ? `; ${watch.unanswered} health samples unanswered` : ''),
      },
      {
        name: 'mixed_load_polls_missed',
        value: missed,
        unit: 'polls',
        budget: 0,
        note: `intervals longer than ${MISSED_AFTER_INTERVALS} × the configured ${POLL_INTERVAL_MS} ms`,
      },
    ];
  } finally {
    await watch.stop();
    await server.stop();
  }
}
