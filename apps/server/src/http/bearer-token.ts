import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
