import {
  DEFAULT_RANKING_PAGE_SIZE,
  RANKING_ORDER_BY,
  RANKING_PAGE_SIZES,
  type RankingOrderBy,
} from '@frontline/contract';

/**
 * What the rankings screen shows, as kept in its URL query (spec: site-statistics §4 "Rankings: filters and
 * sort kept in URL query, omitted when default ... Sort or page size change resets to page 1"; §5 "Rankings
 * query: orderBy only TotalScore, TotalKills, TotalDeaths, KDRatio, TotalPlayTimeMinutes; orderDirection asc
 * or desc; numeric filters numbers; page positive integer; pageSize 10, 20, 50 or 100"). The URL keys are the
 * API's own parameter names, so a leaderboard link reads like the call behind it.
 */

export type RankingPageSize = (typeof RANKING_PAGE_SIZES)[number];
export type OrderDirection = 'asc' | 'desc';

export const NUMBER_FILTER_KEYS = ['minScore', 'minKills', 'minDeaths', 'minKdRatio', 'minPlayTimeMinutes'] as const;
export type NumberFilterKey = (typeof NUMBER_FILTER_KEYS)[number];

export interface RankingFilters {
  /** Part of a soldier's name; '' for none. */
  playerName: string;
  minScore: number | null;
  minKills: number | null;
  minDeaths: number | null;
  minKdRatio: number | null;
  minPlayTimeMinutes: number | null;
}

export interface RankingSort {
  orderBy: RankingOrderBy;
  orderDirection: OrderDirection;
}

export interface RankingsQuery extends RankingSort, RankingFilters {
  page: number;
  pageSize: RankingPageSize;
}

/** The server refuses longer name filters and pages beyond this (servers.routes.ts); the URL is clamped to fit. */
export const MAX_NAME_FILTER_LENGTH = 100;
export const MAX_PAGE = 100_000;

export const EMPTY_FILTERS: RankingFilters = {
  playerName: '',
  minScore: null,
  minKills: null,
  minDeaths: null,
  minKdRatio: null,
  minPlayTimeMinutes: null,
};

export const DEFAULT_SORT: RankingSort = { orderBy: 'TotalScore', orderDirection: 'desc' };

const DEFAULT_RANKINGS_QUERY: RankingsQuery = {
  page: 1,
  pageSize: DEFAULT_RANKING_PAGE_SIZE,
  ...DEFAULT_SORT,
  ...EMPTY_FILTERS,
};

function parsePage(text: string | null): number {
  if (text === null || !/^\d+$/.test(text)) return DEFAULT_RANKINGS_QUERY.page;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : DEFAULT_RANKINGS_QUERY.page;
}

function parsePageSize(text: string | null): RankingPageSize {
  return RANKING_PAGE_SIZES.find((size) => String(size) === text) ?? DEFAULT_RANKINGS_QUERY.pageSize;
}

function parseOrderBy(text: string | null): RankingOrderBy {
  return RANKING_ORDER_BY.find((key) => key === text) ?? DEFAULT_SORT.orderBy;
}

function parseOrderDirection(text: string | null): OrderDirection {
  return text === 'asc' || text === 'desc' ? text : DEFAULT_SORT.orderDirection;
}

/**
 * A minimum as typed or linked: blank, anything that is not a finite number, or a negative number (no count,
 * ratio or time is below 0, and the API refuses one) is no filter.
 */
export function parseNumberFilter(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * Medals (rank 1-3 cards) only in the default order, score descending: the podium of an ascending order would be
 * the three lowest, and a medal for the most deaths would read as praise.
 */
export function showsMedals(sort: RankingSort): boolean {
  return sort.orderBy === DEFAULT_SORT.orderBy && sort.orderDirection === DEFAULT_SORT.orderDirection;
}

/**
 * The rank bands' colours (top 10, 25, 50) mark the leaders of a descending order; an ascending order lists the
 * other end first, so its rows are plain.
 */
export function showsRankBands(sort: RankingSort): boolean {
  return sort.orderDirection === 'desc';
}

function normaliseNameFilter(text: string | null | undefined): string {
  return (text ?? '').trim().slice(0, MAX_NAME_FILTER_LENGTH);
}

/** Reads the screen's state from the URL; a missing or invalid value is its default, never an error. */
export function parseRankingsQuery(params: URLSearchParams): RankingsQuery {
  return {
    page: parsePage(params.get('page')),
    pageSize: parsePageSize(params.get('pageSize')),
    orderBy: parseOrderBy(params.get('orderBy')),
    orderDirection: parseOrderDirection(params.get('orderDirection')),
    playerName: normaliseNameFilter(params.get('playerName')),
    minScore: parseNumberFilter(params.get('minScore')),
    minKills: parseNumberFilter(params.get('minKills')),
    minDeaths: parseNumberFilter(params.get('minDeaths')),
    minKdRatio: parseNumberFilter(params.get('minKdRatio')),
    minPlayTimeMinutes: parseNumberFilter(params.get('minPlayTimeMinutes')),
  };
}

/**
 * The state as URL query parameters, each left out when it has its default value, in a fixed order (so
 * equal states give equal URLs). Also the query of the API call, where defaults mean the same.
 */
export function rankingsQueryParams(query: RankingsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== DEFAULT_RANKINGS_QUERY.page) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_RANKINGS_QUERY.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.orderBy !== DEFAULT_SORT.orderBy) params.set('orderBy', query.orderBy);
  if (query.orderDirection !== DEFAULT_SORT.orderDirection) params.set('orderDirection', query.orderDirection);
  const playerName = normaliseNameFilter(query.playerName);
  if (playerName) params.set('playerName', playerName);
  for (const key of NUMBER_FILTER_KEYS) {
    const value = query[key];
    if (value !== null && Number.isFinite(value)) params.set(key, String(value));
  }
  return params;
}

export function hasActiveFilters(filters: RankingFilters): boolean {
  return normaliseNameFilter(filters.playerName) !== '' || NUMBER_FILTER_KEYS.some((key) => filters[key] !== null);
}

export function sameFilters(a: RankingFilters, b: RankingFilters): boolean {
  return (
    normaliseNameFilter(a.playerName) === normaliseNameFilter(b.playerName) &&
    NUMBER_FILTER_KEYS.every((key) => a[key] === b[key])
  );
}

/**
 * A click on a sort button (the brief of the screen: "clicking the active one toggles direction, a new one
 * starts descending"): every key here ranks "more is better", so a new key opens on the leaders.
 */
export function nextRankingSort(current: RankingSort, orderBy: RankingOrderBy): RankingSort {
  if (current.orderBy === orderBy) {
    return { orderBy, orderDirection: current.orderDirection === 'desc' ? 'asc' : 'desc' };
  }
  return { orderBy, orderDirection: 'desc' };
}

/** Spec §4: a new sort, page size or filter starts again from page 1. */
export function withSort(query: RankingsQuery, sort: RankingSort): RankingsQuery {
  return { ...query, ...sort, page: 1 };
}

export function withPageSize(query: RankingsQuery, pageSize: RankingPageSize): RankingsQuery {
  return { ...query, pageSize, page: 1 };
}

export function withFilters(query: RankingsQuery, filters: RankingFilters): RankingsQuery {
  return { ...query, ...filters, playerName: normaliseNameFilter(filters.playerName), page: 1 };
}

export function isRankingPageSize(value: number): value is RankingPageSize {
  return (RANKING_PAGE_SIZES as readonly number[]).includes(value);
}
