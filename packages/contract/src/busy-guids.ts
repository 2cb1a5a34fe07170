import type { LiveServer } from './live-servers.ts';

/** Spec §9: "Busy indicators for top 10 servers, 25 guids per batch." */
export const BUSY_TOP_SERVERS = 10;
const BUSY_BATCH_SIZE = 25;

/** Splits `items` into consecutive batches of at most `size` (the busy indicator is asked 25 guids at a time). */
export function toBatches<T>(items: readonly T[], size: number = BUSY_BATCH_SIZE): T[][] {
  if (size < 1) throw new RangeError('batch size must be at least 1');
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * The busy-indicator calls the server browser makes for a list, in order: the top servers in one call, then every
 * other server busiest first, 25 at a time. The server preloads exactly these with the page, so that no row's
 * badge waits for a round trip after the app has started.
 */
export function busyGuidBatches(servers: readonly Pick<LiveServer, 'guid' | 'numPlayers'>[]): string[][] {
  const guids = selectBusyGuids(servers, servers.length);
  return [guids.slice(0, BUSY_TOP_SERVERS), ...toBatches(guids.slice(BUSY_TOP_SERVERS))].filter(
    (batch) => batch.length > 0,
  );
}

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
