import type { FuzzRequest } from './hostile-values.ts';

/**
 * What any answer to a hostile request must be (issue 20): never a 5xx; every error in the one format
 * `{ error, message, details? }` (http/errors.ts), `error` a short snake_case kind; a 400 about a path or query
 * parameter names it; and a success is JSON (a 204, empty), as the API's every answer.
 */

export interface FuzzAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

export type ProblemKind = 'server_error' | 'error_format' | 'parameter_not_named' | 'answer_format';

export interface Problem {
  kind: ProblemKind;
  status: number;
  text: string;
}

const ERROR_KEYS = new Set(['error', 'message', 'details']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The router turns the request down before any route reads it: its path does not decode (a broken percent
 * sequence), so no parameter can be named.
 */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function pathDoesNotDecode(request: FuzzRequest): boolean {
  return !decodes(request.url.split('?', 1)[0] ?? '');
}

export function problemsOf(request: FuzzRequest, answer: FuzzAnswer): Problem[] {
  const problems: Problem[] = [];
  const body = answer.body.length > 400 ? `${answer.body.slice(0, 400)}…` : answer.body;
  if (answer.status >= 500)
    problems.push({ kind: 'server_error', status: answer.status, text: `answered ${answer.status}: ${body}` });
  if (answer.status < 400) {
    // The API answers JSON, or nothing with a 204, whatever the request.
    const json = /^application\/json\b/i.test(answer.contentType ?? '');
    if (answer.status === 204 ? answer.body !== '' : !json || !parses(answer.body)) {
      problems.push({
        kind: 'answer_format',
        status: answer.status,
        text: `${answer.status} of content type ${answer.contentType}: ${body}`,
      });
    }
    return problems;
  }

  const format = (text: string) =>
    problems.push({ kind: 'error_format', status: answer.status, text: `${answer.status}: ${text}` });
  if (!/^application\/json\b/i.test(answer.contentType ?? '')) format(`content type ${answer.contentType}`);
  let error: unknown;
  try {
    error = JSON.parse(answer.body);
  } catch {
    format(`not JSON: ${body}`);
    return problems;
  }
  if (!isRecord(error)) {
    format(`not an object: ${body}`);
    return problems;
  }
  const strangeKeys = Object.keys(error).filter((key) => !ERROR_KEYS.has(key));
  if (
    typeof error.error !== 'string' ||
    !/^[a-z][a-z_]*$/.test(error.error) ||
    typeof error.message !== 'string' ||
    error.message === '' ||
    (error.details !== undefined && !Array.isArray(error.details)) ||
    strangeKeys.length > 0
  ) {
    format(`not {error, message, details?}: ${body}`);
    return problems;
  }

  // A 400 for a path or query parameter names it. A request with a body, or only a content type, may be turned
  // down for its body instead (whose fields are the body's matter).
  const bodiless =
    request.body === undefined && request.headers['content-type'] === undefined && request.route.body === undefined;
  const aboutParameters = /\b(query|path) parameter/i.test(error.message) || (bodiless && !pathDoesNotDecode(request));
  if (answer.status === 400 && aboutParameters) {
    // Keys the route does not know are dropped by its schema, so only its own parameters can be at fault.
    const names = request.route.parameters.map((parameter) => parameter.name);
    const said = `${error.message} ${JSON.stringify(error.details ?? [])}`.toLowerCase();
    if (!names.some((name) => said.includes(name.toLowerCase()))) {
      problems.push({
        kind: 'parameter_not_named',
        status: answer.status,
        text: `400 names none of ${names.join(', ')}: ${body}`,
      });
    }
  }
  return problems;
}
