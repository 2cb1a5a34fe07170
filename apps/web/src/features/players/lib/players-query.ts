import { PLAYERS_PAGE_SIZE, PLAYERS_SORT_KEYS, type PlayersSortKey } from '@frontline/contract';
import { paths } from '../../../lib/paths.ts';

/**
 * What Find Players shows, as kept in its URL query (spec: site-statistics §2 "Find Players"; §4 "Players
 * page: default sort lastSeen descending; a new column starts ascending except lastSeen descending; sort
 * change resets to page 1. Pages outside 1..totalPages ignored"; §5 "Players page sends playerName only if
 * trimmed query is non-empty; otherwise requests only active players (isActive=true)"; §9 "players 100").
 * The URL keys are the API's parameter names; values at their default are left out.
 */

export type SortOrder = 'asc' | 'desc';

export interface PlayersSort {
  sortBy: PlayersSortKey;
  sortOrder: SortOrder;
}

export interface PlayersQuery extends PlayersSort {
  /** The filter as typed (trimmed); '' lists the players online now. */
  playerName: string;
  page: number;
}

/** The server refuses longer filters and later pages (players.routes.ts); a URL is clamped to fit. */
export const MAX_FILTER_LENGTH = 100;
export const MAX_PAGE = 100_000;

const DEFAULT_PLAYERS_SORT: PlayersSort = { sortBy: 'lastSeen', sortOrder: 'desc' };

export const DEFAULT_PLAYERS_QUERY: PlayersQuery = { playerName: '', page: 1, ...DEFAULT_PLAYERS_SORT };

export function normaliseFilter(text: string | null | undefined): string {
  return (text ?? '').trim().slice(0, MAX_FILTER_LENGTH).trim();
}

function parsePage(text: string | null): number {
  if (text === null || !/^\d+$/.test(text)) return DEFAULT_PLAYERS_QUERY.page;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : DEFAULT_PLAYERS_QUERY.page;
}

function parseSortBy(text: string | null): PlayersSortKey {
  return PLAYERS_SORT_KEYS.find((key) => key === text) ?? DEFAULT_PLAYERS_SORT.sortBy;
}

/** A link with a column but no direction opens in that column's own starting direction. */
function parseSortOrder(text: string | null, sortBy: PlayersSortKey): SortOrder {
  return text === 'asc' || text === 'desc' ? text : initialSortOrder(sortBy);
}

/** Reads the screen's state from the URL; a missing or invalid value is its default, never an error. */
export function parsePlayersQuery(params: URLSearchParams): PlayersQuery {
  const sortBy = parseSortBy(params.get('sortBy'));
  return {
    playerName: normaliseFilter(params.get('playerName')),
    page: parsePage(params.get('page')),
    sortBy,
    sortOrder: parseSortOrder(params.get('sortOrder'), sortBy),
  };
}

/** The state as URL parameters in a fixed order, each left out at its default (equal states, equal URLs). */
export function playersQueryParams(query: PlayersQuery): URLSearchParams {
  const params = new URLSearchParams();
  const playerName = normaliseFilter(query.playerName);
  if (playerName) params.set('playerName', playerName);
  if (query.page !== DEFAULT_PLAYERS_QUERY.page) params.set('page', String(query.page));
  if (query.sortBy !== DEFAULT_PLAYERS_SORT.sortBy || query.sortOrder !== DEFAULT_PLAYERS_SORT.sortOrder) {
    params.set('sortBy', query.sortBy);
    params.set('sortOrder', query.sortOrder);
  }
  return params;
}

/** The API call's query: a name filter, or when there is none, only the players online now (§5). */
export function playersApiQuery(query: PlayersQuery): Record<string, string | number> {
  const playerName = normaliseFilter(query.playerName);
  return {
    page: query.page,
    pageSize: PLAYERS_PAGE_SIZE,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    ...(playerName ? { playerName } : { isActive: 'true' }),
  };
}

/** §4: "a new column starts ascending except lastSeen descending" (the most recent first). */
export function initialSortOrder(sortBy: PlayersSortKey): SortOrder {
  return sortBy === 'lastSeen' ? 'desc' : 'asc';
}

/** A click on a column header: the sorted column flips, another starts in its own direction. */
export function nextPlayersSort(current: PlayersSort, sortBy: PlayersSortKey): PlayersSort {
  if (current.sortBy === sortBy) return { sortBy, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy, sortOrder: initialSortOrder(sortBy) };
}

/** §4: "sort change resets to page 1". */
export function withSort(query: PlayersQuery, sort: PlayersSort): PlayersQuery {
  return { ...query, ...sort, page: 1 };
}

/** A new filter is a new list: it starts from its first page. */
export function withFilter(query: PlayersQuery, playerName: string): PlayersQuery {
  return { ...query, playerName: normaliseFilter(playerName), page: 1 };
}

/** §4: "Pages outside 1..totalPages ignored": the query is unchanged (null) for such a page or the current one. */
export function withPage(query: PlayersQuery, page: number, totalPages: number): PlayersQuery | null {
  if (!Number.isInteger(page) || page < 1 || page > totalPages || page === query.page) return null;
  return { ...query, page };
}

/**
 * Find Players filtered by a name, as a URL may carry it (normalised): where a profile sends a visitor whose exact
 * name Frontline has not seen. The link itself is the one the header search's Enter builds (lib/paths.ts).
 */
export function playersSearchPath(playerName: string): string {
  return paths.players(normaliseFilter(playerName));
}
