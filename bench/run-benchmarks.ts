/**
 * `npm run bench [-- --year [--year-days=N]] [-- --only=collector,api]`: measures Frontline against the performance
 * budget of DESIGN.md and prints each figure as `name: value unit`. Groups (all by default; `--only` picks some):
 * - collector: one poll cycle of 100 servers × 32 players through tracker and store, against a plain insert of the
 *   same rows (the machine's floor, `poll_cycle_ratio_to_raw_insert`), and the bytes stored per player-poll;
 * - generation: the 30-day demo history's generation speed and size (kept for the served groups);
 * - truth: the collector against the emulator's ground truth;
 * - glitches: the glitch sequences (a real server's entry wrong for a poll or a few) through tracker, store and the
 *   round-closed step: rounds, and the sessions and awards that differ from what really happened, per sequence;
 * - serialise: big answers written by JSON.stringify and by the contract's compiled serializer (seconds);
 * - loop: the HTTP thread's event-loop delay while the collector polls 100 × 32 every second
 *   (`event_loop_delay_ms_p99`, beside its floor with the collector off; about 2.5 min);
 * - api: every endpoint at 32 clients (`api_p95_ms_<name>`) and against the health endpoint in the same run
 *   (`api_p95_ratio_<name>`), and the page endpoints' first requests (`api_cold_p95_ms_<name>`);
 * - page-load: /servers/bf1942 in Chromium, and /dashboard signed in;
 * - a11y: axe-core's WCAG 2 A/AA and best-practice failures on every page, modal and panel of the tour the browser tests take, in
 *   both themes (`axe_violations_<page>_<theme>`, failing elements; the tests allow none), on the browser tests'
 *   seeded world served by a server of its own (about 3 min, a11y.bench.ts);
 * - account: the signed-in user's dashboard and profile answers (50 buddies, 20 servers) against the health
 *   endpoint (`api_p95_ratio_auth_dashboard`);
 * - hub: the real-time hub with 1,000 signed-in users connected (official client) while 1,000 of their buddies come
 *   online a minute: delivery from the poll's commit to the client's handler (`hub_delivery_ms_p99`), connections
 *   held and the server's memory per connection, the hub's dispatch per event on the HTTP thread, and the
 *   collector's cycle with and without the users (about 2 min; a server and feed of its own, hub.bench.ts);
 * - fuzz: 20,000 hostile requests (`--fuzz-requests=N`) over every route of the OpenAPI document against a server of
 *   its own as deployed, on a day of history (`fuzz_requests`, `fuzz_5xx`, `fuzz_routes`; under a minute,
 *   fuzz.bench.ts; the test suite runs a seeded share of it, apps/server/src/http/fuzz);
 * - slow-connections: two processes keep up to 20,000 slow connections open from one address (a header line every
 *   5 s) against a server of its own while ~80 normal requests come from another: `slow_connections_opened`,
 *   `slow_connections_normal_requests_failed`, `slow_connections_collector_failed_polls` (about 1.5 min,
 *   slow-connections.bench.ts);
 * - mixed-load: the pages' calls mixed at a fixed 200 requests/s for 60 s (an open loop, each request from an address
 *   of its own, the rate limits on) while the collector polls every 30 s: `mixed_load_rps`, `mixed_load_p50_ms`,
 *   `mixed_load_p99_ms`, `mixed_load_errors`, and whether the cadence held (`mixed_load_poll_interval_p99_ms`,
 *   `mixed_load_polls_missed`); a server of its own on the served history (about 1.5 min, mixed-load.bench.ts);
 * - crash: the crash soak, 25 SIGKILLs of the server and 5 deaths of its collector's worker at random moments while it
 *   collects the emulator's world at 2-s polls: `crash_kills`, `crash_integrity_failures`, `crash_split_rounds`,
 *   `crash_duplicate_sessions`, `crash_polls_lost_per_kill_max`, … (about 5 min, crash.bench.ts; scripts/crash-soak.ts);
 * - feed-faults: 3 minutes of the feed-fault soak (outages, garbage and absurd values from the feed while the API is
 *   read): `feed_faults_injected`, `feed_fault_rounds_closed_wrongly`, `feed_fault_cadence_p99_ms`,
 *   `feed_fault_api_5xx` (feed-faults.bench.ts; scripts/feed-fault-soak.ts runs the 10 minutes);
 * - postgres: the same figures on PostgreSQL (TEST_DATABASE_URL, a schema of its own per part), suffixed `_postgres`:
 *   the poll cycle beside its floor there, bytes per player-poll, generation (and its ratio to SQLite's), the API's
 *   p95s and ratios on the served history copied over, throughput with one and with two instances, and the time a
 *   standby takes to collect after the collecting instance is killed (`failover_ms_postgres`; postgres.bench.ts).
 * The served groups (api, page-load, account, mixed-load) serve the 30-day history, or a 1-day one when generation is
 * not among the groups, with the emulator and the server each in a process of their own (served-dataset.ts), and send
 * their requests from a load generator in a third (load-generator.ts).
 *
 * `--year` (with the generation group) also generates a year of history (about 30 min more) and measures on it the
 * page endpoints' first requests (then `api_cold_p95_ms_<name>` are the year's, as the budget asks, and the api
 * group leaves them out), the player endpoints for its most active player and the round endpoints (the longest
 * round's report, the session lists). `--year-days=N` makes that "year" N days long, to try the year's code path
 * quickly (`--only=generation --year --year-days=3`). `--year-database=FILE` keeps the year in FILE, and a later run
 * given the same FILE serves it again instead of generating it (about an hour saved; no year generation figures then).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalGoogleJwks } from '../apps/server/src/test/local-google-jwks.ts';
import { benchA11y } from './a11y.bench.ts';
import { benchAccount, BENCH_SIGN_IN_CLIENT_ID } from './account.bench.ts';
import { benchApiLatency, benchColdPages } from './api-latency.bench.ts';
import { benchCollector } from './collector.bench.ts';
import { benchCrash } from './crash.bench.ts';
import { benchEventLoop } from './event-loop.bench.ts';
import { benchFeedFaults } from './feed-faults.bench.ts';
import { formatFigure, type Figure } from './figures.ts';
import { benchFuzz } from './fuzz.bench.ts';
import { benchGeneration } from './generation.bench.ts';
import { benchGlitches } from './glitches.bench.ts';
import { benchSimilarPlayers } from './similar-players.bench.ts';
import { benchSlowConnections } from './slow-connections.bench.ts';
import { benchHub } from './hub.bench.ts';
import { startLoadGenerator } from './load-generator.ts';
import { benchMixedLoad } from './mixed-load.bench.ts';
import { benchPageLoad } from './page-load.bench.ts';
import { benchPostgres } from './postgres.bench.ts';
import { serveDataset } from './served-dataset.ts';
import { benchSerialise } from './serialise.bench.ts';
import { benchTruth } from './truth.bench.ts';
import { benchYearPlayers } from './year-players.bench.ts';
import { benchYearRounds } from './year-rounds.bench.ts';

const GROUPS = [
  'collector',
  'generation',
  'truth',
  'glitches',
  'serialise',
  'loop',
  'hub',
  'fuzz',
  'slow-connections',
  'api',
  'page-load',
  'a11y',
  'account',
  'mixed-load',
  'crash',
  'feed-faults',
  'postgres',
] as const;
const { values } = parseArgs({
  options: {
    year: { type: 'boolean', default: false },
    'year-days': { type: 'string', default: '365' },
    'year-database': { type: 'string' },
    'fuzz-requests': { type: 'string', default: '20000' },
    only: { type: 'string', default: GROUPS.join(',') },
  },
});
const only = new Set(values.only.split(','));
for (const group of only) {
  if (!(GROUPS as readonly string[]).includes(group))
    throw new Error(`--only: unknown group ${group} (${GROUPS.join(', ')})`);
}
const yearDays = Number(values['year-days']);
if (!Number.isInteger(yearDays) || yearDays < 1 || yearDays > 3650)
  throw new Error(`--year-days must be a whole number from 1 to 3650 (got ${values['year-days']})`);
const fuzzRequests = Number(values['fuzz-requests']);
if (!Number.isInteger(fuzzRequests) || fuzzRequests < 1)
  throw new Error(`--fuzz-requests must be a whole number of at least 1 (got ${values['fuzz-requests']})`);
const servesYear = values.year && only.has('generation');
if (values.year && !servesYear) console.log('--year applies with the generation group only: no year figures.');
const yearDataset = yearDays === 365 ? 'the year dataset' : `a ${yearDays}-day "year" dataset (--year-days)`;

const figures: Figure[] = [];
const workDirectory = mkdtempSync(join(tmpdir(), 'frontline-bench-'));
const monthDatabasePath = join(workDirectory, 'demo-30d.db');
const yearDatabasePath = values['year-database'] ?? join(workDirectory, 'demo-year.db');
// The served groups' requests come from a process of their own.
const load = startLoadGenerator();
try {
  // The CPU-bound benches run first and alone, before any server competes for the two cores.
  if (only.has('collector')) figures.push(...(await benchCollector()));
  if (only.has('generation')) {
    figures.push(
      ...(await benchGeneration({
        year: values.year,
        yearDays,
        monthDatabasePath,
        yearDatabasePath,
        reuseYear: values['year-database'] !== undefined,
      })),
    );
    // The month's database has its round-closed backlog (achievements, similarity features) worked off by now.
    figures.push(...(await benchSimilarPlayers(monthDatabasePath)));
  }
  if (only.has('truth')) figures.push(...(await benchTruth()));
  if (only.has('glitches')) figures.push(...(await benchGlitches()));
  if (only.has('serialise')) figures.push(...benchSerialise());
  if (only.has('loop')) figures.push(...(await benchEventLoop(load)));
  if (only.has('hub')) figures.push(...(await benchHub()));
  if (only.has('fuzz')) figures.push(...(await benchFuzz({ requests: fuzzRequests })));
  if (only.has('slow-connections')) figures.push(...(await benchSlowConnections()));

  // The demo's data on the 30-day history just generated, or a day of it generated now.
  const servedDays = only.has('generation') ? 30 : 1;
  if (only.has('api') || only.has('page-load') || only.has('account')) {
    // Sign-in as deployed (Google's ID tokens), with a local key server standing in for Google's.
    const jwks = await startLocalGoogleJwks();
    const server = await serveDataset(monthDatabasePath, {
      days: servedDays,
      env: { GOOGLE_CLIENT_ID: BENCH_SIGN_IN_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url },
    });
    try {
      if (only.has('api')) {
        // The first-request figures are the year's when it is served below (the budget's dataset).
        const cold = servesYear ? undefined : `the ${servedDays}-day dataset`;
        figures.push(...(await benchApiLatency(load, server.url, cold === undefined ? {} : { cold })));
      }
      if (only.has('page-load')) figures.push(...(await benchPageLoad(server.url)));
      if (only.has('account')) figures.push(...(await benchAccount(load, server.url, monthDatabasePath, jwks)));
    } finally {
      await server.stop();
      await jwks.close();
    }
  }
  // The browser tests' seeded world, on a server of its own.
  if (only.has('a11y')) figures.push(...(await benchA11y()));
  // A server of its own (rate limits on, as deployed), started after the one above has stopped.
  if (only.has('mixed-load')) figures.push(...(await benchMixedLoad(load, monthDatabasePath, servedDays)));
  if (only.has('crash')) figures.push(...(await benchCrash()));
  if (only.has('feed-faults')) figures.push(...(await benchFeedFaults()));
  // The same figures on PostgreSQL (issue 21), on the served dataset above copied over, and failover.
  if (only.has('postgres')) figures.push(...(await benchPostgres(load, monthDatabasePath)));
  if (servesYear) {
    // First requests on a freshly started server, before anything else has asked it.
    const coldServer = await serveDataset(yearDatabasePath, { days: yearDays });
    try {
      figures.push(...(await benchColdPages(load, coldServer.url, yearDataset)));
    } finally {
      await coldServer.stop();
    }
    // Started afresh, so that the players' and rounds' first requests are not answered from what the above asked.
    const yearServer = await serveDataset(yearDatabasePath, { days: yearDays });
    try {
      figures.push(...(await benchYearPlayers(load, yearServer.url, yearDatabasePath)));
      figures.push(...(await benchYearRounds(load, yearServer.url, yearDatabasePath)));
    } finally {
      await yearServer.stop();
    }
  }
} finally {
  await load.close();
  rmSync(workDirectory, { recursive: true, force: true });
}

console.log('\nFrontline benchmarks');
for (const figure of figures) console.log(formatFigure(figure));
