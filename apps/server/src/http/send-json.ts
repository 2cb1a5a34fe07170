import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends an answer that many visitors share (the live list of a poll, a cached history) encoded once:
 * serialising and compressing the same object for every request cost more than computing it. The object
 * is the key, so an answer is re-encoded exactly when the service builds a new one. It is serialised by the
 * route's own response serializer (contract-serializer.ts), as any other answer is: the contract's fields only,
 * checked outside production.
 */

type Serializer = NonNullable<ReturnType<FastifyReply['getSerializationFunction']>>;

interface Encoded {
  /** The serializer that wrote `json` (one object could in principle be sent by two routes). */
  serializer: Serializer;
  json: string;
  gzip?: Buffer;
  brotli?: Buffer;
}

const encodings = new WeakMap<object, Encoded>();
/** Small answers are not worth compressing (the same threshold as the compress plugin's). */
const COMPRESS_FROM_BYTES = 1024;

export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, body: object): FastifyReply {
  const serializer = routeSerializer(reply);
  let encoded = encodings.get(body);
  if (encoded?.serializer !== serializer) {
    encoded = { serializer, json: serializer(body as Record<string, unknown>) };
    encodings.set(body, encoded);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoded.json.length < COMPRESS_FROM_BYTES) return reply.send(encoded.json);
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) {
    encoded.brotli ??= brotliCompressSync(encoded.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
    return reply.header('content-encoding', 'br').send(encoded.brotli);
  }
  if (/\bgzip\b/.test(accepted)) {
    encoded.gzip ??= gzipSync(encoded.json, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(encoded.gzip);
  }
  return reply.send(encoded.json);
}

/** The route's compiled serializer for the reply's status: an answer sent encoded once is still a contract answer. */
function routeSerializer(reply: FastifyReply): Serializer {
  const serializer = reply.getSerializationFunction(String(reply.statusCode));
  if (!serializer) {
    const { method, url } = reply.request.routeOptions;
    throw new Error(`${String(method)} ${url} sends a shared answer without a response schema for ${reply.statusCode}`);
  }
  return serializer;
}

/**
 * Sends a route's answer with how long browsers and proxies may keep it; `encodeOnce` (production, for answers
 * the services reuse) sends it through sendSharedJson, else Fastify serialises it. Both go through the route's
 * response serializer.
 */
export function sendAnswer<Answer extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  options: { maxAgeSeconds: number; encodeOnce?: boolean },
): Answer | FastifyReply {
  reply.header('cache-control', `public, max-age=${options.maxAgeSeconds}`);
  return options.encodeOnce ? sendSharedJson(request, reply, answer) : answer;
}
