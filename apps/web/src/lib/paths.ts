import type { GameRouteSlug } from '@frontline/contract';

/**
 * Builders for every link with a name in it. Player and server names can hold spaces, slashes, '#', '%',
 * '?' and any script, so each is encoded as one path segment; React Router decodes them back.
 */

export const DEFAULT_SERVERS_PATH = '/servers/bf1942';

/** The server browser's ALL tab: the three games on one page, with a route of its own so reload and Back keep it. */
export const ALL_GAMES_SLUG = 'all';

/** `?key=value…` of the given values (none: ''). */
function withQuery(values: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const paths = {
  serverBrowser: (game: GameRouteSlug | typeof ALL_GAMES_SLUG) => `/servers/${game}`,
  server: (serverName: string) => `/servers/${encodeURIComponent(serverName)}`,
  serverRankings: (serverName: string) => `/servers/${encodeURIComponent(serverName)}/rankings`,
  /** Optionally on one map (§2 "optional query mapName"). */
  serverSessions: (serverName: string, mapName?: string) =>
    `/servers/${encodeURIComponent(serverName)}/sessions` + withQuery({ mapName }),
  /** Find Players, optionally searching for a name (its URL state, players-query.ts). */
  players: (playerName?: string) => '/players' + withQuery({ playerName }),
  player: (playerName: string) => `/players/${encodeURIComponent(playerName)}`,
  /** Optionally on one map and server (§2 "optional query map and server"). */
  playerSessions: (playerName: string, filters: { map?: string; server?: string } = {}) =>
    `/players/${encodeURIComponent(playerName)}/sessions` + withQuery(filters),
  playerAchievements: (playerName: string) => `/players/${encodeURIComponent(playerName)}/achievements`,
  compare: (player1?: string, player2?: string) => {
    const query = new URLSearchParams();
    if (player1) query.set('player1', player1);
    if (player2) query.set('player2', player2);
    const text = query.toString();
    return text ? `/players/compare?${text}` : '/players/compare';
  },
  roundReport: (roundId: string, highlightPlayers: readonly string[] = []) =>
    `/rounds/${encodeURIComponent(roundId)}/report` +
    (highlightPlayers.length ? `?players=${encodeURIComponent(highlightPlayers.join(','))}` : ''),
};
