import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEYS, hasValidStoredToken, isTokenValid, readTokenExpiryClaim } from './auth-storage.ts';

function jwtWithClaims(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const now = new Date('2026-11-21T12:00:00Z');
const nowSeconds = now.getTime() / 1000;

describe("token expiry (spec: 'use tokenExpiresAt if parseable, else the exp claim of the token, compared with the current time')", () => {
  it('uses tokenExpiresAt when it parses, whatever the exp claim says', () => {
    const expiredClaim = jwtWithClaims({ exp: nowSeconds - 60 });
    expect(isTokenValid(expiredClaim, '2026-11-21T13:00:00Z', now)).toBe(true);
    const freshClaim = jwtWithClaims({ exp: nowSeconds + 3600 });
    expect(isTokenValid(freshClaim, '2026-11-21T11:59:59Z', now)).toBe(false);
  });

  it('falls back to the exp claim when tokenExpiresAt is missing or unparseable', () => {
    expect(isTokenValid(jwtWithClaims({ exp: nowSeconds + 60 }), null, now)).toBe(true);
    expect(isTokenValid(jwtWithClaims({ exp: nowSeconds - 1 }), 'not a date', now)).toBe(false);
  });

  it('treats a token with no readable expiry as not valid', () => {
    expect(isTokenValid('opaque-token', null, now)).toBe(false);
    expect(isTokenValid(jwtWithClaims({ sub: 'x' }), null, now)).toBe(false);
    expect(readTokenExpiryClaim('a.%%%.c')).toBeUndefined();
  });

  it('reads the stored keys authToken and tokenExpiresAt', () => {
    expect(hasValidStoredToken(now)).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEYS.token, jwtWithClaims({ exp: nowSeconds + 600 }));
    expect(hasValidStoredToken(now)).toBe(true);
    localStorage.setItem(AUTH_STORAGE_KEYS.expiresAt, '2026-11-21T11:00:00Z');
    expect(hasValidStoredToken(now)).toBe(false);
    expect(AUTH_STORAGE_KEYS).toEqual({ token: 'authToken', profile: 'userProfile', expiresAt: 'tokenExpiresAt' });
  });
});
