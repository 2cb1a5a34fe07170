import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError } from '@frontline/contract';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendError } from './errors.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
  isHttpsSite,
  setSecurityHeaders,
} from './security-headers.ts';

/**
 * The edges of HTTP, where a request is refused before any route sees it (docs/decisions/0019-http-hardening.md):
 * the server's timeouts and sizes, the router's and Node's own refusals in the one error format (nothing of the
 * request echoed), errors never cached, and 405 with `Allow` for a wrong method on an existing path.
 */

export interface HttpTimeouts {
  /** A whole request, headers and body, must arrive within this (Node's requestTimeout). */
  requestMs: number;
  /** The headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /**
   * A connection with nothing moving either way for this long, before its request has arrived, is cut (Fastify's
   * connectionTimeout); never while the request is being answered.
   */
  idleMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveMs: number;
}

/**
 * Every request of the API and the web app is small: its headers come in one packet and a body (a sign-in token, a
 * list item) in the next. A client that takes 10 s over its headers or 30 s over a whole request is a stuck or hostile
 * one holding a socket (one byte every 5 s held 10,000 sockets before these limits: issue 20). Ten seconds of
 * nothing moving ends a connection; between requests a kept-alive one waits 10 s (browsers keep theirs open for
 * about as long; a reverse proxy's pool must time out its idle upstream connections sooner, see
 * docs/configuration.md). The hub's WebSockets are not affected: Node stops timing a request once it is upgraded,
 * and ws turns the socket's idle timeout off (the hub has its own keep-alive).
 */
export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 10_000,
  keepAliveMs: 10_000,
};

/** The API's bodies are a sign-in token (about 1 kB) or one list item; 16 kB leaves room and keeps parsing cheap. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The longest address answered: a player's name is 30 characters, 270 URL-encoded; searches add a few short
 * parameters. Longer ones answer 414.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * Node's own limit on the request line and headers together (its default, made explicit): a bearer token is under
 * 1 kB. Over it, Node refuses the request with 431 (clientErrorHandler below writes it).
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/** How long a refused connection has to read its answer and close before it is cut. */
const REFUSED_CONNECTION_GRACE_MS = 2_000;

const TOO_LONG: ApiError = {
  error: 'uri_too_long',
  message: `The address is too long (at most ${MAX_URL_LENGTH} characters, a path parameter at most 2,000).`,
};

/**
 * The options of the Fastify instance for its edges: timeouts, sizes, and the answers to what the router (a bad
 * percent sequence, an over-long parameter) and Node's parser (headers too large, a timeout, bad HTTP) refuse.
 */
export function httpEdgeOptions(options: { timeouts: HttpTimeouts; publicUrl: string | undefined }) {
  const { timeouts } = options;
  const httpsSite = isHttpsSite(options.publicUrl);
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node checks the header and request timeouts of its connections this often (its default, 30 s, would let a
      // slow client stay up to twice its time); a pass over the connection list costs microseconds.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, timeouts.headersMs / 5)),
    },
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      // No hook runs for these answers: the headers are set here.
      setSecurityHeaders(request, reply, httpsSite);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, TOO_LONG);
      if (error.code === 'FST_ERR_BAD_URL') {
        return sendError(reply, 400, {
          error: 'bad_request',
          message: 'The address is not valid: a % must start an escape of UTF-8 (%XX).',
        });
      }
      request.log.error({ err: error }, 'router failed');
      return sendError(reply, 500, {
        error: 'internal_error',
        message: 'Something went wrong on our side. Please try again later.',
      });
    },
    clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
      answerClientError(this, error, socket, httpsSite);
    },
  };
}

/**
 * Node's parser refused the request (headers too large, too slow, not HTTP): the answer is written to the socket as
 * every other error is, and the connection ends after it (what was left of the request is unread, so the connection
 * cannot carry another). Ended, not destroyed: destroying it with unread bytes resets the connection, and the client
 * may lose the answer.
 */
function answerClientError(app: FastifyInstance, error: ConnectionError, socket: Socket, httpsSite: boolean): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  app.log.debug({ err: error, remoteAddress: socket.remoteAddress }, 'client error');
  // A request timed out while its handler had already begun answering: nothing more can be said.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, body] = clientErrorAnswer(error.code);
  const json = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...SECURITY_HEADERS,
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    ...(httpsSite ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${json}`);
  setTimeout(() => socket.destroy(), REFUSED_CONNECTION_GRACE_MS).unref();
}

function clientErrorAnswer(code: string): [number, ApiError] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        {
          error: 'request_header_fields_too_large',
          message: `The request's address and headers are too large (at most ${MAX_HEADER_BYTES / 1024} kB).`,
        },
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, { error: 'request_timeout', message: 'The request took too long to arrive.' }];
    default:
      return [400, { error: 'bad_request', message: 'The request is not valid HTTP.' }];
  }
}

/**
 * For the root instance, before any route: addresses over MAX_URL_LENGTH answer 414, and no error answer may be
 * kept by a cache (a route sets its caching before it knows it will fail: a 500 once went out `public, max-age=10`).
 */
