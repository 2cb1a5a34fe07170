import {
  SESSION_PLAYER_SUGGESTIONS,
  type PlayerSearchResponse,
  type PlayerSearchResult,
  type PlayerSessionsResponse,
  type RoundFilterOptionsResponse,
  type RoundsListResponse,
} from '@frontline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, buildQueryString, type QueryValue } from '../../../lib/api-client.ts';
import { retryServerFailuresOnce } from '../../../lib/query-retry.ts';
import { playerSessionsApiQuery, type PlayerSessionsQuery } from '../lib/player-sessions-query.ts';
import { roundsApiQuery, serverSessionsQueryParams, type ServerSessionsQuery } from '../lib/server-sessions-query.ts';

/**
 * The session screens' calls (spec: site-statistics §7 `GET /stats/rounds`, `GET /stats/Players/search`; the
 * player's sessions at `GET /stats/players/{playerName}/sessions`). Answers are typed by the contract, not
 * parsed: zod stays out of the browser.
 */

function serverRoundsQueryKey(serverName: string, query: ServerSessionsQuery) {
  return ['rounds', 'list', serverName, serverSessionsQueryParams(query).toString()] as const;
}

/** The previous page stays on screen while the next one loads (the screen marks it as updating). */
export function useServerRounds(serverName: string, query: ServerSessionsQuery) {
  return useQuery({
    queryKey: serverRoundsQueryKey(serverName, query),
    queryFn: ({ signal }) =>
      apiGet<RoundsListResponse>('/rounds', { query: roundsApiQuery(serverName, query), signal }),
    placeholderData: keepPreviousData,
    retry: retryServerFailuresOnce,
  });
}

function playerSessionsQueryKey(playerName: string, query: PlayerSessionsQuery) {
  return ['players', 'sessions', playerName, playerSessionsApiQuery(query)] as const;
}

export function usePlayerSessions(playerName: string, query: PlayerSessionsQuery) {
  return useQuery({
    queryKey: playerSessionsQueryKey(playerName, query),
    queryFn: ({ signal }) =>
      apiGet<PlayerSessionsResponse>(`/players/${encodeURIComponent(playerName)}/sessions`, {
        query: playerSessionsApiQuery(query),
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryServerFailuresOnce,
  });
}

/**
 * The choices of a list's filters over everything the other filters match (`GET /stats/rounds/filter-options`).
 * They change only when somebody plays a new map or server, so they are kept a minute; the previous choices stay
 * while a changed filter's load.
 */
export function useRoundFilterOptions(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['rounds', 'filter-options', buildQueryString(query)] as const,
    queryFn: ({ signal }) => apiGet<RoundFilterOptionsResponse>('/rounds/filter-options', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryServerFailuresOnce,
  });
}

/**
 * Suggestions for the player filter (spec §5 "Sessions player search excludes already selected players, 10
 * suggestions"): asks for as many more as are already chosen, so ten are left once those are taken out.
 */
export async function searchPlayersExcept(
  query: string,
  chosen: readonly string[],
  signal: AbortSignal,
): Promise<PlayerSearchResult[]> {
  const response = await apiGet<PlayerSearchResponse>('/Players/search', {
    query: { query, pageSize: SESSION_PLAYER_SUGGESTIONS + chosen.length },
    signal,
  });
  return (response.items ?? [])
    .filter((player) => !chosen.includes(player.playerName))
    .slice(0, SESSION_PLAYER_SUGGESTIONS);
}
