import { DatabaseSync } from 'node:sqlite';
import { hammer } from './api-latency.bench.ts';
import type { Figure } from './figures.ts';
import type { LoadGenerator } from './load-generator.ts';
import { percentile } from './statistics.ts';

/**
 * Issue "Players": the player endpoints for the most active player (most time played) of a year of history, on
 * the year's database served by the demo, and (issue 19) his comparison with the runner-up and his similar players in
 * both modes. For each: the first request (nothing reused, what the player's first visitor waits for) and the p95 of
 * 32 clients asking again and again.
 */

const REQUESTS = 1_000;

/** The player with the most time played, and the server they played most on. */
function findMostActivePlayer(databasePath: string): {
  name: string;
  runnerUp: string;
  hours: number;
  serverGuid: string;
} {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const [row, runnerUp] = database
      .prepare('select player_name, played_ms from players order by played_ms desc limit 2')
      .all();
    const name = String(row?.player_name ?? '');
    const server = database
      .prepare('select server_guid from server_player_totals where player_name = ? order by played_ms desc limit 1')
      .get(name);
    return {
      name,
      runnerUp: String(runnerUp?.player_name ?? ''),
      hours: Number(row?.played_ms ?? 0) / 3_600_000,
      serverGuid: String(server?.server_guid ?? 'none'),
    };
  } finally {
    database.close();
  }
}

export async function benchYearPlayers(load: LoadGenerator, baseUrl: string, databasePath: string): Promise<Figure[]> {
  const player = findMostActivePlayer(databasePath);
  const name = encodeURIComponent(player.name);
  const server = player.serverGuid;
  const endpoints = [
    { name: 'player_profile', path: `/stats/players/${name}` },
    { name: 'player_mapstats_30d', path: `/stats/players/${name}/server/${server}/mapstats?range=Last30Days` },
    { name: 'player_mapstats_thisyear', path: `/stats/players/${name}/server/${server}/mapstats?range=ThisYear` },
    { name: 'players_list_active', path: '/stats/players?isActive=true&pageSize=100' },
    { name: 'players_search', path: `/stats/Players/search?query=${encodeURIComponent(player.name.slice(0, 2))}` },
    // Issue 19: the two most active players side by side (a year of head-to-head, day and map figures).
    {
      name: 'compare',
      path: `/stats/players/compare?player1=${name}&player2=${encodeURIComponent(player.runnerUp)}`,
    },
    // The profile's Player Intelligence panel, both modes, from the features the year's backlog computed.
    { name: 'similar_players', path: `/stats/players/${name}/similar?mode=default` },
    { name: 'similar_players_alias', path: `/stats/players/${name}/similar?mode=aliasdetection` },
  ];
  // A freshly started server reads its first pages from disk and compiles its code: the second most active
  // player's profile pays for that, so the figures below are of this player's answers, not of a cold process.
  await (await fetch(`${baseUrl}/stats/players/${encodeURIComponent(player.runnerUp)}`)).arrayBuffer();
  const figures: Figure[] = [];
  for (const endpoint of endpoints) {
    const started = performance.now();
    await (await fetch(baseUrl + endpoint.path)).arrayBuffer();
    const first = performance.now() - started;
    const { latencies, failures } = await hammer(load, endpoint, baseUrl, REQUESTS);
    figures.push(
      {
        name: `year_first_ms_${endpoint.name}`,
        value: first,
        unit: 'ms',
        note: `first request; ${player.name}, ${player.hours.toFixed(0)} h played`,
      },
      {
        name: `year_api_p95_ms_${endpoint.name}`,
        value: percentile(latencies, 0.95),
        unit: 'ms',
        budget: 25,
        note: `median ${percentile(latencies, 0.5).toFixed(1)} ms, ${REQUESTS} requests by 32 clients${failures ? `, ${failures} FAILED` : ''}`,
      },
    );
  }
  return figures;
}
