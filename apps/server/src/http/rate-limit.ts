import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenBucketLimiter } from '../lib/attempt-limiter.ts';
import type { Clock } from '../lib/clock.ts';
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

/**
 * The key an address is counted under. IPv4 as it is (an IPv4-mapped IPv6 address, `::ffff:1.2.3.4`, as its IPv4
 * one); IPv6 by its /64, the block one subscriber or device is given: one machine can pick any of its 2^64 addresses,
 * so counting each apart would limit nothing.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an embedded IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const headGroups = parse(head);
  if (tail === undefined) return headGroups;
  const tailGroups = parse(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}
