import type { GameId } from '@frontline/contract';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import { fetchGameServers } from '../../ingest/bflist/bflist-client.ts';
import { Collector } from '../../ingest/collector.ts';
import { EventBus } from '../../ingest/event-bus.ts';
import { createCollectorStore } from '../../ingest/store/collector-store.ts';
import { startLocalFeed, type FeedServer, type LocalFeed } from '../../test/local-bflist-feed.ts';
import { useTestDatabase } from '../../test/test-database.ts';
import { createLiveServersRepository } from './live-servers.repository.ts';
import { createLiveServersService, type LiveList } from './live-servers.service.ts';

/**
 * When the live list says it is stale: when the collector says so (`staleReason`: a list cut off by the page cap,
 * or the last good list kept after a collapsed one), or when the list is more than two poll intervals old. The
 * second test reads the lists of a real collector polling a local feed (ingest/feed-faults.test.ts has the
 * database's side of the same faults).
 */

const AT = Date.UTC(2026, 10, 1, 20, 0, 0);
const INTERVAL_MS = 30_000;

const wake: ServerSnapshot = {
  game: 'bf1942',
  ip: '192.0.2.1',
  port: 14567,
  feedGuid: null,
  name: '[TEST] Server 1',
  mapName: 'wake',
  gameType: 'conquest',
  numPlayers: 0,
  maxPlayers: 32,
  hasPassword: false,
  roundTimeRemain: null,
  roundTimeLimit: null,
  tickets1: null,
  tickets2: null,
  teams: [],
  players: [],
  joinLink: null,
};

describe('the live list: stale or not', () => {
  const getDatabase = useTestDatabase();

  function serviceOf(lists: Map<GameId, LiveList>, now: { ms: number }) {
    return createLiveServersService({
      liveServersRepository: createLiveServersRepository(getDatabase().db),
      liveLists: { lastGoodList: (game) => lists.get(game) },
      pollIntervalMs: INTERVAL_MS,
      clock: () => now.ms,
    });
  }

  it('is stale when the collector says so, however young, and by age otherwise', async () => {
    const now = { ms: AT };
    const lists = new Map<GameId, LiveList>([['bf1942', { at: new Date(AT), servers: [wake] }]]);
    const service = serviceOf(lists, now);
    const fresh = await service.listLiveServers('bf1942');
    expect(fresh).toMatchObject({ stale: false, lastUpdated: new Date(AT).toISOString() });
    // The same list: the same answer object (built and encoded once per list).
    expect(await service.listLiveServers('bf1942')).toBe(fresh);

    // Two intervals old is still fresh; a millisecond more is stale.
    now.ms = AT + 2 * INTERVAL_MS;
    expect(await service.listLiveServers('bf1942')).toMatchObject({ stale: false });
    now.ms += 1;
    expect(await service.listLiveServers('bf1942')).toMatchObject({ stale: true });

    // The collector marks its list stale (a new list object): stale at once, the detail too.
    now.ms = AT;
    lists.set('bf1942', { at: new Date(AT), servers: [wake], staleReason: 'page cap reached' });
    const marked = await service.listLiveServers('bf1942');
    expect(marked).toMatchObject({ stale: true, lastUpdated: new Date(AT).toISOString() });
    expect(marked.servers.map((server) => server.name)).toEqual(['[TEST] Server 1']);
    expect(await service.findLiveServer('bf1942', '192.0.2.1', 14567)).toMatchObject({ stale: true });

    // Fresh again once the collector's next list carries no reason.
    lists.set('bf1942', { at: new Date(AT + INTERVAL_MS), servers: [wake] });
    now.ms = AT + INTERVAL_MS;
    expect(await service.listLiveServers('bf1942')).toMatchObject({ stale: false });
    expect(await service.findLiveServer('bf1942', '192.0.2.1', 14567)).toMatchObject({ stale: false });
  });
});

describe('the live list of a collector whose feed empties or is cut off', () => {
  const getDatabase = useTestDatabase();
  let feed: LocalFeed;
  beforeEach(async () => {
    feed = await startLocalFeed();
  });
  afterEach(() => feed.close());

  it('shows the last good list, stale, through an empty list; a list cut off by the page cap, stale', async () => {
    const now = { ms: AT };
    // Two servers per page of the local feed and two pages at most: a fifth server is beyond the cap.
    const collector = new Collector({
      games: ['bf1942'],
      intervalMs: INTERVAL_MS,
      source: (game, signal) =>
        fetchGameServers(game, { baseUrl: feed.baseUrl, signal, retries: 0, maxPages: 2, now: () => new Date(now.ms) }),
      store: createCollectorStore(getDatabase().sqlite),
      events: new EventBus((error) => {
        throw error;
      }),
      log: pino({ level: 'silent' }),
    });
    const service = createLiveServersService({
      liveServersRepository: createLiveServersRepository(getDatabase().db),
      liveLists: collector,
      pollIntervalMs: INTERVAL_MS,
      clock: () => now.ms,
    });
    const servers = (count: number): FeedServer[] =>
      Array.from({ length: count }, (_, index) => ({
        ip: `192.0.2.${index + 1}`,
        port: 14567,
        name: `[TEST] Server ${index + 1}`,
        mapName: 'wake',
        players: [],
      }));
    const names = (count: number) => servers(count).map((server) => server.name);
    const cycleAt = async (offsetSeconds: number) => {
      now.ms = AT + offsetSeconds * 1000;
      await collector.runCycle();
      return service.listLiveServers('bf1942');
    };

    feed.world.set('bf1942', servers(4));
    const listed = await cycleAt(0);
    expect(listed).toMatchObject({ lastUpdated: new Date(AT).toISOString(), stale: false });
    expect(listed.servers.map((server) => server.name)).toEqual(names(4));

    // Empty: the four servers stay, stale at once (the age rule alone would call the list fresh for a minute).
    feed.world.set('bf1942', []);
    const kept = await cycleAt(30);
    expect(kept).toMatchObject({ lastUpdated: new Date(AT).toISOString(), stale: true });
    expect(kept.servers.map((server) => server.name)).toEqual(names(4));
    expect(await service.findLiveServer('bf1942', '192.0.2.1', 14567)).toMatchObject({ stale: true });

    // Cut off by the page cap: the newest list (its first four servers), stale.
    feed.world.set('bf1942', servers(5));
    const capped = await cycleAt(60);
    expect(capped).toMatchObject({ lastUpdated: new Date(AT + 60_000).toISOString(), stale: true });
    expect(capped.servers.map((server) => server.name)).toEqual(names(4));

    feed.world.set('bf1942', servers(3));
    const back = await cycleAt(90);
    expect(back).toMatchObject({ lastUpdated: new Date(AT + 90_000).toISOString(), stale: false });
    expect(back.servers.map((server) => server.name)).toEqual(names(3));
  });
});
