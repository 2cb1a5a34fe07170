import { afterEach, describe, expect, it } from 'vitest';
import {
  ABSURD_SERVER_PREFIX,
  startFaultProxy,
  type FaultKind,
  type FaultProxy,
} from '../../../../scripts/lib/fault-proxy.ts';
import { startLocalFeed, type FeedServer, type LocalFeed } from '../test/local-bflist-feed.ts';
import { fetchGameServers, type BflistGamePoll } from './bflist/bflist-client.ts';

/**
 * The feed-fault soak's proxy (scripts/lib/fault-proxy.ts) through the collector's real client: each kind of fault
 * is one the client meets as a failed poll, or (the absurd values, a giant entry) as the real list with the odd
 * entries skipped or their values bounded. A proxy whose faults the client took in its stride would make the soak's
 * "nothing closed wrongly" say nothing.
 */

const REAL: FeedServer[] = [
  {
    ip: '192.0.2.1',
    port: 14567,
    name: 'Real one',
    mapName: 'wake',
    players: [{ name: 'Alice', score: 5, kills: 2, deaths: 1, ping: 40, team: 1 }],
  },
  { ip: '192.0.2.2', port: 14567, name: 'Real two', mapName: 'berlin', players: [] },
];

describe('the fault proxy, through the real feed client', () => {
  let upstream: LocalFeed | undefined;
  let proxy: FaultProxy | undefined;
  async function closeAll() {
    await proxy?.close();
    await upstream?.close();
    proxy = undefined;
    upstream = undefined;
  }
  afterEach(closeAll);

  /** `polls` polls through a proxy that is in a `kind` fault from the start (and for longer than the test). */
  async function pollThrough(kind: FaultKind | undefined, polls = 1, timeoutMs = 300): Promise<BflistGamePoll[]> {
    await closeAll();
    upstream = await startLocalFeed();
    upstream.world.set('bf1942', REAL);
    proxy = await startFaultProxy({
      upstream: upstream.baseUrl,
      seed: 1,
      normalMs: 60_000,
      faultMs: 60_000,
      ...(kind === undefined ? {} : { startWith: kind }),
    });
    const results: BflistGamePoll[] = [];
    for (let index = 0; index < polls; index += 1) {
      results.push(await fetchGameServers('bf1942', { baseUrl: proxy.url, timeoutMs, retries: 0 }));
    }
    return results;
  }

  const errorOf = (poll: BflistGamePoll | undefined) => (poll && !poll.ok ? poll.error : `ok: ${JSON.stringify(poll)}`);

  it('passes the real list through between faults', async () => {
    const [poll] = await pollThrough(undefined);
    expect(poll?.ok && poll.servers.map((server) => server.name)).toEqual(['Real one', 'Real two']);
    expect(proxy?.counts()).toEqual({});
  });

  it('outages: connections refused, 5xx in turn, requests never answered or bodies that never end', async () => {
    expect(errorOf((await pollThrough('refused'))[0])).toMatch(/ECONNREFUSED/);
    const errors = (await pollThrough('server-error', 4)).map(errorOf);
    expect(errors).toEqual([
      'page 1: HTTP 500 Internal Server Error',
      'page 1: HTTP 502 Bad Gateway',
      'page 1: HTTP 503 Service Unavailable',
      'page 1: HTTP 504 Gateway Timeout',
    ]);
    expect((await pollThrough('timeout', 2)).map(errorOf)).toEqual([
      'page 1: timed out after 300 ms',
      'page 1: timed out after 300 ms',
    ]);
    expect(proxy?.counts()).toEqual({ timeout: 2 });
  });

  it('garbage: answers that are not JSON, JSON of the wrong shape, a body over the limit', async () => {
    expect((await pollThrough('invalid-json', 4)).map(errorOf)).toEqual(
      Array.from({ length: 4 }, () => expect.stringMatching(/^page 1: response is not JSON/) as unknown),
    );
    const shapes = await pollThrough('wrong-shape', 7);
    // Each is a failed poll, or a list of no servers (every entry refused), which the collector takes as a gap.
    for (const poll of shapes) {
      if (poll.ok)
        expect({ servers: poll.servers, skipped: poll.skippedEntries > 0 }).toEqual({ servers: [], skipped: true });
      else expect(poll.error).toMatch(/not a BFList page|hasMore without a cursor/);
    }
    expect(shapes.filter((poll) => !poll.ok)).toHaveLength(5);
    // Sending 17 MB takes the proxy a moment even to a client that reads none of it.
    const [huge, giantEntry] = await pollThrough('huge', 2, 5_000);
    expect(errorOf(huge)).toBe('page 1: response is over 16777216 bytes');
    // The real list, with the server whose name and map are 4 MB refused.
    expect(
      giantEntry?.ok && { names: giantEntry.servers.map((server) => server.name), skipped: giantEntry.skippedEntries },
    ).toEqual({
      names: ['Real one', 'Real two'],
      skipped: 1,
    });
  });

  it('absurd values: the real servers kept as they are (one more player), the absurd ones refused or bounded', async () => {
    const [poll] = await pollThrough('absurd');
    if (!poll?.ok) throw new Error(errorOf(poll));
    const byAddress = new Map(poll.servers.map((server) => [`${server.ip}:${server.port}`, server]));
    // 10,000 players and numbers sent as text: refused.
    expect(byAddress.has(`${ABSURD_SERVER_PREFIX}1:14567`)).toBe(false);
    expect(byAddress.has(`${ABSURD_SERVER_PREFIX}5:14567`)).toBe(false);
    expect(poll.skippedEntries).toBeGreaterThanOrEqual(2);
    // The first real server was listed twice.
    expect(poll.details.duplicateEntries).toBe(1);
    const numbers = byAddress
      .get(`${ABSURD_SERVER_PREFIX}2:14567`)
      ?.players.map((player) => [player.name, player.score]);
    expect(numbers).toEqual([
      ['Negative', -1_000_000],
      ['Enormous', 1_000_000],
      ['Fraction', 13],
    ]);
    expect(byAddress.get(`${ABSURD_SERVER_PREFIX}3:14567`)?.players.map((player) => player.name)).toEqual([
      'Twin',
      'Twin',
      'Twin',
      'Twin',
    ]);
    expect(byAddress.get(`${ABSURD_SERVER_PREFIX}4:14567`)?.players).toHaveLength(8);
    // The real ones: their map and players as the world has them, plus the unicode name.
    expect(byAddress.get('192.0.2.1:14567')).toMatchObject({ mapName: 'wake' });
    expect(byAddress.get('192.0.2.2:14567')?.players.map((player) => [player.name, player.score])).toEqual([
      ['Ünïcødé 🙂 名前', -7],
    ]);
  });

  it('glitches: a real server wrong for one answer in turn, and the last one beyond the limits in every answer', async () => {
    await closeAll();
    upstream = await startLocalFeed({ pageSize: 3 });
    const real = (index: number, mapName: string): FeedServer => ({
      ip: `192.0.2.${index}`,
      port: 14567,
      name: `Real ${index}`,
      mapName,
      players: [{ name: `P${index}`, score: 8, kills: 4, deaths: 1, ping: 40, team: 1 }],
    });
    upstream.world.set('bf1942', [real(1, 'wake'), real(2, 'berlin'), real(3, 'kursk')]);
    proxy = await startFaultProxy({
      upstream: upstream.baseUrl,
      seed: 1,
      normalMs: 60_000,
      faultMs: 60_000,
      startWith: 'glitch',
    });
    const seen = [];
    for (let answer = 0; answer < 4; answer += 1) {
      const poll = await fetchGameServers('bf1942', { baseUrl: proxy.url, retries: 0 });
      if (!poll.ok) throw new Error(poll.error);
      seen.push(
        poll.servers.map((server) => [
          server.mapName,
          server.roundTimeRemain,
          server.tickets1,
          server.players.map((player) => [player.score, player.kills, player.deaths]),
        ]),
      );
    }
    const beyond = ['kursk', 1_200, 150, [[1_000_000, -1_000_000, 1]]];
    expect(seen).toEqual([
      [['wake_glitch', 3_600, 999, [[0, 0, 0]]], ['berlin', 1_200, 150, [[8, 4, 1]]], beyond],
      [['wake', 1_200, 150, [[8, 4, 1]]], ['berlin', 3_600, 999, [[8, 4, 1]]], beyond],
      [['wake', 1_200, 150, [[0, 0, 0]]], ['berlin', 1_200, 150, [[8, 4, 1]]], beyond],
      [['wake', 1_200, 150, [[8, 4, 1]]], ['berlin', 1_200, 150, [[608, 304, 1]]], beyond],
    ]);
    expect(proxy.counts()).toEqual({ glitch: 4 });
  });
});
