/**
 * What Frontline accepts from the BFList feed, in one place. The feed is not ours: one odd value from one
 * server must never stop collection for every game (a `"kills": 1e300` used to fail the timeline codec's range
 * check, ±2^50, and with it every cycle), nor one huge entry freeze the process or fill the disk.
 *
 * Two kinds of limit:
 * - Numeric ranges. A finite number is rounded to an integer and clamped into its range: a fractional ping or
 *   an absurd score is a feed glitch, and the rest of the entry is still worth keeping. Non-finite numbers
 *   never get this far (the schema refuses them, and the entry is skipped and counted).
 * - Sizes. Names are identities (a player is his exact name, a round is its map), so a name that is too long is
 *   never truncated, which would make a different identity: the entry that carries it is skipped and counted.
 *
 * The values are far beyond anything the three games produce (nothing in the specs states a limit), so real
 * data is never touched; they only bound what a broken or hostile feed can make us store.
 */

export interface NumericRange {
  min: number;
  max: number;
}

export const FEED_NUMBER_RANGES = {
  // The games keep these in 16- or 32-bit counters; real rounds end in the hundreds. A million leaves room for
  // any modded server and keeps the timeline codec (±2^50) and per-round sums far from their limits.
  score: { min: -1_000_000, max: 1_000_000 },
  kills: { min: -1_000_000, max: 1_000_000 },
  deaths: { min: -1_000_000, max: 1_000_000 },
  // Milliseconds. Real pings are 0 to ~999; the GameSpy query reports at most four digits.
  ping: { min: 0, max: 9_999 },
  // Team indexes are 0 (spectator/unassigned), 1 and 2 in all three games; 255 admits any mod without letting a
  // huge index through. An index is never clamped into another real team's value by this range.
  team: { min: 0, max: 255 },
  // Tickets start at a few hundred; negative values are kept (their sign is what the feed said).
  tickets: { min: -1_000_000, max: 1_000_000 },
  // Player counts and slots: the engines allow 64 (128 with mods); see MAX_PLAYERS_PER_SERVER for the roster.
  playerSlots: { min: 0, max: 1_000 },
  // Seconds. A round limit of a day is already absurd; ten days leaves room and stays a small integer.
  roundSeconds: { min: 0, max: 864_000 },
} as const satisfies Record<string, NumericRange>;

/** Longer server names are refused: GameSpy caps a host name at 64 bytes, BFList at nothing. */
export const MAX_SERVER_NAME_LENGTH = 200;
/** Longer player names are refused: the games cap a nick at ~32 characters (FH2 with clan tag less than 64). */
export const MAX_PLAYER_NAME_LENGTH = 64;
/** Longer map names are refused: real map names are file names of at most ~40 characters. */
export const MAX_MAP_NAME_LENGTH = 100;
/** Longer game types are refused: real ones are words such as `conquest` or `gpm_cq`. */
export const MAX_GAME_TYPE_LENGTH = 50;
/** Team labels and feed GUIDs are short words or ids; longer ones are refused like the names above. */
export const MAX_LABEL_LENGTH = 100;
/** A join link is `game://ip:port` plus perhaps a password parameter. */
export const MAX_JOIN_LINK_LENGTH = 300;

/** A server listing more teams is refused: the games have two (plus perhaps spectators). */
export const MAX_TEAMS = 8;

/** A server listing more players is refused: the engines' hard limit is 64 (128 for a few mods). */
export const MAX_PLAYERS_PER_SERVER = 256;

/**
 * A game listing more servers fails its poll (a gap: the last good list stays). BF1942 lists ~300 servers at
 * most today. Keeping only the first 2,000 instead would make the rest look offline and close their rounds,
 * which is exactly what an incomplete list must never do.
 */
export const MAX_SERVERS_PER_GAME = 2_000;

/**
 * A page whose body is longer is refused unread (the poll fails: a gap). A real page of 100 servers full of
 * players is about 1 MB; 100 servers at every limit above are about 6 MB. A 50 MB server name used to be read,
 * parsed and served whole in the live list.
 */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** A finite number rounded to an integer and clamped into `range`. */
export function toWholeNumberIn(value: number, range: NumericRange): number {
  // `+ 0` turns the -0 that rounding a small negative number gives into 0.
  return Math.min(range.max, Math.max(range.min, Math.round(value))) + 0;
}
