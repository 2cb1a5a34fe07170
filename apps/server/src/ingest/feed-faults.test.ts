import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalFeed, type FeedPlayer, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { useTestDatabase } from '../test/test-database.ts';
import { fetchGameServers } from './bflist/bflist-client.ts';
import { MAX_PLAYER_NAME_LENGTH, MAX_PLAYERS_PER_SERVER, MAX_SERVER_NAME_LENGTH } from './bflist/feed-limits.ts';
import { Collector } from './collector.ts';
import { EventBus } from './event-bus.ts';
import { createCollectorStore } from './store/collector-store.ts';

/**
 * A hostile feed through the real client, tracker and SQLite store: odd values on one server and oversized
 * entries beside healthy servers of the same game and of another game. One odd server used to fail every cycle
 * for every game (`"kills": 1e300` broke the timeline codec's ±2^50 range); now its values are normalised, the
 * oversized entries are skipped and counted in the cycle's log line, and everything else is written.
 */

const player = (name: string, score: number, kills: number, deaths: number, ping = 50): FeedPlayer => ({
  name,
  score,
  kills,
  deaths,
  ping,
  team: 1,
});

function server(index: number, mapName: string, players: FeedPlayer[], name = `[TEST] Server ${index}`): FeedServer {
  return { ip: `192.0.2.${index}`, port: 14567, name, mapName, players };
}

const longPlayerName = 'x'.repeat(MAX_PLAYER_NAME_LENGTH + 1);
const longServerName = 'S'.repeat(MAX_SERVER_NAME_LENGTH + 1);
const crowd = Array.from({ length: MAX_PLAYERS_PER_SERVER + 1 }, (_, index) => player(`crowd${index}`, 0, 0, 0));

/** One poll of the world: `maps` names the map of servers 1 to 3 and 6, so that a new value closes their rounds. */
function bf1942World(maps: [string, string, string], scores: { bob: number; carl: number }): FeedServer[] {
  return [
    server(1, maps[0], [player('Alice', 10, 3, 1)]),
    // The odd server: a fractional ping, an absurd score and kill count.
    server(2, maps[1], [player('Bob', scores.bob, 1, 0, 45.5), player('Carl', scores.carl, 1e300, 2, 60)]),
    // A player whose name is over the limit is skipped; the rest of the server is kept.
    server(3, maps[2], [player(longPlayerName, 5, 1, 0), player('Dave', 4, 2, 2)]),
    server(4, 'gazala', [player('Frank', 1, 1, 1)], longServerName),
    server(5, 'tobruk', crowd),
  ];
}

