import type { Figure } from './figures.ts';
import { percentile } from './statistics.ts';

/**
 * DESIGN.md budget: "every API call behind a page, p95, on the year dataset, 32 concurrent clients
 * ≤ 25 ms". Each endpoint is hit by 32 concurrent clients in a closed loop (each sends its next request
 * when the previous one answered) against a server on the 30-day demo dataset, over loopback. The search
 * cycles through 286 different queries, so its figure is mostly of answers computed afresh.
 */

const CONNECTIONS = 32;
const REQUESTS_PER_ENDPOINT = 2_000;
const WARM_UP_REQUESTS = 200;

interface Endpoint {
  name: string;
  path: string;
  /** Varies the request, so that answers reused for identical requests do not flatter the figure. */
  vary?: (index: number) => string;
}

/** Every two-letter start of a name: what the search box sends first. */
const SEARCH_PREFIXES = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((first) =>
  [...'aeiourstnlk'].map((second) => first + second),
);

async function hammer(
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

/** The endpoints behind /servers/bf1942, with real ids taken from the live list. */
async function discoverEndpoints(baseUrl: string): Promise<Endpoint[]> {
  const list = (await (await fetch(`${baseUrl}/stats/liveservers/bf1942/servers`)).json()) as {
    servers?: { guid: string; ip: string; port: number }[];
  };
  const servers = list.servers ?? [];
  const first = servers[0];
  const guids = servers
    .slice(0, 10)
    .map((server) => `serverGuids=${server.guid}`)
    .join('&');
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
  ];
}

export async function benchApiLatency(baseUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const endpoint of await discoverEndpoints(baseUrl)) {
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
