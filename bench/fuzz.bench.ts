import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { problemsOf, type FuzzAnswer, type Problem } from '../apps/server/src/http/fuzz/answer-rules.ts';
import {
  describeRequest,
  headersOf,
  hostileRequest,
  type FuzzRequest,
  type KnownValues,
} from '../apps/server/src/http/fuzz/hostile-values.ts';
import { knownValuesOf } from '../apps/server/src/http/fuzz/known-values.ts';
import { endsSignIn, routeCatalogue } from '../apps/server/src/http/fuzz/route-catalogue.ts';
import { startLocalGoogleJwks, type LocalGoogleJwks } from '../apps/server/src/test/local-google-jwks.ts';
import { startFeedProcess, startServerProcess } from '../scripts/lib/server-process.ts';
import { BENCH_SIGN_IN_CLIENT_ID } from './account.bench.ts';
import type { Figure } from './figures.ts';
import { BENCH_SEED, generateHistoryFile } from './history-database.ts';

/**
 * Issue 20's "Hostile input" at scale: `requests` fuzzed requests (hostile-values.ts, the seeded test's generator)
 * spread evenly over every route of the served OpenAPI document, against the server as deployed (its own process,
 * NODE_ENV=production, rate limits on, a day of the demo world, its collector polling the emulator so the live
 * servers are there), `CONCURRENCY` at a time over real sockets with the paths sent byte for byte. The bench stands
 * in for a reverse proxy (TRUST_PROXY=loopback): each request names an address of its own in X-Forwarded-For, so
 * the per-address limits (20 sign-ins an hour, the reads' rate limits) let the route's own code answer. Signed-in
 * requests carry a real user's token; a logout, an account deletion and a real refresh cookie each get a sign-in
 * of their own. Figures: `fuzz_requests`, `fuzz_routes`, `fuzz_5xx` and `fuzz_bad_errors` (errors not in the
 * one format, a 400 not naming its parameter, or an error repeating what was sent), and the requests that got no
 * answer at all. 20,000 requests take about 30 s (45 s with the day's history and the start-up).
 */

const CONCURRENCY = 8;
/** Each route's share is drawn this many at a time, and each draw's requests of all routes are sent shuffled. */
const DRAW_PER_ROUTE = 25;
const REQUEST_TIMEOUT_MS = 30_000;
const SEED = 20;
/** The failing requests printed, at most, per route and kind of problem. */
const SHOWN_PER_KIND = 2;

interface Sent {
  answer: FuzzAnswer | undefined;
  /** The answer's cookies (`set-cookie`). */
  cookies?: string[];
  /** Why there was no answer: the socket's error or a timeout. */
  failure?: string;
}

function send(
  agent: Agent,
  baseUrl: string,
  request: { method: string; url: string; headers: Record<string, string>; body: string | undefined },
): Promise<Sent> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (sent: Sent) => {
      if (settled) return;
      settled = true;
      resolve(sent);
    };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    // `path` is sent as it is: no URL parser normalises the hostile percent sequences or dot segments first.
    const outgoing = httpRequest(
      { agent, hostname, port, method: request.method, path: request.url, headers, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          settle({
            answer: {
              status: response.statusCode ?? 0,
              contentType: response.headers['content-type'],
              body: Buffer.concat(chunks).toString('utf8'),
            },
            cookies: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', (error) => settle({ answer: undefined, failure: error.message }));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`));
    });
    outgoing.on('error', (error) => settle({ answer: undefined, failure: error.message }));
    outgoing.end(request.body);
  });
}

/** `a ×2, b ×1`: how often each text occurs. */
function countsOf(texts: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].map(([text, count]) => `${text} ×${count}`).join(', ');
}

