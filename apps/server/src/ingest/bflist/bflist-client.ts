import { setTimeout as delay } from 'node:timers/promises';
import type { GameId } from '@frontline/contract';
import { APP_VERSION } from '../../version.ts';
import type { GamePoll, ServerSnapshot } from '../../domain/snapshot.ts';
import { bflistPageSchema } from './bflist-schema.ts';
import type { BflistPage } from './bflist-schema.ts';
import { MAX_PAGE_BYTES, MAX_SERVERS_PER_GAME } from './feed-limits.ts';
import { normaliseServerEntry, readServerAddress } from './normalise.ts';

export interface FetchGameServersOptions {
  /** Origin (and optional path prefix) of the API, e.g. `https://api.bflist.io`. */
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Per attempt, body included. */
  timeoutMs?: number;
  /** Further attempts of one page after the first fails. */
  retries?: number;
  /**
   * The whole poll, retries included, ends within this long (ms): no attempt waits past it and no pause is taken that
   * would end past it; a poll that runs out fails (a gap) rather than ending late. The collector gives each poll most
   * of its interval, so that a feed that fails slowly (timeouts, 5xx with their pauses) never delays the next poll.
   */
  budgetMs?: number;
  /** First pause between attempts; it doubles each time, capped at `MAX_BACKOFF_MS`. */
  backoffMs?: number;
  maxPages?: number;
  userAgent?: string;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
}

/** How the poll went, beyond what the tracker needs: for the poll's log line. */
export interface BflistPollDetails {
  /** Pages received. */
  pages: number;
  /** HTTP requests made, retries included. */
  requests: number;
  /** Paging stopped at `maxPages` while the feed still had more: the list may be incomplete. */
  pageCapReached: boolean;
  /** Entries for an ip:port already listed in this poll (the last one was kept). */
  duplicateEntries: number;
  /** The first few reasons entries were skipped. */
  problems: string[];
}

export type BflistGamePoll = GamePoll & { details: BflistPollDetails };

const BFLIST_PAGE_SIZE = 100;
const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 10_000;
/** A safety stop against a feed that never says it is done; 5,000 servers is far beyond these games. */
const DEFAULT_MAX_PAGES = 50;
const MAX_PROBLEMS = 5;

interface Settings {
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs: number;
  retries: number;
  /** `performance.now()` past which no attempt runs (Infinity without a budget). */
  deadline: number;
  backoffMs: number;
  maxPages: number;
  userAgent: string;
  signal: AbortSignal | undefined;
  sleep: (ms: number) => Promise<void>;
}

interface PageCursor {
  cursor: string;
  after: string;
}

type AttemptResult =
  | { kind: 'page'; page: BflistPage }
  | { kind: 'retryable'; error: string; retryAfterMs?: number }
  | { kind: 'fatal'; error: string };

/** `at`: for the first page, when its answered attempt was sent. */
type PageResult = { ok: true; page: BflistPage; at: Date | undefined } | { ok: false; error: string };

/**
 * Polls the whole BFList v2 server list of one game, page by page. Either every page arrives and the poll is
 * `ok` with the servers listed, or the poll fails as a whole: a partial list must never look like servers
 * going offline. Malformed entries are skipped and counted; a server listed twice is kept once (last wins).
 * Never rejects, except on invalid options (a programming error).
 */
