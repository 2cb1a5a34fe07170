import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALICE, apiError, fakeServer, json, noContent, storeSignIn, unsignedJwt } from './test-fixtures.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

// Only the clock and timers: fetch's Response bodies are read through setImmediate, which must stay real.
const useFakeClock = () => vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });

/** Lets the fake server's answers (and a lazily loaded module) arrive: they take real turns of the event loop. */
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Moves the clock on, letting every answer due meanwhile arrive. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}
const HOUR = 3_600_000;

/** A page load: fresh modules read what storage holds, then the app shell starts the session. */
async function startPage() {
  vi.resetModules();
  const store = await import('./auth-store.ts');
  const { startAuth } = await import('./auth-start.ts');
  const before = { state: store.getAuthState(), activity: store.getAuthActivity() };
  startAuth();
  await settle();
  return { store, before };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('app start (spec §4: "if a stored token exists and is valid, the user is signed-in and auto-refresh is scheduled. If it is missing or expired, a refresh is tried; if the refresh fails, the user is logged out")', () => {
  it('signs in from a valid stored token at once and schedules the refresh', async () => {
    useFakeClock();
    storeSignIn({ token: 'stored', expiresAt: new Date(NOW.getTime() + HOUR).toISOString() });
    const server = fakeServer({
      'POST /stats/auth/refresh': json({ accessToken: 'renewed', expiresAt: '2026-11-21T14:00:00Z' }),
    });
    const { store, before } = await startPage();

    // Known before anything renders, so the first paint already shows the signed-in header.
    expect(before).toEqual({ state: { isAuthenticated: true, token: 'stored', user: ALICE }, activity: 'idle' });
    await advance(55 * 60_000 - 1);
    expect(server.calls).toHaveLength(0);
    await advance(1);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
    expect(store.getAuthState().token).toBe('renewed');
  });

  it('reads the expiry from the token when tokenExpiresAt is missing', async () => {
    storeSignIn({ token: unsignedJwt({ exp: Date.now() / 1000 + 600 }), expiresAt: null });
    fakeServer({});
    const { before } = await startPage();
    expect(before.state.isAuthenticated).toBe(true);
  });

  it('restores an expired sign-in with a refresh, waiting meanwhile', async () => {
    storeSignIn({ token: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const server = fakeServer({
      'POST /stats/auth/refresh': json({ accessToken: 'fresh', expiresAt: new Date(Date.now() + HOUR).toISOString() }),
    });
    const { store, before } = await startPage();

    expect(before).toEqual({ state: { isAuthenticated: false, token: null, user: null }, activity: 'restoring' });
    await vi.waitFor(() => expect(store.getAuthActivity()).toBe('idle'));
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
    expect(store.getAuthState()).toEqual({ isAuthenticated: true, token: 'fresh', user: ALICE });
  });

  it('logs out when that refresh fails', async () => {
    storeSignIn({ token: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const server = fakeServer({ 'POST /stats/auth/refresh': apiError(401), 'POST /stats/auth/logout': noContent() });
    const { store } = await startPage();

    await vi.waitFor(() => expect(store.getAuthActivity()).toBe('idle'));
    expect(server.callsTo('POST /stats/auth/logout')).toHaveLength(1);
    expect(store.getAuthState().isAuthenticated).toBe(false);
    for (const key of ['authToken', 'userProfile', 'tokenExpiresAt']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('makes no request for a visitor who never signed in (nothing stored: no refresh cookie to try)', async () => {
    const server = fakeServer({});
    const { store, before } = await startPage();
    expect(before.activity).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);
    expect(store.getAuthState().isAuthenticated).toBe(false);
  });

  it('logs a stored profile that is not JSON and treats it as empty (spec §4)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSignIn({ user: null });
    localStorage.setItem('userProfile', '{not json');
    fakeServer({});
    const { before } = await startPage();
    expect(before.state).toMatchObject({ isAuthenticated: true, user: null });
    expect(logged).toHaveBeenCalled();
  });

  it('schedules the refresh when another tab signs in', async () => {
    useFakeClock();
    const server = fakeServer({
      'POST /stats/auth/refresh': json({ accessToken: 'renewed', expiresAt: '2026-11-21T14:00:00Z' }),
    });
    const { store } = await startPage();
    storeSignIn({ expiresAt: new Date(NOW.getTime() + HOUR).toISOString() });
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    expect(store.getAuthState().isAuthenticated).toBe(true);

    await advance(55 * 60_000);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
  });
});
