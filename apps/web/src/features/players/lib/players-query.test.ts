import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAYERS_QUERY,
  MAX_FILTER_LENGTH,
  initialSortOrder,
  nextPlayersSort,
  parsePlayersQuery,
  playersApiQuery,
  playersQueryParams,
  playersSearchPath,
  withFilter,
  withPage,
  withSort,
  type PlayersQuery,
} from './players-query';

const parse = (search: string) => parsePlayersQuery(new URLSearchParams(search));

describe('players page URL state', () => {
  it("opens on lastSeen descending, page 1, no filter (spec §4: 'default sort lastSeen descending')", () => {
    expect(parse('')).toEqual({ playerName: '', page: 1, sortBy: 'lastSeen', sortOrder: 'desc' });
    expect(playersQueryParams(DEFAULT_PLAYERS_QUERY).toString()).toBe('');
  });

  it('round-trips a non-default state through the URL, defaults left out', () => {
    const query: PlayersQuery = { playerName: 'Sniper Bob', page: 3, sortBy: 'playerName', sortOrder: 'asc' };
    const text = playersQueryParams(query).toString();
    expect(text).toBe('playerName=Sniper+Bob&page=3&sortBy=playerName&sortOrder=asc');
    expect(parse(text)).toEqual(query);
  });

  it('keeps the sort pair together when only the direction differs from the default', () => {
    expect(playersQueryParams({ ...DEFAULT_PLAYERS_QUERY, sortOrder: 'asc' }).toString()).toBe(
      'sortBy=lastSeen&sortOrder=asc',
    );
  });

  it('reads invalid values as their defaults', () => {
    expect(parse('page=abc&sortBy=score&sortOrder=sideways')).toEqual(DEFAULT_PLAYERS_QUERY);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=999999999').page).toBe(1);
  });

  it("gives a column without a direction that column's starting direction", () => {
    expect(parse('sortBy=playerName')).toMatchObject({ sortBy: 'playerName', sortOrder: 'asc' });
    expect(parse('sortBy=lastSeen')).toMatchObject({ sortBy: 'lastSeen', sortOrder: 'desc' });
  });

  it('trims the filter and clamps it to what the server accepts', () => {
    expect(parse('playerName=%20%20bob%20').playerName).toBe('bob');
    expect(parse('playerName=%20%20%20').playerName).toBe('');
    expect(parse(`playerName=${'x'.repeat(150)}`).playerName).toHaveLength(MAX_FILTER_LENGTH);
  });
});

describe('players API query', () => {
  it("sends playerName when the trimmed query is non-empty (spec §5: 'sends playerName only if trimmed query is non-empty')", () => {
    expect(playersApiQuery({ ...DEFAULT_PLAYERS_QUERY, playerName: 'bob' })).toEqual({
      page: 1,
      pageSize: 100,
      sortBy: 'lastSeen',
      sortOrder: 'desc',
      playerName: 'bob',
    });
  });

  it("otherwise requests only active players (spec §5: 'otherwise requests only active players (isActive=true)')", () => {
    const query = playersApiQuery({ ...DEFAULT_PLAYERS_QUERY, playerName: '   ' });
    expect(query).toMatchObject({ isActive: 'true' });
    expect(query).not.toHaveProperty('playerName');
  });

  it("asks for pages of 100 (spec §9: 'Page sizes: players 100')", () => {
    expect(playersApiQuery(DEFAULT_PLAYERS_QUERY).pageSize).toBe(100);
  });
});

describe('players sort', () => {
  it("starts a new column ascending except lastSeen descending (spec §4: 'a new column starts ascending except lastSeen descending')", () => {
    expect(initialSortOrder('playerName')).toBe('asc');
    expect(initialSortOrder('lastSeen')).toBe('desc');
    expect(nextPlayersSort({ sortBy: 'lastSeen', sortOrder: 'desc' }, 'playerName')).toEqual({
      sortBy: 'playerName',
      sortOrder: 'asc',
    });
    expect(nextPlayersSort({ sortBy: 'playerName', sortOrder: 'asc' }, 'lastSeen')).toEqual({
      sortBy: 'lastSeen',
      sortOrder: 'desc',
    });
  });

  it('toggles the column already sorted', () => {
    expect(nextPlayersSort({ sortBy: 'lastSeen', sortOrder: 'desc' }, 'lastSeen').sortOrder).toBe('asc');
    expect(nextPlayersSort({ sortBy: 'playerName', sortOrder: 'desc' }, 'playerName').sortOrder).toBe('asc');
    expect(nextPlayersSort({ sortBy: 'playerName', sortOrder: 'asc' }, 'playerName').sortOrder).toBe('desc');
  });

  it("resets to page 1 on a sort change (spec §4: 'sort change resets to page 1')", () => {
    const query: PlayersQuery = { ...DEFAULT_PLAYERS_QUERY, page: 7 };
    expect(withSort(query, { sortBy: 'playerName', sortOrder: 'asc' }).page).toBe(1);
  });

  it('resets to page 1 on a new filter', () => {
    expect(withFilter({ ...DEFAULT_PLAYERS_QUERY, page: 4 }, '  bob ')).toMatchObject({ playerName: 'bob', page: 1 });
  });
});

describe('players paging', () => {
  const query: PlayersQuery = { ...DEFAULT_PLAYERS_QUERY, page: 2 };

  it("ignores pages outside 1..totalPages (spec §4: 'Pages outside 1..totalPages ignored')", () => {
    expect(withPage(query, 0, 5)).toBeNull();
    expect(withPage(query, 6, 5)).toBeNull();
    expect(withPage(query, -1, 5)).toBeNull();
    expect(withPage(query, 1.5, 5)).toBeNull();
  });

  it('ignores the page already shown and moves to any other page in range', () => {
    expect(withPage(query, 2, 5)).toBeNull();
    expect(withPage(query, 5, 5)).toEqual({ ...query, page: 5 });
    expect(withPage(query, 1, 5)).toEqual({ ...query, page: 1 });
  });
});

describe('playersSearchPath', () => {
  it('links to Find Players filtered by the name, encoded', () => {
    expect(playersSearchPath('AC/DC #1')).toBe('/players?playerName=AC%2FDC+%231');
    expect(playersSearchPath('  ')).toBe('/players');
  });
});
