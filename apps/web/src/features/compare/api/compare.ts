import type {
  ActivityHoursResponse,
  ComparisonResponse,
  PlayerSearchResponse,
  PlayerSearchResult,
} from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { retryServerFailuresOnce } from '../../../lib/query-retry.ts';
import { SEARCH_PAGE_SIZE } from '../../../lib/search-rules.ts';
import type { ComparisonRequest } from '../lib/comparison-query.ts';

/**
 * The comparison's calls (spec: site-statistics §7 `GET /stats/players/compare` "query player1, player2, optional
 * serverGuid", `GET /stats/players/compare/activity-hours` "fetched after a successful comparison", `GET
 * /stats/Players/search` for the autocomplete). Answers are typed by the contract, not parsed (zod stays out of the
 * browser); an empty answer reads as `{}`, which the page treats as "no comparison data" (§5).
 */

/**
 * A change of server keeps the same two players' result on screen (under an overlay) until the new one comes; a
 * new pair shows the loading state instead, so one pair's figures never sit under another pair's names.
 */
export function useComparison(request: ComparisonRequest | null) {
  return useQuery({
    queryKey: ['players', 'compare', request?.player1, request?.player2, request?.serverGuid ?? null] as const,
    queryFn: ({ signal }) =>
      apiGet<Partial<ComparisonResponse>>('/players/compare', {
        query: { player1: request?.player1, player2: request?.player2, serverGuid: request?.serverGuid },
        signal,
      }),
    enabled: request !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === request?.player1 && previousQuery?.queryKey[3] === request?.player2
        ? previous
        : undefined,
    retry: retryServerFailuresOnce,
  });
}

/** Asked for only once a comparison of the same two names has succeeded (`enabled`). */
export function useActivityHours(player1: string, player2: string, enabled: boolean) {
  return useQuery({
    queryKey: ['players', 'compare', 'activity-hours', player1, player2] as const,
    queryFn: ({ signal }) =>
      apiGet<Partial<ActivityHoursResponse>>('/players/compare/activity-hours', {
        query: { player1, player2 },
        signal,
      }),
    enabled,
    retry: retryServerFailuresOnce,
  });
}

/** GET /stats/Players/search?query=…&pageSize=10 (§7 "reads items"). */
export async function searchPlayers(query: string, signal?: AbortSignal): Promise<PlayerSearchResult[]> {
  const response = await apiGet<PlayerSearchResponse>('/Players/search', {
    query: { query, pageSize: SEARCH_PAGE_SIZE },
    signal,
  });
  return response.items ?? [];
}
