import { describe, expect, it } from 'vitest';
import { hasValidStoredToken } from './auth-storage.ts';

function jwtWithClaims(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const now = new Date('2026-11-21T12:00:00Z');
const nowSeconds = now.getTime() / 1000;

/** What a sign-in leaves in local storage (spec: "Browser local storage keys: authToken, …, tokenExpiresAt"). */
function storeSignIn(token: string, tokenExpiresAt?: string) {
  localStorage.setItem('authToken', token);
  if (tokenExpiresAt !== undefined) localStorage.setItem('tokenExpiresAt', tokenExpiresAt);
}

describe("token expiry (spec: 'use tokenExpiresAt if parseable, else the exp claim of the token, compared with the current time')", () => {
  it('is not signed in without a stored authToken', () => {
    localStorage.setItem('tokenExpiresAt', '2026-11-21T13:00:00Z');
    expect(hasValidStoredToken(now)).toBe(false);
  });

  it('uses tokenExpiresAt when it parses, whatever the exp claim says', () => {
    storeSignIn(jwtWithClaims({ exp: nowSeconds - 60 }), '2026-11-21T13:00:00Z');
    expect(hasValidStoredToken(now)).toBe(true);
    storeSignIn(jwtWithClaims({ exp: nowSeconds + 3600 }), '2026-11-21T11:59:59Z');
    expect(hasValidStoredToken(now)).toBe(false);
  });

  it('falls back to the exp claim when tokenExpiresAt is missing or unparseable', () => {
    storeSignIn(jwtWithClaims({ exp: nowSeconds + 60 }));
    expect(hasValidStoredToken(now)).toBe(true);
    storeSignIn(jwtWithClaims({ exp: nowSeconds - 1 }), 'not a date');
    expect(hasValidStoredToken(now)).toBe(false);
  });

  it('treats a token with no readable expiry as not valid', () => {
    for (const token of ['opaque-token', jwtWithClaims({ sub: 'x' }), 'a.%%%.c']) {
      storeSignIn(token);
      expect(hasValidStoredToken(now), token).toBe(false);
    }
  });
});