describe('a hostile feed never breaks the cycle', () => {
  const getDatabase = useTestDatabase();
  let feed: LocalFeed;
  let logLines: Record<string, unknown>[];

  beforeEach(async () => {
    feed = await startLocalFeed();
    logLines = [];
  });
  afterEach(() => feed.close());

  function createCollector() {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return new Collector({
      games: ['bf1942', 'bfvietnam'],
      intervalMs: 30_000,
      source: (game, signal) => fetchGameServers(game, { baseUrl: feed.baseUrl, signal, retries: 0 }),
      store: createCollectorStore(getDatabase().sqlite),
      events: new EventBus((error) => {
        throw error;
      }),
      log: pino({ level: 'info' }, sink),
    });
  }

  const query = (sql: string) => getDatabase().sqlite.prepare(sql).all();

  it('writes the healthy servers and the odd one normalised, skips and counts the oversized entries', async () => {
    const collector = createCollector();
    const vietnam = (map: string, score: number) => [server(6, map, [player('Eve', score, 2, 0, 80)])];

    feed.world.set('bf1942', bf1942World(['wake', 'berlin', 'kursk'], { bob: 2.4, carl: 1e300 }));
    feed.world.set('bfvietnam', vietnam('hue', 1));
    const first = await collector.runCycle();
    expect(first.games).toEqual([
      // Servers 1 to 3; the long player name, the long server name and the crowded server are skipped.
      { game: 'bf1942', ok: true, servers: 3, players: 4, skippedEntries: 3 },
      { game: 'bfvietnam', ok: true, servers: 1, players: 1, skippedEntries: 0 },
    ]);
    const cycleLine = logLines.find((line) => line.msg === 'poll cycle');
    expect(cycleLine?.problems).toEqual([
      expect.stringMatching(/^page 2: player 0 "x{64}"… \(65 characters\): name: /),
      expect.stringMatching(/^page 2: server 192\.0\.2\.4:14567: name: /),
      expect.stringMatching(/^page 3: server 192\.0\.2\.5:14567: players: /),
    ]);

    feed.world.set('bf1942', bf1942World(['wake', 'berlin', 'kursk'], { bob: 3.6, carl: 2e300 }));
    feed.world.set('bfvietnam', vietnam('hue', 3));
    await collector.runCycle();
    feed.world.set('bf1942', bf1942World(['el_alamein', 'stalingrad', 'midway'], { bob: 0, carl: 0 }));
    feed.world.set('bfvietnam', vietnam('hue_1968', 0));
    const third = await collector.runCycle();
    expect(third).toMatchObject({ roundsOpened: 4, roundsClosed: 4 });

    expect(
      query(`select s.name, r.map_name, r.is_active, r.close_reason, t.timeline is not null as has_timeline
             from rounds r join servers s using (server_guid) left join round_timelines t using (round_key) order by s.name, r.start_time`),
    ).toEqual([
      { name: '[TEST] Server 1', map_name: 'wake', is_active: 0, close_reason: 'map_change', has_timeline: 1 },
      { name: '[TEST] Server 1', map_name: 'el_alamein', is_active: 1, close_reason: null, has_timeline: 0 },
      { name: '[TEST] Server 2', map_name: 'berlin', is_active: 0, close_reason: 'map_change', has_timeline: 1 },
      { name: '[TEST] Server 2', map_name: 'stalingrad', is_active: 1, close_reason: null, has_timeline: 0 },
      { name: '[TEST] Server 3', map_name: 'kursk', is_active: 0, close_reason: 'map_change', has_timeline: 1 },
      { name: '[TEST] Server 3', map_name: 'midway', is_active: 1, close_reason: null, has_timeline: 0 },
      { name: '[TEST] Server 6', map_name: 'hue', is_active: 0, close_reason: 'map_change', has_timeline: 1 },
      { name: '[TEST] Server 6', map_name: 'hue_1968', is_active: 1, close_reason: null, has_timeline: 0 },
    ]);
    expect(
      query(`select player_name, score, kills, deaths, observations, ping_sum, ping_count from sessions
             where is_active = 0 order by player_name`),
    ).toEqual([
      { player_name: 'Alice', score: 10, kills: 3, deaths: 1, observations: 2, ping_sum: 100, ping_count: 2 },
      { player_name: 'Bob', score: 4, kills: 1, deaths: 0, observations: 2, ping_sum: 92, ping_count: 2 },
      {
        player_name: 'Carl',
        score: 1_000_000,
        kills: 1_000_000,
        deaths: 2,
        observations: 2,
        ping_sum: 120,
        ping_count: 2,
      },
      { player_name: 'Dave', score: 4, kills: 2, deaths: 2, observations: 2, ping_sum: 100, ping_count: 2 },
      { player_name: 'Eve', score: 3, kills: 2, deaths: 0, observations: 2, ping_sum: 160, ping_count: 2 },
    ]);
    expect(query("select count(*) as n from servers where ip in ('192.0.2.4', '192.0.2.5')")).toEqual([{ n: 0 }]);
    expect(
      query("select count(*) as n from sessions where player_name like 'crowd%' or player_name like 'xx%'"),
    ).toEqual([{ n: 0 }]);
    expect(logLines.filter((line) => line.msg === 'collector cycle failed')).toEqual([]);
  });
});
