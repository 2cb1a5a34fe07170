import { DEFAULT_SESSIONS_PAGE_SIZE, MAX_ROUND_FILTER_PLAYERS, type RoundsSortKey } from '@frontline/contract';
import type { QueryValue } from '../../../lib/api-client.ts';
import {
  normaliseFilterText,
  parsePage,
  parsePageSize,
  type SessionsPageSize,
  type SortOrder,
} from './query-values.ts';

/**
 * What /servers/{serverName}/sessions shows, as kept in its URL query (spec: site-statistics §2 "optional query
 * mapName, playerNames"; §4 "Sessions: state synced to query; default sort endTime descending"; §5). The URL keys
 * are the names of `GET /stats/rounds`' parameters, so a link reads like the call behind it; playerNames repeats
 * its key once per player, as the API does (a name may hold a comma). Values at their default are left out.
 * Rounds nobody played (no human ever seen) are hidden unless `includeEmpty=true`, as in the API.
 */

/** Every sort of the API but serverName: on this screen the route fixes the server. */
export const SERVER_SESSIONS_SORT_KEYS = [
  'endTime',
  'startTime',
  'durationMinutes',
  'participantCount',
  'mapName',
  'gameType',
] as const satisfies readonly RoundsSortKey[];

export type ServerSessionsSortKey = (typeof SERVER_SESSIONS_SORT_KEYS)[number];

export interface ServerSessionsFilters {
  /** Exact map name; '' for every map. */
  mapName: string;
  /** Exact game type; '' for every one. */
  gameType: string;
  /** Rounds must hold every one of these players (in the order they were chosen). */
  playerNames: readonly string[];
  /** Leaderboards list only the chosen players; always false without any. */
  onlySpecifiedPlayers: boolean;
  /** Also list the rounds nobody played (empty rounds); off by default. */
  includeEmpty: boolean;
}

export interface ServerSessionsQuery extends ServerSessionsFilters {
  sortBy: ServerSessionsSortKey;
  sortOrder: SortOrder;
  page: number;
  pageSize: SessionsPageSize;
}

const DEFAULT_SERVER_SESSIONS_QUERY: ServerSessionsQuery = {
  mapName: '',
  gameType: '',
  playerNames: [],
  onlySpecifiedPlayers: false,
  includeEmpty: false,
  sortBy: 'endTime',
  sortOrder: 'desc',
  page: 1,
  pageSize: DEFAULT_SESSIONS_PAGE_SIZE,
};

/**
 * The direction a sort starts in: times, lengths and head counts newest or biggest first (the interesting end),
 * names A to Z.
 */
function initialSortOrder(sortBy: ServerSessionsSortKey): SortOrder {
  return sortBy === 'mapName' || sortBy === 'gameType' ? 'asc' : 'desc';
}

function parseSortBy(text: string | null): ServerSessionsSortKey {
  return SERVER_SESSIONS_SORT_KEYS.find((key) => key === text) ?? DEFAULT_SERVER_SESSIONS_QUERY.sortBy;
}

/** Names exactly as stored (they are identities: no trimming), blanks and repeats dropped, at most the API's 10. */
function normalisePlayerNames(names: readonly string[]): string[] {
  const unique = [...new Set(names.filter((name) => name.trim() !== ''))];
  return unique.slice(0, MAX_ROUND_FILTER_PLAYERS);
}

/** Reads the screen's state from the URL. */
export function parseServerSessionsQuery(params: URLSearchParams): ServerSessionsQuery {
  const sortBy = parseSortBy(params.get('sortBy'));
  const sortOrderText = params.get('sortOrder');
  const playerNames = normalisePlayerNames(params.getAll('playerNames'));
  return {
    mapName: normaliseFilterText(params.get('mapName')),
    gameType: normaliseFilterText(params.get('gameType')),
    playerNames,
    onlySpecifiedPlayers: playerNames.length > 0 && params.get('onlySpecifiedPlayers') === 'true',
    includeEmpty: params.get('includeEmpty') === 'true',
    sortBy,
    sortOrder: sortOrderText === 'asc' || sortOrderText === 'desc' ? sortOrderText : initialSortOrder(sortBy),
    page: parsePage(params.get('page')),
    pageSize: parsePageSize(params.get('pageSize')),
  };
}

