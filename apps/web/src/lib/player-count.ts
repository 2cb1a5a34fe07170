import { countOf } from './plural.ts';

/**
 * A server's count as every screen writes it (shared rule PLAYER COUNTS): people, then the bots apart, "16 + 4
 * bots", or just "16" without bots. People are the players Frontline tracks (the API's numPlayers, bots left
 * out); FULL and the sort by players use them alone.
 */
export function formatPlayerCount(people: number, bots: number): string {
  return `${people}${botsSuffix(bots)}`;
}

/** The bots part of the count, " + 4 bots" (or '' without bots), for screens that style it apart. */
export function botsSuffix(bots: number): string {
  return bots > 0 ? ` + ${countOf(bots, 'bot')}` : '';
}
