import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type TestDatabase, seedHistory } from '../test/test-database.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../test/local-google-jwks.ts';
import { createTestApp } from '../test/test-app.ts';
import type { buildOpenApiDocument } from './api-docs/openapi-document.ts';

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * Production writes answers with the compiled serializers alone (and the shared ones encoded once), tests with the
 * strict check on top: on one emulated history, every documented route must answer the same JSON both ways, so
 * what the tests check is what production sends.
 */

let database: TestDatabase;
let production: FastifyInstance;
let checked: FastifyInstance;
/** Path parameters with values that exist in the generated history. */
let values: Record<string, string>;
let jwks: LocalGoogleJwks;
/** A signed-in user's bearer (both apps share the database, so its signing key and sign-ins). */
let bearer: string;

beforeAll(async () => {
  // One frozen moment for both apps: answers that say when they were made (generatedAt) must not differ by a ms.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-06-17T20:37:00.000Z'));
  database = await openTestDatabase();
  // Two days up to now: rounds closed and still open, players online, so the answers are full.
  // Its rounds' achievements too, which generation leaves queued (decision 0017), so their answers are full.
  await seedHistory(database, { seed: 1, endMs: Date.now(), days: 2, games: ['fh2'], workOffQueue: true });
  jwks = await startLocalGoogleJwks();
  const signIn = { GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url };
  production = await createTestApp({ NODE_ENV: 'production', ...signIn }, database);
  checked = await createTestApp({ NODE_ENV: 'test', ...signIn }, database);
  const row = database.sqlite
    .prepare(
      `select s.server_guid as "serverGuid", s.name as "serverName", s.ip, s.port, r.round_id as "roundId",
              p.player_name as "playerName"
         from sessions p join rounds r on r.round_key = p.round_key join servers s on s.server_guid = r.server_guid
        order by p.score desc limit 1`,
    )
    .get() as Record<string, string | number>;
  // A second player of the history, for the comparison (a player compared with himself is refused).
  const other = database.sqlite
    .prepare('select player_name as "playerName" from players where player_name <> ? order by played_ms desc limit 1')
    .get(String(row.playerName)) as { playerName: string };
  values = {
    game: 'fh2',
    id: String(row.serverGuid),
    otherPlayerName: other.playerName,
    ...Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  };
  // A user whose lists hold a player and a server of the history, so the private answers are full too.
  const login = await checked.inject({
    method: 'POST',
    url: '/stats/auth/login',
    payload: { googleIdToken: await jwks.mint() },
  });
  bearer = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;
  const headers = { authorization: bearer };
  await checked.inject({
    method: 'POST',
    url: '/stats/auth/buddies',
    headers,
    payload: { buddyPlayerName: values.playerName },
  });
  await checked.inject({
    method: 'POST',
    url: '/stats/auth/player-names',
    headers,
    payload: { playerName: values.playerName },
  });
  await checked.inject({
    method: 'POST',
    url: '/stats/auth/favorite-servers',
    headers,
    payload: { serverGuid: values.serverGuid },
  });
}, 120_000);

afterAll(async () => {
  await production.close();
  await checked.close();
  await database.close();
  await jwks.close();
  vi.useRealTimers();
});

/** The query a route cannot answer without (the rest keep their defaults). */
const REQUIRED_QUERIES: Record<string, (values: Record<string, string>) => Record<string, string>> = {
  '/stats/GameTrends/busy-indicator': (values) => ({ serverGuids: values.serverGuid ?? '' }),
  '/stats/players/search': (values) => ({ query: values.playerName?.slice(0, 3) ?? '' }),
  '/stats/servers/search': (values) => ({ query: values.serverName?.slice(0, 3) ?? '' }),
  '/stats/rounds/filter-options': (values) => ({ serverGuid: values.serverGuid ?? '' }),
  '/stats/gamification/achievements': (values) => ({ playerName: values.playerName ?? '' }),
  '/stats/players/compare': (values) => ({ player1: values.playerName ?? '', player2: values.otherPlayerName ?? '' }),
  '/stats/players/compare/activity-hours': (values) => ({
    player1: values.playerName ?? '',
    player2: values.otherPlayerName ?? '',
  }),
};

describe('production answers', () => {
  it('are the JSON the checked answers are, for every documented route', async () => {
    const document = (await checked.inject('/stats/docs/json')).json<OpenApiDocument>();
    // What a GET reads; the account's own answers with the signed-in user's bearer.
    const paths = Object.keys(document.paths).filter((path) => document.paths[path]?.get);
    expect(paths.length).toBeGreaterThanOrEqual(19);
    for (const path of paths) {
      const headers = path.startsWith('/stats/auth/') ? { authorization: bearer } : {};
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? name));
      const query = new URLSearchParams(REQUIRED_QUERIES[path]?.(values)).toString();
      const [sent, expected] = await Promise.all([
        production.inject({ url: query ? `${url}?${query}` : url, headers }),
        checked.inject({ url: query ? `${url}?${query}` : url, headers }),
      ]);
      // No collector runs here, so no server is live: the one 404 (the live list itself is empty).
      const status = path === '/stats/liveservers/{game}/{ip}/{port}' ? 404 : 200;
      expect(expected.statusCode, `${url}: ${expected.body}`).toBe(status);
      expect(sent.statusCode, url).toBe(status);
      expect(sent.json(), url).toEqual(expected.json());
    }
  }, 60_000);
});
