import type { AuthUser } from '@frontline/contract';
import {
  AUTH_KEY_NAMES,
  hasStoredSignIn,
  hasValidStoredToken,
  readStoredToken,
  readStoredUser,
} from './auth-storage.ts';

/**
 * The auth state of the page (spec §3 "Auth state: isAuthenticated, token, user"), read from local storage when
 * the page starts and whenever another tab changes it, and changed by the session (auth-session.ts, loaded only
 * when someone signs in). It is part of every page's first bundle, so it holds state and nothing else; React's
 * hooks onto it are in use-auth.ts, so that the session code, which needs no React, does not pull React into a
 * chunk of its own beside the page's main file.
 */
export interface AuthState {
  isAuthenticated: boolean;
  token: string | null;
  user: AuthUser | null;
}

/**
 * What the session is doing: restoring a stored sign-in at start (a refresh is under way, so pages wait before
 * deciding the visitor is signed out) or signing in (the login button reads 'Signing in...').
 */
export type AuthActivity = 'idle' | 'restoring' | 'signing-in';

export const SIGNED_OUT: AuthState = { isAuthenticated: false, token: null, user: null };

function readState(): AuthState {
  return hasValidStoredToken()
    ? { isAuthenticated: true, token: readStoredToken(), user: readStoredUser() }
    : SIGNED_OUT;
}

let state = readState();
// Spec §4 "App start": a missing or expired token is refreshed (auth-start.ts does it); until then the page waits.
let activity: AuthActivity = !state.isAuthenticated && hasStoredSignIn() ? 'restoring' : 'idle';
/** A message for the visitor about their session ('Session expired. Please login again.'), until dismissed. */
let notice: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getAuthState = (): AuthState => state;
export const getAuthActivity = (): AuthActivity => activity;
export const getAuthNotice = (): string | null => notice;

/** Reads the state again from storage (another tab signed in or out, refreshed, or a test set it up). */
export function reloadAuthFromStorage(): void {
  state = readState();
  emit();
}

/** The session's change (it has stored the token already: storage writes stay out of the first bundle). */
export function setAuthState(next: AuthState): void {
  state = next;
  emit();
}

export function setAuthActivity(next: AuthActivity): void {
  activity = next;
  emit();
}

export function setAuthNotice(message: string | null): void {
  notice = message;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // null: the other tab cleared all of its storage.
    if (event.key === null || AUTH_KEY_NAMES.includes(event.key)) reloadAuthFromStorage();
  });
}
