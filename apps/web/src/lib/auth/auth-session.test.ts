import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALICE, apiError, fakeServer, json, noContent, storeSignIn } from './test-fixtures.ts';

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
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString();

/** Fresh modules per test: the store reads storage when it loads, the session keeps its timers. */
async function loadAuth() {
  vi.resetModules();
  const store = await import('./auth-store.ts');
  const session = await import('./auth-session.ts');
  return { store, session };
}

function loginAnswer(expiresAtMs: number, accessToken = 'access-1') {
  return json({ accessToken, expiresAt: iso(expiresAtMs), user: ALICE });
}

function recordEvents(...types: string[]) {
  const seen: { type: string; detail: unknown }[] = [];
  const listener = (event: Event) => seen.push({ type: event.type, detail: (event as CustomEvent).detail });
  for (const type of types) window.addEventListener(type, listener);
  return {
    seen,
    stop: () => {
      for (const type of types) window.removeEventListener(type, listener);
    },
  };
}

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { google?: unknown }).google;
});

describe("auto-refresh schedule (spec §9: '1 hour before expiry if more than 24 hours remain, else 5 minutes before')", () => {
  it('is an hour before expiry for a token with more than a day left, five minutes before otherwise', async () => {
    const { session } = await loadAuth();
    const now = NOW.getTime();
    expect(session.refreshDelayMs(now + 7 * DAY, now)).toBe(7 * DAY - HOUR);
    expect(session.refreshDelayMs(now + DAY + MINUTE, now)).toBe(DAY + MINUTE - HOUR);
    // Exactly 24 hours is not "more than 24 hours".
    expect(session.refreshDelayMs(now + DAY, now)).toBe(DAY - 5 * MINUTE);
    expect(session.refreshDelayMs(now + HOUR, now)).toBe(55 * MINUTE);
    // Less than five minutes left, or already expired: at once.
    expect(session.refreshDelayMs(now + 2 * MINUTE, now)).toBe(0);
    expect(session.refreshDelayMs(now - HOUR, now)).toBe(0);
  });
});

