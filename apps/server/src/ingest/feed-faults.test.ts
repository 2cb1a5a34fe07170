import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalFeed, type FeedPlayer, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { useTestDatabase } from '../test/test-database.ts';
import { fetchGameServers } from './bflist/bflist-client.ts';
import { MAX_PLAYER_NAME_LENGTH, MAX_PLAYERS_PER_SERVER, MAX_SERVER_NAME_LENGTH } from './bflist/feed-limits.ts';
import { Collector, type LastGoodList } from './collector.ts';
import { EventBus } from './event-bus.ts';
import { createCollectorStore } from './store/collector-store.ts';

/**
 * A hostile feed through the real client, tracker and SQLite store, each fault a recorded sequence of polls with
 * the exact rounds, sessions and live list it must give:
 * - odd values on one server and oversized entries beside healthy servers of the same game and of another game.
 *   One odd server used to fail every cycle for every game (`"kills": 1e300` broke the timeline codec's ±2^50
 *   range); now its values are normalised, the oversized entries are skipped and counted in the cycle's log line,
 *   and everything else is written;
 * - an empty list, and a list that collapsed, for longer than the session and server timeouts: a gap (nothing
 *   closes, no round splits, the live list keeps the last good list marked stale), until a collapse has lasted
 *   long enough to be the truth (list-collapse.ts);
 * - a list cut off by the page cap: a gap for the tracker, served as the newest list but marked stale.
 */

