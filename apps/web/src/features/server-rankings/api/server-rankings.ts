import type { ServerRankingsResponse } from '@frontline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { retryServerFailuresOnce } from '../../../lib/query-retry.ts';
import { rankingsQueryParams, type RankingsQuery } from '../lib/rankings-query.ts';

/**
 * GET /stats/servers/{serverName}/rankings (spec: site-statistics §7 "query page, pageSize, orderBy,
 * orderDirection, optional playerName, minScore, minKills, minDeaths, minKdRatio, minPlayTimeMinutes").
 * The answer is typed by the contract, not parsed: zod stays out of the browser.
 */

function serverRankingsQueryKey(serverName: string, query: RankingsQuery) {
  return ['servers', serverName, 'rankings', rankingsQueryParams(query).toString()] as const;
}

function fetchServerRankings(
  serverName: string,
  query: RankingsQuery,
  signal?: AbortSignal,
): Promise<ServerRankingsResponse> {
  // The server applies the same defaults, so what the URL leaves out the call can leave out too.
  return apiGet<ServerRankingsResponse>(`/servers/${encodeURIComponent(serverName)}/rankings`, {
    query: Object.fromEntries(rankingsQueryParams(query)),
    signal,
  });
}

/** The previous page stays on screen while the next one loads (the screen marks it as updating). */
export function useServerRankings(serverName: string, query: RankingsQuery) {
  return useQuery({
    queryKey: serverRankingsQueryKey(serverName, query),
    queryFn: ({ signal }) => fetchServerRankings(serverName, query, signal),
    placeholderData: keepPreviousData,
    retry: retryServerFailuresOnce,
  });
}
