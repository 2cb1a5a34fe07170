import type { AuthUser } from '@frontline/contract';

/**
 * The signed-in state kept in local storage (spec: site-account-and-realtime §3 "Browser local storage keys:
 * authToken, userProfile (JSON), tokenExpiresAt" and §5 token expiry). Every read survives storage that throws
 * (a browser with storage disabled is simply signed out).
 */

export const AUTH_STORAGE_KEYS = {
  token: 'authToken',
  user: 'userProfile',
  expiresAt: 'tokenExpiresAt',
} as const;

export const AUTH_KEY_NAMES: readonly string[] = Object.values(AUTH_STORAGE_KEYS);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds since the epoch) of a JWT, or undefined when it has none or is not a JWT. */
function readTokenExpiryClaim(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
  } catch {
    // Not a readable JWT: treated as having no expiry information.
  }
  return undefined;
}

/**
 * Spec §5: "Token expiry: use tokenExpiresAt if parseable, else the exp claim of the token". Undefined when
 * neither says: such a token cannot be shown to be valid, so it counts as expired.
 */
function tokenExpiryMs(token: string, storedExpiresAt: string | null): number | undefined {
  const expiresAtMs = storedExpiresAt === null ? Number.NaN : Date.parse(storedExpiresAt);
  if (!Number.isNaN(expiresAtMs)) return expiresAtMs;
  const exp = readTokenExpiryClaim(token);
  return exp === undefined ? undefined : exp * 1000;
}

export function readStoredToken(): string | null {
  return read(AUTH_STORAGE_KEYS.token) || null;
}

/** When the stored token expires (ms since the epoch), or undefined without a token or a readable expiry. */
export function storedTokenExpiryMs(): number | undefined {
  const token = readStoredToken();
  return token ? tokenExpiryMs(token, read(AUTH_STORAGE_KEYS.expiresAt)) : undefined;
}

/** "…compared with the current time." */
export function hasValidStoredToken(now: Date = new Date()): boolean {
  const expiry = storedTokenExpiryMs();
  return expiry !== undefined && expiry > now.getTime();
}

/**
 * Whether this browser has signed in before and not signed out since: a sign-out clears all three keys (and
 * revokes the refresh cookie), so without any of them a refresh cannot succeed and is not tried.
 */
export function hasStoredSignIn(): boolean {
  return read(AUTH_STORAGE_KEYS.token) !== null || read(AUTH_STORAGE_KEYS.user) !== null;
}

/** Spec §4: "A stored profile that fails to parse is logged and treated as empty." */
export function readStoredUser(): AuthUser | null {
  const text = read(AUTH_STORAGE_KEYS.user);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    // Only this site writes the key; anything but an object is damage, as unusable as bad JSON.
    if (typeof value === 'object' && value !== null) return value as AuthUser;
  } catch (error) {
    console.error('Stored userProfile is not valid JSON; ignoring it', error);
    return null;
  }
  console.error('Stored userProfile is not an object; ignoring it');
  return null;
}
