import { z } from 'zod';
import {
  FEED_NUMBER_RANGES,
  MAX_GAME_TYPE_LENGTH,
  MAX_JOIN_LINK_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_MAP_NAME_LENGTH,
  MAX_PLAYER_NAME_LENGTH,
  MAX_PLAYERS_PER_SERVER,
  MAX_SERVER_NAME_LENGTH,
  MAX_TEAMS,
  type NumericRange,
  toWholeNumberIn,
} from './feed-limits.ts';

/**
 * The BFList v2 wire format (api.bflist.io), as far as Frontline relies on it.
 *
 * One rule throughout: a field we need is required with its type (ip, port, name; a player's name); every
 * other field may be absent or null and then takes a neutral value, but when it is present it must have its
 * type. A value of the wrong type means the feed changed or broke, and we would rather skip and count the
 * entry than guess what it means. Numbers must be finite: zod's `z.number()` refuses NaN and ±Infinity,
 * and `JSON.parse` turns an out-of-range literal such as `1e400` into Infinity.
 *
 * Every number we keep is rounded to an integer and clamped into its range, and every string and list we keep
 * has a size limit (a longer one refuses its entry): see feed-limits.ts for the values and why.
 *
 * Fields we do not use are not declared, so they are dropped unchecked (zod strips unknown keys): a change
 * in an attribute Frontline ignores never costs a server or a player.
 */

/**
 * Text as the stores keep it: at most `maxLength` characters and no NUL character, which PostgreSQL refuses in any
 * text (an entry with one is skipped and counted, on either store, rather than fail a whole cycle's write there).
 */
function text(maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .refine((value) => !value.includes('\u0000'), { error: 'contains a NUL character' });
}

function nullableString(maxLength: number) {
  return text(maxLength)
    .nullish()
    .transform((value) => value ?? null);
}

function nullableWholeNumber(range: NumericRange) {
  return z
    .number()
    .nullish()
    .transform((value) => (value === null || value === undefined ? null : toWholeNumberIn(value, range)));
}

function wholeNumberOrZero(range: NumericRange) {
  return z
    .number()
    .nullish()
    .transform((value) => (value === null || value === undefined ? 0 : toWholeNumberIn(value, range)));
}

function stringOrEmpty(maxLength: number) {
  return text(maxLength)
    .nullish()
    .transform((value) => value ?? '');
}

const flagOrFalse = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

function listOf<T extends z.ZodType>(item: T, maxItems: number) {
  return z
    .array(item)
    .max(maxItems)
    .nullish()
    .transform((value) => value ?? []);
}

/** Players are validated one by one (see normalise.ts), so that one bad entry does not cost the server. */
const rawPlayerList = listOf(z.unknown(), MAX_PLAYERS_PER_SERVER);

/** The envelope of one page of `GET /v2/{game}/servers`. */
export const bflistPageSchema = z.object({
  servers: z.array(z.unknown()),
  // Only needed to ask for the next page; the client refuses `hasMore` without it.
  cursor: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  hasMore: z.boolean(),
});
export type BflistPage = z.output<typeof bflistPageSchema>;

const bflistTeamSchema = z.object({
  index: z.number().transform((value) => toWholeNumberIn(value, FEED_NUMBER_RANGES.team)),
  label: stringOrEmpty(MAX_LABEL_LENGTH),
  // Only the BFV feed fills this; BF1942 reports tickets at the top level instead.
  tickets: nullableWholeNumber(FEED_NUMBER_RANGES.tickets),
});
export type BflistTeam = z.output<typeof bflistTeamSchema>;

// FH2 reports no tickets, so a team's `tickets` there is not read, and therefore not checked either.
const fh2TeamSchema = bflistTeamSchema.omit({ tickets: true });

/** One player of any of the three games (the FH2 feed adds `pid`, `tag` and `aibot`). */
export const bflistPlayerSchema = z.object({
  // Identity of a player is the exact name, so it is required and kept byte for byte (no trimming).
  // A longer name is refused, never truncated: the truncated name would be someone else.
  name: text(MAX_PLAYER_NAME_LENGTH),
  score: wholeNumberOrZero(FEED_NUMBER_RANGES.score),
  kills: wholeNumberOrZero(FEED_NUMBER_RANGES.kills),
  deaths: wholeNumberOrZero(FEED_NUMBER_RANGES.deaths),
  ping: wholeNumberOrZero(FEED_NUMBER_RANGES.ping),
  team: wholeNumberOrZero(FEED_NUMBER_RANGES.team),
  teamLabel: nullableString(MAX_LABEL_LENGTH),
  // Not declared, so never checked: FH2's `tag` (clan tag) and `pid` (GameSpy profile id).
  // The tag is left out of identity on purpose: BFList sends FH2's `name` without it, and it changes whenever
  // a player joins or leaves a clan, so the tracked name is `name` exactly as sent, untagged.
  // The pid is stable, but BF1942/BFV have nothing like it and the snapshot does not carry it.
  aibot: z.boolean().nullish(),
  // The spelling of an older client model; accepted so a feed that sends it is not misread as human.
  aiBot: z.boolean().nullish(),
});

/** The fields both server shapes share. */
const serverBaseShape = {
  guid: nullableString(MAX_LABEL_LENGTH),
  // An IPv6 address in text is at most 45 characters.
  ip: text(45).min(1),
  port: z.number().int().min(1).max(65535),
  // Refused rather than truncated when too long: the name is stored with the server's history and shown as the
  // feed sent it, and a cut name would silently differ from the one players see in game.
  name: text(MAX_SERVER_NAME_LENGTH),
  numPlayers: nullableWholeNumber(FEED_NUMBER_RANGES.playerSlots),
  maxPlayers: wholeNumberOrZero(FEED_NUMBER_RANGES.playerSlots),
  // The map is a round's identity (a new map is a new round), so it is never truncated either.
  mapName: stringOrEmpty(MAX_MAP_NAME_LENGTH),
  gameType: stringOrEmpty(MAX_GAME_TYPE_LENGTH),
  password: flagOrFalse,
  joinLink: nullableString(MAX_JOIN_LINK_LENGTH),
  players: rawPlayerList,
};

/** A server of the BF1942 feed; the BF Vietnam feed has the same shape (its tickets may only be in `teams`). */
export const bf1942ServerSchema = z.object({
  ...serverBaseShape,
  teams: listOf(bflistTeamSchema, MAX_TEAMS),
  roundTimeRemain: nullableWholeNumber(FEED_NUMBER_RANGES.roundSeconds),
  roundTime: nullableWholeNumber(FEED_NUMBER_RANGES.roundSeconds),
  tickets1: nullableWholeNumber(FEED_NUMBER_RANGES.tickets),
  tickets2: nullableWholeNumber(FEED_NUMBER_RANGES.tickets),
});
export type Bf1942Server = z.output<typeof bf1942ServerSchema>;

/**
 * A server of the FH2 feed (the BF2 shape). It reports neither tickets nor time remaining. Its `timelimit` is
 * the configured round length, not what is left of it: it becomes the snapshot's `roundTimeLimit`, never a time
 * remaining (that would invent a countdown that never moves).
 */
export const fh2ServerSchema = z.object({
  ...serverBaseShape,
  teams: listOf(fh2TeamSchema, MAX_TEAMS),
  timelimit: nullableWholeNumber(FEED_NUMBER_RANGES.roundSeconds),
});
export type Fh2Server = z.output<typeof fh2ServerSchema>;
