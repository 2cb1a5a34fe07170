import type { FastifyRequest } from 'fastify';

/**
 * How a request appears in the log: Fastify's usual fields, with the hub's `access_token` query (browsers must put
 * the token in the WebSocket's URL) replaced, so a log never holds a working credential.
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: withoutAccessToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

export function withoutAccessToken(url: string): string {
  return url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');
}