/** The order of `items` shuffled by a seeded generator, so a run can be repeated. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const [order] = fc.sample(fc.shuffledSubarray([...items], { minLength: items.length }), { numRuns: 1, seed });
  return order ?? [...items];
}

export async function benchFuzz({ requests = 20_000 }: { requests?: number } = {}): Promise<Figure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-fuzz-bench-'));
  const databasePath = join(directory, 'frontline.db');
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let jwks: LocalGoogleJwks | undefined;
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log('\nFuzz: generating a day of history…');
    await generateHistoryFile(databasePath, 1, { endMs: Date.now() });
    const database = new DatabaseSync(databasePath, { readOnly: true });
    const served = knownValuesOf(database);
    database.close();

    jwks = await startLocalGoogleJwks();
    const emulatorMain = new URL('../apps/server/src/emulator/main.ts', import.meta.url).pathname;
    const emulator = await startFeedProcess([emulatorMain, '--port', '0', '--seed', String(BENCH_SEED)]);
    stops.push(() => emulator.stop());
    const server = await startServerProcess({
      DATABASE_PATH: databasePath,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      COLLECTOR_ENABLED: 'true',
      BFLIST_BASE_URL: emulator.url,
      POLL_INTERVAL_SECONDS: '5',
      GOOGLE_CLIENT_ID: BENCH_SIGN_IN_CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      TRUST_PROXY: 'loopback',
      WEB_DIST_PATH: join(directory, 'no-web-app'),
    });
    stops.unshift(() => server.stop());
    const baseUrl = server.url;
    const origin = baseUrl;

    let addresses = 0;
    const nextAddress = () => {
      addresses += 1;
      return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
    };
    const keyServer = jwks;
    let signIns = 0;
    const signIn = async () => {
      signIns += 1;
      const idToken = await keyServer.mint({ email: `fuzz-${signIns}@example.com`, aud: BENCH_SIGN_IN_CLIENT_ID });
      const { answer, cookies = [] } = await send(agent, baseUrl, {
        method: 'POST',
        url: '/stats/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ googleIdToken: idToken }),
      });
      if (answer?.status !== 200) throw new Error(`fuzz sign-in: ${answer?.status} ${answer?.body}`);
      const { accessToken } = JSON.parse(answer.body) as { accessToken: string };
      const refreshToken = cookies.map((cookie) => /^rt=([^;]*)/.exec(cookie)?.[1]).find(Boolean);
      return { accessToken, refreshToken };
    };
    const getJson = async (url: string): Promise<unknown> => {
      const { answer } = await send(agent, baseUrl, { method: 'GET', url, headers: {}, body: undefined });
      if (answer?.status !== 200) throw new Error(`${url}: ${answer?.status} ${answer?.body}`);
      return JSON.parse(answer.body);
    };

    const routes = routeCatalogue(await getJson('/stats/docs/json'));
    // The live servers' pages answer once the collector has a list.
    const deadline = Date.now() + 60_000;
    while (((await getJson('/stats/liveservers/bf1942/servers')) as { servers: unknown[] }).servers.length === 0) {
      if (Date.now() > deadline) throw new Error('fuzz: the collector listed no live server within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // The user most requests are signed in as, with a few items in each list for the removals to find.
    const user = await signIn();
    const itemIds: string[] = [];
    for (const [list, field, values] of [
      ['buddies', 'buddyPlayerName', served.playerName],
      ['player-names', 'playerName', served.playerName],
      ['favorite-servers', 'serverGuid', served.serverGuid],
    ] as const) {
      for (const value of values?.slice(0, 3) ?? []) {
        const { answer } = await send(agent, baseUrl, {
          method: 'POST',
          url: `/stats/auth/${list}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
          body: JSON.stringify({ [field]: value }),
        });
        if (answer?.status !== 201) throw new Error(`fuzz: adding to ${list}: ${answer?.status} ${answer?.body}`);
        itemIds.push(String((JSON.parse(answer.body) as { id: number }).id));
      }
    }
    const known: KnownValues = {
      ...served,
      id: [...(served.id ?? []), ...itemIds],
      email: ['nobody@example.com', ' Someone@Example.com'],
      googleIdToken: [await keyServer.mint({ email: 'fuzz-login@example.com', aud: BENCH_SIGN_IN_CLIENT_ID })],
    };

    const perRoute = Math.ceil(requests / routes.length);
    const draws = Math.ceil(perRoute / DRAW_PER_ROUTE);
    let sent = 0;
    let serverErrors = 0;
    let badErrors = 0;
    const unanswered: string[] = [];
    const statuses = new Map<number, number>();
    const shown = new Map<string, number>();
    const show = (request: FuzzRequest, text: string, kind: string) => {
      const key = `${request.route.method} ${request.route.path} ${kind}`;
      const count = shown.get(key) ?? 0;
      shown.set(key, count + 1);
      if (count < SHOWN_PER_KIND) console.log(`  ${kind}: ${describeRequest(request)}\n    → ${text}`);
    };

    const sendFuzzed = async (request: FuzzRequest) => {
      const accessToken = request.asUser && endsSignIn(request.route) ? (await signIn()).accessToken : user.accessToken;
      const refreshToken = request.freshRefreshCookie ? (await signIn()).refreshToken : undefined;
      const headers = {
        ...headersOf(request, { accessToken, refreshToken, origin }),
        'x-forwarded-for': nextAddress(),
      };
      const { answer, failure } = await send(agent, baseUrl, { ...request, headers });
      sent += 1;
      if (answer === undefined) {
        unanswered.push(failure ?? 'no answer');

        show(request, failure ?? 'no answer', 'unanswered');
        return;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problems: Problem[] = problemsOf(request, answer);
      for (const problem of problems) {
        if (problem.kind === 'server_error') serverErrors += 1;
        else badErrors += 1;
        show(request, problem.text, problem.kind);
      }
    };

    console.log(`Fuzz: ${perRoute * routes.length} requests over ${routes.length} routes, ${CONCURRENCY} at a time…`);
    const started = performance.now();
    for (let draw = 0; draw < draws; draw++) {
      const batch = routes.flatMap((route, index) =>
        fc.sample(hostileRequest(route, known), {
          numRuns: Math.min(DRAW_PER_ROUTE, perRoute - draw * DRAW_PER_ROUTE),
          seed: SEED + index * 10_007 + draw,
        }),
      );
      const queue = shuffled(batch, SEED + draw);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let request = queue.shift(); request !== undefined; request = queue.shift()) await sendFuzzed(request);
        }),
      );
    }
    const seconds = (performance.now() - started) / 1000;

    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);

    return [
      {
        name: 'fuzz_requests',
        value: sent,
        unit: 'requests',
        note: `seed ${SEED}, ${CONCURRENCY} at a time, ${seconds.toFixed(0)} s, ${signIns} sign-ins besides; answers ${byStatus.join(', ')}`,
      },
      { name: 'fuzz_routes', value: routes.length, unit: 'routes', note: 'every operation of /stats/docs/json' },
      { name: 'fuzz_5xx', value: serverErrors, unit: 'answers', budget: 0 },
      {
        name: 'fuzz_bad_errors',
        value: badErrors,
        unit: 'answers',
        budget: 0,
        note: 'errors not {error, message, details?} (snake_case kind), a 400 not naming its path or query parameter, or an error repeating a text the request sent',
      },
      {
        name: 'fuzz_unanswered',
        value: unanswered.length,
        unit: 'requests',
        budget: 0,
        note: `closed or timed out without an answer${unanswered.length > 0 ? `: ${countsOf(unanswered)}` : ''}`,
      },
    ];
  } finally {
    agent.destroy();
    for (const stop of stops) await stop();
    await jwks?.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
