import type { LiveServer } from './live-servers.ts';

/** Spec §9: "Busy indicators for top 10 servers". */
export const BUSY_TOP_SERVERS = 10;

/**
 * The guids whose busy indicator the server browser asks for: the `limit` busiest servers (most players first,
 * as the refetch sorts them), skipping servers without a guid and repeats. Shared by the browser and the
 * server, which preloads the same call while the browser downloads the app.
 */
export function selectBusyGuids(
  servers: readonly Pick<LiveServer, 'guid' | 'numPlayers'>[],
  limit: number = BUSY_TOP_SERVERS,
): string[] {
  const byPlayers = servers
    .map((server, index) => ({ server, index }))
    // Stable: equal player counts keep the list's order.
    .sort((a, b) => b.server.numPlayers - a.server.numPlayers || a.index - b.index);
  const guids: string[] = [];
  for (const { server } of byPlayers) {
    if (guids.length >= limit) break;
    const guid = server.guid.trim();
    if (guid === '' || guids.includes(guid)) continue;
    guids.push(guid);
  }
  return guids;
}
