import type { DashboardFavoriteServer, OfflineBuddy, OnlineBuddy } from '@frontline/contract';
import { parseApiTimestamp } from '../../../lib/format.ts';

/** The social tab's list rules (spec: site-account-and-realtime §2 "Social side panel"), apart from its screen. */

/** Spec §2 "Online buddies"; by name, so the list does not jump between refreshes. */
export function sortOnlineBuddies(buddies: readonly OnlineBuddy[]): OnlineBuddy[] {
  return [...buddies].sort((a, b) => a.playerName.localeCompare(b.playerName));
}

/** Spec §2 "Offline buddies (sorted by last seen, newest first)"; a name never seen goes last. */
export function sortOfflineBuddies(buddies: readonly OfflineBuddy[]): OfflineBuddy[] {
  const seenAt = (buddy: OfflineBuddy) => {
    const time = buddy.lastSeen === null ? Number.NaN : parseApiTimestamp(buddy.lastSeen).getTime();
    return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
  };
  // Two never-seen names give NaN (-Infinity minus -Infinity), which is falsy: their names decide.
  return [...buddies].sort((a, b) => seenAt(b) - seenAt(a) || a.playerName.localeCompare(b.playerName));
}

/** Spec §2 "map name or 'Unknown Map'". */
export const UNKNOWN_MAP = 'Unknown Map';

/** No map means no live snapshot of the server: it is offline (as on the dashboard's cards). */
export function isFavoriteOffline(server: DashboardFavoriteServer): boolean {
  return server.currentMap === null || !(server.maxPlayers > 0);
}

/** How full the server is, 0 to 100, for its fill bar. */
export function fillPercent(server: DashboardFavoriteServer): number {
  if (isFavoriteOffline(server)) return 0;
  return Math.min(100, Math.max(0, (server.currentPlayers / server.maxPlayers) * 100));
}