export async function fetchGameServers(game: GameId, options: FetchGameServersOptions): Promise<BflistGamePoll> {
  const settings = resolveSettings(options);
  const started = settings.now();
  /** When the list was taken: the first page's answered request (its snapshot pins the pages after it). */
  let at = started;
  const details: BflistPollDetails = {
    pages: 0,
    requests: 0,
    pageCapReached: false,
    duplicateEntries: 0,
    problems: [],
  };
  const fail = (error: string): BflistGamePoll => ({ game, at: started, ok: false, error, details });

  const listUrl = buildListUrl(options.baseUrl, game);
  if (listUrl === undefined) return fail(`invalid base URL ${JSON.stringify(options.baseUrl)}`);

  const servers = new Map<string, ServerSnapshot>();
  let skippedEntries = 0;
  let next: PageCursor | undefined;
  for (;;) {
    const pageNumber = details.pages + 1;
    const result = await fetchPage(
      buildPageUrl(listUrl, next),
      settings,
      details,
      pageNumber === 1 ? started : undefined,
    );
    if (!result.ok) return fail(`page ${pageNumber}: ${result.error}`);
    if (result.at !== undefined) at = result.at;
    details.pages = pageNumber;
    const { page } = result;

    for (const raw of page.servers) {
      const entry = normaliseServerEntry(game, raw);
      skippedEntries += entry.skippedPlayers + (entry.snapshot === undefined ? 1 : 0);
      for (const problem of [entry.problem, entry.playerProblem]) {
        if (problem !== undefined && details.problems.length < MAX_PROBLEMS) {
          details.problems.push(`page ${pageNumber}: ${problem}`);
        }
      }
      if (entry.snapshot === undefined) continue;
      const key = `${entry.snapshot.ip}:${entry.snapshot.port}`;
      if (servers.has(key)) details.duplicateEntries += 1;
      servers.set(key, entry.snapshot);
    }
    // Keeping only the first servers would make the others look offline: the whole poll fails instead (a gap).
    if (servers.size > MAX_SERVERS_PER_GAME) {
      return fail(`page ${pageNumber}: more than ${MAX_SERVERS_PER_GAME} servers listed, not a real list`);
    }

    if (page.servers.length === 0 || !page.hasMore) break;
    if (pageNumber >= settings.maxPages) {
      details.pageCapReached = true;
      break;
    }
    // Without both halves of the continuation we cannot ask for the rest, and stopping here would pass a
    // partial list off as complete.
    if (page.cursor === null || page.cursor === '') return fail(`page ${pageNumber}: hasMore without a cursor`);
    const last = readServerAddress(page.servers.at(-1));
    if (last === undefined) return fail(`page ${pageNumber}: last server entry has no ip:port to continue after`);
    next = { cursor: page.cursor, after: `${last.ip}:${last.port}` };
  }

  return { game, at, ok: true, servers: [...servers.values()], skippedEntries, details };
}

function resolveSettings(options: FetchGameServersOptions): Settings {
  const settings: Settings = {
    // Wrapped so that the global is looked up per call and never invoked with a foreign `this`.
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now: options.now ?? (() => new Date()),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retries: options.retries ?? DEFAULT_RETRIES,
    deadline: options.budgetMs === undefined ? Infinity : performance.now() + options.budgetMs,
    backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
    userAgent: options.userAgent ?? `Frontline-collector/${APP_VERSION}`,
    signal: options.signal,
    sleep: options.sleep ?? ((ms) => sleepUnlessAborted(ms, options.signal)),
  };
  requireWholeNumber('timeoutMs', settings.timeoutMs, 1);
  requireWholeNumber('retries', settings.retries, 0);
  if (options.budgetMs !== undefined) requireWholeNumber('budgetMs', options.budgetMs, 1);
  requireWholeNumber('backoffMs', settings.backoffMs, 0);
  // Zero pages would be an "ok" poll listing no servers: every server would look offline.
  requireWholeNumber('maxPages', settings.maxPages, 1);
  return settings;
}

function requireWholeNumber(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`fetchGameServers: ${name} must be a whole number ≥ ${min}, got ${value}`);
  }
}

async function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch {
    // Aborted: the caller checks the signal and stops.
  }
}

function buildListUrl(baseUrl: string, game: GameId): URL | undefined {
  // A trailing slash makes the base a directory, so a path prefix (`https://host/api`) is kept.
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return URL.canParse(base) ? new URL(`v2/${game}/servers`, base) : undefined;
}

function buildPageUrl(listUrl: URL, next: PageCursor | undefined): URL {
  const url = new URL(listUrl);
  url.searchParams.set('perPage', String(BFLIST_PAGE_SIZE));
  if (next !== undefined) {
    url.searchParams.set('cursor', next.cursor);
    url.searchParams.set('after', next.after);
  }
  return url;
}

/**
 * One page, with its retries. `firstAttemptAt`: the time the poll started, for its first page; that page's result
 * carries the time its answered attempt was sent (`now()` again for a retry).
 */
