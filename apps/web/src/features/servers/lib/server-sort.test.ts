import { describe, expect, it } from 'vitest';
import { makeServer } from './test-fixtures.ts';
import { DEFAULT_SORT, SORT_KEYS, initialDirection, nextSort, sortServers } from './server-sort.ts';

const names = (list: { name: string }[]) => list.map((server) => server.name);

describe("sort rules (spec §4: 'same column toggles; new column starts descending for numPlayers, ascending otherwise')", () => {
  it("sorts by player count descending by default (spec §4: 'Refetch sorts by player count descending')", () => {
    expect(DEFAULT_SORT).toEqual({ key: 'numPlayers', direction: 'desc' });
  });

  it('lists exactly the sortable keys of spec §2', () => {
    expect(SORT_KEYS).toEqual(['name', 'numPlayers', 'mapName', 'gameType', 'roundTimeRemain', 'timezone']);
  });

  it('toggles the direction when the same column is chosen again', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'numPlayers')).toEqual({ key: 'numPlayers', direction: 'asc' });
  });

  it('starts a new column descending for numPlayers and ascending for every other key', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'numPlayers')).toEqual({ key: 'numPlayers', direction: 'desc' });
    for (const key of SORT_KEYS.filter((item) => item !== 'numPlayers')) {
      expect(initialDirection(key)).toBe('asc');
      expect(nextSort(DEFAULT_SORT, key)).toEqual({ key, direction: 'asc' });
    }
  });
});

describe('sortServers', () => {
  const now = new Date('2025-01-15T12:00:00Z');

  it('orders by players, ties by name', () => {
    const list = [
      makeServer({ name: 'b', numPlayers: 5 }),
      makeServer({ name: 'a', numPlayers: 5 }),
      makeServer({ name: 'c', numPlayers: 20 }),
    ];
    expect(names(sortServers(list, DEFAULT_SORT, now))).toEqual(['c', 'a', 'b']);
    expect(names(sortServers(list, { key: 'numPlayers', direction: 'asc' }, now))).toEqual(['a', 'b', 'c']);
  });

  it('orders names case-insensitively and numbers naturally', () => {
    const list = [makeServer({ name: 'server 10' }), makeServer({ name: 'Server 9' }), makeServer({ name: 'alpha' })];
    expect(names(sortServers(list, { key: 'name', direction: 'asc' }, now))).toEqual([
      'alpha',
      'Server 9',
      'server 10',
    ]);
  });

  it('sorts map and game type alphabetically', () => {
    const list = [
      makeServer({ name: 'x', mapName: 'Wake Island', gameType: 'ctf' }),
      makeServer({ name: 'y', mapName: 'Berlin', gameType: 'conquest' }),
    ];
    expect(names(sortServers(list, { key: 'mapName', direction: 'asc' }, now))).toEqual(['y', 'x']);
    expect(names(sortServers(list, { key: 'gameType', direction: 'desc' }, now))).toEqual(['x', 'y']);
  });

  it('puts rounds without a clock (-1) last in both directions', () => {
    const list = [
      makeServer({ name: 'none', roundTimeRemain: -1 }),
      makeServer({ name: 'short', roundTimeRemain: 60 }),
      makeServer({ name: 'long', roundTimeRemain: 900 }),
    ];
    expect(names(sortServers(list, { key: 'roundTimeRemain', direction: 'asc' }, now))).toEqual([
      'short',
      'long',
      'none',
    ]);
    expect(names(sortServers(list, { key: 'roundTimeRemain', direction: 'desc' }, now))).toEqual([
      'long',
      'short',
      'none',
    ]);
  });

  it('sorts time zones by their UTC offset at that moment, unknown zones last', () => {
    const list = [
      makeServer({ name: 'tokyo', timezone: 'Asia/Tokyo' }),
      makeServer({ name: 'none', timezone: null }),
      makeServer({ name: 'new york', timezone: 'America/New_York' }),
      makeServer({ name: 'amsterdam', timezone: 'Europe/Amsterdam' }),
      makeServer({ name: 'bogus', timezone: 'Not/A_Zone' }),
    ];
    expect(names(sortServers(list, { key: 'timezone', direction: 'asc' }, now))).toEqual([
      'new york',
      'amsterdam',
      'tokyo',
      'bogus',
      'none',
    ]);
    expect(names(sortServers(list, { key: 'timezone', direction: 'desc' }, now)).slice(0, 3)).toEqual([
      'tokyo',
      'amsterdam',
      'new york',
    ]);
  });

  it('returns a copy and leaves its input alone', () => {
    const list = [makeServer({ numPlayers: 1 }), makeServer({ numPlayers: 2 })];
    const before = [...list];
    sortServers(list, DEFAULT_SORT, now);
    expect(list).toEqual(before);
  });
});
