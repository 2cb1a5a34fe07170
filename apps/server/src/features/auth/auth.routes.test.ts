import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import type { ApiError, LoginResponse, RefreshResponse } from '@frontline/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../../test/local-google-jwks.ts';

// Sign-in end to end on a real app and database (issue: "Login with tokens minted in the test against a local
// JWKS"; domain-facts §7 "Login", "Tokens"). The JWKS is served over HTTP, so the real fetch-and-verify path runs.

const ORIGIN = 'http://localhost:80';

let jwks: LocalGoogleJwks;
let app: FastifyInstance;

beforeAll(async () => {
  jwks = await startLocalGoogleJwks();
});
afterAll(() => jwks.close());

beforeEach(async () => {
  app = await createTestApp({ GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url });
});
afterEach(() => app.close());

function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'rt')?.value;
}

async function login(token: string, remoteAddress = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/stats/auth/login', payload: { googleIdToken: token }, remoteAddress });
}

async function signIn(email = 'kowalski@example.com') {
  const response = await login(await jwks.mint({ email }));
  expect(response.statusCode, response.body).toBe(200);
  return { ...response.json<LoginResponse>(), refreshToken: refreshCookieOf(response) ?? '' };
}

/** `origin: null` sends no Origin header at all. */
function refresh(refreshToken: string | undefined, origin: string | null = ORIGIN) {
  return app.inject({
    method: 'POST',
    url: '/stats/auth/refresh',
    headers: origin === null ? {} : { origin },
    cookies: refreshToken === undefined ? {} : { rt: refreshToken },
  });
}

function getProfile(accessToken: string) {
  return app.inject({ url: '/stats/auth/profile', headers: { authorization: `Bearer ${accessToken}` } });
}

