import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  MAX_NAME_FILTER_LENGTH,
  hasActiveFilters,
  nextRankingSort,
  parseNumberFilter,
  parseRankingsQuery,
  rankingsQueryParams,
  sameFilters,
  showsMedals,
  showsRankBands,
  withFilters,
  withPageSize,
  withSort,
  type RankingsQuery,
} from './rankings-query.ts';

const parse = (query: string) => parseRankingsQuery(new URLSearchParams(query));
/** What the screen shows at a bare URL: the defaults. */
const defaults = parse('');
const serialise = (query: Partial<RankingsQuery>) => rankingsQueryParams({ ...defaults, ...query }).toString();

describe("rankings URL query (spec §4: 'filters and sort kept in URL query, omitted when default')", () => {
  it('defaults to page 1 of 100, by total score, descending, unfiltered (§9 rankings default 100)', () => {
    expect(parse('')).toEqual({
      page: 1,
      pageSize: 100,
      orderBy: 'TotalScore',
      orderDirection: 'desc',
      playerName: '',
      minScore: null,
      minKills: null,
      minDeaths: null,
      minKdRatio: null,
      minPlayTimeMinutes: null,
    });
  });

  it('leaves every default value out of the URL', () => {
    expect(serialise({})).toBe('');
    expect(serialise({ page: 1, pageSize: 100, orderBy: 'TotalScore', orderDirection: 'desc', playerName: '  ' })).toBe(
      '',
    );
  });

  it('writes each non-default value under the API parameter name, in a fixed order', () => {
    const query: RankingsQuery = {
      page: 3,
      pageSize: 20,
      orderBy: 'KDRatio',
      orderDirection: 'asc',
      playerName: ' Ace ',
      minScore: 100,
      minKills: 0,
      minDeaths: 5,
      minKdRatio: 1.5,
      minPlayTimeMinutes: 60,
    };
    const text = rankingsQueryParams(query).toString();
    expect(text).toBe(
      'page=3&pageSize=20&orderBy=KDRatio&orderDirection=asc&playerName=Ace&minScore=100&minKills=0&minDeaths=5&minKdRatio=1.5&minPlayTimeMinutes=60',
    );
    expect(parse(text)).toEqual({ ...query, playerName: 'Ace' });
  });

  it('keeps a zero filter (it is a filter, unlike a blank one)', () => {
    expect(parse('minKills=0').minKills).toBe(0);
    expect(parse('minKills=').minKills).toBeNull();
  });

  it('reads invalid values as their defaults (§5: page positive integer; pageSize 10, 20, 50 or 100; …)', () => {
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=999999999').page).toBe(1);
    expect(parse('pageSize=25').pageSize).toBe(100);
    expect(parse('pageSize=ten').pageSize).toBe(100);
    expect(parse('orderBy=Score').orderBy).toBe('TotalScore');
    expect(parse('orderBy=totalkills').orderBy).toBe('TotalScore');
    expect(parse('orderDirection=up').orderDirection).toBe('desc');
    expect(parse('minScore=lots').minScore).toBeNull();
    expect(parse('minKdRatio=NaN').minKdRatio).toBeNull();
    expect(parse('minPlayTimeMinutes=Infinity').minPlayTimeMinutes).toBeNull();
  });

  it('accepts every order key of §5, including TotalDeaths which has no button', () => {
    for (const orderBy of ['TotalScore', 'TotalKills', 'TotalDeaths', 'KDRatio', 'TotalPlayTimeMinutes'] as const) {
      expect(parse(`orderBy=${orderBy}`).orderBy).toBe(orderBy);
    }
    expect(parse('pageSize=10&page=7')).toMatchObject({ pageSize: 10, page: 7 });
  });

  it('trims the name filter and clamps it to what the server accepts', () => {
    expect(parse('playerName=%20%20Bob%20').playerName).toBe('Bob');
    expect(parse(`playerName=${'x'.repeat(150)}`).playerName).toHaveLength(MAX_NAME_FILTER_LENGTH);
  });

  it('round-trips: the canonical form of a canonical URL is itself', () => {
    const text = 'page=2&orderBy=TotalKills&playerName=a+b%26c&minScore=5';
    expect(rankingsQueryParams(parse(text)).toString()).toBe(text);
  });
});

