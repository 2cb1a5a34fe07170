import type { LoginResponse, RefreshResponse } from '@frontline/contract';
import { apiRequest } from '../api-client.ts';
import type { AuthUser } from '@frontline/contract';
import {
  AUTH_KEY_NAMES,
  AUTH_STORAGE_KEYS,
  hasValidStoredToken,
  readStoredToken,
  readStoredUser,
  storedTokenExpiryMs,
} from './auth-storage.ts';
import {
  getAuthState,
  reloadAuthFromStorage,
  setAuthActivity,
  setAuthNotice,
  setAuthState,
  SIGNED_OUT,
  subscribeAuth,
} from './auth-store.ts';
import { loadedGoogleAccountsId } from './google-identity-types.ts';

/**
 * The session (spec: site-account-and-realtime §4 "Authentication", §7 login/refresh/logout, §9): signing in with
 * an identity provider's credential, restoring a stored sign-in at start, the auto-refresh before the token
 * expires, and signing out. Loaded only once someone has signed in or starts to: visitors never download it.
 */

/** Window events other parts of the page (the hub connection, notices) listen to (spec §4). */
export const AUTH_EVENTS = {
  logout: 'auth-logout',
  expired: 'auth-expired',
  googleError: 'google-auth-error',
} as const;

/** Spec §8. */
export const AUTH_MESSAGES = {
  backendFailed: 'Backend authentication failed',
  autoRefreshExpired: 'Your session has expired. Please sign in again.',
  requestExpired: 'Session expired. Please login again.',
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Spec §9: "1 hour before expiry if more than 24 hours remain, else 5 minutes before". */
const LONG_TOKEN_MS = 24 * HOUR_MS;
const LONG_TOKEN_LEAD_MS = HOUR_MS;
const SHORT_TOKEN_LEAD_MS = 5 * MINUTE_MS;
/** Spec §9: "Re-check delay after a failed refresh: 60 s." */
export const REFRESH_RETRY_MS = MINUTE_MS;
/** setTimeout fires at once past 2^31-1 ms (24.8 days): a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Tabs of one browser share the refresh cookie; one refreshes at a time, the others take its new token. */
const REFRESH_LOCK = 'frontline-auth-refresh';

/** How long before the token expires the auto-refresh fires, from now (never negative). */
export function refreshDelayMs(expiresAtMs: number, nowMs: number): number {
  const remaining = expiresAtMs - nowMs;
  return Math.max(0, remaining - (remaining > LONG_TOKEN_MS ? LONG_TOKEN_LEAD_MS : SHORT_TOKEN_LEAD_MS));
}

/** Stores a new token; the user only when given (a refresh keeps the one signed in). */
function setSignedIn(token: string, expiresAt: string, user?: AuthUser): void {
  try {
    localStorage.setItem(AUTH_STORAGE_KEYS.token, token);
    localStorage.setItem(AUTH_STORAGE_KEYS.expiresAt, expiresAt);
    if (user) localStorage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // Storage refused (full or disabled): the sign-in lasts as long as the page.
  }
  setAuthState({ isAuthenticated: true, token, user: user ?? getAuthState().user ?? readStoredUser() });
}

function setSignedOut(): void {
  try {
    for (const key of AUTH_KEY_NAMES) localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
  setAuthState(SIGNED_OUT);
}

function emitWindowEvent(type: string, message?: string): void {
  window.dispatchEvent(new CustomEvent(type, { detail: message === undefined ? undefined : { message } }));
}

let loginInFlight = false;

/**
 * Signs in with an identity provider's credential (a Google ID token, or the demo provider's): POST
 * /stats/auth/login, then the token, its expiry and the user are stored and the auto-refresh scheduled. Resolves
 * true when signed in; false when the login failed ('Backend authentication failed', a google-auth-error event)
 * or another sign-in was already under way (spec §4: "A sign-in request is ignored while one is in progress").
 */
export async function signInWithCredential(credential: string): Promise<boolean> {
  if (loginInFlight) return false;
  loginInFlight = true;
  setAuthActivity('signing-in');
  setAuthNotice(null);
  try {
    const answer = await apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: { googleIdToken: credential },
    });
    setSignedIn(answer.accessToken, answer.expiresAt, answer.user);
    scheduleAutoRefresh();
    return true;
  } catch (error) {
    console.error(AUTH_MESSAGES.backendFailed, error);
    emitWindowEvent(AUTH_EVENTS.googleError, AUTH_MESSAGES.backendFailed);
    setAuthNotice(AUTH_MESSAGES.backendFailed);
    return false;
  } finally {
    loginInFlight = false;
    setAuthActivity('idle');
  }
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * POST /stats/auth/refresh with the refresh cookie; true when a new token is stored (spec §7: "non-OK or missing
 * accessToken is failure"). Concurrent callers share one request.
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshOnce(): Promise<boolean> {
  const tokenBefore = getAuthState().token;
  const attempt = async (): Promise<boolean> => {
    // Another tab may have refreshed while this one waited for the lock: its token is already stored.
    const stored = readStoredToken();
    if (stored !== null && stored !== tokenBefore && hasValidStoredToken()) {
      reloadAuthFromStorage();
      return true;
    }
    try {
      const answer = await apiRequest<Partial<RefreshResponse>>('/auth/refresh', { method: 'POST' });
      if (!answer.accessToken || !answer.expiresAt) return false;
      setSignedIn(answer.accessToken, answer.expiresAt);
      return true;
    } catch {
      return false;
    }
  };
  // Web Locks: absent in old browsers and in jsdom, where tabs simply refresh on their own.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, attempt) : attempt();
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let scheduledToken: string | null = null;

function cancelAutoRefresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  scheduledToken = null;
}

/** Schedules the auto-refresh for the stored token's expiry (spec §9); replaces any earlier schedule. */
export function scheduleAutoRefresh(): void {
  cancelAutoRefresh();
  const { isAuthenticated, token } = getAuthState();
  const expiresAtMs = storedTokenExpiryMs();
  if (!isAuthenticated || expiresAtMs === undefined) return;
  scheduledToken = token;
  const delay = refreshDelayMs(expiresAtMs, Date.now());
  refreshTimer =
    delay > MAX_TIMER_MS ? setTimeout(scheduleAutoRefresh, MAX_TIMER_MS) : setTimeout(() => void autoRefresh(), delay);
}

/** Spec §4: "Success reschedules. Failure waits 60 seconds; if the token is then still expired, the user is logged out." */
async function autoRefresh(): Promise<void> {
  if (!getAuthState().isAuthenticated) return;
  if (await refreshSession()) {
    scheduleAutoRefresh();
    return;
  }
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    if (!getAuthState().isAuthenticated) return;
    // Still valid (the refresh came minutes before expiry, or another tab renewed it): try again on schedule.
    if (hasValidStoredToken()) scheduleAutoRefresh();
    else void logout({ event: AUTH_EVENTS.expired, message: AUTH_MESSAGES.autoRefreshExpired });
  }, REFRESH_RETRY_MS);
}

