import { DEFAULT_SESSIONS_PAGE_SIZE } from '@frontline/contract';
import type { QueryValue } from '../../../lib/api-client.ts';
import { normaliseFilterText, parsePage, parsePageSize, type SessionsPageSize } from './query-values.ts';

/**
 * What /players/{playerName}/sessions shows, as kept in its URL query (spec: site-statistics §2 "optional query
 * map and server"; §4 "Sessions: state synced to query"; §5). The keys are those of `GET
 * /stats/players/{playerName}/sessions`; values at their default are left out.
 */

export interface PlayerSessionsFilters {
  /** Exact map name; '' for every map. */
  map: string;
  /** Exact server name; '' for every server. */
  server: string;
}

export interface PlayerSessionsQuery extends PlayerSessionsFilters {
  page: number;
  pageSize: SessionsPageSize;
}

const DEFAULT_PLAYER_SESSIONS_QUERY: PlayerSessionsQuery = {
  map: '',
  server: '',
  page: 1,
  pageSize: DEFAULT_SESSIONS_PAGE_SIZE,
};

export function parsePlayerSessionsQuery(params: URLSearchParams): PlayerSessionsQuery {
  return {
    map: normaliseFilterText(params.get('map')),
    server: normaliseFilterText(params.get('server')),
    page: parsePage(params.get('page')),
    pageSize: parsePageSize(params.get('pageSize')),
  };
}

export function playerSessionsQueryParams(query: PlayerSessionsQuery): URLSearchParams {
  const params = new URLSearchParams();
  const map = normaliseFilterText(query.map);
  const server = normaliseFilterText(query.server);
  if (map) params.set('map', map);
  if (server) params.set('server', server);
  if (query.page !== DEFAULT_PLAYER_SESSIONS_QUERY.page) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PLAYER_SESSIONS_QUERY.pageSize) params.set('pageSize', String(query.pageSize));
  return params;
}

/** The API takes the same keys; the page and its size are always sent, blank filters never (§5). */
export function playerSessionsApiQuery(query: PlayerSessionsQuery): Record<string, QueryValue> {
  return {
    map: normaliseFilterText(query.map) || undefined,
    server: normaliseFilterText(query.server) || undefined,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The query of `GET /stats/rounds/filter-options` for this screen: the player's maps (on the chosen server) and
 * servers (of the chosen map) over all their rounds, not only the page loaded.
 */
export function playerFilterOptionsApiQuery(
  playerName: string,
  query: PlayerSessionsFilters,
): Record<string, QueryValue> {
  return {
    playerNames: [playerName],
    mapName: normaliseFilterText(query.map) || undefined,
    serverName: normaliseFilterText(query.server) || undefined,
  };
}

/** A changed filter is a new list: it starts from its first page. */
export function withPlayerFilters(
  query: PlayerSessionsQuery,
  change: Partial<PlayerSessionsFilters>,
): PlayerSessionsQuery {
  return {
    ...query,
    map: normaliseFilterText(change.map ?? query.map),
    server: normaliseFilterText(change.server ?? query.server),
    page: 1,
  };
}

export function withPlayerPageSize(query: PlayerSessionsQuery, pageSize: SessionsPageSize): PlayerSessionsQuery {
  return { ...query, pageSize, page: 1 };
}