const START = Date.UTC(2026, 10, 1, 20, 0, 0);
const iso = (offsetSeconds: number) => new Date(START + offsetSeconds * 1000).toISOString();

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
  /** The feed's clock (unix ms): each poll is stamped with it. */
  let now: number;

  beforeEach(async () => {
    feed = await startLocalFeed();
    logLines = [];
    now = START;
  });
  afterEach(() => feed.close());

  function createCollector(options: { maxPages?: number } = {}) {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return new Collector({
      games: ['bf1942', 'bfvietnam'],
      intervalMs: 30_000,
      source: (game, signal) =>
        fetchGameServers(game, {
          baseUrl: feed.baseUrl,
          signal,
          retries: 0,
          now: () => new Date(now),
          maxPages: options.maxPages,
        }),
      store: createCollectorStore(getDatabase().sqlite),
      events: new EventBus((error) => {
        throw error;
      }),
      log: pino({ level: 'info' }, sink),
    });
  }

  /** Runs one cycle at `offsetSeconds` after the start. */
  function cycleAt(collector: Collector, offsetSeconds: number) {
    now = START + offsetSeconds * 1000;
    return collector.runCycle();
  }

  const query = (sql: string) => getDatabase().sqlite.prepare(sql).all();
  const warnings = (start: string) =>
    logLines.filter((line) => line.level === 40 && String(line.msg).startsWith(start)).length;

  it('writes the healthy servers and the odd one normalised, skips and counts the oversized entries', async () => {
    const collector = createCollector();
    const vietnam = (map: string, score: number) => [server(6, map, [player('Eve', score, 2, 0, 80)])];

    feed.world.set('bf1942', bf1942World(['wake', 'berlin', 'kursk'], { bob: 2.4, carl: 1e300 }));
    feed.world.set('bfvietnam', vietnam('hue', 1));
    const first = await cycleAt(collector, 0);
    expect(first.games).toEqual([
      // Servers 1 to 3; the long player name, the long server name and the crowded server are skipped.
      { game: 'bf1942', ok: true, servers: 3, players: 4, skippedEntries: 3, held: 0, glitches: 0 },
      { game: 'bfvietnam', ok: true, servers: 1, players: 1, skippedEntries: 0, held: 0, glitches: 0 },
    ]);
    // The live list shows what was kept, fresh.
    expect(collector.lastGoodList('bf1942')?.servers.map((listed) => listed.name)).toEqual([
      '[TEST] Server 1',
      '[TEST] Server 2',
      '[TEST] Server 3',
    ]);
    expect(collector.lastGoodList('bf1942')?.staleReason).toBeUndefined();
    expect(collector.lastGoodList('bfvietnam')?.servers.map((listed) => listed.name)).toEqual(['[TEST] Server 6']);
    const cycleLine = logLines.find((line) => line.msg === 'poll cycle');
    expect(cycleLine?.problems).toEqual([
      expect.stringMatching(/^page 2: player 0 "x{64}"… \(65 characters\): name: /),
      expect.stringMatching(/^page 2: server 192\.0\.2\.4:14567: name: /),
      expect.stringMatching(/^page 3: server 192\.0\.2\.5:14567: players: /),
    ]);

    feed.world.set('bf1942', bf1942World(['wake', 'berlin', 'kursk'], { bob: 3.6, carl: 2e300 }));
    feed.world.set('bfvietnam', vietnam('hue', 3));
    await cycleAt(collector, 30);
    feed.world.set('bf1942', bf1942World(['el_alamein', 'stalingrad', 'midway'], { bob: 0, carl: 0 }));
    feed.world.set('bfvietnam', vietnam('hue_1968', 0));
    // Map changes wait for the next poll's word (decision 0003, "Glitches").
    const third = await cycleAt(collector, 60);
    expect(third).toMatchObject({ roundsOpened: 0, roundsClosed: 0 });
    expect(third.games.map((game) => game.held)).toEqual([3, 1]);
    feed.world.set('bf1942', bf1942World(['el_alamein', 'stalingrad', 'midway'], { bob: 1, carl: 1 }));
    feed.world.set('bfvietnam', vietnam('hue_1968', 1));
    const fourth = await cycleAt(collector, 90);
    expect(fourth).toMatchObject({ roundsOpened: 4, roundsClosed: 4 });

    expect(
      query(`select s.name, r.map_name, r.is_active, r.close_reason,
        case when t.timeline is not null then 1 else 0 end as has_timeline
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
      // Kills of 10^300 (10^6 after the feed's normaliser) are beyond what a player can have: Carl is there, but his
      // counters are unknown and enter nothing.
      { player_name: 'Carl', score: 0, kills: 0, deaths: 0, observations: 2, ping_sum: 120, ping_count: 2 },
      { player_name: 'Dave', score: 4, kills: 2, deaths: 2, observations: 2, ping_sum: 100, ping_count: 2 },
      { player_name: 'Eve', score: 3, kills: 2, deaths: 0, observations: 2, ping_sum: 160, ping_count: 2 },
    ]);
    expect(query("select count(*) as n from servers where ip in ('192.0.2.4', '192.0.2.5')")).toEqual([{ n: 0 }]);
    expect(
      query("select count(*) as n from sessions where player_name like 'crowd%' or player_name like 'xx%'"),
    ).toEqual([{ n: 0 }]);
    expect(logLines.filter((line) => line.msg === 'collector cycle failed')).toEqual([]);
  });

  it('takes a sudden empty list for a gap, for longer than the timeouts: nothing closes, the live list stays', async () => {
    const collector = createCollector();
    const bf1942 = (score: number) => [
      server(1, 'wake', [player('Alice', score, 0, 0)]),
      server(2, 'berlin', [player('Bob', score, 0, 0)]),
      server(3, 'kursk', [player('Carl', score, 0, 0)]),
    ];
    const vietnam = (score: number) => [server(6, 'hue', [player('Eve', score, 0, 0, 80)])];

    feed.world.set('bf1942', bf1942(1));
    feed.world.set('bfvietnam', vietnam(1));
    await cycleAt(collector, 0);
    feed.world.set('bf1942', bf1942(2));
    feed.world.set('bfvietnam', vietnam(2));
    await cycleAt(collector, 30);
    const lastGood = collector.lastGoodList('bf1942');

    // 7.5 minutes of an empty list: longer than the 5-minute session and server timeouts.
    feed.world.set('bf1942', []);
    const reason = 'the list is empty where the last good one had 3 servers';
    let firstKept: LastGoodList | undefined;
    for (let offset = 60; offset <= 480; offset += 30) {
      feed.world.set('bfvietnam', vietnam(offset / 30 + 1));
      const report = await cycleAt(collector, offset);
      expect(report.games).toEqual([
        { game: 'bf1942', ok: false, servers: 0, players: 0, skippedEntries: 0, held: 0, glitches: 0, error: reason },
        { game: 'bfvietnam', ok: true, servers: 1, players: 1, skippedEntries: 0, held: 0, glitches: 0 },
      ]);
      expect(report).toMatchObject({ roundsOpened: 0, roundsClosed: 0 });
      firstKept ??= collector.lastGoodList('bf1942');
    }
    // The last good list, kept, marked stale with the reason: one object all along, so that the live list builds
    // its answer once (live-servers.service.ts caches by list).
    const kept = collector.lastGoodList('bf1942');
    expect(kept).toEqual({ at: new Date(START + 30_000), servers: lastGood?.servers, staleReason: reason });
    expect(kept?.servers.map((listed) => listed.name)).toEqual([
      '[TEST] Server 1',
      '[TEST] Server 2',
      '[TEST] Server 3',
    ]);
    expect(kept).toBe(firstKept);
    expect(collector.lastGoodList('bfvietnam')).toEqual({
      at: new Date(START + 480_000),
      servers: expect.any(Array) as unknown,
    });
    expect(collector.collectionStatus().games).toEqual([
      { game: 'bf1942', lastGoodPollAt: new Date(START + 30_000), consecutiveFailures: 15, lastError: reason },
      { game: 'bfvietnam', lastGoodPollAt: new Date(START + 480_000), consecutiveFailures: 0, lastError: null },
    ]);
    expect(warnings('poll of bf1942 taken as a gap: the list is empty')).toBe(15);
    expect(query('select game, gap from collector_games order by game')).toEqual([
      { game: 'bf1942', gap: 1 },
      { game: 'bfvietnam', gap: 0 },
    ]);
    expect(query('select is_active, close_reason from rounds')).toEqual(
      Array(4).fill({ is_active: 1, close_reason: null }),
    );
    expect(query('select count(*) as n from sessions where is_active = 1')).toEqual([{ n: 4 }]);
    expect(query('select count(*) as n from servers where is_online = 1')).toEqual([{ n: 4 }]);

    // The list is back: the same rounds go on, nothing was split.
    feed.world.set('bf1942', bf1942(3));
    feed.world.set('bfvietnam', vietnam(18));
    await cycleAt(collector, 510);
    expect(
      query(`select s.name, r.map_name, r.start_time, r.is_active, r.poll_count
             from rounds r join servers s using (server_guid) order by s.name`),
    ).toEqual([
      { name: '[TEST] Server 1', map_name: 'wake', start_time: iso(0), is_active: 1, poll_count: 3 },
      { name: '[TEST] Server 2', map_name: 'berlin', start_time: iso(0), is_active: 1, poll_count: 3 },
      { name: '[TEST] Server 3', map_name: 'kursk', start_time: iso(0), is_active: 1, poll_count: 3 },
      { name: '[TEST] Server 6', map_name: 'hue', start_time: iso(0), is_active: 1, poll_count: 18 },
    ]);
    // 480 s across the gap is over 5 minutes: neither play time nor absence.
    expect(
      query(`select player_name, score, segments, played_ms, observations, is_active, start_time, last_seen
             from sessions order by player_name`),
    ).toEqual([
      {
        player_name: 'Alice',
        score: 3,
        segments: 1,
        played_ms: 30_000,
        observations: 3,
        is_active: 1,
        start_time: iso(0),
        last_seen: iso(510),
      },
      {
        player_name: 'Bob',
        score: 3,
        segments: 1,
        played_ms: 30_000,
        observations: 3,
        is_active: 1,
        start_time: iso(0),
        last_seen: iso(510),
      },
      {
        player_name: 'Carl',
        score: 3,
        segments: 1,
        played_ms: 30_000,
        observations: 3,
        is_active: 1,
        start_time: iso(0),
        last_seen: iso(510),
      },
      {
        player_name: 'Eve',
        score: 18,
        segments: 1,
        played_ms: 510_000,
        observations: 18,
        is_active: 1,
        start_time: iso(0),
        last_seen: iso(510),
      },
    ]);
    expect(collector.lastGoodList('bf1942')).toEqual({
      at: new Date(START + 510_000),
      servers: expect.any(Array) as unknown,
    });
    expect(collector.collectionStatus().games[0]).toMatchObject({ consecutiveFailures: 0, lastError: null });
  });

  it('takes a collapsed list for a gap until it has lasted 10 minutes, then for the truth', async () => {
    const collector = createCollector();
    const maps = ['wake', 'berlin', 'kursk', 'gazala', 'tobruk', 'midway', 'bocage', 'coral_sea'];
    const all = maps.map((map, index) => server(index + 1, map, [player(`P${index + 1}`, 1, 0, 0)]));
    feed.world.set('bf1942', all);
    await cycleAt(collector, 0);
    await cycleAt(collector, 30);

    // One server of eight: fewer than a quarter.
    feed.world.set('bf1942', all.slice(0, 1));
    const reason = 'the list has 1 servers where the last good one had 8';
    for (let offset = 60; offset <= 630; offset += 30) {
      const report = await cycleAt(collector, offset);
      expect(report.games[0]).toEqual({
        game: 'bf1942',
        ok: false,
        servers: 1,
        players: 1,
        skippedEntries: 0,
        held: 0,
        glitches: 0,
        error: reason,
      });
    }
    expect(collector.lastGoodList('bf1942')).toMatchObject({ at: new Date(START + 30_000), staleReason: reason });
    expect(collector.lastGoodList('bf1942')?.servers).toHaveLength(8);
    expect(query('select count(*) as n from rounds where is_active = 1')).toEqual([{ n: 8 }]);
    expect(query("select gap from collector_games where game = 'bf1942'")).toEqual([{ gap: 1 }]);

    // Ten minutes after the collapse began, the list is taken as the game's: servers 2 to 8 are now unlisted.
    const accepted = await cycleAt(collector, 660);
    expect(accepted.games[0]).toEqual({
      game: 'bf1942',
      ok: true,
      servers: 1,
      players: 1,
      skippedEntries: 0,
      held: 0,
      glitches: 0,
    });
    expect(warnings(`poll of bf1942: ${reason} for 10 min: taken as the game's list`)).toBe(1);
    const taken = collector.lastGoodList('bf1942');
    expect(taken?.at).toEqual(new Date(START + 660_000));
    expect(taken?.servers.map((listed) => listed.name)).toEqual(['[TEST] Server 1']);
    expect(taken?.staleReason).toBeUndefined();
    expect(collector.collectionStatus().games[0]).toMatchObject({ consecutiveFailures: 0, lastError: null });

    // Their rounds close after 5 minutes of successful polls from then (the gap counted no absence), at their last
    // sighting; one poll before that they are still open.
    for (let offset = 690; offset <= 930; offset += 30) await cycleAt(collector, offset);
    expect(query('select count(*) as n from rounds where is_active = 1')).toEqual([{ n: 8 }]);
    const closing = await cycleAt(collector, 960);
    expect(closing).toMatchObject({ roundsOpened: 0, roundsClosed: 7 });
    expect(
      query(`select s.name, s.is_online, r.map_name, r.is_active, r.end_time, r.close_reason, r.poll_count
             from rounds r join servers s using (server_guid) order by s.name`),
    ).toEqual([
      {
        name: '[TEST] Server 1',
        is_online: 1,
        map_name: 'wake',
        is_active: 1,
        end_time: null,
        close_reason: null,
        poll_count: 13,
      },
      ...maps.slice(1).map((map, index) => ({
        name: `[TEST] Server ${index + 2}`,
        is_online: 0,
        map_name: map,
        is_active: 0,
        end_time: iso(30),
        close_reason: 'server_offline',
        poll_count: 2,
      })),
    ]);
    // P1's play: 30 s before the collapse, none across it (630 s), 300 s after.
    expect(query('select player_name, played_ms, is_active from sessions order by player_name')).toEqual([
      { player_name: 'P1', played_ms: 330_000, is_active: 1 },
      ...maps.slice(1).map((_, index) => ({ player_name: `P${index + 2}`, played_ms: 30_000, is_active: 0 })),
    ]);
  });

  it('serves a list cut off by the page cap as stale while the tracker takes it for a gap', async () => {
    // Two servers per page of the local feed, two pages at most: a fifth server is beyond the cap.
    const collector = createCollector({ maxPages: 2 });
    const four = ['wake', 'berlin', 'kursk', 'gazala'].map((map, index) =>
      server(index + 1, map, [player(`P${index + 1}`, 1, 0, 0)]),
    );
    feed.world.set('bf1942', four);
    await cycleAt(collector, 0);

    const moved = [server(1, 'el_alamein', [player('P1', 0, 0, 0)]), ...four.slice(1)];
    feed.world.set('bf1942', [...moved, server(5, 'tobruk', [player('P5', 1, 0, 0)])]);
    const capped = await cycleAt(collector, 30);
    const reason = 'page cap reached: the list may be incomplete';
    expect(capped.games[0]).toEqual({
      game: 'bf1942',
      ok: false,
      servers: 4,
      players: 4,
      skippedEntries: 0,
      held: 0,
      glitches: 0,
      error: reason,
    });
    // The newest list, shown, but stale although it is only just polled.
    expect(collector.lastGoodList('bf1942')).toEqual({
      at: new Date(START + 30_000),
      servers: expect.any(Array) as unknown,
      staleReason: reason,
    });
    expect(collector.lastGoodList('bf1942')?.servers.map((listed) => listed.mapName)).toEqual([
      'el_alamein',
      'berlin',
      'kursk',
      'gazala',
    ]);
    expect(collector.collectionStatus().games[0]).toMatchObject({
      lastGoodPollAt: new Date(START),
      consecutiveFailures: 1,
      lastError: reason,
    });
    // For the tracker a gap: the map change is not applied, the fifth server is not recorded.
    expect(query("select gap from collector_games where game = 'bf1942'")).toEqual([{ gap: 1 }]);
    expect(query('select map_name, is_active, poll_count from rounds order by map_name')).toEqual([
      { map_name: 'berlin', is_active: 1, poll_count: 1 },
      { map_name: 'gazala', is_active: 1, poll_count: 1 },
      { map_name: 'kursk', is_active: 1, poll_count: 1 },
      { map_name: 'wake', is_active: 1, poll_count: 1 },
    ]);

    // A complete list again: fresh, and the map change lands on the first poll that saw it once the poll after it
    // confirms it (decision 0003, "Glitches").
    feed.world.set('bf1942', moved);
    const seen = await cycleAt(collector, 60);
    expect(collector.lastGoodList('bf1942')?.staleReason).toBeUndefined();
    expect(seen.games[0]).toMatchObject({ held: 1 });
    await cycleAt(collector, 90);
    expect(
      query(
        'select map_name, start_time, end_time, close_reason, poll_count from rounds order by start_time, map_name',
      ),
    ).toEqual([
      { map_name: 'berlin', start_time: iso(0), end_time: null, close_reason: null, poll_count: 3 },
      { map_name: 'gazala', start_time: iso(0), end_time: null, close_reason: null, poll_count: 3 },
      { map_name: 'kursk', start_time: iso(0), end_time: null, close_reason: null, poll_count: 3 },
      { map_name: 'wake', start_time: iso(0), end_time: iso(0), close_reason: 'map_change', poll_count: 1 },
      { map_name: 'el_alamein', start_time: iso(60), end_time: null, close_reason: null, poll_count: 2 },
    ]);
  });
});
