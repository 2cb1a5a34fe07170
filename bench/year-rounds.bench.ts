import { DatabaseSync, type SQLOutputValue } from 'node:sqlite';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { hammer } from './api-latency.bench.ts';
import type { Figure } from './figures.ts';
import type { LoadGenerator } from './load-generator.ts';
import { percentile } from './statistics.ts';

/**
 * Issue "Rounds": the round report of the longest round of a year of history (its p95 at 32 clients and its JSON
 * size), and the session lists of the year's most active player and of the server they played most on.
 */

const REQUESTS = 1_000;

interface RoundSubject {
  roundId: string;
  minutes: number;
  polls: number;
  participants: number;
}

interface YearSubjects {
  /** The longest round (the issue's figure) and the one with the most data (the largest timeline). */
  longest: RoundSubject;
  largest: RoundSubject;
  /** Another long round, to warm the process up before the figures (see benchYearPlayers). */
  warmUpRoundId: string;
  playerName: string;
  serverName: string;
}

const ROUND_COLUMNS = `round_id, poll_count, participant_count,
  (unixepoch(end_time, 'subsec') - unixepoch(start_time, 'subsec')) / 60.0 as minutes`;

function toSubject(row: Record<string, SQLOutputValue> | undefined): RoundSubject {
  return {
    roundId: String(row?.round_id ?? 'none'),
    minutes: Number(row?.minutes ?? 0),
    polls: Number(row?.poll_count ?? 0),
    participants: Number(row?.participant_count ?? 0),
  };
}

/**
 * The longest closed round (most polls on ties), the closed round with the largest timeline, and the most
 * active player's most played server.
 */
function findSubjects(databasePath: string): YearSubjects {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const [longest, second] = database
      .prepare(`select ${ROUND_COLUMNS} from rounds where is_active = 0 order by minutes desc, poll_count desc limit 2`)
      .all();
    const largest = database
      .prepare(
        `select ${ROUND_COLUMNS} from rounds join round_timelines t using (round_key)
        where is_active = 0 order by length(t.timeline) desc limit 1`,
      )
      .get();
    const player = database.prepare('select player_name from players order by played_ms desc limit 1').get();
    const playerName = String(player?.player_name ?? '');
    const server = database
      .prepare(
        `select v.name from server_player_totals t join servers v on v.server_guid = t.server_guid
        where t.player_name = ? order by t.played_ms desc limit 1`,
      )
      .get(playerName);
    return {
      longest: toSubject(longest),
      largest: toSubject(largest),
      warmUpRoundId: String(second?.round_id ?? 'none'),
      playerName,
      serverName: String(server?.name ?? 'none'),
    };
  } finally {
    database.close();
  }
}

export async function benchYearRounds(load: LoadGenerator, baseUrl: string, databasePath: string): Promise<Figure[]> {
  const subjects = findSubjects(databasePath);
  const player = encodeURIComponent(subjects.playerName);
  const server = encodeURIComponent(subjects.serverName);
  const endpoints: { name: string; path: string; round?: RoundSubject }[] = [
    { name: 'round_report_longest', path: `/stats/rounds/${subjects.longest.roundId}/report`, round: subjects.longest },
    { name: 'round_report_largest', path: `/stats/rounds/${subjects.largest.roundId}/report`, round: subjects.largest },
    { name: 'server_sessions', path: `/stats/rounds?serverName=${server}&sortBy=endTime&pageSize=10` },
    { name: 'server_player_sessions', path: `/stats/rounds?serverName=${server}&playerNames=${player}&pageSize=10` },
    { name: 'player_sessions', path: `/stats/players/${player}/sessions` },
  ];
  await (await fetch(`${baseUrl}/stats/rounds/${subjects.warmUpRoundId}/report`)).arrayBuffer();
  const figures: Figure[] = [];
  for (const endpoint of endpoints) {
    const started = performance.now();
    const body = await (await fetch(baseUrl + endpoint.path)).text();
    const first = performance.now() - started;
    const { latencies, failures } = await hammer(load, endpoint, baseUrl, REQUESTS);
    figures.push(
      { name: `year_first_ms_${endpoint.name}`, value: first, unit: 'ms', note: 'first request' },
      {
        name: `year_api_p95_ms_${endpoint.name}`,
        value: percentile(latencies, 0.95),
        unit: 'ms',
        budget: 25,
        note: `median ${percentile(latencies, 0.5).toFixed(1)} ms, ${REQUESTS} requests by 32 clients${failures ? `, ${failures} FAILED` : ''}`,
      },
    );
    const { round } = endpoint;
    if (round) {
      const kind = endpoint.name.replace('round_report_', '');
      const report = JSON.parse(body) as { leaderboardSnapshots: unknown[]; snapshotIntervalMinutes: number | null };
      figures.push(
        {
          name: `year_report_json_kb_${kind}`,
          value: Buffer.byteLength(body) / 1024,
          unit: 'kB',
          note:
            `round ${round.roundId}: ${round.minutes.toFixed(0)} min, ${round.polls} polls, ${round.participants} players, ` +
            `${report.leaderboardSnapshots.length} snapshots (${report.snapshotIntervalMinutes === null ? 'one per poll' : `one per ${report.snapshotIntervalMinutes} min`})`,
        },
        // As the server sends it (send-json.ts: brotli quality 6, gzip level 6).
        {
          name: `year_report_brotli_kb_${kind}`,
          value: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).length / 1024,
          unit: 'kB',
        },
        { name: `year_report_gzip_kb_${kind}`, value: gzipSync(body, { level: 6 }).length / 1024, unit: 'kB' },
      );
    }
  }
  return figures;
}
