import type { LandingSummaryResponse, PlayersListResponse } from '@frontline/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { LiveGameId } from '../../../lib/live-lists.ts';

/**
 * The calls of the server browser's Game Trends and Playing Now sections (spec: site-statistics §2 "Game trends and
 * sessions/players list sections exist"; §7 "GET /stats/GameTrends/landing-summary | query game; reads insights
 * incl. forecast"; §9 "landing sessions default 10").
 */

/** Spec §9: "landing sessions default 10". */
const PLAYING_NOW_PAGE_SIZE = 10;

/** As the list (spec §9 "Server list refresh 300000 ms"): the forecast moves by the hour, who plays by the poll. */
const SECTIONS_REFRESH_MS = 300_000;

export function landingSummaryQueryOptions(game: LiveGameId) {
  return {
    queryKey: ['game-trends', 'landing-summary', game] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      apiGet<LandingSummaryResponse>('/GameTrends/landing-summary', { query: { game }, signal }),
    refetchInterval: SECTIONS_REFRESH_MS,
  };
}

/** One page of the players online, of one game (`game`) or of all three (ALL); seen most recently first. */
export function playingNowQueryOptions(game: LiveGameId | undefined, page: number) {
  return {
    queryKey: ['players', 'playing-now', game ?? 'all', page] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      apiGet<PlayersListResponse>('/players', {
        query: { isActive: true, game, page, pageSize: PLAYING_NOW_PAGE_SIZE },
        signal,
      }),
    refetchInterval: SECTIONS_REFRESH_MS,
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  };
}