describe('sign-in with a credential (spec §4 "Identity provider credential success")', () => {
  it('sends the credential to the login call, stores token, expiry and profile, and schedules the refresh', async () => {
    const expiresAt = NOW.getTime() + 2 * HOUR;
    const server = fakeServer({
      'POST /stats/auth/login': loginAnswer(expiresAt),
      'POST /stats/auth/refresh': json({ accessToken: 'access-2', expiresAt: iso(expiresAt + 2 * HOUR) }),
    });
    const { store, session } = await loadAuth();

    await expect(session.signInWithCredential('google-id-token')).resolves.toBe(true);

    expect(server.callsTo('POST /stats/auth/login')[0]?.body).toEqual({ googleIdToken: 'google-id-token' });
    expect(store.getAuthState()).toEqual({ isAuthenticated: true, token: 'access-1', user: ALICE });
    expect(localStorage.getItem('authToken')).toBe('access-1');
    expect(localStorage.getItem('tokenExpiresAt')).toBe(iso(expiresAt));
    expect(JSON.parse(localStorage.getItem('userProfile') ?? 'null')).toEqual(ALICE);
    expect(store.getAuthActivity()).toBe('idle');

    // Two hours left: the refresh comes five minutes before expiry, not earlier.
    await advance(2 * HOUR - 5 * MINUTE - 1);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(0);
    await advance(1);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
    expect(store.getAuthState().token).toBe('access-2');
    // The profile stays the one signed in.
    expect(store.getAuthState().user).toEqual(ALICE);
  });

  it("treats a non-OK login as 'Backend authentication failed' with a google-auth-error event", async () => {
    fakeServer({ 'POST /stats/auth/login': apiError(401, 'invalid token') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = recordEvents('google-auth-error');
    const { store, session } = await loadAuth();

    await expect(session.signInWithCredential('bad')).resolves.toBe(false);

    expect(events.seen).toEqual([{ type: 'google-auth-error', detail: { message: 'Backend authentication failed' } }]);
    expect(store.getAuthNotice()).toBe('Backend authentication failed');
    expect(store.getAuthState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
    events.stop();
  });

  it('ignores a sign-in while one is in progress', async () => {
    let answerLogin: (response: Response) => void = () => {};
    const server = fakeServer({
      'POST /stats/auth/login': () => new Promise<Response>((resolve) => (answerLogin = resolve)),
    });
    const { store, session } = await loadAuth();

    const first = session.signInWithCredential('one');
    expect(store.getAuthActivity()).toBe('signing-in');
    await expect(session.signInWithCredential('two')).resolves.toBe(false);
    answerLogin(loginAnswer(NOW.getTime() + HOUR));
    await expect(first).resolves.toBe(true);

    expect(server.callsTo('POST /stats/auth/login').map((call) => call.body)).toEqual([{ googleIdToken: 'one' }]);
  });
});

describe('auto-refresh (spec §4: "Success reschedules. Failure waits 60 seconds; if the token is then still expired, the user is logged out")', () => {
  it('logs out with auth-expired when the refresh failed and the token has expired 60 s later', async () => {
    const expiresAt = NOW.getTime() + 3 * MINUTE;
    const server = fakeServer({
      'POST /stats/auth/login': loginAnswer(expiresAt),
      'POST /stats/auth/refresh': apiError(401),
      'POST /stats/auth/logout': noContent(),
    });
    const events = recordEvents('auth-logout', 'auth-expired');
    const { store, session } = await loadAuth();
    await session.signInWithCredential('credential');

    // Under five minutes left: the refresh is tried at once, and fails.
    await advance(0);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
    expect(store.getAuthState().isAuthenticated).toBe(true);

    // 60 s later the token (3 minutes) is still valid: tried again, not logged out. (The fake clock runs a timer
    // set while it ticks at least 1 ms later, hence the extra second.)
    await advance(61_000);
    expect(store.getAuthState().isAuthenticated).toBe(true);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(2);

    // Past expiry, the next failed refresh's re-check logs out.
    await advance(2 * 60_000);
    expect(store.getAuthState().isAuthenticated).toBe(false);
    expect(server.callsTo('POST /stats/auth/logout')).toHaveLength(1);
    expect(events.seen).toEqual([
      { type: 'auth-logout', detail: null },
      { type: 'auth-expired', detail: { message: 'Your session has expired. Please sign in again.' } },
    ]);
    expect(store.getAuthNotice()).toBe('Your session has expired. Please sign in again.');
    expect(localStorage.getItem('authToken')).toBeNull();
    events.stop();
  });

  it('reschedules after a successful refresh, for the new expiry', async () => {
    const firstExpiry = NOW.getTime() + 30 * MINUTE;
    const secondExpiry = firstExpiry + 3 * DAY;
    const server = fakeServer({
      'POST /stats/auth/login': loginAnswer(firstExpiry),
      'POST /stats/auth/refresh': [
        json({ accessToken: 'access-2', expiresAt: iso(secondExpiry) }),
        json({ accessToken: 'access-3', expiresAt: iso(secondExpiry + 3 * DAY) }),
      ],
    });
    const { store, session } = await loadAuth();
    await session.signInWithCredential('credential');

    await advance(25 * MINUTE);
    expect(store.getAuthState().token).toBe('access-2');
    // More than a day left now: the next refresh is an hour before the new expiry.
    await advance(secondExpiry - HOUR - Date.now() - 1);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
    await advance(1);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(2);
    expect(store.getAuthState().token).toBe('access-3');
  });

  it('waits for a token that lives longer than a timer can (24.8 days) instead of refreshing at once', async () => {
    const expiresAt = NOW.getTime() + 60 * DAY;
    const server = fakeServer({ 'POST /stats/auth/login': loginAnswer(expiresAt) });
    const { session } = await loadAuth();
    await session.signInWithCredential('credential');

    await advance(30 * DAY);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(0);
    await advance(30 * DAY - HOUR);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
  });

  it("counts an answer without accessToken as a failed refresh (spec §7 'non-OK or missing accessToken is failure')", async () => {
    storeSignIn({ token: 'old', expiresAt: iso(NOW.getTime() + HOUR) });
    fakeServer({ 'POST /stats/auth/refresh': json({ expiresAt: iso(NOW.getTime() + DAY) }) });
    const { store, session } = await loadAuth();
    await expect(session.refreshSession()).resolves.toBe(false);
    expect(store.getAuthState().token).toBe('old');
  });
});

describe('logout (spec §4: "calls the server (failure ignored), clears the three stored auth keys, disables the identity provider\'s auto-select and emits an auth-logout event")', () => {
  it('sends the bearer, clears the keys, disables Google auto-select and emits auth-logout', async () => {
    storeSignIn({ token: 'current' });
    const server = fakeServer({ 'POST /stats/auth/logout': noContent() });
    const disableAutoSelect = vi.fn();
    Object.assign(window, { google: { accounts: { id: { disableAutoSelect } } } });
    const events = recordEvents('auth-logout');
    const { store, session } = await loadAuth();
    expect(store.getAuthState().isAuthenticated).toBe(true);

    await session.logout();

    expect(server.callsTo('POST /stats/auth/logout')[0]?.headers).toMatchObject({ Authorization: 'Bearer current' });
    for (const key of ['authToken', 'userProfile', 'tokenExpiresAt']) expect(localStorage.getItem(key)).toBeNull();
    expect(store.getAuthState()).toEqual({ isAuthenticated: false, token: null, user: null });
    expect(disableAutoSelect).toHaveBeenCalledOnce();
    expect(events.seen.map((event) => event.type)).toEqual(['auth-logout']);
    events.stop();
  });

  it('signs out locally when the server call fails, and without Google loaded', async () => {
    storeSignIn();
    fakeServer({ 'POST /stats/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { store, session } = await loadAuth();
    await expect(session.logout()).resolves.toBeUndefined();
    expect(store.getAuthState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('stops the auto-refresh', async () => {
    const server = fakeServer({
      'POST /stats/auth/login': loginAnswer(NOW.getTime() + HOUR),
      'POST /stats/auth/logout': noContent(),
    });
    const { session } = await loadAuth();
    await session.signInWithCredential('credential');
    await session.logout();
    await advance(2 * HOUR);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(0);
  });
});

describe('another tab (spec §4 logout; the stored keys are shared by the tabs)', () => {
  it('signing out there signs this tab out and stops its refresh', async () => {
    storeSignIn({ expiresAt: iso(NOW.getTime() + HOUR) });
    const server = fakeServer({});
    const { store, session } = await loadAuth();
    session.scheduleAutoRefresh();

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', newValue: null }));

    expect(store.getAuthState().isAuthenticated).toBe(false);
    await advance(2 * HOUR);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(0);
  });

  it('takes the token another tab refreshed instead of refreshing again', async () => {
    storeSignIn({ token: 'mine', expiresAt: iso(NOW.getTime() + HOUR) });
    const server = fakeServer({});
    const { store, session } = await loadAuth();
    localStorage.setItem('authToken', 'theirs');
    localStorage.setItem('tokenExpiresAt', iso(NOW.getTime() + 2 * DAY));

    await expect(session.refreshSession()).resolves.toBe(true);
    expect(server.calls).toHaveLength(0);
    expect(store.getAuthState().token).toBe('theirs');
  });
});
