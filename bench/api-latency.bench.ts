import type { Figure } from './figures.ts';
import type { LoadGenerator, LoadResult } from './load-generator.ts';
import { percentile } from './statistics.ts';

/**
 * The API's figures (DESIGN.md "Performance budget"). Each endpoint is hit by 32 concurrent clients in a closed
 * loop (each sends its next request when the previous one answered) against a server on the 30-day demo dataset
 * (1 day when the generation group is not run), over loopback. The searches cycle through 286 different queries,
 * the profiles through every server and the 100 latest players, so their figures are mostly of answers computed
 * afresh; the cold figures time each URL's very first answer.
 *
 * So that the figures measure the server: the requests come from a load generator in a process of its own
 * (load-generator.ts), the server runs in another with nothing else in it (served-dataset.ts: the emulator its
 * collector polls is a third), and every p95 is also given against the health endpoint's in the same run.
 */

export const CONNECTIONS = 32;
export const REQUESTS_PER_ENDPOINT = 2_000;
const WARM_UP_REQUESTS = 200;
/** The floor every endpoint is divided by (see benchApiLatency). */
const HEALTH = 'health_baseline';

export interface Endpoint {
  name: string;
  path: string;
  /** Varies the request, so that answers reused for identical requests do not flatter the figure. */
  vary?: (index: number) => string;
  /** Called by a page of the site (not only by a search box or a background refresh): it gets a first-request figure. */
  page?: boolean;
  /**
   * For a page endpoint without `vary`: different URLs of the same call (other games, periods, orders), for its
   * first-request figure only; the loaded figure keeps asking `path`. May repeat: the distinct ones are used.
   */
  variants?: (index: number) => string;
}

/** Every two-letter start of a name: what the search box sends first. */
const SEARCH_PREFIXES = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((first) =>
  [...'aeiourstnlk'].map((second) => first + second),
);

const GAMES = ['bf1942', 'fh2', 'bfvietnam'] as const;
const ROLLING_WINDOWS = [7, 14, 30] as const;

/** The `count` paths a loaded run of the endpoint asks, in order, starting at `first`. */
export function pathsOf(endpoint: Endpoint, count: number, first = 0): string[] {
  return Array.from({ length: count }, (_, index) => (endpoint.vary ? endpoint.vary(first + index) : endpoint.path));
}

/** `requests` requests of the endpoint by 32 concurrent clients, sent by the load generator's process. */
export async function hammer(
  load: LoadGenerator,
  endpoint: Endpoint,
  baseUrl: string,
  requests: number,
): Promise<LoadResult> {
  return load.run({ kind: 'closed', baseUrl, paths: pathsOf(endpoint, requests), connections: CONNECTIONS });
}

