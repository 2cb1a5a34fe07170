import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends an answer that many visitors share (the live list of a poll, a cached history) encoded once:
 * serialising and compressing the same object for every request cost more than computing it. The object
 * is the key, so an answer is re-encoded exactly when the service builds a new one.
 */

interface Encoded {
  json: string;
  gzip?: Buffer;
  brotli?: Buffer;
}

const encodings = new WeakMap<object, Encoded>();
/** Small answers are not worth compressing (the same threshold as the compress plugin's). */
const COMPRESS_FROM_BYTES = 1024;

export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, body: object): FastifyReply {
  let encoded = encodings.get(body);
  if (!encoded) {
    encoded = { json: JSON.stringify(body) };
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

/**
 * Sends a route's answer with how long browsers and proxies may keep it; `encodeOnce` (production, for answers
 * the services reuse) sends it through sendSharedJson, else Fastify serialises it (checked against its schema
 * outside production).
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
