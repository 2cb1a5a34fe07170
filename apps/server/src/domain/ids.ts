/**
 * Frontline's ids are text in the database and on the wire, and several kinds travel side by side (a server's
 * guid, the feed's own guid for it, a round's id, a player's name): one passed where another is expected finds
 * nothing and fails quietly. Branded types let the compiler tell them apart. A value is branded once, where it
 * enters: domain/identity.ts creates them for the collector, a route brands a parameter it has validated, and
 * rows read through the typed schema (db/schema.ts) carry them.
 */

declare const brand: unique symbol;

/** `Text` that the compiler keeps apart from other text (and from other brands). */
type Branded<Text extends string, Name extends string> = Text & { readonly [brand]: Name };

/** A server's address as Frontline identifies it (game, IP and port, hashed): see domain/identity.ts. */
export type ServerGuid = Branded<string, 'ServerGuid'>;

/** A round's public id (server, map and start, hashed): see domain/identity.ts. */
export type RoundId = Branded<string, 'RoundId'>;

/** Text that has been validated as, or read back as, a server guid (a route parameter, a fixture). */
export function asServerGuid(text: string): ServerGuid {
  return text as ServerGuid;
}

/** Text that has been validated as, or read back as, a round id (a route parameter, a fixture). */
export function asRoundId(text: string): RoundId {
  return text as RoundId;
}
