import type { ApiError } from '@frontline/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseContractError } from './contract-serializer.ts';

/**
 * One error format for every failure: `{ error, message, details? }` with the right status. Bad input is
 * a 4xx that says which parameter is wrong and why; only our own faults are 500s, and their internals
 * stay in the log.
 */

const INPUT_PLACES: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

export function sendError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const place = INPUT_PLACES[error.validationContext ?? ''] ?? 'input';
      const details = error.validation.map((issue) => ({
        parameter: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(whole input)',
        problem: issue.message ?? 'is invalid',
      }));
      const summary = details.map((detail) => `${detail.parameter} ${lowerFirst(detail.problem)}`).join('; ');
      return sendError(reply, 400, {
        error: 'bad_request',
        message: `Invalid ${place}: ${summary}`,
        details,
      });
    }
    if (error instanceof ResponseContractError) {
      // Only checked outside production: the developer or the test reading this answer is the one to tell.
      request.log.error({ err: error }, 'answer does not match its contract');
      return sendError(reply, 500, { error: 'response_contract_violation', message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, { error: errorKind(status), message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status >= 500 ? status : 500, {
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again later.',
    });
  });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function errorKind(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'client_error';
  }
}
