import type { Figure } from './figures.ts';
import { percentile } from './statistics.ts';

/**
 * DESIGN.md budget: "every API call behind a page, p95, on the year dataset, 32 concurrent clients
 * ≤ 25 ms". Each endpoint is hit by 32 concurrent clients in a closed loop (each sends its next request
 * when the previous one answered) against a server on the 30-day demo dataset, over loopback. The searches
 * cycle through 286 different queries, the profiles through every server and the 100 latest players, so their
 * figures are mostly of answers computed afresh; the cold figures time each URL's very first answer.
 */

const CONNECTIONS = 32;
const REQUESTS_PER_ENDPOINT = 2_000;
const WARM_UP_REQUESTS = 200;

export interface Endpoint {
  name: string;
  path: string;
  /** Varies the request, so that answers reused for identical requests do not flatter the figure. */
  vary?: (index: number) => string;
}

/** Every two-letter start of a name: what the search box sends first. */
const SEARCH_PREFIXES = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((first) =>
  [...'aeiourstnlk'].map((second) => first + second),
);

export async function hammer(
  endpoint: Endpoint,
  baseUrl: string,
  requests: number,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const client = async () => {
    while (sent < requests) {
      const url = baseUrl + (endpoint.vary ? endpoint.vary(sent) : endpoint.path);
      sent += 1;
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return { latencies, failures };
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

/** The endpoints behind the pages, with real names and ids taken from the live lists and the players list. */
async function discoverEndpoints(baseUrl: string): Promise<Endpoint[]> {
  const lists = await Promise.all(
    ['bf1942', 'fh2', 'bfvietnam'].map((game) =>
      getJson<{ servers?: ListedServer[] }>(`${baseUrl}/stats/liveservers/${game}/servers`),
    ),
  );
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
  const profiles = await Promise.all(
    players
      .slice(0, 20)
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
  const ORDERS = ['TotalScore', 'TotalKills', 'KDRatio', 'TotalPlayTimeMinutes'];
  return [
    // The floor: what the HTTP round trip and this load generator cost on their own.
    { name: 'health_baseline', path: '/stats/health' },
    { name: 'liveservers_list', path: '/stats/liveservers/bf1942/servers' },
    ...(first ? [{ name: 'liveservers_one', path: `/stats/liveservers/bf1942/${first.ip}/${first.port}` }] : []),
    { name: 'busy_indicator_10', path: `/stats/GameTrends/busy-indicator?${guids}` },
    { name: 'landing_summary', path: '/stats/GameTrends/landing-summary?game=bf1942' },
    { name: 'history_1d', path: '/stats/LiveServers/bf1942/players-online-history?period=1d&rollingWindowDays=7' },
    { name: 'history_7d', path: '/stats/LiveServers/bf1942/players-online-history?period=7d&rollingWindowDays=7' },
    {
      name: 'history_1month',
      path: '/stats/LiveServers/bf1942/players-online-history?period=1month&rollingWindowDays=14',
    },
    {
      name: 'players_search',
      path: '/stats/Players/search?query=sn&pageSize=10',
      vary: (index) => `/stats/Players/search?query=${SEARCH_PREFIXES[index % SEARCH_PREFIXES.length]}&pageSize=10`,
    },
    // Server profile: every server in turn, so answers reused per server do not flatter the figure.
    { name: 'server_details', path: '', vary: (index) => `/stats/servers/${nameOf(index)}?minPlayersForWeighting=15` },
    { name: 'server_insights_1d', path: '', vary: (index) => `/stats/servers/${nameOf(index)}/insights?days=1` },
    { name: 'server_insights_30d', path: '', vary: (index) => `/stats/servers/${nameOf(index)}/insights?days=30` },
    {
      name: 'server_rankings',
      path: '',
      vary: (index) =>
        `/stats/servers/${nameOf(index)}/rankings?pageSize=100&orderBy=${ORDERS[index % ORDERS.length]}&page=${(index % 3) + 1}`,
    },
    {
      name: 'servers_search',
      path: '',
      vary: (index) => `/stats/servers/search?query=${SEARCH_PREFIXES[index % SEARCH_PREFIXES.length]}&pageSize=10`,
    },
    // Players: the list as the Find Players page asks for it, and the 100 most recently seen players' profiles.
    { name: 'players_list_active', path: '/stats/players?isActive=true&sortBy=lastSeen&sortOrder=desc&pageSize=100' },
    {
      name: 'players_list_filter',
      path: '',
      vary: (index) => `/stats/players?playerName=${SEARCH_PREFIXES[index % SEARCH_PREFIXES.length]}&pageSize=100`,
    },
    { name: 'player_profile', path: '', vary: (index) => `/stats/players/${playerOf(index)}` },
    {
      name: 'player_mapstats',
      path: '',
      vary: (index) => mapStatsPaths[index % mapStatsPaths.length] ?? '/stats/health',
    },
    // The server sessions page's call (§4 "default sort endTime descending").
    {
      name: 'server_sessions',
      path: '',
      vary: (index) => `/stats/rounds?serverName=${nameOf(index)}&sortBy=endTime&pageSize=10&includePlayers=true`,
    },
    { name: 'player_sessions', path: '', vary: (index) => `/stats/players/${playerOf(index)}/sessions` },
    {
      name: 'round_report',
      path: '',
      vary: (index) => `/stats/rounds/${roundIds[index % roundIds.length] ?? 'none'}/report`,
    },
  ];
}

/**
 * The first request of each distinct URL, one at a time: what a visitor waits for when no answer is cached
 * (the loaded figures above mostly measure answers reused within their few seconds).
 */
async function measureCold(endpoint: Endpoint, baseUrl: string, samples: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const response = await fetch(baseUrl + (endpoint.vary ? endpoint.vary(index) : endpoint.path));
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const COLD_ENDPOINTS = new Set([
  'server_details',
  'server_insights_1d',
  'server_insights_30d',
  'player_profile',
  'server_sessions',
  'player_sessions',
  'round_report',
]);
const COLD_SAMPLES = 40;

export async function benchApiLatency(baseUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const endpoint of await discoverEndpoints(baseUrl)) {
    if (COLD_ENDPOINTS.has(endpoint.name)) {
      const cold = await measureCold(endpoint, baseUrl, COLD_SAMPLES);
      figures.push({
        name: `api_cold_p95_ms_${endpoint.name}`,
        value: percentile(cold, 0.95),
        unit: 'ms',
        note: `first request of ${COLD_SAMPLES} different URLs, one client; median ${percentile(cold, 0.5).toFixed(1)} ms`,
      });
    }
    await hammer(endpoint, baseUrl, WARM_UP_REQUESTS);
    const { latencies, failures } = await hammer(endpoint, baseUrl, REQUESTS_PER_ENDPOINT);
    figures.push({
      name: `api_p95_ms_${endpoint.name}`,
      value: percentile(latencies, 0.95),
      unit: 'ms',
      budget: 25,
      note: `median ${percentile(latencies, 0.5).toFixed(1)} ms, ${REQUESTS_PER_ENDPOINT} requests by ${CONNECTIONS} clients${
        failures ? `, ${failures} FAILED` : ''
      }`,
    });
  }
  return figures;
}
