import type { LiveServer, LiveServersResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';
import { countOf } from './plural.ts';

/**
 * GET /stats/liveservers/{game}/servers (spec: site-statistics §7 "reads servers"): each game's live list, one cached
 * query per game, shared by the server browser and every count of "players online" (docs/formulas.md "Player count
 * of a server"), so both read the same list.
 */

export type LiveGameId = LiveServer['game'];

export const LIVE_GAMES: readonly LiveGameId[] = ['bf1942', 'fh2', 'bfvietnam'];

/** Spec §9: "Server list refresh 300000 ms." */
const SERVER_LIST_REFRESH_MS = 300_000;

export function liveServersQueryOptions(game: LiveGameId) {
  return {
    queryKey: ['liveservers', game] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      apiGet<LiveServersResponse>(`/liveservers/${encodeURIComponent(game)}/servers`, { signal }),
    refetchInterval: SERVER_LIST_REFRESH_MS,
  };
}

/**
 * Players online = the people of the listed servers summed (bots left out, two people sharing a name counted as
 * two): the server browser's own total. Null until every list has answered.
 */
export function sumPeopleOnline(lists: readonly (LiveServersResponse | undefined)[]): number | null {
  if (lists.some((list) => list === undefined)) return null;
  return lists.reduce(
    (sum, list) => sum + (list?.servers ?? []).reduce((people, server) => people + Math.max(0, server.numPlayers), 0),
    0,
  );
}

/**
 * The lists of the games shown as the page's own list has them, read from the cache and never fetched here
 * (`enabled: false`): the list fetches and refreshes them, and a second fetch would only make the two disagree.
 * Undefined for a game not shown or not answered yet.
 */
export function useListedGames(games: readonly LiveGameId[]): (LiveServersResponse | undefined)[] {
  const read = (game: LiveGameId) => ({ ...liveServersQueryOptions(game), enabled: false });
  const lists = [useQuery(read('bf1942')).data, useQuery(read('fh2')).data, useQuery(read('bfvietnam')).data];
  return games.map((game) => lists[LIVE_GAMES.indexOf(game)]);
}

/** The players online on all three games, by the server lists' rule; null while a list is missing. */
export function usePlayersOnline(): number | null {
  const bf1942 = useQuery(liveServersQueryOptions('bf1942'));
  const fh2 = useQuery(liveServersQueryOptions('fh2'));
  const bfvietnam = useQuery(liveServersQueryOptions('bfvietnam'));
  return sumPeopleOnline([bf1942.data, fh2.data, bfvietnam.data]);
}

/**
 * A list of the players online, counted: how many are online by the server lists' rule, then the names it lists,
 * which are those seen on a server in the last 5 minutes (a player who just left is still listed, two people sharing
 * a name are one name): "264 players online · 280 names seen in the last 5 minutes". Without the lists' figure yet,
 * only the names.
 */
export function playersOnlineSummary(playersOnline: number | null, namesListed: number): string {
  const listed = `${countOf(namesListed, 'name')} seen in the last 5 minutes`;
  return playersOnline === null ? listed : `${countOf(playersOnline, 'player')} online · ${listed}`;
}