describe('POST /stats/auth/login', () => {
  it('signs in with a valid Google ID token: the user, a 7-day access token and the refresh cookie', async () => {
    const before = Date.now();
    const response = await login(await jwks.mint({ email: 'Kowalski@Example.com', name: 'Kowalski' }));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<LoginResponse>();
    expect(answer.user).toMatchObject({ name: 'Kowalski', email: 'kowalski@example.com' });
    expect(answer.user.id).toBeGreaterThan(0);
    const lifetimeMs = Date.parse(answer.expiresAt) - before;
    expect(lifetimeMs).toBeGreaterThan(7 * 86_400_000 - 5000);
    expect(lifetimeMs).toBeLessThanOrEqual(7 * 86_400_000 + 1000);
    expect(response.headers['cache-control']).toBe('no-store');

    const cookie = response.cookies.find((candidate) => candidate.name === 'rt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/stats/auth', maxAge: 60 * 86_400 });
    // Plain http on this machine: not Secure, or the browser would drop it.
    expect(cookie?.secure).toBeUndefined();

    const profile = await getProfile(answer.accessToken);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'kowalski@example.com', playerNames: [], buddies: [] });
  });

  it('keys users by email: a second sign-in is the same user', async () => {
    const first = await signIn();
    const second = await signIn();
    expect(second.user.id).toBe(first.user.id);
  });

  it('marks the refresh cookie Secure when the site is not plain http on localhost', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      headers: { host: 'frontline.example.org' },
      payload: { googleIdToken: await jwks.mint() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'rt')?.secure).toBe(true);
  });

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const refusals: [string, () => Promise<string>, RegExp][] = [
    ['signed with another key', () => jwks.mint({}, { key: otherKey }), /signature/],
    ['naming a key Google does not publish', () => jwks.mint({}, { key: otherKey, kid: 'unknown' }), /signature/],
    [
      'for another audience',
      () => jwks.mint({ aud: 'someone-else.apps.googleusercontent.com' }),
      /not issued for this site/,
    ],
    ['from another issuer', () => jwks.mint({ iss: 'https://evil.example.com' }), /not issued by Google/],
    ['expired', () => jwks.mint({ iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }), /expired/],
    ['with an unverified email', () => jwks.mint({ email_verified: false }), /not verified/],
    [
      'issued more than an hour ago',
      () => jwks.mint({ iat: nowSeconds() - 3700, exp: nowSeconds() + 3600 }),
      /too old/,
    ],
    ['that is not a JWT at all', () => Promise.resolve('not-a-token'), /not a valid Google ID token/],
  ];
  for (const [what, mint, message] of refusals) {
    it(`answers 401 with a clear message for a token ${what}`, async () => {
      const response = await login(await mint());
      expect(response.statusCode, response.body).toBe(401);
      const error = response.json<ApiError>();
      expect(error.error).toBe('unauthorized');
      expect(error.message).toMatch(message);
      expect(refreshCookieOf(response)).toBeUndefined();
    });
  }

  it('refuses an unsigned token (alg none)', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = nowSeconds();
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      email: 'kowalski@example.com',
      email_verified: true,
      iss: 'https://accounts.google.com',
      aud: TEST_CLIENT_ID,
      iat: now,
      exp: now + 3600,
    })}.`;
    expect((await login(unsigned)).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a missing or empty token', async () => {
    for (const payload of [{}, { googleIdToken: '' }, { googleIdToken: 42 }]) {
      const response = await app.inject({ method: 'POST', url: '/stats/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().details?.[0]?.parameter).toBe('googleIdToken');
    }
  });

  it('answers 429 after 20 attempts from one address within the hour, and counts addresses apart', async () => {
    const bad = 'not-a-token';
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await login(bad, '10.9.9.9')).statusCode).toBe(401);
    }
    const limited = await login(await jwks.mint(), '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<ApiError>().error).toBe('too_many_requests');
    expect((await login(await jwks.mint(), '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one: 30 of them share the 20 attempts', async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 30; host += 1) {
      statuses.push((await login('not-a-token', `2001:db8:5:6:${host.toString(16)}::1`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(10).fill(429)]);
    // A genuine token from yet another address of that /64 waits too; the next /64 does not.
    expect((await login(await jwks.mint(), '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await login(await jwks.mint(), '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('says sign-in is off when GOOGLE_CLIENT_ID is not set', async () => {
    const noSignIn = await createTestApp();
    try {
      const response = await noSignIn.inject({
        method: 'POST',
        url: '/stats/auth/login',
        payload: { googleIdToken: await jwks.mint() },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<ApiError>().message).toMatch(/GOOGLE_CLIENT_ID/);
      const info = await noSignIn.inject('/stats/app/info');
      expect(info.json()).toMatchObject({ signIn: { available: false, googleClientId: null, demo: false } });
    } finally {
      await noSignIn.close();
    }
  });

  it('answers 503, not 401, when Google’s keys cannot be fetched', async () => {
    const unreachable = await createTestApp({
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
    });
    try {
      const response = await unreachable.inject({
        method: 'POST',
        url: '/stats/auth/login',
        payload: { googleIdToken: await jwks.mint() },
      });
      expect(response.statusCode, response.body).toBe(503);
    } finally {
      await unreachable.close();
    }
  });
});

describe('access tokens', () => {
  it('are refused without a bearer, forged, or signed by another key', async () => {
    const { accessToken } = await signIn();
    const [header = '', payload = ''] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const otherUserPayload = Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString(
      'base64url',
    );
    const forgedKey = generateKeyPairSync('ed25519').privateKey;
    const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
    const selfSigned = await new SignJWT({ email: 'kowalski@example.com', sid: 'x' })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(claims.sub)
      .setIssuer('frontline')
      .setAudience('frontline')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(forgedKey);
    for (const authorization of [
      undefined,
      'Bearer',
      `Basic ${accessToken}`,
      `Bearer ${header}.${otherUserPayload}.${accessToken.split('.')[2]}`,
      `Bearer ${selfSigned}`,
    ]) {
      const response = await app.inject({
        url: '/stats/auth/profile',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('signed with the real key are refused when they name a live sign-in of another user', async () => {
    // Whoever holds AUTH_SIGNING_KEY (here the test) signs a token for user B naming user A's live sign-in: the sign-in
    // is live and cached, but it is not B's.
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const keyed = await createTestApp({
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      AUTH_SIGNING_KEY: pem,
    });
    try {
      const signInTo = async (email: string) => {
        const response = await keyed.inject({
          method: 'POST',
          url: '/stats/auth/login',
          payload: { googleIdToken: await jwks.mint({ email }) },
        });
        return response.json<LoginResponse>();
      };
      const alice = await signInTo('alice@example.com');
      const bob = await signInTo('bob@example.com');
      const profileWith = (token: string) =>
        keyed.inject({ url: '/stats/auth/profile', headers: { authorization: `Bearer ${token}` } });
      expect((await profileWith(alice.accessToken)).statusCode).toBe(200);
      const [header = '', payload = ''] = alice.accessToken.split('.');
      const aliceClaims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
        sid: string;
        iat: number;
        exp: number;
      };
      const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
      const forged = await new SignJWT({ email: bob.user.email, sid: aliceClaims.sid })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .setSubject(String(bob.user.id))
        .setIssuer('frontline')
        .setAudience('frontline')
        .setIssuedAt(aliceClaims.iat)
        .setExpirationTime(aliceClaims.exp)
        .sign(createPrivateKey(pem));
      expect((await profileWith(forged)).statusCode).toBe(401);
      // Nor does the forged token's refusal end Alice's sign-in.
      expect((await profileWith(alice.accessToken)).statusCode).toBe(200);
    } finally {
      await keyed.close();
    }
  });

  it('are checked in the store once their cached check is old: still live for their user', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const { accessToken } = await signIn();
      expect((await getProfile(accessToken)).statusCode).toBe(200);
      // Past the cache's 30 s: the store is asked whose the sign-in is.
      vi.setSystemTime(Date.now() + 31_000);
      expect((await getProfile(accessToken)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 31_000);
      expect((await getProfile(accessToken)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop working when their sign-in logs out (logout really logs out)', async () => {
    const { accessToken, refreshToken } = await signIn();
    expect((await getProfile(accessToken)).statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/stats/auth/logout',
      cookies: { rt: refreshToken },
      headers: { origin: ORIGIN },
    });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((cookie) => cookie.name === 'rt');
    expect(cleared?.value).toBe('');
    expect((await getProfile(accessToken)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('is refused from a page of another origin (a sibling subdomain) or with no origin, and the sign-in lives on', async () => {
    const { accessToken, refreshToken } = await signIn();
    for (const headers of [
      { origin: 'https://evil.localhost' },
      { referer: 'http://other.localhost:80/page' },
      {},
      { origin: 'null' },
    ]) {
      const logout = await app.inject({
        method: 'POST',
        url: '/stats/auth/logout',
        cookies: { rt: refreshToken },
        headers: { ...headers, authorization: `Bearer ${accessToken}` },
      });
      expect(logout.statusCode, JSON.stringify(headers)).toBe(403);
      expect(logout.json<ApiError>()).toEqual({
        error: 'forbidden',
        message: 'A logout must come from a page of this site (Origin or Referer).',
      });
      expect(logout.cookies.find((cookie) => cookie.name === 'rt')).toBeUndefined();
    }
    expect((await getProfile(accessToken)).statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
  });

  it('of another sign-in of the same user keep working after one logs out', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    const logout = await app.inject({
      method: 'POST',
      url: '/stats/auth/logout',
      headers: { authorization: `Bearer ${laptop.accessToken}`, origin: ORIGIN },
    });
    expect(logout.statusCode).toBe(204);
    expect((await getProfile(laptop.accessToken)).statusCode).toBe(401);
    expect((await getProfile(phone.accessToken)).statusCode).toBe(200);
  });
});

describe('POST /stats/auth/refresh', () => {
  it('rotates: a new access token and a new refresh cookie', async () => {
    const { refreshToken } = await signIn();
    const response = await refresh(refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RefreshResponse>();
    expect((await getProfile(answer.accessToken)).statusCode).toBe(200);
    const next = refreshCookieOf(response);
    expect(next).toBeTruthy();
    expect(next).not.toBe(refreshToken);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('treats a replayed (rotated) refresh token as theft: the whole family and its access tokens end', async () => {
    const { refreshToken: first, accessToken } = await signIn();
    const rotated = await refresh(first);
    const second = refreshCookieOf(rotated);
    const secondAccess = rotated.json<RefreshResponse>().accessToken;

    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<ApiError>().message).toMatch(/already used/);
    // The thief's and the owner's tokens of that sign-in are all dead now.
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await getProfile(secondAccess)).statusCode).toBe(401);
    expect((await getProfile(accessToken)).statusCode).toBe(401);
  });

  it('refuses a request from another site, or one that does not say where it comes from (403)', async () => {
    const { refreshToken } = await signIn();
    expect((await refresh(refreshToken, 'https://evil.example.com')).statusCode).toBe(403);
    expect((await refresh(refreshToken, null)).statusCode).toBe(403);
    // Nothing was spent: the token still works from the site itself.
    expect((await refresh(refreshToken)).statusCode).toBe(200);
  });

  it('behind a TLS proxy that TRUST_PROXY does not name, still comes through from the PUBLIC_URL’s pages', async () => {
    await app.close();
    app = await createTestApp({
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      PUBLIC_URL: 'https://frontline.example',
    });
    // The proxy reaches the server over plain http as 127.0.0.1:8080; the browser is on https://frontline.example.
    const viaProxy = { host: '127.0.0.1:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'frontline.example' };
    const login = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      headers: viaProxy,
      payload: { googleIdToken: await jwks.mint() },
    });
    expect(login.statusCode, login.body).toBe(200);
    // An https site's cookie is Secure, although this request looked like plain http on this machine.
    const cookie = login.cookies.find((candidate) => candidate.name === 'rt');
    expect(cookie?.secure).toBe(true);
    const refreshed = (origin: string) =>
      app.inject({
        method: 'POST',
        url: '/stats/auth/refresh',
        headers: { ...viaProxy, origin },
        cookies: { rt: cookie?.value ?? '' },
      });
    expect((await refreshed('https://evil.example.com')).statusCode).toBe(403);
    expect((await refreshed('https://frontline.example')).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });
});

describe('the account', () => {
  it('exports everything stored about the user, and deletes it all', async () => {
    const { accessToken, refreshToken } = await signIn();
    const bearer = { authorization: `Bearer ${accessToken}` };
    await app.inject({
      method: 'POST',
      url: '/stats/auth/player-names',
      headers: bearer,
      payload: { playerName: 'Kowalski' },
    });
    await app.inject({
      method: 'POST',
      url: '/stats/auth/buddies',
      headers: bearer,
      payload: { buddyPlayerName: 'Rico' },
    });

    const exported = await app.inject({ url: '/stats/auth/export', headers: bearer });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json()).toMatchObject({
      user: { email: 'kowalski@example.com', name: 'Kowalski' },
      playerNames: [{ playerName: 'Kowalski' }],
      buddies: [{ buddyPlayerName: 'Rico' }],
      favoriteServers: [],
      sessions: [{ revokedAt: null, ipAddress: '10.0.0.1' }],
    });

    const deleted = await app.inject({ method: 'DELETE', url: '/stats/auth/account', headers: bearer });
    expect(deleted.statusCode).toBe(204);
    expect((await getProfile(accessToken)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);

    // Signing in again starts a new, empty account.
    const again = await signIn();
    const profile = (await getProfile(again.accessToken)).json<{ playerNames: unknown[]; buddies: unknown[] }>();
    expect(profile.playerNames).toEqual([]);
    expect(profile.buddies).toEqual([]);
  });
});
