import type { PlayerSearchResponse, PlayerSearchResult } from '@frontline/contract';
import { apiGet } from '../../../lib/api-client.ts';
import { SEARCH_PAGE_SIZE } from '../../../lib/search-rules.ts';

/** GET /stats/Players/search?query=…&pageSize=10 (spec: site-statistics §7 "reads items"). */
export async function searchPlayers(query: string, signal?: AbortSignal): Promise<PlayerSearchResult[]> {
  const response = await apiGet<PlayerSearchResponse>('/Players/search', {
    query: { query, pageSize: SEARCH_PAGE_SIZE },
    signal,
  });
  return response.items ?? [];
}
