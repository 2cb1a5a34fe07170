import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../../lib/clock.ts';

/**
 * Verifies the Google ID token a visitor signs in with (DESIGN.md "Sign-in"; domain-facts §7 "Google history"):
 * Google's signature (keys fetched from GOOGLE_JWKS_URL and cached), issuer, audience = GOOGLE_CLIENT_ID, expiry,
 * a verified email, issued within the last hour. The demo's identity provider, while it is on, adds its own key
 * set: its tokens go through this same check.
 */

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_ISSUERS = ['accounts.google.com', GOOGLE_ISSUER];

/** An ID token older than this is refused, whatever its expiry says (Google's last an hour). */
const MAX_ID_TOKEN_AGE_SECONDS = 3600;

/** Clocks differ between Google and this machine by a little. */
const CLOCK_TOLERANCE_SECONDS = 60;

export interface VerifiedIdentity {
  email: string;
  name: string;
}

/** The token is not acceptable: answered 401 with this message. */
export class IdTokenRejected extends Error {}

/** Google's keys could not be fetched: not the visitor's fault (answered 503). */
export class IdentityProviderUnavailable extends Error {}

export interface LocalKeySet {
  /** The key ids it signs with: a token naming one of them is checked against this set, never Google's. */
  kids: ReadonlySet<string>;
  getKey: JWTVerifyGetKey;
}

export function createIdTokenVerifier({
  audiences,
  jwksUrl,
  localKeySet,
  clock,
}: {
  /** GOOGLE_CLIENT_ID, and the demo's client id while the demo's provider is on. */
  audiences: readonly string[];
  jwksUrl: string;
  localKeySet: LocalKeySet | undefined;
  clock: Clock;
}) {
  const googleKeys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });

  const getKey: JWTVerifyGetKey = (header, token) =>
    localKeySet && header.kid !== undefined && localKeySet.kids.has(header.kid)
      ? localKeySet.getKey(header, token)
      : googleKeys(header, token);

  return async function verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, getKey, {
        issuer: GOOGLE_ISSUERS,
        audience: [...audiences],
        algorithms: ['RS256', 'ES256'],
        currentDate: new Date(clock()),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_ID_TOKEN_AGE_SECONDS,
        requiredClaims: ['exp', 'iat', 'email'],
      }));
    } catch (error) {
      throw explain(error);
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email.includes('@')) throw new IdTokenRejected('The Google sign-in carries no email address.');
    // Google sends a boolean; older tokens a string.
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new IdTokenRejected('Your Google account’s email address is not verified.');
    }
    const name = typeof payload.name === 'string' && payload.name.trim() !== '' ? payload.name.trim() : email;
    return { email, name: name.slice(0, 200) };
  };
}

function explain(error: unknown): Error {
  const keysUnreachable =
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    // jose's own words for a key set answer that is not 200 or not JSON.
    (error instanceof errors.JOSEError && /JSON Web Key Set HTTP response/.test(error.message)) ||
    // fetch() itself failed: the key server is unreachable.
    error instanceof TypeError;
  if (keysUnreachable) {
    return new IdentityProviderUnavailable('Google’s sign-in keys could not be fetched. Please try again later.', {
      cause: error,
    });
  }
  if (error instanceof errors.JWTExpired && error.claim === 'iat') {
    return new IdTokenRejected('The Google sign-in is too old. Please sign in again.', { cause: error });
  }
  if (error instanceof errors.JWTExpired) {
    return new IdTokenRejected('The Google sign-in has expired. Please sign in again.', { cause: error });
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    const reasons: Record<string, string> = {
      iss: 'The sign-in token was not issued by Google.',
      aud: 'The sign-in token was not issued for this site.',
      iat: 'The Google sign-in is too old. Please sign in again.',
      nbf: 'The sign-in token is not valid yet.',
      email: 'The Google sign-in carries no email address.',
    };
    return new IdTokenRejected(reasons[error.claim] ?? `The sign-in token is invalid (${error.claim}).`, {
      cause: error,
    });
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return new IdTokenRejected('The sign-in token’s signature could not be verified.', { cause: error });
  }
  return new IdTokenRejected('The sign-in token is not a valid Google ID token.', { cause: error });
}
