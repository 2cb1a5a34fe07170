import type { BusyIndicatorResponse } from '@frontline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBatches, type BusyResult } from '../lib/busy.ts';

/**
 * GET /stats/GameTrends/busy-indicator?serverGuids=…&serverGuids=… (spec: site-statistics §7 "serverGuids
 * repeated; empty list makes no call; batches of 25 guids; reads serverResults"; "busy indicator failure is a
 * silent warning").
 */

export function busyIndicatorQueryKey(guids: readonly string[], version: BusyVersion) {
  return ['busy-indicator', guids, version] as const;
}

/**
 * What makes an answer out of date besides the guids: the UTC hour (spec: "the forecast also reloads when
 * the UTC hour changes") and, for the list's top servers, which list load it belongs to.
 */
export interface BusyVersion {
  utcHour: number;
  listLoadedAt?: number;
}

/** Every batch in parallel; a failed batch is logged and left out, so the others still show. */
export async function fetchBusyIndicators(guids: readonly string[], signal?: AbortSignal): Promise<BusyResult[]> {
  const batches = toBatches(guids);
  const answers = await Promise.all(
    batches.map(async (batch) => {
      try {
        const response = await apiGet<BusyIndicatorResponse>('/GameTrends/busy-indicator', {
          query: { serverGuids: batch },
          signal,
        });
        return response.serverResults ?? [];
      } catch (error) {
        if (signal?.aborted) throw error;
        console.warn('Failed to get server busy indicators', error);
        return [];
      }
    }),
  );
  return answers.flat();
}

function indexByGuid(results: BusyResult[]): ReadonlyMap<string, BusyResult> {
  return new Map(results.map((result) => [result.serverGuid, result]));
}

/** The busy indicators of `guids`, by guid. Never errors: a failure leaves the map empty (after a warning). */
export function useBusyIndicators(
  guids: readonly string[],
  version: BusyVersion,
  enabled = true,
): ReadonlyMap<string, BusyResult> | undefined {
  const query = useQuery({
    queryKey: busyIndicatorQueryKey(guids, version),
    queryFn: ({ signal }) => fetchBusyIndicators(guids, signal),
    enabled: enabled && guids.length > 0,
    // The next load replaces the last one without the badges blinking out in between.
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    select: indexByGuid,
  });
  return query.data;
}

/** One server's indicator, fetched when its forecast is opened and the list's top servers did not include it. */
export function useServerBusyIndicator(guid: string, utcHour: number, enabled: boolean) {
  const guids = guid ? [guid] : [];
  const query = useQuery({
    queryKey: busyIndicatorQueryKey(guids, { utcHour }),
    queryFn: ({ signal }) => fetchBusyIndicators(guids, signal),
    enabled: enabled && guids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { result: query.data?.find((item) => item.serverGuid === guid), isLoading: query.isLoading };
}
