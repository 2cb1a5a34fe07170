import type {
  AccountProfileResponse,
  Buddy,
  FavoriteServer,
  PlayerNameLink,
  PlayerSearchResponse,
  PlayerSearchResult,
  ServerSearchResponse,
  ServerSearchResult,
} from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { authDelete, authGet, authPost } from '../../../lib/auth/auth-api.ts';
import { SEARCH_PAGE_SIZE } from '../../../lib/search-rules.ts';
import type { ListKind } from '../lib/dashboard-lists.ts';

/**
 * The dashboard's calls (spec: site-account-and-realtime §7): the profile it reads everything from, the add and
 * remove calls of its three lists, and the two searches of its add modals.
 */

/** Keyed by the user as well, so a different account signing in on this page never sees the previous one's lists. */
export const profileQueryKey = (userId: number | null) => ['auth', 'profile', userId] as const;

/** GET /stats/auth/profile, only while signed in (spec §4 "Signed out: lists are empty and nothing is fetched"). */
export function useAccountProfile(signedIn: boolean, userId: number | null) {
  return useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => authGet<AccountProfileResponse>('/auth/profile', { signal }),
    enabled: signedIn,
  });
}

const LIST_PATHS: Record<ListKind, string> = {
  playerNames: '/auth/player-names',
  favoriteServers: '/auth/favorite-servers',
  buddies: '/auth/buddies',
};

export type AddRequest =
  | { kind: 'playerNames'; body: { playerName: string } }
  | { kind: 'favoriteServers'; body: { serverGuid: string } }
  | { kind: 'buddies'; body: { buddyPlayerName: string } };

/** What an add answers: the item as listed (201 when new, 200 when the user already had it). */
type ListedItem = PlayerNameLink | FavoriteServer | Buddy;

/** POST: 201 with the new item, or 200 with the one already listed. */
export function addListItem({ kind, body }: AddRequest): Promise<ListedItem> {
  return authPost<ListedItem>(LIST_PATHS[kind], body);
}

/** The name an item is shown by, whichever list it belongs to. */
export function listedItemName(item: ListedItem): string {
  if ('buddyPlayerName' in item) return item.buddyPlayerName;
  if ('serverName' in item) return item.serverName;
  return item.playerName;
}

export function removeListItem(kind: ListKind, id: number): Promise<unknown> {
  return authDelete(`${LIST_PATHS[kind]}/${id}`);
}

/** GET /stats/Players/search?query=…&pageSize=10 (anonymous, as everywhere on the site). */
export async function searchPlayers(query: string, signal: AbortSignal): Promise<PlayerSearchResult[]> {
  const answer = await apiGet<PlayerSearchResponse>('/Players/search', {
    query: { query, pageSize: SEARCH_PAGE_SIZE },
    signal,
  });
  return answer.items ?? [];
}

/** GET /stats/servers/search?query=…&page=1&pageSize=10. */
export async function searchServers(query: string, signal: AbortSignal): Promise<ServerSearchResult[]> {
  const answer = await apiGet<ServerSearchResponse>('/servers/search', {
    query: { query, page: 1, pageSize: SEARCH_PAGE_SIZE },
    signal,
  });
  return answer.items ?? [];
}