export function registerHttpEdges(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) return sendError(reply, 414, TOO_LONG);
    return undefined;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    return payload;
  });
  // No text Frontline keeps holds a NUL character (the feed's entries with one are refused), and PostgreSQL refuses
  // one in any text it is sent. So, on either store, after validation (only the route's own parameters are left):
  // a name with one in the path names nothing there is (404), a query or body value with one is a bad value (400).
  app.addHook('preHandler', async (request, reply) => {
    if (pathToNul(request.params) !== undefined) {
      return sendError(reply, 404, {
        error: 'not_found',
        message: 'Nothing Frontline knows has a NUL character in its name',
      });
    }
    const place = placeOfNulCharacter(request);
    if (!place) return undefined;
    const problem = 'must not contain the NUL character';
    return sendError(reply, 400, {
      error: 'bad_request',
      message: `Invalid ${place.input}: ${place.parameter} ${problem}`,
      details: [{ parameter: place.parameter, problem }],
    });
  });
  // The idle timeout is for a client that sends nothing; once its request has arrived, the wait is the server's, and
  // an answer slower than it (a cold page on a busy machine) was cut with no answer at all. Node itself stops timing
  // a kept-alive connection's later requests this way; the keep-alive timeout takes over when the answer is sent.
  app.addHook('preHandler', async (request) => {
    // A request injected in tests has a socket stand-in without timers.
    const socket = request.raw.socket as Partial<Socket> | undefined;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(0);
  });
}

/**
 * Where a request's query or body holds a NUL character in a parameter its route declares: which input, and the
 * parameter. (What a route does not declare it never reads, and its name is the sender's: not repeated, issue 20.)
 */
function placeOfNulCharacter(request: FastifyRequest): { input: string; parameter: string } | undefined {
  const schema = request.routeOptions.schema;
  const inputs: [string, unknown, unknown][] = [
    ['query parameter', request.query, schema?.querystring],
    ['body', request.body, schema?.body],
  ];
  for (const [input, value, declared] of inputs) {
    if (!(declared instanceof z.ZodObject) || typeof value !== 'object' || value === null) continue;
    for (const key of Object.keys(declared.shape)) {
      const path = pathToNul((value as Record<string, unknown>)[key]);
      if (path !== undefined) return { input, parameter: path === '' ? key : `${key}.${path}` };
    }
  }
  return undefined;
}

/** The dotted path to the first string with a NUL character inside `value`, '' for `value` itself. */
function pathToNul(value: unknown): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const path = pathToNul(inner);
    if (path !== undefined) return path === '' ? key : `${key}.${path}`;
  }
  return undefined;
}

/** The request's path (without the query) and the methods the app's routes answer on it. */
export interface RouteMethods {
  /** The methods some route answers at this address (path and query), in a stable order; empty for none. */
  allowedAt(url: string): string[];
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Collects every route's method and path as the app registers them (so call it before any route), to answer a wrong
 * method with 405 and the methods that path does answer. Paths are matched as the router matches them: whatever their
 * letter case, with or without a trailing slash.
 */
export function collectRouteMethods(app: FastifyInstance): RouteMethods {
  const exact = new Map<string, Set<string>>();
  const patterns: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const url = route.url.replace(/(.)\/$/, '$1');
    const pattern = /[:*]/.test(url) ? routePattern(url) : undefined;
    let known: Set<string> | undefined;
    if (pattern) {
      known = patterns.find((entry) => entry.pattern.source === pattern.source)?.methods;
      if (!known) patterns.push({ pattern, methods: (known = new Set()) });
    } else {
      known = exact.get(url.toLowerCase());
      if (!known) exact.set(url.toLowerCase(), (known = new Set()));
    }
    for (const method of methods) known.add(method);
  });
  return {
    allowedAt(address) {
      const path = (address.split('?', 1)[0] ?? '').replace(/(.)\/$/, '$1');
      const allowed = new Set(exact.get(path.toLowerCase()));
      for (const { pattern, methods } of patterns) {
        if (pattern.test(path)) for (const method of methods) allowed.add(method);
      }
      return [...allowed].sort((a, b) => methodRank(a) - methodRank(b) || a.localeCompare(b));
    },
  };
}

function methodRank(method: string): number {
  const rank = METHOD_ORDER.indexOf(method);
  return rank === -1 ? METHOD_ORDER.length : rank;
}

/** A find-my-way path (`/stats/players/:name`, `:id(^\\d+$)`, `*`; `::` a literal colon) as a whole-path RegExp. */
function routePattern(url: string): RegExp {
  let source = '';
  for (let index = 0; index < url.length;) {
    const rest = url.slice(index);
    if (rest.startsWith('::')) {
      source += ':';
      index += 2;
    } else if (rest.startsWith(':')) {
      const param = /^:[^/:(.-]*(\((?:\\.|[^)])*\))?/.exec(rest)?.[0] ?? ':';
      const regex = /\((.*)\)$/.exec(param)?.[1];
      source += regex ? `(?:${regex.replace(/^\^|\$$/g, '')})` : '[^/]+?';
      index += param.length;
    } else if (rest.startsWith('*')) {
      source += '.*';
      index += 1;
    } else {
      source += rest.charAt(0).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      index += 1;
    }
  }
  return new RegExp(`^${source}$`, 'i');
}

/** 405 for a path some route answers, with the methods it does answer. */
export function sendMethodNotAllowed(reply: FastifyReply, method: string, allowed: string[]): FastifyReply {
  return sendError(reply.header('allow', allowed.join(', ')), 405, {
    error: 'method_not_allowed',
    message: `This address does not answer ${method}; it answers ${allowed.join(', ')}.`,
  });
}