/**
 * App start with a stored sign-in whose token is missing or expired (spec §4): a refresh is tried, and the user
 * is logged out when it fails. The page waits meanwhile (activity 'restoring').
 */
export async function restoreSession(): Promise<void> {
  try {
    if (!(await refreshSession())) await logout();
  } finally {
    setAuthActivity('idle');
  }
}

let logoutInFlight: Promise<void> | null = null;

export interface LogoutOptions {
  /** A window event to emit after auth-logout (auth-expired), with the message as its detail. */
  event?: string;
  /** Shown to the visitor once signed out. */
  message?: string;
}

/**
 * Spec §4 "Logout: calls the server (failure ignored), clears the three stored auth keys, disables the identity
 * provider's auto-select and emits an auth-logout event." Concurrent calls share one sign-out.
 */
export function logout(options: LogoutOptions = {}): Promise<void> {
  logoutInFlight ??= logoutOnce(options).finally(() => {
    logoutInFlight = null;
  });
  return logoutInFlight;
}

async function logoutOnce({ event, message }: LogoutOptions): Promise<void> {
  cancelAutoRefresh();
  const token = getAuthState().token ?? readStoredToken();
  try {
    await apiRequest('/auth/logout', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    // The local sign-out is what matters; the server's session expires on its own.
  }
  setSignedOut();
  // Without this Google would sign the same account straight back in on the next visit.
  loadedGoogleAccountsId()?.disableAutoSelect();
  emitWindowEvent(AUTH_EVENTS.logout);
  if (event) emitWindowEvent(event, message);
  if (message) setAuthNotice(message);
}

/**
 * An authenticated call was refused and the refresh failed too (spec §4): logged out with 'Session expired.
 * Please login again.', once however many calls failed together.
 */
export async function endExpiredSession(): Promise<void> {
  if (!getAuthState().isAuthenticated && logoutInFlight === null) return;
  await logout({ message: AUTH_MESSAGES.requestExpired });
}

// A token that changes without this tab refreshing it (another tab signed in or refreshed, through storage)
// moves the schedule; a sign-out elsewhere stops it.
subscribeAuth(() => {
  const { isAuthenticated, token } = getAuthState();
  if (!isAuthenticated) {
    if (scheduledToken !== null) cancelAutoRefresh();
  } else if (token !== scheduledToken) {
    scheduleAutoRefresh();
  }
});
