/**
 * The signed-in state kept in local storage (spec: site-account-and-realtime §3 and §5). Sign-in itself
 * arrives in a later issue; the route guards already need to know whether a valid token is stored. The
 * profile (`userProfile`) joins with sign-in, the first code to read it.
 */

const AUTH_STORAGE_KEYS = {
  token: 'authToken',
  expiresAt: 'tokenExpiresAt',
} as const;

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
 * Spec §5: "Token expiry: use tokenExpiresAt if parseable, else the exp claim of the token, compared with
 * the current time." A token with neither is treated as expired: it cannot be shown to be valid.
 */
function isTokenValid(token: string, storedExpiresAt: string | null, now: Date): boolean {
  const expiresAtMs = storedExpiresAt === null ? Number.NaN : Date.parse(storedExpiresAt);
  if (!Number.isNaN(expiresAtMs)) return expiresAtMs > now.getTime();
  const exp = readTokenExpiryClaim(token);
  return exp !== undefined && exp * 1000 > now.getTime();
}

export function hasValidStoredToken(now: Date = new Date()): boolean {
  try {
    const token = localStorage.getItem(AUTH_STORAGE_KEYS.token);
    if (!token) return false;
    return isTokenValid(token, localStorage.getItem(AUTH_STORAGE_KEYS.expiresAt), now);
  } catch {
    return false;
  }
}
