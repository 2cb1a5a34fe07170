import { DEFAULT_GAME, findGame, type GameId } from '@frontline/contract';
import { paths } from '../../../lib/paths.ts';

/**
 * Which game a profiled server belongs to, for the live-info call and the back button (spec: site-statistics
 * §4 "Live game id falls back on the server name: contains fh2 gives fh2; contains vietnam or bfv gives
 * bfvietnam; else bf1942"; §2 "Back goes to /servers/fh2, /servers/bfv, /servers/bf1942 (default when game
 * unknown), or /servers when none").
 */

function gameIdFromServerName(serverName: string): GameId {
  const name = serverName.toLowerCase();
  if (name.includes('fh2')) return 'fh2';
  if (name.includes('vietnam') || name.includes('bfv')) return 'bfvietnam';
  return 'bf1942';
}

/** The details' game when it names one we know, else the guess from the server's name. */
export function resolveLiveGameId(gameId: string | null | undefined, serverName: string): GameId {
  return (gameId ? findGame(gameId)?.id : undefined) ?? gameIdFromServerName(serverName);
}

/**
 * Where Back goes when there is no in-app history: the browser of the server's game; the BF1942 browser
 * for a game we do not know; /servers while the server itself is unknown (not loaded, or not found).
 */
export function backFallbackPath(gameId: string | null | undefined): string {
  if (gameId === undefined) return '/servers';
  const game = (gameId ? findGame(gameId) : undefined) ?? DEFAULT_GAME;
  return paths.serverBrowser(game.routeSlug);
}
