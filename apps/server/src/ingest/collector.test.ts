import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalFeed, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { useTestDatabase } from '../test/test-database.ts';
import { fetchGameServers } from './bflist/bflist-client.ts';
import { Collector } from './collector.ts';
import { EventBus } from './event-bus.ts';
import { createCollectorStore } from './store/collector-store.ts';
import type { TrackerEvent } from './tracker/tracker-events.ts';

/**
 * The collector end to end: the real BFList client against a local HTTP feed with paging, the real
 * tracker, and a real SQLite database.
 */

const silent = pino({ level: 'silent' });

function bf1942Server(index: number, mapName: string, players: [string, number, number, number][]): FeedServer {
  return {
    ip: `192.0.2.${index}`,
    port: 14567,
    name: `[TEST] Server ${index}`,
    mapName,
    players: players.map(([name, score, kills, deaths]) => ({ name, score, kills, deaths, ping: 50 + index, team: 1 })),
  };
}

describe('Collector', () => {
  const getDatabase = useTestDatabase();
  let feed: LocalFeed;
  let events: TrackerEvent[];

  beforeEach(async () => {
    feed = await startLocalFeed();
    events = [];
  });
  afterEach(() => feed.close());

  function createCollector() {
    const bus = new EventBus((error) => {
      throw error;
    });
    for (const type of ['playerOnline', 'serverMapChange', 'roundClosed'] as const) {
      bus.on(type, (event) => events.push(event));
    }
    return new Collector({
      games: ['bf1942', 'bfvietnam'],
      intervalMs: 30_000,
      source: (game, signal) => fetchGameServers(game, { baseUrl: feed.baseUrl, signal, retries: 0 }),
      store: createCollectorStore(getDatabase().sqlite),
      events: bus,
      log: silent,
    });
  }

  const query = (sql: string) => getDatabase().sqlite.prepare(sql).all();

  it('records servers from every page, rounds and sessions, and publishes events after writing', async () => {
    feed.world.set('bf1942', [
      bf1942Server(1, 'wake', [['Alice', 0, 0, 0]]),
      bf1942Server(2, 'berlin', []),
      bf1942Server(3, 'kursk', [
        ['Bob', 3, 1, 0],
        ['BFPlayer', 9, 9, 0],
      ]),
    ]);
    const collector = createCollector();

    const first = await collector.runCycle();
    expect(first.games).toEqual([
      { game: 'bf1942', ok: true, servers: 3, players: 3, skippedEntries: 0, held: 0, glitches: 0 },
      { game: 'bfvietnam', ok: true, servers: 0, players: 0, skippedEntries: 0, held: 0, glitches: 0 },
    ]);
    expect(query('select name, map_name, num_players, bot_count from servers order by name')).toEqual([
      { name: '[TEST] Server 1', map_name: 'wake', num_players: 1, bot_count: 0 },
      { name: '[TEST] Server 2', map_name: 'berlin', num_players: 0, bot_count: 0 },
      { name: '[TEST] Server 3', map_name: 'kursk', num_players: 1, bot_count: 1 },
    ]);
    expect(events.map((event) => event.type === 'playerOnline' && event.playerName)).toEqual(['Alice', 'Bob']);

    feed.world.set('bf1942', [
      bf1942Server(1, 'el_alamein', [['Alice', 0, 0, 0]]),
      bf1942Server(3, 'kursk', [['Bob', 5, 2, 1]]),
      bf1942Server(2, 'berlin', []),
    ]);
    // A map change on one poll's word is held until the next poll of the server confirms it.
    const held = await collector.runCycle();
    expect(held.games[0]).toMatchObject({ held: 1, glitches: 0 });
    expect(query('select map_name from rounds where is_active = 0')).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['playerOnline', 'playerOnline']);
    await collector.runCycle();
    expect(query('select map_name, is_active, close_reason from rounds order by start_time, map_name')).toEqual([
      { map_name: 'berlin', is_active: 1, close_reason: null },
      { map_name: 'kursk', is_active: 1, close_reason: null },
      { map_name: 'wake', is_active: 0, close_reason: 'map_change' },
      { map_name: 'el_alamein', is_active: 1, close_reason: null },
    ]);
    expect(query("select score, kills, deaths from sessions where player_name = 'Bob'")).toEqual([
      { score: 5, kills: 2, deaths: 1 },
    ]);
    const closedTimeline = query(
      "select case when t.timeline is not null then 1 else 0 end as has_timeline from rounds r left join round_timelines t using (round_key) where r.map_name = 'wake'",
    );
    expect(closedTimeline).toEqual([{ has_timeline: 1 }]);
    expect(
      query(
        "select count(*) as polls from round_polls where round_key in (select round_key from rounds where map_name = 'wake')",
      ),
    ).toEqual([{ polls: 0 }]);
    // The map change goes out first: the round-closed step runs between the two, and the hub waits for nothing.
    expect(events.slice(2).map((event) => event.type)).toEqual(['serverMapChange', 'roundClosed']);
    expect(collector.lastGoodList('bf1942')?.servers.map((server) => server.mapName)).toEqual([
      'el_alamein',
      'kursk',
      'berlin',
    ]);
  });

  it('treats a failed feed as a gap: nothing closes, the last good list stays', async () => {
    feed.world.set('bf1942', [bf1942Server(1, 'wake', [['Alice', 1, 0, 0]])]);
    const collector = createCollector();
    await collector.runCycle();
    const listedAt = collector.lastGoodList('bf1942')?.at;

    feed.failing.add('bf1942');
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const report = await collector.runCycle();
      expect(report.games[0]).toMatchObject({ game: 'bf1942', ok: false });
    }
    expect(query('select is_active from rounds')).toEqual([{ is_active: 1 }]);
    expect(query('select is_active from sessions')).toEqual([{ is_active: 1 }]);
    expect(query("select gap from collector_games where game = 'bf1942'")).toEqual([{ gap: 1 }]);
    expect(collector.lastGoodList('bf1942')?.at).toEqual(listedAt);
  });

  it('continues the open rounds and sessions after a restart', async () => {
    feed.world.set('bf1942', [bf1942Server(1, 'wake', [['Alice', 1, 0, 0]])]);
    await createCollector().runCycle();

    feed.world.set('bf1942', [bf1942Server(1, 'wake', [['Alice', 4, 2, 0]])]);
    const restarted = createCollector();
    await restarted.runCycle();
    expect(query('select count(*) as rounds from rounds')).toEqual([{ rounds: 1 }]);
    expect(query('select score, observations from sessions')).toEqual([{ score: 4, observations: 2 }]);
    // Alice never went offline: no second 'online' event.
    expect(events.filter((event) => event.type === 'playerOnline')).toHaveLength(1);
  });
});
