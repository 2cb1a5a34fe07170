import type { HistoryPeriod, PlayersOnlineHistoryResponse } from '@frontline/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { HISTORY_GAMES, combineHistoryResponses } from '../lib/history.ts';
import type { HistoryTarget, RollingWindowDays } from '../lib/history.ts';

/**
 * Players-online history (spec: site-statistics §7 `GET /stats/LiveServers/{id}/players-online-history`,
 * query period (default 7d) and rollingWindowDays (default 7)). `id` is a game (bf1942, fh2, bfvietnam) or a
 * serverGuid. The answer is not checked against the contract's zod schema here: zod stays out of the
 * browser bundle, and the types come from the contract.
 */

const PLAYERS_ONLINE_HISTORY_QUERY_KEY = 'players-online-history';

/** History data changes with the collector's hourly counts; refetching a panel more often gains nothing. */
const PLAYERS_ONLINE_HISTORY_STALE_MS = 5 * 60_000;

function fetchPlayersOnlineHistory(
  id: string,
  period: HistoryPeriod,
  rollingWindowDays: RollingWindowDays,
  signal?: AbortSignal,
): Promise<PlayersOnlineHistoryResponse> {
  return apiGet<PlayersOnlineHistoryResponse>(`/LiveServers/${encodeURIComponent(id)}/players-online-history`, {
    query: { period, rollingWindowDays },
    signal,
  });
}

/**
 * A game's history, or for 'all' the three games' histories fetched together and summed point by point
 * (see `combineHistoryResponses`). If any of the three fails, the ALL view fails: a sum with a game
 * missing would look like a real, lower total.
 */
async function fetchHistoryForTarget(
  target: HistoryTarget,
  period: HistoryPeriod,
  rollingWindowDays: RollingWindowDays,
  signal?: AbortSignal,
): Promise<PlayersOnlineHistoryResponse> {
  if (target !== 'all') return fetchPlayersOnlineHistory(target, period, rollingWindowDays, signal);
  const responses = await Promise.all(
    HISTORY_GAMES.map((game) => fetchPlayersOnlineHistory(game, period, rollingWindowDays, signal)),
  );
  return combineHistoryResponses(responses);
}

function playersOnlineHistoryQueryKey(
  id: string,
  period: HistoryPeriod,
  rollingWindowDays: RollingWindowDays,
): readonly [string, string, HistoryPeriod, RollingWindowDays] {
  return [PLAYERS_ONLINE_HISTORY_QUERY_KEY, id, period, rollingWindowDays] as const;
}

export function playersOnlineHistoryQueryOptions(
  target: HistoryTarget,
  period: HistoryPeriod,
  rollingWindowDays: RollingWindowDays,
) {
  return queryOptions({
    queryKey: playersOnlineHistoryQueryKey(target, period, rollingWindowDays),
    queryFn: ({ signal }) => fetchHistoryForTarget(target, period, rollingWindowDays, signal),
    staleTime: PLAYERS_ONLINE_HISTORY_STALE_MS,
  });
}
