import { BUSY_TOP_SERVERS, toBatches, type BusyIndicatorResponse } from '@frontline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../api-client.ts';
import type { BusyResult } from './busy.ts';

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

function useBusyQuery(guids: readonly string[], version: BusyVersion, enabled: boolean) {
  return useQuery({
    queryKey: busyIndicatorQueryKey(guids, version),
    queryFn: ({ signal }) => fetchBusyIndicators(guids, signal),
    enabled: enabled && guids.length > 0,
    // The next load replaces the last one without the badges blinking out in between.
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    select: indexByGuid,
  });
}

/**
 * The busy indicators of the list's `guids` (busiest first), by guid. The first BUSY_TOP_SERVERS come in one call,
 * the very one the server preloads with the page (spec §9 "Busy indicators for top 10 servers"); the others
 * follow once it has answered, in batches of 25, so no row waits for good behind a placeholder. Never errors:
 * a failed batch is left out (after a warning).
 */
export function useBusyIndicators(
  guids: readonly string[],
  version: BusyVersion,
  enabled = true,
): ReadonlyMap<string, BusyResult> | undefined {
  const top = useBusyQuery(guids.slice(0, BUSY_TOP_SERVERS), version, enabled);
  const rest = useBusyQuery(guids.slice(BUSY_TOP_SERVERS), version, enabled && top.isFetched && !top.isPlaceholderData);
  return useMemo(
    () => (top.data && rest.data ? new Map([...top.data, ...rest.data]) : (top.data ?? rest.data)),
    [top.data, rest.data],
  );
}
