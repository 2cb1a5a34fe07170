import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenBucketLimiter } from '../lib/attempt-limiter.ts';
import type { Clock } from '../lib/clock.ts';
import { addressKey } from './address-key.ts';
import { sendError } from './errors.ts';

/**
 * Per-address rate limits of the expensive reads (searches, comparisons, similar players, round lists and reports;
 * docs/decisions/0020-rate-limits.md). app.ts makes one hook per group of routes and hands it to the features, which
 * put it on those routes (`onRequest`, or `preHandler` when only some requests of a route are expensive). A refused
 * request answers 429 with `Retry-After` before anything is read, and is not counted.
 */

/** A route hook: nothing when the request may go ahead, else the 429 answer it has sent. */
export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

export interface RateLimitSettings {
  /** Requests a minute each address may keep up; 0 turns the limit off. */
  perMinute: number;
  /** Requests an address may send at once before the per-minute pace applies. */
  burst: number;
}

/** No limit: what a group gets when RATE_LIMIT_READS_PER_MINUTE is 0 (and routes registered alone in tests). */
export const NO_RATE_LIMIT: RateLimitHook = async () => undefined;

/**
 * A hook limiting one group of routes: each group counts apart, so a visitor comparing players does not use up
 * their searches. `what` names the group's requests in the 429's message ("searches").
 */
export function createRateLimit(what: string, settings: RateLimitSettings, clock: Clock): RateLimitHook {
  if (settings.perMinute === 0) return NO_RATE_LIMIT;
  const limiter = new TokenBucketLimiter({ perMinute: settings.perMinute, burst: settings.burst, clock });
  const rule = `at most ${settings.burst} at once and ${settings.perMinute} a minute`;
  return async (request, reply) => {
    // A socket already gone may have no address left; such requests share one key.
    const waitSeconds = limiter.attempt(addressKey(request.ip || 'unknown'));
    if (waitSeconds === undefined) return undefined;
    // Debug only: a client hammering a limit would otherwise write a line per refused request.
    request.log.debug({ group: what, waitSeconds }, 'rate limited');
    return sendError(reply.header('retry-after', String(waitSeconds)), 429, {
      error: 'too_many_requests',
      message: `Too many ${what} from this address (${rule}). Try again in ${waitSeconds} s.`,
    });
  };
}
