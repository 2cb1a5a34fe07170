/** The three games Frontline follows, with every name the product uses for each. */
export const GAMES = [
  { id: 'bf1942', routeSlug: 'bf1942', mode: '42', name: 'Battlefield 1942', shortName: 'BF1942' },
  { id: 'fh2', routeSlug: 'fh2', mode: 'FH2', name: 'Forgotten Hope 2', shortName: 'FH2' },
  { id: 'bfvietnam', routeSlug: 'bfv', mode: 'BFV', name: 'Battlefield Vietnam', shortName: 'BFV' },
] as const;

export type Game = (typeof GAMES)[number];
export type GameId = Game['id'];
export type GameRouteSlug = Game['routeSlug'];

export const DEFAULT_GAME: Game = GAMES[0];

/** Finds a game by id, route slug or mode value ('bfv', '42', 'FH2', …), case-insensitively. */
export function findGame(key: string): Game | undefined {
  const wanted = key.toLowerCase();
  return GAMES.find((game) => game.id === wanted || game.routeSlug === wanted || game.mode.toLowerCase() === wanted);
}
