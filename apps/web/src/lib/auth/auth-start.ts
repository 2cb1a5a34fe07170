import { getAuthActivity, getAuthState, subscribeAuth } from './auth-store.ts';

const loadSession = () => import('./auth-session.ts');

let started = false;

/**
 * App start (spec §4): with a valid stored token the user is signed in (the store says so from its first read)
 * and the auto-refresh is scheduled; with a stored sign-in whose token is missing or expired, a refresh is
 * tried. The session code is fetched only then, or when someone signs in: a visitor never downloads it.
 * Runs once per page, however often it is called.
 */
export function startAuth(): void {
  if (started) return;
  started = true;
  if (getAuthActivity() === 'restoring') {
    void loadSession().then((session) => session.restoreSession());
    return;
  }
  if (getAuthState().isAuthenticated) {
    void loadSession().then((session) => session.scheduleAutoRefresh());
    return;
  }
  // Signed out: another tab signing in makes this one signed in too, and its refresh has to be scheduled.
  const unsubscribe = subscribeAuth(() => {
    if (!getAuthState().isAuthenticated) return;
    unsubscribe();
    void loadSession().then((session) => session.scheduleAutoRefresh());
  });
}
