import { apiRequest, HttpError, type ApiRequestOptions, type RequestOptions } from '../api-client.ts';
import { endExpiredSession, refreshSession } from './auth-session.ts';
import { getAuthState } from './auth-store.ts';

/**
 * The calls made as the signed-in user (spec §6 "Signed-in requests carry a bearer token from local storage"; §4
 * "Any authenticated call that gets 401 refreshes once and retries; if that refresh fails the user is logged
 * out with 'Session expired. Please login again.'"). A separate module from api-client.ts, so the page's first
 * bundle, which makes no such call, does not carry it.
 */

/** Spec §8: thrown when a call needs a sign-in and there is none. */
export const AUTH_REQUIRED_MESSAGE = 'Authentication required but token is invalid';

export async function authRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const send = () => {
    const { token } = getAuthState();
    if (!token) throw new Error(AUTH_REQUIRED_MESSAGE);
    return apiRequest<T>(path, { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } });
  };
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    if (!(await refreshSession())) {
      await endExpiredSession();
      throw error;
    }
    return send();
  }
}

export function authGet<T = unknown>(path: string, options?: RequestOptions): Promise<T> {
  return authRequest<T>(path, options);
}

export function authPost<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return authRequest<T>(path, { ...options, method: 'POST', body });
}

export function authDelete<T = unknown>(path: string, options?: RequestOptions): Promise<T> {
  return authRequest<T>(path, { ...options, method: 'DELETE' });
}
