import { z } from 'zod';
import { asRoundId } from '../domain/ids.ts';

/**
 * Path parameters more than one feature's routes take, and the 404 that goes with each. Player names arrive
 * URL-decoded in the path and are matched exactly (a name is a player's only identity). A 404 says which parameter
 * found nothing, never what was sent (issue 20: an error repeats nothing of the request).
 */

const MAX_PLAYER_NAME_LENGTH = 256;

/** A player's name in a path (a profile, its map statistics, the player's sessions). */
export const playerParamsSchema = z.object({
  playerName: z
    .string()
    .min(1, { error: 'must name a player' })
    .max(MAX_PLAYER_NAME_LENGTH, { error: `must be at most ${MAX_PLAYER_NAME_LENGTH} characters` }),
});

/** The 404 body for a player name never seen. */
export function unknownPlayer() {
  return { error: 'not_found', message: 'No player with this name has been seen by Frontline' };
}

/** Frontline's own ids are 20 hex digits; the rule is looser, but refuses what cannot be an id at all. */
export const roundParamsSchema = z.object({
  roundId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a round id (at most 64 letters, digits, - or _)' })
    .transform(asRoundId),
});

/** The 404 body for a round id Frontline does not know. */
export function unknownRound() {
  return { error: 'not_found', message: 'No round with this id is known' };
}
