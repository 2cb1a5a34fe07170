import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.ts';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function of the hop: Fastify 5 passes a plain number
 * on to proxy-addr, which takes it for an address and so trusts no one (checked with 5.12: `trustProxy: 1` left
 * `request.ip` the socket's). With `(address, hop) => hop < hops`, the socket's peer and the `hops − 1` entries
 * nearest it in X-Forwarded-For are believed to be proxies, and the client is the entry before them.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'boolean' || Array.isArray(trust)) return trust;
  const { hops } = trust;
  return (_address: string, hop: number) => hop < hops;
}
