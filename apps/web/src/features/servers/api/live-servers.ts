import type { LiveServer, LiveServersResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LIVE_GAMES, liveServersQueryOptions, type LiveGameId } from '../../../lib/live-lists.ts';

/** The server browser's live list of one or more games (the queries: lib/live-lists.ts). */

export type { LiveGameId };

export interface LiveServerList {
  servers: LiveServer[];
  /** The oldest successful listing among the games shown (ISO), null if any was never listed. */
  lastUpdated: string | null;
  stale: boolean;
  isPending: boolean;
  /** Set when a game's list failed and there is nothing to show for it. */
  isError: boolean;
  isFetching: boolean;
  /** When the newest answer arrived (ms); changes on every successful refresh, 0 before the first. */
  dataUpdatedAt: number;
  refetch: () => void;
}

function useLiveServersQuery(game: LiveGameId, enabled: boolean) {
  return useQuery({
    ...liveServersQueryOptions(game),
    enabled,
    // Switching games shows fresh rows; the cache only bridges the wait.
    refetchOnMount: 'always',
  });
}

function mergeLists(responses: readonly (LiveServersResponse | undefined)[]) {
  const servers: LiveServer[] = [];
  let lastUpdated: string | null = null;
  let neverListed = false;
  let stale = false;
  for (const data of responses) {
    if (!data) continue;
    servers.push(...(data.servers ?? []));
    stale ||= data.stale === true;
    if (data.lastUpdated === null) neverListed = true;
    else if (lastUpdated === null || Date.parse(data.lastUpdated) < Date.parse(lastUpdated)) {
      lastUpdated = data.lastUpdated;
    }
  }
  return { servers, lastUpdated: neverListed ? null : lastUpdated, stale };
}

/**
 * The live lists of one or more games (ALL shows all three), each its own cached query refreshed every
 * 5 minutes. Three fixed queries, switched on per game, cost less page weight than `useQueries`.
 */
export function useLiveServers(games: readonly LiveGameId[]): LiveServerList {
  const wanted = LIVE_GAMES.map((game) => games.includes(game));
  const bf1942 = useLiveServersQuery('bf1942', wanted[0] === true);
  const fh2 = useLiveServersQuery('fh2', wanted[1] === true);
  const bfvietnam = useLiveServersQuery('bfvietnam', wanted[2] === true);
  const results = [bf1942, fh2, bfvietnam].filter((_, index) => wanted[index]);

  const bf1942Data = wanted[0] ? bf1942.data : undefined;
  const fh2Data = wanted[1] ? fh2.data : undefined;
  const bfvietnamData = wanted[2] ? bfvietnam.data : undefined;
  const merged = useMemo(() => mergeLists([bf1942Data, fh2Data, bfvietnamData]), [bf1942Data, fh2Data, bfvietnamData]);

  return {
    ...merged,
    isPending: results.some((result) => result.isPending && !result.isError),
    isError: results.some((result) => result.isError && result.data === undefined),
    isFetching: results.some((result) => result.isFetching),
    dataUpdatedAt: results.reduce((latest, result) => Math.max(latest, result.dataUpdatedAt), 0),
    refetch: () => {
      for (const result of results) if (result.isError || !result.isFetching) void result.refetch();
    },
  };
}
