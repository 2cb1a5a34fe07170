import { decodePlayerNameForDisplay } from '@frontline/contract';

/**
 * Player names as a reader should see them (DESIGN.md: "Names are stored raw and decoded for display only
 * (legacy code pages)"). The raw name stays the player's identity (links, API calls, keys); only the text on
 * screen is decoded, with the rule the server also uses (packages/contract/src/player-names.ts).
 */
export const displayPlayerName = decodePlayerNameForDisplay;

/**
 * The letter of a player's avatar: the first letter or digit of the shown name, upper-cased, so a clan tag's
 * brackets ("-=CVT=-Knife") do not become everyone's initial; '?' for a name without one.
 */
export function playerInitial(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(displayPlayerName(name));
  return match ? match[0].toLocaleUpperCase() : '?';
}
