import type { z } from 'zod';

/**
 * The one HTTP client of the web app (spec: site-account-and-realtime §7, site-statistics §7): every
 * call goes under /stats; a non-OK answer throws `HTTP error! status: {code}`; an empty or 204 answer
 * gives `{}`; there is no default timeout (callers pass an AbortSignal when they want one).
 */

export const API_BASE = '/stats';

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

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Arrays become repeated keys; undefined, null and blank values are left out. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Checks the answer against the contract; a mismatch is an error, not silently wrong data. */
  schema?: z.ZodType<T>;
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

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, headers = {}, signal, schema } = options;
  const init: RequestInit = {
    method,
    headers: { Accept: 'application/json', ...headers },
    credentials: 'same-origin',
    signal,
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  const response = await fetch(`${API_BASE}${path}${buildQueryString(query)}`, init);
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, parseJsonOrText(text));
  const data: unknown = response.status === 204 || text.trim() === '' ? {} : JSON.parse(text);
  return schema ? schema.parse(data) : (data as T);
}

export function apiGet<T = unknown>(
  path: string,
  options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest(path, { ...options, method: 'GET' });
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
