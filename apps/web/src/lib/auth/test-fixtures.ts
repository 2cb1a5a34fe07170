import type { AuthUser } from '@frontline/contract';
import { vi } from 'vitest';

/** Test helpers for sign-in: what a sign-in leaves in storage, and a fake server at the network edge (fetch). */

export const ALICE: AuthUser = { id: 7, name: 'alice', email: 'alice@example.com' };

export function unsignedJwt(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** Stores a sign-in as the session does (spec §3 keys); expiresAt null leaves tokenExpiresAt out. */
export function storeSignIn({
  token = 'stored-token',
  expiresAt = new Date(Date.now() + 3_600_000).toISOString(),
  user = ALICE,
}: { token?: string; expiresAt?: string | null; user?: AuthUser | null } = {}): void {
  localStorage.setItem('authToken', token);
  if (expiresAt !== null) localStorage.setItem('tokenExpiresAt', expiresAt);
  if (user) localStorage.setItem('userProfile', JSON.stringify(user));
}

export interface RecordedCall {
  method: string;
  /** Path and query, e.g. /stats/auth/profile. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = Response | (() => Response | Promise<Response>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function apiError(status: number, message = 'refused'): Response {
  return json({ error: 'error', message }, status);
}

/**
 * Stands in for the server: answers by "METHOD /path" (query left out of the match); a route given an array
 * answers with its items in turn, the last one again after that. Unknown routes answer 404. Records every call.
 */
export function fakeServer(routes: Record<string, Answer | Answer[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, headers, body });
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (route === undefined) return apiError(404, `no route ${key}`);
    const answers = Array.isArray(route) ? route : [route];
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const answer = answers[Math.min(index, answers.length - 1)];
    if (answer === undefined) return apiError(404, `no route ${key}`);
    // A Response body can be read once: functions make a fresh one per call.
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url.split('?')[0]}` === key),
  };
}
