import { z } from 'zod';

/**
 * The BFList v2 wire format (api.bflist.io), as far as Frontline relies on it.
 *
 * One rule throughout: a field we need is required with its type (ip, port, name; a player's name); every
 * other field may be absent or null and then takes a neutral value, but when it is present it must have its
 * type. A value of the wrong type means the feed changed or broke, and we would rather skip and count the
 * entry than guess what it means. Numbers must be finite: zod's `z.number()` refuses NaN and ±Infinity,
 * and `JSON.parse` turns an out-of-range literal such as `1e400` into Infinity.
 *
 * Fields we do not use are not declared, so they are dropped unchecked (zod strips unknown keys): a change
 * in an attribute Frontline ignores never costs a server or a player.
 */

const nullableString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const nullableNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

const numberOrZero = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

const stringOrEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

const flagOrFalse = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value) => value ?? []);
}

/** Players are validated one by one (see normalise.ts), so that one bad entry does not cost the server. */
const rawPlayerList = listOf(z.unknown());

/** The envelope of one page of `GET /v2/{game}/servers`. */
export const bflistPageSchema = z.object({
  servers: z.array(z.unknown()),
  // Only needed to ask for the next page; the client refuses `hasMore` without it.
  cursor: nullableString,
  hasMore: z.boolean(),
});
export type BflistPage = z.output<typeof bflistPageSchema>;

const bflistTeamSchema = z.object({
  index: z.number(),
  label: stringOrEmpty,
  // Only the BFV feed fills this; BF1942 reports tickets at the top level instead.
  tickets: nullableNumber,
});
export type BflistTeam = z.output<typeof bflistTeamSchema>;

// FH2 reports no tickets, so a team's `tickets` there is not read, and therefore not checked either.
const fh2TeamSchema = bflistTeamSchema.omit({ tickets: true });

/** One player of any of the three games (the FH2 feed adds `pid`, `tag` and `aibot`). */
export const bflistPlayerSchema = z.object({
  // Identity of a player is the exact name, so it is required and kept byte for byte (no trimming).
  name: z.string(),
  score: numberOrZero,
  kills: numberOrZero,
  deaths: numberOrZero,
  ping: numberOrZero,
  team: numberOrZero,
  teamLabel: nullableString,
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
  guid: nullableString,
  ip: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  name: z.string(),
  numPlayers: nullableNumber,
  maxPlayers: numberOrZero,
  mapName: stringOrEmpty,
  gameType: stringOrEmpty,
  password: flagOrFalse,
  joinLink: nullableString,
  players: rawPlayerList,
};

/** A server of the BF1942 feed; the BF Vietnam feed has the same shape (its tickets may only be in `teams`). */
export const bf1942ServerSchema = z.object({
  ...serverBaseShape,
  teams: listOf(bflistTeamSchema),
  roundTimeRemain: nullableNumber,
  roundTime: nullableNumber,
  tickets1: nullableNumber,
  tickets2: nullableNumber,
});
export type Bf1942Server = z.output<typeof bf1942ServerSchema>;

/**
 * A server of the FH2 feed (the BF2 shape). It reports neither tickets nor time remaining. Its `timelimit` is
 * the configured round length, not what is left of it: it becomes the snapshot's `roundTimeLimit`, never a time
 * remaining (that would invent a countdown that never moves).
 */
export const fh2ServerSchema = z.object({
  ...serverBaseShape,
  teams: listOf(fh2TeamSchema),
  timelimit: nullableNumber,
});
export type Fh2Server = z.output<typeof fh2ServerSchema>;