async function fetchPage(
  url: URL,
  settings: Settings,
  details: BflistPollDetails,
  firstAttemptAt: Date | undefined,
): Promise<PageResult> {
  for (let attempt = 1; ; attempt += 1) {
    if (settings.signal?.aborted === true) return { ok: false, error: 'aborted' };
    // Only a later page can find the budget spent (by the pages before it).
    if (performance.now() >= settings.deadline) return { ok: false, error: "the poll's time is up" };
    details.requests += 1;
    const sentAt = firstAttemptAt === undefined || attempt === 1 ? firstAttemptAt : settings.now();
    const timeoutMs = Math.max(1, Math.min(settings.timeoutMs, Math.floor(settings.deadline - performance.now())));
    const result = await attemptPage(url, settings, timeoutMs);
    if (result.kind === 'page') return { ok: true, page: result.page, at: sentAt };
    if (result.kind === 'fatal') return { ok: false, error: result.error };
    const gaveUp = (why: string) => ({
      ok: false as const,
      error:
        attempt === 1
          ? `${result.error} (${why})`
          : `${result.error} (gave up after ${attempt} attempts${why === '' ? '' : `: ${why}`})`,
    });
    if (attempt > settings.retries) return attempt === 1 ? { ok: false, error: result.error } : gaveUp('');
    const pauseMs = computeBackoff(attempt, settings.backoffMs, result.retryAfterMs);
    // A pause that ends past the budget, and the attempt after it, would only make the poll late: it fails now.
    if (performance.now() + pauseMs >= settings.deadline) return gaveUp("the poll's time is up");
    await settings.sleep(pauseMs);
  }
}

/** Exponential from `backoffMs`, stretched to a server's Retry-After, never beyond `MAX_BACKOFF_MS`. */
function computeBackoff(attempt: number, backoffMs: number, retryAfterMs?: number): number {
  const exponential = backoffMs * 2 ** (attempt - 1);
  return Math.min(MAX_BACKOFF_MS, Math.max(exponential, retryAfterMs ?? 0));
}

async function attemptPage(url: URL, settings: Settings, timeoutMs: number): Promise<AttemptResult> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = settings.signal === undefined ? timeout.signal : AbortSignal.any([settings.signal, timeout.signal]);
  try {
    const response = await settings.fetch(url, {
      headers: { 'User-Agent': settings.userAgent, Accept: 'application/json' },
      signal,
    });
    if (!response.ok) {
      await discardBody(response);
      return describeFailedResponse(response, settings.now());
    }
    // Read as text first, so that a body cut off by the network (retryable) is told apart from a body that
    // arrived whole but is not JSON (not retryable: the same request would give the same answer).
    const text = await readBodyUpTo(response, MAX_PAGE_BYTES);
    if (text === undefined) return { kind: 'fatal', error: `response is over ${MAX_PAGE_BYTES} bytes` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { kind: 'fatal', error: `response is not JSON (${text.length} bytes)` };
    }
    const parsed = bflistPageSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? '' : ` (${issue.path.map(String).join('.') || 'body'}: ${issue.message})`;
      return { kind: 'fatal', error: `response is not a BFList page${where}` };
    }
    return { kind: 'page', page: parsed.data };
  } catch (error) {
    if (settings.signal?.aborted === true) return { kind: 'fatal', error: 'aborted' };
    if (timeout.signal.aborted) return { kind: 'retryable', error: `timed out after ${timeoutMs} ms` };
    return { kind: 'retryable', error: describeError(error) };
  } finally {
    clearTimeout(timer);
  }
}

function describeFailedResponse(response: Response, now: Date): AttemptResult {
  const error = `HTTP ${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}`;
  if (response.status === 429 || response.status >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now);
    return retryAfterMs === undefined ? { kind: 'retryable', error } : { kind: 'retryable', error, retryAfterMs };
  }
  return { kind: 'fatal', error };
}

/** Retry-After is either delay-seconds or an HTTP date. */
function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

/** The body as text, or undefined as soon as it is longer than `maxBytes` (the rest is never read). */
async function readBodyUpTo(response: Response, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await discardBody(response);
    return undefined;
  }
  if (response.body === null) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  // Decoded as `response.text()` would: UTF-8, a byte order mark dropped.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

async function discardBody(response: Response): Promise<void> {
  // An unread body holds its connection; its content does not matter for an error status.
  try {
    await response.body?.cancel();
  } catch {
    // Already closed.
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Node's fetch reports every network failure as "fetch failed"; the cause says which one.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
