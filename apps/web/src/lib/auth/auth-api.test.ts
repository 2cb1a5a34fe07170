import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, json, noContent, storeSignIn } from './test-fixtures.ts';

async function loadAuth() {
  vi.resetModules();
  const store = await import('./auth-store.ts');
  const api = await import('./auth-api.ts');
  return { store, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authenticated calls (spec §6 "Signed-in requests carry a bearer token"; §4 "Any authenticated call that gets 401 refreshes once and retries")', () => {
  it('sends the bearer token and JSON bodies', async () => {
    storeSignIn({ token: 'token-1' });
    const server = fakeServer({ 'POST /stats/auth/player-names': json({ id: 1 }, 201) });
    const { api } = await loadAuth();

    await expect(api.authPost('/auth/player-names', { playerName: 'Sgt Pepper' })).resolves.toEqual({ id: 1 });
    const [call] = server.calls;
    expect(call?.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'application/json' });
    expect(call?.body).toEqual({ playerName: 'Sgt Pepper' });
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    storeSignIn({ token: 'stale' });
    const server = fakeServer({
      'GET /stats/auth/profile': [apiError(401), json({ playerNames: [] })],
      'POST /stats/auth/refresh': json({
        accessToken: 'fresh',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    const { api } = await loadAuth();

    await expect(api.authGet('/auth/profile')).resolves.toEqual({ playerNames: [] });
    expect(server.calls.map((call) => `${call.method} ${call.url} ${call.headers.Authorization ?? ''}`)).toEqual([
      'GET /stats/auth/profile Bearer stale',
      'POST /stats/auth/refresh ',
      'GET /stats/auth/profile Bearer fresh',
    ]);
  });

  it("logs out with 'Session expired. Please login again.' when that refresh fails", async () => {
    storeSignIn({ token: 'stale' });
    const server = fakeServer({
      'DELETE /stats/auth/buddies/3': apiError(401),
      'POST /stats/auth/refresh': apiError(401),
      'POST /stats/auth/logout': noContent(),
    });
    const events: string[] = [];
    const onLogout = () => events.push('auth-logout');
    window.addEventListener('auth-logout', onLogout);
    const { store, api } = await loadAuth();

    await expect(api.authDelete('/auth/buddies/3')).rejects.toThrow('HTTP error! status: 401');
    expect(store.getAuthState().isAuthenticated).toBe(false);
    expect(store.getAuthNotice()).toBe('Session expired. Please login again.');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(events).toEqual(['auth-logout']);
    // Refreshed once, not retried again.
    expect(server.callsTo('DELETE /stats/auth/buddies/3')).toHaveLength(1);
    window.removeEventListener('auth-logout', onLogout);
  });

  it('signs out once when several calls fail together', async () => {
    storeSignIn();
    const server = fakeServer({
      'GET /stats/auth/profile': apiError(401),
      'GET /stats/auth/dashboard': apiError(401),
      'POST /stats/auth/refresh': apiError(401),
      'POST /stats/auth/logout': noContent(),
    });
    const { api } = await loadAuth();
    await Promise.allSettled([api.authGet('/auth/profile'), api.authGet('/auth/dashboard')]);
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('POST /stats/auth/logout')).toHaveLength(1);
  });

  it('passes other failures through untouched', async () => {
    storeSignIn();
    const server = fakeServer({ 'POST /stats/auth/player-names': apiError(400, 'playerName is blank') });
    const { store, api } = await loadAuth();
    await expect(api.authPost('/auth/player-names', { playerName: '' })).rejects.toMatchObject({ status: 400 });
    expect(server.callsTo('POST /stats/auth/refresh')).toHaveLength(0);
    expect(store.getAuthState().isAuthenticated).toBe(true);
  });

  it("refuses without a sign-in: 'Authentication required but token is invalid' (spec §8)", async () => {
    const server = fakeServer({});
    const { api } = await loadAuth();
    await expect(api.authGet('/auth/profile')).rejects.toThrow('Authentication required but token is invalid');
    expect(server.calls).toHaveLength(0);
  });
});