/** The state as URL parameters, in a fixed order (equal states, equal URLs), each left out at its default. */
export function serverSessionsQueryParams(query: ServerSessionsQuery): URLSearchParams {
  const params = new URLSearchParams();
  const mapName = normaliseFilterText(query.mapName);
  const gameType = normaliseFilterText(query.gameType);
  const playerNames = normalisePlayerNames(query.playerNames);
  if (mapName) params.set('mapName', mapName);
  if (gameType) params.set('gameType', gameType);
  for (const name of playerNames) params.append('playerNames', name);
  if (playerNames.length > 0 && query.onlySpecifiedPlayers) params.set('onlySpecifiedPlayers', 'true');
  if (query.includeEmpty) params.set('includeEmpty', 'true');
  if (query.sortBy !== DEFAULT_SERVER_SESSIONS_QUERY.sortBy) params.set('sortBy', query.sortBy);
  // A direction is written only when it is not the one its sort starts in.
  if (query.sortOrder !== initialSortOrder(query.sortBy)) params.set('sortOrder', query.sortOrder);
  if (query.page !== DEFAULT_SERVER_SESSIONS_QUERY.page) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_SERVER_SESSIONS_QUERY.pageSize) params.set('pageSize', String(query.pageSize));
  return params;
}

/**
 * The query of `GET /stats/rounds` for this screen: the route's server, and the sort always spelled out, because
 * the API's own default (startTime, §7) is not this screen's (endTime, §4). includePlayers is left at its
 * default (true): every round shows its leaderboard.
 */
export function roundsApiQuery(serverName: string, query: ServerSessionsQuery): Record<string, QueryValue> {
  const playerNames = normalisePlayerNames(query.playerNames);
  return {
    serverName,
    mapName: normaliseFilterText(query.mapName) || undefined,
    gameType: normaliseFilterText(query.gameType) || undefined,
    playerNames,
    onlySpecifiedPlayers: playerNames.length > 0 && query.onlySpecifiedPlayers ? 'true' : undefined,
    includeEmpty: query.includeEmpty ? 'true' : undefined,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The query of `GET /stats/rounds/filter-options` for this screen: the choices of map, game type and server over
 * every round of the server the other filters match, not only the page loaded.
 */
export function filterOptionsApiQuery(serverName: string, query: ServerSessionsFilters): Record<string, QueryValue> {
  return {
    serverName,
    mapName: normaliseFilterText(query.mapName) || undefined,
    gameType: normaliseFilterText(query.gameType) || undefined,
    playerNames: normalisePlayerNames(query.playerNames),
  };
}

/** Showing empty rounds is a setting of the list, not a filter: Clear filters leaves it as it is. */
export function hasActiveFilters(query: ServerSessionsFilters): boolean {
  return query.mapName !== '' || query.gameType !== '' || query.playerNames.length > 0;
}

/** Any filter change is a new list: it starts from its first page (as sorting and page size do). */
export function withFilters(query: ServerSessionsQuery, change: Partial<ServerSessionsFilters>): ServerSessionsQuery {
  const next = { ...query, ...change, page: 1 };
  const playerNames = normalisePlayerNames(next.playerNames);
  return {
    ...next,
    mapName: normaliseFilterText(next.mapName),
    gameType: normaliseFilterText(next.gameType),
    playerNames,
    onlySpecifiedPlayers: playerNames.length > 0 && next.onlySpecifiedPlayers,
  };
}

/** Adds a player chip; a name already chosen, or one past the API's limit of 10, changes nothing. */
export function withPlayerAdded(query: ServerSessionsQuery, playerName: string): ServerSessionsQuery {
  if (query.playerNames.includes(playerName) || query.playerNames.length >= MAX_ROUND_FILTER_PLAYERS) return query;
  return withFilters(query, { playerNames: [...query.playerNames, playerName] });
}

export function withPlayerRemoved(query: ServerSessionsQuery, playerName: string): ServerSessionsQuery {
  return withFilters(query, { playerNames: query.playerNames.filter((name) => name !== playerName) });
}

export function withoutFilters(query: ServerSessionsQuery): ServerSessionsQuery {
  return withFilters(query, { mapName: '', gameType: '', playerNames: [], onlySpecifiedPlayers: false });
}

/** A sort, by default in the direction its key starts in; back to page 1 (the first page of the new order). */
export function withSort(
  query: ServerSessionsQuery,
  sortBy: ServerSessionsSortKey,
  sortOrder: SortOrder = initialSortOrder(sortBy),
): ServerSessionsQuery {
  return { ...query, sortBy, sortOrder, page: 1 };
}

export function withPageSize(query: ServerSessionsQuery, pageSize: SessionsPageSize): ServerSessionsQuery {
  return { ...query, pageSize, page: 1 };
}
