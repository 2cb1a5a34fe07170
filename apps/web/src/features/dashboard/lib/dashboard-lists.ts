import type { AccountProfileResponse, Buddy, FavoriteServer, LivePlayer } from '@frontline/contract';
import { formatRelativeTime } from '../../../lib/format.ts';
import { occupancyState, type OccupancyState } from '../../../lib/occupancy.ts';

/**
 * The rules of the dashboard's three lists (spec: site-account-and-realtime §2 "Dashboard screen", §4
 * "Dashboard", §5, §8, §9), apart from their screens.
 */

export type ListKind = 'playerNames' | 'favoriteServers' | 'buddies';

export interface DashboardLists {
  playerNames: AccountProfileResponse['playerNames'];
  favoriteServers: AccountProfileResponse['favoriteServers'];
  buddies: AccountProfileResponse['buddies'];
}

export const EMPTY_LISTS: DashboardLists = { playerNames: [], favoriteServers: [], buddies: [] };

export const LOAD_FAILED_MESSAGE = 'Failed to load dashboard data';

/** The words of each list: section, empty state, add modal, failures (spec §2, §5 and §8). */
export const LIST_TEXTS: Record<
  ListKind,
  {
    section: string;
    description: string;
    emptyTitle: string;
    emptyText: string;
    emptyButton: string;
    addLabel: string;
    modalTitle: string;
    submitLabel: string;
    addFailed: string;
    removeFailed: string;
  }
> = {
  playerNames: {
    section: 'Your Battlefield Profiles',
    description: 'The names you play under, live from the servers.',
    emptyTitle: 'No Player Profiles Yet',
    emptyText: 'Link the names you play under to follow your own battles here.',
    emptyButton: 'Add Your First Player',
    addLabel: 'Add player profile',
    modalTitle: 'Add Player Profile',
    submitLabel: 'Add Player',
    addFailed: 'Failed to add player profile. Please try again.',
    removeFailed: 'Failed to remove player name',
  },
  favoriteServers: {
    section: 'Favorite Servers',
    description: 'The servers you play on: map, players and a way in.',
    emptyTitle: 'No Favorite Servers',
    emptyText: 'Keep the servers you play on at hand, with their map and how full they are.',
    emptyButton: 'Add Server',
    addLabel: 'Add favorite server',
    modalTitle: 'Add Favorite Server',
    submitLabel: 'Add Server',
    addFailed: 'Failed to add server to favorites. Please try again.',
    removeFailed: 'Failed to remove favorite server',
  },
  buddies: {
    section: 'Your Squad',
    description: 'The players you fight alongside, online first.',
    emptyTitle: 'No Squad Members Yet',
    emptyText: 'Add the players you fight alongside to see when they are on a server.',
    emptyButton: 'Search Players',
    addLabel: 'Add squad member',
    modalTitle: 'Add Squad Member',
    submitLabel: 'Add to Squad',
    addFailed: 'Failed to add player to squad. Please try again.',
    removeFailed: 'Failed to remove buddy',
  },
};

/** An add of an item the list already holds: said in the modal, which stays open (the server adds nothing). */
export function alreadyListedMessage(kind: ListKind, name: string): string {
  return `${name} is already in ${LIST_TEXTS[kind].section}.`;
}

/** Spec §5. */
export const SELECT_PLAYER_MESSAGE = 'Please select a player from the search results.';
export const SELECT_SERVER_MESSAGE = 'Please select a server from the search results.';

const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Spec §4: "Buddies are sorted online first, then alphabetically by buddyPlayerName." */
export function sortBuddies(buddies: readonly Buddy[]): Buddy[] {
  return [...buddies].sort(
    (a, b) =>
      Number(b.player?.isOnline ?? false) - Number(a.player?.isOnline ?? false) ||
      nameCollator.compare(a.buddyPlayerName, b.buddyPlayerName),
  );
}

export type Presence =
  | { kind: 'playing'; serverName: string; mapName: string | null }
  | { kind: 'online' }
  | { kind: 'offline'; lastSeen: string };

/**
 * Spec §2 "Cards: a player or buddy is online if isOnline is set. With a current server it shows the server link
 * and map; without one it shows 'Online'; offline shows a relative last-seen." A name the collector has never
 * seen has no last sighting.
 */
export function describePresence(player: LivePlayer | null, now: Date): Presence {
  if (player?.isOnline) {
    return player.currentServer
      ? { kind: 'playing', serverName: player.currentServer, mapName: player.currentMap }
      : { kind: 'online' };
  }
  const seen = player?.lastSeenIso;
  return { kind: 'offline', lastSeen: seen ? `Last seen ${formatRelativeTime(seen, now)}` : 'Not seen yet' };
}

/** Spec §2: "A favourite server with no currentMap is offline." */
export function isServerOffline(server: FavoriteServer): boolean {
  return server.currentMap === null;
}

/**
 * Spec §2 "Server fill badge intensity steps: empty, under 50%, 50%, 75%, full": the site's occupancy states
 * (lib/occupancy.ts), from faint to strong.
 */
export const FILL_BADGE_CLASSES: Record<Exclude<OccupancyState, 'offline'>, string> = {
  empty: 'border-line bg-sunken text-faint',
  low: 'border-good/25 bg-good/10 text-good',
  // On the stronger tints the tone's own colour falls under WCAG AA's 4.5:1 in the light theme: the tint says it.
  active: 'border-good/45 bg-good/25 text-ink',
  hot: 'border-warn/50 bg-warn/25 text-ink',
  full: 'border-danger/50 bg-danger/25 text-ink',
};

export function serverFill(server: FavoriteServer): OccupancyState {
  return isServerOffline(server) ? 'offline' : occupancyState(server.activeSessions, server.maxPlayers);
}
