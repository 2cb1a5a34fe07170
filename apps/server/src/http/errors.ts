import type { ApiError } from '@frontline/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseContractError } from './contract-serializer.ts';
import { answerAfterRefusedBody } from './refused-body.ts';

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

/**
 * Statuses whose request was refused before it was read whole (a body too large, an address too long): the rest of it
 * may still be on the connection (a refused body is read and dropped only up to a bound, refused-body.ts), which
 * cannot carry another request.
 */
const UNREAD_REQUEST_STATUSES = new Set([413, 414]);

export function sendError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  // An error is never kept by a cache, whatever the route said about caching before it failed.
  reply.header('cache-control', 'no-store');
  if (UNREAD_REQUEST_STATUSES.has(status)) reply.header('connection', 'close');
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const place = INPUT_PLACES[error.validationContext ?? ''] ?? 'input';
      const details = error.validation.map(detailOf);
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
      // Fastify's and its plugins' own refusals: their messages may quote the request (the media type, the JSON
      // parser's view of the body), so each gets a fixed text instead.
      const body = { error: errorKind(status), message: fixedMessage(error, status) };
      if (status === 413) {
        // Refused before it was read: the client is still sending it, and must be able to read the answer.
        answerAfterRefusedBody(request, () => void sendError(reply, status, body));
        return undefined;
      }
      return sendError(reply, status, body);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status >= 500 ? status : 500, {
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again later.',
    });
  });
}

/**
 * One zod issue as `{ parameter, problem }`, repeating nothing of the request (issue 20). Zod's own texts name the
 * rule, not the value received, except two: a key the schema does not take is quoted ("Unrecognized key: \"…\""), and
 * a record's bad key is the last step of the issue's path. Both get the rule alone. (Custom messages are the routes'
 * own, which name the rule only; the fuzz's answer rules check that no error repeats what was sent.)
 */
function detailOf(issue: { keyword: string; instancePath: string; message?: string }) {
  let path = issue.instancePath.replace(/^\//, '').split('/');
  let problem = issue.message ?? 'is invalid';
  if (issue.keyword === 'unrecognized_keys') problem = 'has a key it does not take';
  if (issue.keyword === 'invalid_key') {
    path = path.slice(0, -1);
    problem = 'has a key that is not valid';
  }
  return { parameter: path.join('.') || '(whole input)', problem };
}

const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type: send a body as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty, but its Content-Type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
};

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Authentication required.',
  403: 'This request is not allowed.',
  404: 'Not found.',
  405: 'This address does not answer this method.',
  406: 'No answer in an acceptable format.',
  408: 'The request took too long to arrive.',
  411: 'The request needs a Content-Length.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'Unsupported media type: send a body as application/json.',
  416: 'The requested range cannot be satisfied.',
  429: 'Too many requests. Try again later.',
};

function fixedMessage(error: FastifyError, status: number): string {
  const byCode = error.code === undefined ? undefined : MESSAGES_BY_CODE[error.code];
  if (byCode) return byCode;
  // The JSON parser's SyntaxError quotes the body.
  if (error instanceof SyntaxError) return 'The body is not valid JSON.';
  return MESSAGES_BY_STATUS[status] ?? 'The request cannot be answered.';
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
    case 408:
      return 'request_timeout';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'client_error';
  }
}