describe('number filters', () => {
  it('are numbers or nothing', () => {
    expect(parseNumberFilter('12')).toBe(12);
    expect(parseNumberFilter(' 1.25 ')).toBe(1.25);
    expect(parseNumberFilter('')).toBeNull();
    expect(parseNumberFilter('   ')).toBeNull();
    expect(parseNumberFilter('1e')).toBeNull();
    expect(parseNumberFilter(undefined)).toBeNull();
    // The API refuses a negative minimum (400): on the page it is no filter, as any value that cannot be one.
    expect(parseNumberFilter('-5')).toBeNull();
    expect(parseNumberFilter('0')).toBe(0);
  });
});

describe("sort buttons (spec §2 'Sort buttons Score, Kills, K/D, Time')", () => {
  it('clicking the active key reverses it', () => {
    expect(nextRankingSort({ orderBy: 'TotalScore', orderDirection: 'desc' }, 'TotalScore')).toEqual({
      orderBy: 'TotalScore',
      orderDirection: 'asc',
    });
    expect(nextRankingSort({ orderBy: 'TotalScore', orderDirection: 'asc' }, 'TotalScore')).toEqual({
      orderBy: 'TotalScore',
      orderDirection: 'desc',
    });
  });

  it('a new key starts descending, whatever the direction before', () => {
    expect(nextRankingSort({ orderBy: 'TotalScore', orderDirection: 'asc' }, 'KDRatio')).toEqual({
      orderBy: 'KDRatio',
      orderDirection: 'desc',
    });
    expect(nextRankingSort({ orderBy: 'KDRatio', orderDirection: 'desc' }, 'TotalPlayTimeMinutes')).toEqual({
      orderBy: 'TotalPlayTimeMinutes',
      orderDirection: 'desc',
    });
  });
});

describe("changes go back to page 1 (spec §4 'Sort or page size change resets to page 1'; filters too)", () => {
  const onPage4: RankingsQuery = { ...defaults, page: 4, pageSize: 20, minKills: 3 };

  it('on a new sort', () => {
    expect(withSort(onPage4, { orderBy: 'TotalKills', orderDirection: 'desc' })).toMatchObject({
      page: 1,
      orderBy: 'TotalKills',
      pageSize: 20,
      minKills: 3,
    });
  });

  it('on a new page size', () => {
    expect(withPageSize(onPage4, 50)).toMatchObject({ page: 1, pageSize: 50, minKills: 3 });
  });

  it('on new filters, which replace the old ones', () => {
    expect(withFilters(onPage4, { ...EMPTY_FILTERS, playerName: ' Eve ' })).toMatchObject({
      page: 1,
      pageSize: 20,
      playerName: 'Eve',
      minKills: null,
    });
  });
});

describe('filter comparison', () => {
  it('treats names equal after trimming, and any set number as a filter', () => {
    expect(sameFilters({ ...EMPTY_FILTERS, playerName: 'Bob ' }, { ...EMPTY_FILTERS, playerName: 'Bob' })).toBe(true);
    expect(sameFilters({ ...EMPTY_FILTERS, minScore: 1 }, EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, playerName: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, minKdRatio: 0 })).toBe(true);
  });
});

describe('medals and rank bands (issue: "medals only in the default descending order")', () => {
  it('give medals only when sorting by score, descending', () => {
    expect(showsMedals({ orderBy: 'TotalScore', orderDirection: 'desc' })).toBe(true);
    expect(showsMedals({ orderBy: 'TotalScore', orderDirection: 'asc' })).toBe(false);
    expect(showsMedals({ orderBy: 'KDRatio', orderDirection: 'desc' })).toBe(false);
    expect(showsMedals({ orderBy: 'TotalDeaths', orderDirection: 'desc' })).toBe(false);
  });

  it('colour rank bands in descending orders only', () => {
    expect(showsRankBands({ orderBy: 'TotalKills', orderDirection: 'desc' })).toBe(true);
    expect(showsRankBands({ orderBy: 'TotalScore', orderDirection: 'asc' })).toBe(false);
  });
});
