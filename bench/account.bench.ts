import { DatabaseSync } from 'node:sqlite';
import type { LocalGoogleJwks } from '../apps/server/src/test/local-google-jwks.ts';
import { CONNECTIONS, REQUESTS_PER_ENDPOINT } from './api-latency.bench.ts';
import { measurePageLoad } from './page-load.bench.ts';
import type { Figure } from './figures.ts';
import type { LoadGenerator } from './load-generator.ts';
import { percentile } from './statistics.ts';

/**
 * The signed-in user's answers (issue 16: "p95 of /stats/auth/dashboard for a user with 50 buddies and 20 servers
 * on the 30-day demo"), as the API figures are measured: 2,000 requests by 32 clients, against the health
 * endpoint's p95 in the same run. The user signs in through the real login (a Google-shaped ID token from a local
 * key server the served process trusts) and fills their lists through the API: half the buddies online now, half
 * the week's most active players, and the 20 fullest servers.
 */

const BUDDIES = 50;
const SERVERS = 20;
const WARM_UP_REQUESTS = 200;

export const BENCH_SIGN_IN_CLIENT_ID = 'frontline-bench.apps.googleusercontent.com';

export async function postJson(url: string, body: object, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Names and servers to follow, read from the served database file (read-only, beside the running server). */
function pickLists(databasePath: string): { buddies: string[]; servers: string[] } {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const activeSince = new Date(Date.now() - 5 * 60_000).toISOString();
    const online = database
      .prepare('select distinct player_name from sessions where is_active = 1 and last_seen >= ? limit ?')
      .all(activeSince, BUDDIES / 2)
      .map((row) => String(row.player_name));
    const regulars = database
      .prepare('select player_name from server_player_days group by player_name order by sum(played_ms) desc limit ?')
      .all(BUDDIES * 2)
      .map((row) => String(row.player_name))
      .filter((name) => !online.includes(name));
    const servers = database
      .prepare('select server_guid from servers order by is_online desc, num_players desc limit ?')
      .all(SERVERS)
      .map((row) => String(row.server_guid));
    return { buddies: [...online, ...regulars].slice(0, BUDDIES), servers };
  } finally {
    database.close();
  }
}

export async function benchAccount(
  load: LoadGenerator,
  baseUrl: string,
  databasePath: string,
  jwks: LocalGoogleJwks,
): Promise<Figure[]> {
  const login = (await postJson(`${baseUrl}/stats/auth/login`, {
    googleIdToken: await jwks.mint({ email: 'bench@example.com', aud: BENCH_SIGN_IN_CLIENT_ID }),
  })) as { accessToken: string; expiresAt: string; user: object };
  const headers = { authorization: `Bearer ${login.accessToken}` };
  const { buddies, servers } = pickLists(databasePath);
  for (const name of buddies) await postJson(`${baseUrl}/stats/auth/buddies`, { buddyPlayerName: name }, headers);
  for (const guid of servers) await postJson(`${baseUrl}/stats/auth/favorite-servers`, { serverGuid: guid }, headers);

  const p95Of = async (path: string, signedIn: boolean) => {
    const { latencies, failures } = await load.run({
      kind: 'closed',
      baseUrl,
      paths: Array.from({ length: REQUESTS_PER_ENDPOINT }, () => path),
      connections: CONNECTIONS,
      headers: signedIn ? headers : {},
    });
    if (failures > 0) throw new Error(`${path}: ${failures} requests failed`);
    return percentile(latencies, 0.95);
  };
  const figures: Figure[] = [];
  const healthP95s: number[] = [];
  for (const [name, path] of [
    ['auth_dashboard', '/stats/auth/dashboard'],
    ['auth_profile', '/stats/auth/profile'],
  ] as const) {
    await load.run({
      kind: 'closed',
      baseUrl,
      paths: Array.from({ length: WARM_UP_REQUESTS }, () => path),
      connections: CONNECTIONS,
      headers,
    });
    healthP95s.push(await p95Of('/stats/health', false));
    const p95 = await p95Of(path, true);
    healthP95s.push(await p95Of('/stats/health', false));
    const health = percentile(healthP95s.slice(-2), 0.5);
    figures.push(
      {
        name: `api_p95_ms_${name}`,
        value: p95,
        unit: 'ms',
        note: `${REQUESTS_PER_ENDPOINT} requests by ${CONNECTIONS} clients, signed in, ${buddies.length} buddies and ${servers.length} favourite servers`,
      },
      {
        name: `api_p95_ratio_${name}`,
        value: p95 / health,
        unit: '×',
        budget: 1.5,
        note: `its p95 / the health endpoint's measured just before and after (${health.toFixed(1)} ms)`,
      },
    );
  }
  // The dashboard page's own JavaScript, signed in (the keys a sign-in leaves in local storage).
  const dashboard = await measurePageLoad(baseUrl, {
    path: '/dashboard',
    localStorage: {
      authToken: login.accessToken,
      tokenExpiresAt: login.expiresAt,
      userProfile: JSON.stringify(login.user),
    },
    readySelector: '[data-testid="squad-section"] [data-testid="buddy-card"]',
  });
  figures.push({
    name: 'js_gzip_kb_dashboard',
    value: dashboard.javascriptGzipBytes / 1024,
    unit: 'kB',
    note: 'JavaScript downloaded by /dashboard (signed in, 50 buddies) until it settles, as gzip files, slow 4G',
  });
  return figures;
}
