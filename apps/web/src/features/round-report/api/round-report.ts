import type { RoundAchievementsResponse, RoundReportResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { retryServerFailuresOnce } from '../../../lib/query-retry.ts';

/**
 * GET /stats/rounds/{roundId}/report (spec: site-statistics §7). The answer is typed by the contract, not parsed:
 * zod stays out of the browser.
 */

function roundReportQueryKey(roundId: string) {
  return ['rounds', roundId, 'report'] as const;
}

function fetchRoundReport(roundId: string, signal?: AbortSignal): Promise<RoundReportResponse> {
  return apiGet<RoundReportResponse>(`/rounds/${encodeURIComponent(roundId)}/report`, { signal });
}

/** The collector polls every server every 30 s: a live round's report is out of date after one poll. */
const LIVE_REPORT_STALE_MS = 30_000;
/** A closed round's awards are written once, shortly after it closes. */
const ROUND_AWARDS_STALE_MS = 5 * 60_000;

/** A finished round's report can no longer change, so it never goes stale; a live one grows a poll at a time. */
export function useRoundReport(roundId: string) {
  return useQuery({
    queryKey: roundReportQueryKey(roundId),
    queryFn: ({ signal }) => fetchRoundReport(roundId, signal),
    staleTime: (query) =>
      query.state.data?.round.isActive === false ? Number.POSITIVE_INFINITY : LIVE_REPORT_STALE_MS,
    retry: retryServerFailuresOnce,
  });
}

function roundAchievementsQueryKey(roundId: string) {
  return ['gamification', 'round', roundId] as const;
}

/**
 * GET /stats/gamification/round/{roundId}: the round's awards. They are computed after the round closes, so a
 * round being played has none yet; a closed round's are asked again only after a while, as they may still be
 * queued when the report opens.
 */
export function useRoundAchievements(roundId: string, roundIsActive: boolean) {
  return useQuery({
    queryKey: roundAchievementsQueryKey(roundId),
    queryFn: ({ signal }) =>
      apiGet<RoundAchievementsResponse>(`/gamification/round/${encodeURIComponent(roundId)}`, { signal }),
    staleTime: roundIsActive ? LIVE_REPORT_STALE_MS : ROUND_AWARDS_STALE_MS,
    retry: retryServerFailuresOnce,
  });
}
