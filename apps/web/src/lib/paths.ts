import type { GameRouteSlug } from '@frontline/contract';

/**
 * Builders for every link with a name in it. Player and server names can hold spaces, slashes, '#', '%',
 * '?' and any script, so each is encoded as one path segment; React Router decodes them back.
 */

export const DEFAULT_SERVERS_PATH = '/servers/bf1942';

export const paths = {
  serverBrowser: (game: GameRouteSlug) => `/servers/${game}`,
  server: (serverName: string) => `/servers/${encodeURIComponent(serverName)}`,
  serverRankings: (serverName: string) => `/servers/${encodeURIComponent(serverName)}/rankings`,
  serverSessions: (serverName: string) => `/servers/${encodeURIComponent(serverName)}/sessions`,
  players: () => '/players',
  player: (playerName: string) => `/players/${encodeURIComponent(playerName)}`,
  playerSessions: (playerName: string) => `/players/${encodeURIComponent(playerName)}/sessions`,
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
