import type {
  AchievementsPageResponse,
  GamificationResponse,
  MapStatsRange,
  MapStatsResponse,
  PlayerStatsResponse,
  PlayersListResponse,
  SimilarityMode,
  SimilarPlayersResponse,
} from '@frontline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type QueryValue } from '../../../lib/api-client.ts';
import { retryServerFailuresOnce } from '../../../lib/query-retry.ts';
import { playersApiQuery, type PlayersQuery } from '../lib/players-query.ts';

/**
 * The players calls (spec: site-statistics §7 "GET /stats/players", "GET /stats/players/{playerName}", "GET
 * /stats/players/{playerName}/server/{serverGuid}/mapstats", "GET /stats/players/{playerName}/similar", and a player's achievements under
 * /stats/gamification). Answers are typed by the contract, not parsed:
 * zod stays out of the browser. Query keys start with the resource.
 */

function playersListQueryKey(query: PlayersQuery) {
  return ['players', 'list', playersApiQuery(query)] as const;
}

/** The previous page stays on screen while the next one loads (the page marks it as updating). */
export function usePlayersList(query: PlayersQuery) {
  return useQuery({
    queryKey: playersListQueryKey(query),
    queryFn: ({ signal }) => apiGet<PlayersListResponse>('/players', { query: playersApiQuery(query), signal }),
    placeholderData: keepPreviousData,
    retry: retryServerFailuresOnce,
  });
}

function playerStatsQueryKey(playerName: string) {
  return ['players', 'profile', playerName] as const;
}

export function usePlayerStats(playerName: string) {
  return useQuery({
    queryKey: playerStatsQueryKey(playerName),
    queryFn: ({ signal }) =>
      apiGet<PlayerStatsResponse>(`/players/${encodeURIComponent(playerName)}`, {
        signal,
      }),
    retry: retryServerFailuresOnce,
  });
}

function mapStatsQueryKey(playerName: string, serverGuid: string, range: MapStatsRange) {
  return ['players', 'mapstats', playerName, serverGuid, range] as const;
}

/** Another range keeps the previous rows on screen under an 'Updating...' overlay until its answer comes. */
export function useMapStats(playerName: string, serverGuid: string, range: MapStatsRange) {
  return useQuery({
    queryKey: mapStatsQueryKey(playerName, serverGuid, range),
    queryFn: ({ signal }) =>
      apiGet<MapStatsResponse>(
        `/players/${encodeURIComponent(playerName)}/server/${encodeURIComponent(serverGuid)}/mapstats`,
        { query: { range }, signal },
      ),
    placeholderData: keepPreviousData,
    retry: retryServerFailuresOnce,
  });
}

function gamificationQueryKey(playerName: string) {
  return ['gamification', 'player', playerName] as const;
}

/**
 * GET /stats/gamification/player/{playerName} (§7): the profile's Achievements & Streaks. Its own query, so the
 * rest of the profile never waits for it.
 */
export function usePlayerGamification(playerName: string) {
  return useQuery({
    queryKey: gamificationQueryKey(playerName),
    queryFn: ({ signal }) =>
      apiGet<GamificationResponse>(`/gamification/player/${encodeURIComponent(playerName)}`, { signal }),
    retry: retryServerFailuresOnce,
  });
}

function achievementsPageQueryKey(query: Record<string, QueryValue>) {
  return ['gamification', 'achievements', query] as const;
}

/**
 * GET /stats/gamification/achievements (§7 "query playerName, page, pageSize, sortBy=AchievedAt, sortOrder=desc,
 * optional mapName, optional achievementId"). The previous page stays on screen while the next one loads.
 */
export function usePlayerAchievements(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: achievementsPageQueryKey(query),
    queryFn: ({ signal }) => apiGet<AchievementsPageResponse>('/gamification/achievements', { query, signal }),
    placeholderData: keepPreviousData,
    retry: retryServerFailuresOnce,
  });
}

function similarPlayersQueryKey(playerName: string, mode: SimilarityMode) {
  return ['players', 'similar', playerName, mode] as const;
}

/**
 * GET /stats/players/{playerName}/similar?mode= (§7): the Player Intelligence panel, asked only once the panel is
 * opened. Each mode is its own query, so switching back shows the answer already fetched.
 */
export function useSimilarPlayers(playerName: string, mode: SimilarityMode) {
  return useQuery({
    queryKey: similarPlayersQueryKey(playerName, mode),
    queryFn: ({ signal }) =>
      apiGet<SimilarPlayersResponse>(`/players/${encodeURIComponent(playerName)}/similar`, {
        query: { mode },
        signal,
      }),
    retry: retryServerFailuresOnce,
  });
}
