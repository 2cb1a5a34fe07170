import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../../lib/api-client.ts';
import {
  filterOptionsApiQuery,
  parseServerSessionsQuery,
  roundsApiQuery,
  serverSessionsQueryParams,
  withFilters,
  withPageSize,
  withPlayerAdded,
  withPlayerRemoved,
  withSort,
  withoutFilters,
  type ServerSessionsQuery,
} from './server-sessions-query.ts';

const parse = (search: string) => parseServerSessionsQuery(new URLSearchParams(search));
/** What the screen shows at a bare URL: the defaults. */
const defaults = parse('');
const serialise = (query: Partial<ServerSessionsQuery>) =>
  serverSessionsQueryParams({ ...defaults, ...query }).toString();

describe("server sessions URL query (spec §4 'Sessions: state synced to query; default sort endTime descending')", () => {
  it('opens on every round, by end time, newest first, 10 a page (§9 sessions default 10)', () => {
    expect(parse('')).toEqual({
      mapName: '',
      gameType: '',
      playerNames: [],
      onlySpecifiedPlayers: false,
      // Rounds nobody played are hidden unless asked.
      includeEmpty: false,
      sortBy: 'endTime',
      sortOrder: 'desc',
      page: 1,
      pageSize: 10,
    });
    expect(serialise({})).toBe('');
  });

  it('writes each non-default value under the API parameter name, players as repeated keys, and reads it back', () => {
    const query: ServerSessionsQuery = {
      mapName: 'battle_of_the_bulge',
      gameType: 'ctf',
      playerNames: ['Bob, the Builder', '-=OP=- Corsair'],
      onlySpecifiedPlayers: true,
      includeEmpty: true,
      sortBy: 'durationMinutes',
      sortOrder: 'asc',
      page: 3,
      pageSize: 50,
    };
    const text = serverSessionsQueryParams(query).toString();
    expect(text).toBe(
      'mapName=battle_of_the_bulge&gameType=ctf&playerNames=Bob%2C+the+Builder&playerNames=-%3DOP%3D-+Corsair' +
        '&onlySpecifiedPlayers=true&includeEmpty=true&sortBy=durationMinutes&sortOrder=asc&page=3&pageSize=50',
    );
    expect(parse(text)).toEqual(query);
  });

  it('writes a direction only when it is not the one its sort starts in', () => {
    expect(serialise({ sortOrder: 'asc' })).toBe('sortOrder=asc');
    expect(serialise({ sortBy: 'mapName', sortOrder: 'asc' })).toBe('sortBy=mapName');
    expect(serialise({ sortBy: 'mapName', sortOrder: 'desc' })).toBe('sortBy=mapName&sortOrder=desc');
    expect(parse('sortBy=gameType')).toMatchObject({ sortBy: 'gameType', sortOrder: 'asc' });
    expect(parse('sortBy=participantCount')).toMatchObject({ sortBy: 'participantCount', sortOrder: 'desc' });
    expect(parse('sortBy=startTime')).toMatchObject({ sortBy: 'startTime', sortOrder: 'desc' });
  });

  it('reads invalid values as defaults (§5: page positive integer, pageSize 10, 20 or 50, sortOrder asc or desc)', () => {
    expect(parse('page=0&pageSize=7&sortBy=serverName&sortOrder=up')).toEqual(defaults);
    expect(parse('page=-1').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=999999999').page).toBe(1);
    expect(parse('pageSize=20').pageSize).toBe(20);
  });

  it('drops blank filters (§5 "Blank filter values omitted") and repeated or blank player names', () => {
    expect(parse('mapName=%20%20&gameType=&playerNames=&playerNames=%20')).toEqual(defaults);
    expect(parse('mapName=%20wake%20').mapName).toBe('wake');
    expect(parse('playerNames=Bob&playerNames=Al&playerNames=Bob').playerNames).toEqual(['Bob', 'Al']);
    // Names are identities: kept exactly as stored, spaces and all.
    expect(parse('playerNames=%20Bob%20').playerNames).toEqual([' Bob ']);
  });

  it('keeps at most 10 players, the most the API takes', () => {
    const names = Array.from({ length: 12 }, (_, index) => `p${index}`);
    const search = names.map((name) => `playerNames=${name}`).join('&');
    expect(parse(search).playerNames).toEqual(names.slice(0, 10));
  });

  it('reads onlySpecifiedPlayers only with players chosen', () => {
    expect(parse('onlySpecifiedPlayers=true').onlySpecifiedPlayers).toBe(false);
    expect(parse('playerNames=Bob&onlySpecifiedPlayers=true').onlySpecifiedPlayers).toBe(true);
    expect(parse('playerNames=Bob&onlySpecifiedPlayers=yes').onlySpecifiedPlayers).toBe(false);
    expect(serialise({ onlySpecifiedPlayers: true })).toBe('');
  });

  it('reads includeEmpty only as true, and writes it only when on', () => {
    expect(parse('includeEmpty=true').includeEmpty).toBe(true);
    expect(parse('includeEmpty=1').includeEmpty).toBe(false);
    expect(serialise({ includeEmpty: false })).toBe('');
    expect(serialise({ includeEmpty: true })).toBe('includeEmpty=true');
  });
});

describe('rounds API query (§7 GET /stats/rounds)', () => {
  it("always names the server and the sort: the API's default sort (startTime) is not the screen's", () => {
    expect(buildQueryString(roundsApiQuery('Alpha #1', defaults))).toBe(
      '?serverName=Alpha+%231&sortBy=endTime&sortOrder=desc&page=1&pageSize=10',
    );
  });

  it('sends filters, players as repeated keys, and onlySpecifiedPlayers only with players', () => {
    const query = parse('mapName=wake&gameType=ctf&playerNames=A&playerNames=B&onlySpecifiedPlayers=true&page=2');
    const params = new URLSearchParams(buildQueryString(roundsApiQuery('S', query)));
    expect(params.get('mapName')).toBe('wake');
    expect(params.get('gameType')).toBe('ctf');
    expect(params.getAll('playerNames')).toEqual(['A', 'B']);
    expect(params.get('onlySpecifiedPlayers')).toBe('true');
    expect(params.get('page')).toBe('2');
    expect(params.has('includePlayers')).toBe(false);
    expect(params.has('includeEmpty')).toBe(false);
    expect(
      new URLSearchParams(buildQueryString(roundsApiQuery('S', parse('includeEmpty=true')))).get('includeEmpty'),
    ).toBe('true');
  });

  it("asks the filters' choices over the server's rounds the other filters match (GET /stats/rounds/filter-options)", () => {
    const query = parse('mapName=wake&playerNames=A&playerNames=B&includeEmpty=true&page=3&sortBy=startTime');
    expect(buildQueryString(filterOptionsApiQuery('Alpha #1', query))).toBe(
      '?serverName=Alpha+%231&mapName=wake&playerNames=A&playerNames=B',
    );
  });
});

describe('server sessions state changes', () => {
  const onPage3: ServerSessionsQuery = { ...defaults, page: 3 };

  it('starts a changed filter, sort or page size from page 1', () => {
    expect(withFilters(onPage3, { mapName: 'wake' })).toMatchObject({ mapName: 'wake', page: 1 });
    expect(withSort(onPage3, 'mapName')).toMatchObject({ sortBy: 'mapName', sortOrder: 'asc', page: 1 });
    expect(withSort(onPage3, 'endTime', 'asc')).toMatchObject({ sortBy: 'endTime', sortOrder: 'asc', page: 1 });
    expect(withPageSize(onPage3, 50)).toMatchObject({ pageSize: 50, page: 1 });
  });

  it('adds a player once, and no more than 10', () => {
    const withBob = withPlayerAdded(onPage3, 'Bob');
    expect(withBob).toMatchObject({ playerNames: ['Bob'], page: 1 });
    expect(withPlayerAdded(withBob, 'Bob')).toBe(withBob);
    const full = { ...onPage3, playerNames: Array.from({ length: 10 }, (_, index) => `p${index}`) };
    expect(withPlayerAdded(full, 'Eleventh')).toBe(full);
  });

  it('turns onlySpecifiedPlayers off with the last player removed', () => {
    const query = { ...onPage3, playerNames: ['Bob', 'Al'], onlySpecifiedPlayers: true };
    expect(withPlayerRemoved(query, 'Bob')).toMatchObject({ playerNames: ['Al'], onlySpecifiedPlayers: true });
    expect(withPlayerRemoved(withPlayerRemoved(query, 'Bob'), 'Al')).toMatchObject({
      playerNames: [],
      onlySpecifiedPlayers: false,
    });
  });

  it('clears every filter but keeps the sort and page size', () => {
    const query: ServerSessionsQuery = {
      ...defaults,
      mapName: 'wake',
      gameType: 'ctf',
      playerNames: ['Bob'],
      onlySpecifiedPlayers: true,
      sortBy: 'startTime',
      pageSize: 20,
      page: 4,
    };
    expect(withoutFilters(query)).toEqual({ ...defaults, sortBy: 'startTime', pageSize: 20 });
    // Showing empty rounds is a setting of the list: clearing the filters keeps it.
    expect(withoutFilters({ ...query, includeEmpty: true }).includeEmpty).toBe(true);
  });
});