interface ListedServer {
  guid: string;
  name: string;
  ip: string;
  port: number;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const encode = encodeURIComponent;

const historyPath = (game: string, period: string, window: number) =>
  `/stats/LiveServers/${game}/players-online-history?period=${period}&rollingWindowDays=${window}`;

/** A history call for each game and rolling window: the distinct URLs of one period. */
const historyVariants = (period: string) => (index: number) =>
  historyPath(GAMES[index % GAMES.length]!, period, ROLLING_WINDOWS[Math.floor(index / GAMES.length) % 3]!);

/**
 * The calls whose URLs need nothing from the server (no names or ids). Their first-request figures are measured
 * before the discovery below asks anything, since it asks the live lists these include.
 */
function fixedEndpoints() {
  return {
    health: { name: HEALTH, path: '/stats/health' },
    liveServers: {
      name: 'liveservers_list',
      path: '/stats/liveservers/bf1942/servers',
      page: true,
      variants: (index: number) => `/stats/liveservers/${GAMES[index % GAMES.length]}/servers`,
    },
    landingSummary: {
      name: 'landing_summary',
      path: '/stats/GameTrends/landing-summary?game=bf1942',
      page: true,
      variants: (index: number) => `/stats/GameTrends/landing-summary?game=${GAMES[index % GAMES.length]}`,
    },
    history1d: {
      name: 'history_1d',
      path: historyPath('bf1942', '1d', 7),
      page: true,
      variants: historyVariants('1d'),
    },
    history7d: {
      name: 'history_7d',
      path: historyPath('bf1942', '7d', 7),
      page: true,
      variants: historyVariants('7d'),
    },
    history1month: {
      name: 'history_1month',
      path: historyPath('bf1942', '1month', 14),
      page: true,
      variants: historyVariants('1month'),
    },
    // The Find Players page's list; its other orders and first pages for the first-request figure.
    playersListActive: {
      name: 'players_list_active',
      path: '/stats/players?isActive=true&sortBy=lastSeen&sortOrder=desc&pageSize=100',
      page: true,
      variants: (index: number) =>
        `/stats/players?isActive=true&sortBy=${index % 2 ? 'playerName' : 'lastSeen'}` +
        `&sortOrder=${Math.floor(index / 2) % 2 ? 'asc' : 'desc'}&pageSize=100&page=${(Math.floor(index / 4) % 5) + 1}`,
    },
  } satisfies Record<string, Endpoint>;
}

/**
 * The endpoints behind the pages, with real names and ids taken from the live lists and the players list: the one
 * list every API figure (loaded, first request, ratio; month and year datasets) is measured from.
 */
export async function discoverEndpoints(baseUrl: string): Promise<Endpoint[]> {
  const fixed = fixedEndpoints();
  const lists = await liveListsOnceListed(baseUrl);
  const servers = lists[0]?.servers ?? [];
  const everyServer = lists.flatMap((list) => list.servers ?? []);
  const first = servers[0];
  const guids = servers
    .slice(0, 10)
    .map((server) => `serverGuids=${server.guid}`)
    .join('&');
  const players = (
    await getJson<{ items: { playerName: string }[] }>(`${baseUrl}/stats/players?sortBy=lastSeen&pageSize=100`)
  ).items.map((item) => item.playerName);
  const nameOf = (index: number) => encode(everyServer[index % everyServer.length]?.name ?? 'none');
  const playerOf = (index: number) => encode(players[index % players.length] ?? 'none');
  // The last 20 of the 100: the first-request figures ask the profiles of the first 40, which must not be asked here.
  const profiles = await Promise.all(
    players
      .slice(-20)
      .map((name) =>
        getJson<{ playerName: string; servers: { serverGuid: string }[]; recentSessions: { roundId: string }[] }>(
          `${baseUrl}/stats/players/${encode(name)}`,
        ),
      ),
  );
  const mapStatsPaths = profiles.flatMap((profile) =>
    profile.servers
      .slice(0, 3)
      .map(
        (server) =>
          `/stats/players/${encode(profile.playerName)}/server/${server.serverGuid}/mapstats?range=Last30Days`,
      ),
  );
  const roundIds = [...new Set(profiles.flatMap((profile) => profile.recentSessions.map((item) => item.roundId)))];
  // Two of the 100 latest players (the ones online have the longest histories), a different pair each request:
  // every player with each of the others in turn, so nearly every comparison is computed afresh.
  const pairOf = (index: number) => {
    const first = index % Math.max(players.length, 1);
    const second = (first + 1 + Math.floor(index / Math.max(players.length, 1))) % Math.max(players.length, 1);
    return `player1=${encode(players[first] ?? 'none')}&player2=${encode(players[second] ?? 'none')}`;
  };
  const ORDERS = ['TotalScore', 'TotalKills', 'KDRatio', 'TotalPlayTimeMinutes'];
  return [
    // The floor: what the HTTP round trip and the load generator cost on their own.
    fixed.health,
    fixed.liveServers,
    ...(first ? [{ name: 'liveservers_one', path: `/stats/liveservers/bf1942/${first.ip}/${first.port}` }] : []),
    { name: 'busy_indicator_10', path: `/stats/GameTrends/busy-indicator?${guids}` },
    fixed.landingSummary,
    fixed.history1d,
    fixed.history7d,
    fixed.history1month,
    {
      name: 'players_search',
      path: '/stats/Players/search?query=sn&pageSize=10',
      vary: (index) => `/stats/Players/search?query=${SEARCH_PREFIXES[index % SEARCH_PREFIXES.length]}&pageSize=10`,
    },
    // Server profile: every server in turn, so answers reused per server do not flatter the figure.
    {
      name: 'server_details',
      path: '',
      page: true,
      vary: (index) => `/stats/servers/${nameOf(index)}?minPlayersForWeighting=15`,
    },
    {
      name: 'server_insights_1d',
      path: '',
      page: true,
      vary: (index) => `/stats/servers/${nameOf(index)}/insights?days=1`,
    },
    {
      name: 'server_insights_30d',
      path: '',
      page: true,
      vary: (index) => `/stats/servers/${nameOf(index)}/insights?days=30`,
    },
    {
      name: 'server_rankings',
      path: '',
      page: true,
      vary: (index) =>
        `/stats/servers/${nameOf(index)}/rankings?pageSize=100&orderBy=${ORDERS[index % ORDERS.length]}&page=${(index % 3) + 1}`,
    },
    {
      name: 'servers_search',
      path: '',
      vary: (index) => `/stats/servers/search?query=${SEARCH_PREFIXES[index % SEARCH_PREFIXES.length]}&pageSize=10`,
    },
    // Players: the list as the Find Players page asks for it, and the 100 most recently seen players' profiles.
    fixed.playersListActive,
    {
      name: 'players_list_filter',
      path: '',
      page: true,
      vary: (index) => `/stats/players?playerName=${SEARCH_PREFIXES[index % SEARCH_PREFIXES.length]}&pageSize=100`,
    },
    { name: 'player_profile', path: '', page: true, vary: (index) => `/stats/players/${playerOf(index)}` },
    {
      name: 'player_mapstats',
      path: '',
      page: true,
      vary: (index) => mapStatsPaths[index % mapStatsPaths.length] ?? '/stats/health',
    },
    // The server sessions page's call (§4 "default sort endTime descending").
    {
      name: 'server_sessions',
      path: '',
      page: true,
      vary: (index) => `/stats/rounds?serverName=${nameOf(index)}&sortBy=endTime&pageSize=10&includePlayers=true`,
    },
    { name: 'player_sessions', path: '', page: true, vary: (index) => `/stats/players/${playerOf(index)}/sessions` },
    // The comparison page's two calls (issue 19).
    { name: 'compare', path: '', page: true, vary: (index) => `/stats/players/compare?${pairOf(index)}` },
    {
      name: 'compare_activity_hours',
      path: '',
      vary: (index) => `/stats/players/compare/activity-hours?${pairOf(index)}`,
    },
    // The profile's Player Intelligence panel, both modes (issue 19).
    {
      name: 'similar_players',
      path: '',
      vary: (index) => `/stats/players/${playerOf(index)}/similar?mode=default`,
    },
    {
      name: 'similar_players_alias',
      path: '',
      vary: (index) => `/stats/players/${playerOf(index)}/similar?mode=aliasdetection`,
    },
    // The player profile's achievements section and the achievements page (issue 18).
    { name: 'gamification_player', path: '', vary: (index) => `/stats/gamification/player/${playerOf(index)}` },
    {
      name: 'achievements_page',
      path: '',
      vary: (index) => `/stats/gamification/achievements?playerName=${playerOf(index)}&pageSize=50`,
    },
    {
      name: 'round_report',
      path: '',
      page: true,
      vary: (index) => `/stats/rounds/${roundIds[index % roundIds.length] ?? 'none'}/report`,
    },
  ];
}

/**
 * Every game's live list, once the first has servers: a freshly started server has listed nothing until its
 * collector's first poll, and endpoints named after listed servers would then all ask for a server called "none".
 */
async function liveListsOnceListed(baseUrl: string): Promise<{ servers?: ListedServer[] }[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const lists = await Promise.all(
      GAMES.map((game) => getJson<{ servers?: ListedServer[] }>(`${baseUrl}/stats/liveservers/${game}/servers`)),
    );
    if ((lists[0]?.servers?.length ?? 0) > 0) return lists;
    if (Date.now() > deadline) throw new Error('the server listed no servers within 2 minutes of starting');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const COLD_SAMPLES = 40;

/**
 * Up to COLD_SAMPLES + 1 different URLs of the endpoint: the ones its loaded run asks first, or its variants. The
 * first is asked before the others and not counted: it compiles the endpoint's code in a freshly started server,
 * which a server that has run for a while has long done, so the figure is of answers, not of the JIT.
 */
function coldPaths(endpoint: Endpoint): { warmUp: string; measured: string[] } {
  const next = endpoint.vary ?? endpoint.variants ?? (() => endpoint.path);
  const paths = new Set<string>();
  // The variants repeat once exhausted: a few rounds of them past the target show that there are no more.
  for (let index = 0; paths.size <= COLD_SAMPLES && index < COLD_SAMPLES * 4; index += 1) paths.add(next(index));
  const [warmUp = endpoint.path, ...measured] = paths;
  return { warmUp, measured };
}

async function measureCold(load: LoadGenerator, baseUrl: string, endpoint: Endpoint, dataset: string) {
  const { warmUp, measured } = coldPaths(endpoint);
  // Without one URL beyond the warm-up there is nothing to time: a figure of 0 ms would pass for a measure.
  if (measured.length === 0) throw new Error(`api_cold_p95_ms_${endpoint.name}: no URL to measure (${warmUp})`);
  await load.run({ kind: 'closed', baseUrl, paths: [warmUp], connections: 1 });
  const { latencies, failures } = await load.run({ kind: 'closed', baseUrl, paths: measured, connections: 1 });
  const few = measured.length < COLD_SAMPLES ? ` (all there are)` : '';
  return {
    name: `api_cold_p95_ms_${endpoint.name}`,
    value: percentile(latencies, 0.95),
    unit: 'ms',
    budget: 25,
    note:
      `first request of ${measured.length} different URLs${few} after one of another, one client, ${dataset}; ` +
      `median ${percentile(latencies, 0.5).toFixed(1)} ms${failures ? `, ${failures} FAILED` : ''}`,
  } satisfies Figure;
}

/**
 * DESIGN.md budget: "every page API, first request of 40 different URLs, one client, year dataset (p95) ≤ 25 ms":
 * what a visitor waits for when no answer is cached (the loaded figures mostly measure answers reused within their
 * few seconds). One request at a time, each URL once, every page endpoint in turn; the calls that need no names
 * go first, before the discovery of names and ids asks anything (it asks the live lists). The server should be
 * fresh: nothing else should have asked these URLs. `dataset` says in words what it serves.
 */
export async function benchColdPages(load: LoadGenerator, baseUrl: string, dataset: string): Promise<Figure[]> {
  const fixed = Object.values(fixedEndpoints()).filter((endpoint) => 'page' in endpoint && endpoint.page);
  const byName = new Map<string, Figure>();
  for (const endpoint of fixed) byName.set(endpoint.name, await measureCold(load, baseUrl, endpoint, dataset));
  const endpoints = await discoverEndpoints(baseUrl);
  for (const endpoint of endpoints) {
    if (endpoint.page && !byName.has(endpoint.name)) {
      byName.set(endpoint.name, await measureCold(load, baseUrl, endpoint, dataset));
    }
  }
  return endpoints.flatMap((endpoint) => byName.get(endpoint.name) ?? []);
}

async function measureLoaded(load: LoadGenerator, baseUrl: string, endpoint: Endpoint) {
  await hammer(load, endpoint, baseUrl, WARM_UP_REQUESTS);
  const { latencies, failures } = await hammer(load, endpoint, baseUrl, REQUESTS_PER_ENDPOINT);
  return {
    p95: percentile(latencies, 0.95),
    note: `median ${percentile(latencies, 0.5).toFixed(1)} ms, ${REQUESTS_PER_ENDPOINT} requests by ${CONNECTIONS} clients${
      failures ? `, ${failures} FAILED` : ''
    }`,
  };
}

/**
 * DESIGN.md budget: "every page API at 32 concurrent clients, p95 against /stats/health's p95 in the same run
 * ≤ 1.5×". Each endpoint in turn, 32 clients of the load generator's process, after a warm-up; then each one's
 * p95 divided by the health endpoint's: what the endpoint costs beyond a round trip through the same server,
 * the same load generator and the same machine.
 *
 * The health endpoint is measured before every endpoint and once more at the end, and the divisor is the median
 * of those p95s. A run of 2,000 requests lasts about a second, and the served demo's collector stalls the server
 * for a moment every 30 s (until it runs in a thread of its own): measured once, health's p95 depends on whether
 * a cycle fell into that second, and on what the machine's other work did then (a first and a last measure of one
 * run differed by 4× on this 2-core machine). Interleaved, the health runs see the whole run's machine, drifting
 * load included, and their median is neither its quietest nor its busiest second. Every endpoint is divided by
 * the same divisor, so no endpoint is flattered by having been measured beside a slow health run.
 *
 * With `cold`, the first-request figures (benchColdPages) are measured first, on the fresh server.
 */
export async function benchApiLatency(
  load: LoadGenerator,
  baseUrl: string,
  options: { cold?: string } = {},
): Promise<Figure[]> {
  const figures: Figure[] = [];
  if (options.cold !== undefined) figures.push(...(await benchColdPages(load, baseUrl, options.cold)));
  const endpoints = await discoverEndpoints(baseUrl);
  const loadedFrom = figures.length;
  const health = endpoints.find((endpoint) => endpoint.name === HEALTH)!;
  const healthP95s: number[] = [];
  const measureHealth = async () => {
    const { latencies } = await hammer(load, health, baseUrl, REQUESTS_PER_ENDPOINT);
    healthP95s.push(percentile(latencies, 0.95));
  };
  await hammer(load, health, baseUrl, WARM_UP_REQUESTS);
  const p95s = new Map<string, number>();
  for (const endpoint of endpoints) {
    if (endpoint === health) continue;
    await measureHealth();
    const { p95, note } = await measureLoaded(load, baseUrl, endpoint);
    p95s.set(endpoint.name, p95);
    figures.push({ name: `api_p95_ms_${endpoint.name}`, value: p95, unit: 'ms', budget: 25, note });
  }
  await measureHealth();
  const divisor = percentile(healthP95s, 0.5);
  const range = `${Math.min(...healthP95s).toFixed(1)}–${Math.max(...healthP95s).toFixed(1)} ms`;
  figures.splice(loadedFrom, 0, {
    name: `api_p95_ms_${HEALTH}`,
    value: divisor,
    unit: 'ms',
    note: `the median of ${healthP95s.length} p95s of ${REQUESTS_PER_ENDPOINT} requests by ${CONNECTIONS} clients, one before each endpoint and one last (${range})`,
  });
  for (const endpoint of endpoints) {
    if (endpoint === health) continue;
    figures.push({
      name: `api_p95_ratio_${endpoint.name}`,
      value: (p95s.get(endpoint.name) ?? Number.NaN) / divisor,
      unit: '×',
      budget: 1.5,
      note: `its p95 / the health endpoint's (${divisor.toFixed(1)} ms)`,
    });
  }
  return figures;
}
