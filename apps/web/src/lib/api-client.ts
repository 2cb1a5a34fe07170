/**
 * The one HTTP client of the web app (spec: site-account-and-realtime §7, site-statistics §7): every
 * call goes under /stats; a non-OK answer throws `HTTP error! status: {code}`; an empty or 204 answer
 * gives `{}`; there is no default timeout (callers pass an AbortSignal when they want one). Answers are typed
 * by the contract and not parsed (zod stays out of the browser). Calls that carry the signed-in user's token
 * go through lib/auth/auth-api.ts, which adds the bearer and the refresh on 401 to `apiRequest`.
 */

const API_BASE = '/stats';

export class HttpError extends Error {
  readonly status: number;
  /** The server's JSON error body (`{ error, message, details? }`) when it sent one. */
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`HTTP error! status: ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  /** Arrays become repeated keys; undefined, null and blank values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export function buildQueryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      const text = String(item);
      if (text.trim() === '') continue;
      params.append(key, text);
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface ApiRequestOptions extends RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Same-origin credentials: the refresh cookie of sign-in travels with the auth calls. */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', query, body, headers, signal }: ApiRequestOptions = {},
): Promise<T> {
  const response = await fetch(`${API_BASE}${path}${buildQueryString(query)}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, parseJsonOrText(text));
  return (response.status === 204 || text.trim() === '' ? {} : JSON.parse(text)) as T;
}

export function apiGet<T = unknown>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>(path, options);
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
