import { GAMES } from '@frontline/contract';
import type { FuzzRequest } from './hostile-values.ts';
import type { FuzzRoute } from './route-catalogue.ts';

/**
 * What any answer to a hostile request must be (issue 20): never a 5xx; every error in the one format
 * `{ error, message, details? }` (http/errors.ts), `error` a short snake_case kind; a 400 about a path or query
 * parameter names it; an error repeats nothing the request sent; and a success is JSON (a 204, empty), as the API's
 * every answer.
 */

export interface FuzzAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

export type ProblemKind = 'server_error' | 'error_format' | 'parameter_not_named' | 'input_echoed' | 'answer_format';

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

  const echoed = echoedText(request, [error.message, ...textsIn(error.details)]);
  if (echoed !== undefined) {
    const shown = echoed.length > 60 ? `${echoed.slice(0, 60)}…` : echoed;
    problems.push({ kind: 'input_echoed', status: answer.status, text: `repeats ${JSON.stringify(shown)}: ${body}` });
  }
  return problems;
}

// ── Nothing of the request repeated ──

/**
 * Texts shorter than this are not looked for: "NaN", "-1" or "asc" may well be words of a fixed message.
 * Letters and digits alone must be longer still, and are looked for as whole words: a random "play" or "1000" is
 * too likely a word or a bound the message says on its own ("player", "at most 1000").
 */
const MIN_ECHO_LENGTH = 4;
const MIN_WORD_ECHO_LENGTH = 6;
/** A long text is looked for by its start: a message repeating it cut short repeats that. */
const ECHO_PROBE_LENGTH = 40;
const WORD_ONLY = /^[\p{L}\p{N}]+$/u;

/** The games' names a message may list ("must be one of bf1942, fh2, bfvietnam"). */
const GAME_WORDS = GAMES.flatMap((game) => [game.id, game.routeSlug, game.mode.toLowerCase()]);

/**
 * What a message about this route may say of its own accord, lower case: the route's path, its parameters' and
 * fields' names, and every text and number of their schemas (enums, defaults, bounds, patterns), with the games'
 * names. A text sent that is part of one of these is no proof of an echo.
 */
const routeWordsCache = new WeakMap<FuzzRoute, string[]>();
function routeWords(route: FuzzRoute): string[] {
  let words = routeWordsCache.get(route);
  if (words === undefined) {
    words = [route.path, ...GAME_WORDS];
    const pending: unknown[] = [...route.parameters, route.body];
    while (pending.length > 0) {
      const value = pending.pop();
      if (typeof value === 'string' || typeof value === 'number') words.push(String(value));
      else if (Array.isArray(value)) pending.push(...(value as unknown[]));
      else if (typeof value === 'object' && value !== null) {
        for (const [key, item] of Object.entries(value)) pending.push(key, item);
      }
    }
    words = words.map((word) => word.toLowerCase());
    routeWordsCache.set(route, words);
  }
  return words;
}

/** The strings anywhere in `value` (an error's details). */
function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (isRecord(value)) return Object.values(value).flatMap(textsIn);
  return [];
}

/** Whether `word` (letters and digits) occurs in `text` with no letter or digit right before or after it. */
function hasWholeWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

/**
 * The first text the request sent (trimmed, as a server trims it) that the error repeats, if any. Short texts and the
 * route's own words are left out (see above), so an answer is never held to have echoed what it says anyway.
 */
export function echoedText(request: FuzzRequest, said: readonly string[]): string | undefined {
  const words = routeWords(request.route);
  for (const sent of new Set(request.sentTexts.map((text) => text.trim()))) {
    const wordOnly = WORD_ONLY.test(sent);
    if (sent.length < (wordOnly ? MIN_WORD_ECHO_LENGTH : MIN_ECHO_LENGTH)) continue;
    const lower = sent.toLowerCase();
    if (words.some((word) => word.includes(lower))) continue;
    if (sent.length > ECHO_PROBE_LENGTH) {
      const probe = sent.slice(0, ECHO_PROBE_LENGTH);
      if (said.some((text) => text.includes(probe))) return sent;
    } else if (said.some((text) => (wordOnly ? hasWholeWord(text, sent) : text.includes(sent)))) return sent;
  }
  return undefined;
}
