import type { GameId, LiveServerDetail, ServerDetailsResponse, ServerInsightsResponse } from '@frontline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { BusyResult } from '../../../lib/busy/busy.ts';
import { busyIndicatorQueryKey } from '../../../lib/busy/busy-indicators.ts';
import type { InsightDays } from '../lib/insights.ts';

/**
 * The server profile's calls (spec: site-statistics §7 "GET /stats/servers/{name} query
 * minPlayersForWeighting", "GET /stats/servers/{name}/insights query days (default 1)", "GET
 * /stats/liveservers/{game}/{ip}/{port}", "GET /stats/GameTrends/busy-indicator"; §4 "details (with min
 * players for weighting) and insights (period) load in parallel; if details succeed, live info and busy
 * indicator load"). Answers are typed by the contract and not parsed with zod: zod stays out of the browser.
 */

function serverDetailsQueryKey(serverName: string, minPlayersForWeighting: number) {
  return ['servers', serverName, 'details', minPlayersForWeighting] as const;
}

function fetchServerDetails(
  serverName: string,
  minPlayersForWeighting: number,
  signal?: AbortSignal,
): Promise<ServerDetailsResponse> {
  return apiGet<ServerDetailsResponse>(`/servers/${encodeURIComponent(serverName)}`, {
    query: { minPlayersForWeighting },
    signal,
  });
}

function serverInsightsQueryKey(serverName: string, days: InsightDays) {
  return ['servers', serverName, 'insights', days] as const;
}

function fetchServerInsights(
  serverName: string,
  days: InsightDays,
  signal?: AbortSignal,
): Promise<ServerInsightsResponse> {
  return apiGet<ServerInsightsResponse>(`/servers/${encodeURIComponent(serverName)}/insights`, {
    query: { days },
    signal,
  });
}

function liveServerQueryKey(game: GameId, ip: string, port: number) {
  return ['liveservers', game, ip, port] as const;
}

function fetchLiveServer(game: GameId, ip: string, port: number, signal?: AbortSignal): Promise<LiveServerDetail> {
  return apiGet<LiveServerDetail>(
    `/liveservers/${encodeURIComponent(game)}/${encodeURIComponent(ip)}/${encodeURIComponent(String(port))}`,
    { signal },
  );
}

/**
 * A single server's busy indicator. The browser's batch helper turns failures into a silent empty answer;
 * the profile shows a failure ('Failed to load server activity forecast.'), so this call lets it through.
 * Same key and answer shape as the browser's one-server lookup, so a forecast opened there is reused here.
 */
async function fetchServerBusyIndicator(guid: string, signal?: AbortSignal): Promise<BusyResult[]> {
  const response = await apiGet<{ serverResults?: BusyResult[] }>('/GameTrends/busy-indicator', {
    query: { serverGuids: [guid] },
    signal,
  });
  return response.serverResults ?? [];
}

/** A 404 must not be retried: the name is simply not a server Frontline knows. */
function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !('status' in error && error.status === 404);
}

/** Details refetch only when the minimum players change; the last answer stays on screen meanwhile. */
export function useServerDetails(serverName: string, minPlayersForWeighting: number) {
  return useQuery({
    queryKey: serverDetailsQueryKey(serverName, minPlayersForWeighting),
    queryFn: ({ signal }) => fetchServerDetails(serverName, minPlayersForWeighting, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessNotFound,
  });
}

/** Spec §4: switching the period keeps the old figures under a loading overlay until the new ones come. */
export function useServerInsights(serverName: string, days: InsightDays) {
  return useQuery({
    queryKey: serverInsightsQueryKey(serverName, days),
    queryFn: ({ signal }) => fetchServerInsights(serverName, days, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessNotFound,
  });
}

/** The collector polls every 30 s; the players panel follows it. */
const LIVE_SERVER_REFRESH_MS = 30_000;

export function useLiveServer(target: { game: GameId; ip: string; port: number } | null) {
  return useQuery({
    queryKey: liveServerQueryKey(target?.game ?? 'bf1942', target?.ip ?? '', target?.port ?? 0),
    queryFn: ({ signal }) => {
      if (!target) throw new Error('no server to ask for');
      return fetchLiveServer(target.game, target.ip, target.port, signal);
    },
    enabled: target !== null,
    refetchInterval: LIVE_SERVER_REFRESH_MS,
    // A server that is not listed right now answers 404: nothing to retry, and nothing to show.
    retry: false,
  });
}

export function useServerBusyForecast(guid: string | null, utcHour: number) {
  return useQuery({
    queryKey: busyIndicatorQueryKey(guid ? [guid] : [], { utcHour }),
    queryFn: ({ signal }) => fetchServerBusyIndicator(guid ?? '', signal),
    enabled: guid !== null && guid !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    select: (results: BusyResult[]) => results.find((result) => result.serverGuid === guid),
  });
}
