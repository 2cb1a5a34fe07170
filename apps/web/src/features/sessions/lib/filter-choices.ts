import { GAMES, type GameId } from '@frontline/contract';

/**
 * The choices of a sessions list's filter (spec: site-statistics §2 Server sessions "Filters for map, server,
 * game type (options from loaded items)"). Frontline offers more than the loaded page: the API's choices over
 * every round the other filters match (`GET /stats/rounds/filter-options`), so a map played only on page 9 can
 * be chosen from page 1. The loaded items and the current choice are added, so that a round shown (an empty
 * one, or one that began on a new map since the choices were read) and the value chosen are always there, also
 * while the choices load or if they failed.
 */
export function filterChoices(
  served: readonly string[] | undefined,
  shown: readonly string[],
  chosen: string,
): string[] {
  const values = [...(served ?? []), ...shown, chosen].filter((value) => value !== '');
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

export interface ServerChoice {
  serverName: string;
  gameId: GameId;
}

/**
 * The server choices grouped by game, in the games' own order (BF1942, FH2, BFV), names A to Z; the current
 * server is always one of them (under 'Other' when no answer says its game yet).
 */
export function serverChoiceGroups(
  served: readonly ServerChoice[] | undefined,
  shown: readonly ServerChoice[],
  current: string,
): { gameId: GameId | null; serverNames: string[] }[] {
  const all = [...(served ?? []), ...shown];
  const byGame = new Map<GameId | null, Set<string>>();
  const add = (gameId: GameId | null, serverName: string) => {
    if (serverName === '') return;
    const names = byGame.get(gameId) ?? new Set<string>();
    names.add(serverName);
    byGame.set(gameId, names);
  };
  for (const choice of all) add(choice.gameId, choice.serverName);
  if (!all.some((choice) => choice.serverName === current)) add(null, current);
  const order = (gameId: GameId | null) => {
    const index = GAMES.findIndex((game) => game.id === gameId);
    return index === -1 ? GAMES.length : index;
  };
  return [...byGame.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([gameId, names]) => ({ gameId, serverNames: [...names].sort((a, b) => a.localeCompare(b)) }));
}
