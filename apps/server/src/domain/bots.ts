/**
 * Bot detection (domain-facts §2, "Bot detection"). Bots are left out of player tracking entirely, so a false
 * positive hides a real person; the rules stay as narrow as the reference's.
 */

const DEFAULT_BOT_NAMES: ReadonlySet<string> = new Set(['BFPlayer', 'Player', 'BFSoldier']);

/**
 * Case-sensitive, as in the reference (a plain .NET Regex and exact comparison): the games spell their default
 * names exactly so, while "player" or "PLAYER" is a name a person chose and should be tracked. Digits are ASCII
 * only ([0-9] rather than \d), so no lookalike digits from other scripts make a human name look generated.
 */
const NUMBERED_BOT_NAME = /^(?:BFPlayer|Player|BFSoldier)_[0-9]+$/;

/** True for the names the games give unnamed or AI soldiers: BFPlayer, Player, BFSoldier, or those + "_<digits>". */
export function isDefaultBotName(name: string): boolean {
  return DEFAULT_BOT_NAMES.has(name) || NUMBERED_BOT_NAME.test(name);
}

/** A bot is what the feed flags as one, or a player still wearing a default name. */
export function isBot(player: { name: string; isBot: boolean }): boolean {
  return player.isBot || isDefaultBotName(player.name);
}

/** How many people and how many bots a server lists (see `countPlayers`). */
export interface PlayerCount {
  humans: number;
  bots: number;
}

/**
 * The one way every screen counts who is on a server, the tracker's (tracker.ts `readRoster`): humans are the
 * entries Frontline tracks, bots left out; two entries with one name are two people (namesakes do play at once,
 * and the tracker follows each entry as its own stay). Bots are the entries `isBot` flags.
 */
export function countPlayers(players: readonly { name: string; isBot: boolean }[]): PlayerCount {
  const bots = players.filter(isBot).length;
  return { humans: players.length - bots, bots };
}
