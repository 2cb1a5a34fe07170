import type { FastifyRequest } from 'fastify';

/**
 * How a request appears in the log: Fastify's usual fields, with the path alone for its address. The query is left
 * out: it holds what visitors search for and, for the hub, the access token (browsers must put it in the WebSocket's
 * URL), so a log never holds a working credential; and full URLs made the info log large (20.7 MB for 45,000
 * requests: issue 20). `route` is the route's pattern, for counting requests per endpoint.
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  const route = routeOf(request);
  return {
    method: request.method,
    url: pathOf(request.url),
    ...(route === undefined ? {} : { route }),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** The address without its query (and fragment, which a client should not send). */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The pattern of the route that answers the request; none for a page, an unknown address or a refused one. */
function routeOf(request: FastifyRequest): string | undefined {
  try {
    return request.routeOptions.url;
  } catch {
    // A request the router refused (a bad percent sequence) has no route to ask.
    return undefined;
  }
}
