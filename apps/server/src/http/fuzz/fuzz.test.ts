import type { LoginResponse } from '@frontline/contract';
import { openTestDatabase, seedHistory } from '../../test/test-database.ts';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalGoogleJwks, TEST_CLIENT_ID } from '../../test/local-google-jwks.ts';
import { createTestApp } from '../../test/test-app.ts';
import { problemsOf } from './answer-rules.ts';
import { describeRequest, headersOf, hostileRequest, type FuzzRequest } from './hostile-values.ts';
import { knownValuesOf } from './known-values.ts';
import { endsSignIn, routeCatalogue, type FuzzRoute } from './route-catalogue.ts';

// Issue 20 "Hostile input": the seeded share of the fuzz that `npm run bench` runs at scale (bench/fuzz.bench.ts).
// Every route of the app's own OpenAPI document gets hostile paths, queries, bodies and headers, signed in or not,
// on a real app and database holding a day of the demo world: no answer may be a 5xx, every error is
// `{ error, message, details? }`, a 400 about a path or query parameter names it, and no error repeats a text the
// request sent (answer-rules.ts).

const SEED = 20_2026;
const REQUESTS_PER_ROUTE = 20;
/** Friday 9 January 2026, 21:00 UTC, the end of the history: fixed, so a failing seed fails again. */
const NOW = Date.UTC(2026, 0, 9, 21, 0, 0);
const ORIGIN = 'http://localhost:80';

vi.useFakeTimers({ toFake: ['Date'], now: NOW });
const jwks = await startLocalGoogleJwks();
const database = await openTestDatabase();
await seedHistory(database, { seed: 1, endMs: NOW, days: 1, games: ['bf1942'] });
const app = await createTestApp(
  { GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, DEMO_SIGN_IN: 'true' },
  database,
);
const routes = routeCatalogue((await app.inject('/stats/docs/json')).json());

afterAll(async () => {
  await app.close();
  await database.close();
  await jwks.close();
  vi.useRealTimers();
});

/** Each request from an address of its own, so the login's attempt limit is not what answers. */
let requestCount = 0;
const nextAddress = () => {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

let signIns = 0;
async function signIn(): Promise<{ accessToken: string; refreshToken: string }> {
  signIns += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/stats/auth/login',
    payload: { googleIdToken: await jwks.mint({ email: `fuzz-${signIns}@example.com` }) },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const refreshToken = response.cookies.find((cookie) => cookie.name === 'rt')?.value ?? '';
  return { accessToken: response.json<LoginResponse>().accessToken, refreshToken };
}

/** The user most requests are signed in as; a logout or an account deletion gets a sign-in of its own. */
const user = await signIn();
const served = knownValuesOf(database.sqlite);
/** The user's lists hold a few items, so that a removal can find one. */
const itemIds: string[] = [];
for (const [list, field, values] of [
  ['buddies', 'buddyPlayerName', served.playerName],
  ['player-names', 'playerName', served.playerName],
  ['favorite-servers', 'serverGuid', served.serverGuid],
] as const) {
  for (const value of values?.slice(0, 3) ?? []) {
    const response = await app.inject({
      method: 'POST',
      url: `/stats/auth/${list}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { [field]: value },
    });
    expect(response.statusCode, response.body).toBe(201);
    itemIds.push(String(response.json<{ id: number }>().id));
  }
}
const known = {
  ...served,
  id: [...(served.id ?? []), ...itemIds],
  email: ['sarge@example.com', 'Medic@Example.com ', 'nobody@example.com'],
  // A Google ID token that signs in.
  googleIdToken: [await jwks.mint({ email: 'fuzz-login@example.com' })],
};

async function send(request: FuzzRequest) {
  const accessToken = request.asUser && endsSignIn(request.route) ? (await signIn()).accessToken : user.accessToken;
  const refreshToken = request.freshRefreshCookie ? (await signIn()).refreshToken : undefined;
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: headersOf(request, { accessToken, refreshToken, origin: ORIGIN }),
    ...(request.body === undefined ? {} : { payload: request.body }),
    remoteAddress: nextAddress(),
  });
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    body: response.body,
  };
}

/** Routes that cannot answer a success here, and why. */
const NO_SUCCESS_HERE: Record<string, string> = {
  // A server is found in the collector's latest list only, and this app runs no collector.
  'GET /stats/liveservers/{game}/{ip}/{port}': 'no live list without a collector',
};

/** The statuses each route answered, to check that the fuzz reached past its refusals. */
const statuses = new Map<FuzzRoute, number[]>();

describe('hostile requests to every route of the OpenAPI document', () => {
  it('reads the routes from the document: all of them, with their bodies and the signed-in ones', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /stats/players/{playerName}', 'POST /stats/auth/buddies']));
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.filter((route) => route.body !== undefined).length).toBeGreaterThanOrEqual(5);
    expect(routes.filter((route) => route.signedIn).length).toBeGreaterThanOrEqual(10);
  });

  it.each(routes.map((route, index) => [`${route.method} ${route.path}`, route, index] as const))(
    '%s: no 5xx, errors in the one format, a bad parameter named, nothing sent repeated',
    async (_name, route, index) => {
      const seen: number[] = [];
      statuses.set(route, seen);
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, known), async (request) => {
          const answer = await send(request);
          seen.push(answer.status);
          const problems = problemsOf(request, answer).map((problem) => `${problem.kind}: ${problem.text}`);
          expect(problems, describeRequest(request)).toEqual([]);
        }),
        { seed: SEED + index, numRuns: REQUESTS_PER_ROUTE },
      );
    },
  );

  it('got past the refusals: every route answered at least once with a success', () => {
    const neverAnswered = routes
      .filter((route) => !(`${route.method} ${route.path}` in NO_SUCCESS_HERE))
      .filter((route) => !(statuses.get(route) ?? []).some((status) => status < 400))
      .map((route) => `${route.method} ${route.path}: ${(statuses.get(route) ?? []).join(', ')}`);
    expect(neverAnswered).toEqual([]);
  });
});
