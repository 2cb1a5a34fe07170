import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepository, StoredSigningKey } from './auth.repository.ts';

/**
 * The server's own access tokens (DESIGN.md "Sign-in"): JWTs signed with an Ed25519 (EdDSA) or P-256 (ES256) key.
 * The key comes from AUTH_SIGNING_KEY or, when unset, is generated once and kept in the database, so `npm start`
 * needs no setup. Every key that signs is recorded (its public half at least); a key replaced (AUTH_SIGNING_KEY
 * changed, or the generated one rotated after GENERATED_KEY_LIFETIME_MS) stays trusted for verification until
 * the tokens it signed have expired.
 */

export const TOKEN_ISSUER = 'frontline';
export const TOKEN_AUDIENCE = 'frontline';

/** A generated key signs for this long before it is replaced by a new one (at start-up or when signing). */
export const GENERATED_KEY_LIFETIME_MS = 90 * 24 * 3_600_000;

/**
 * How far a token's issue time may be ahead of this clock, and its lifetime beyond the configured one: the clocks of
 * several instances sharing the key differ by a little, never by a minute.
 */
export const CLOCK_SKEW_SECONDS = 60;

/** How often, at most, an unknown key id makes the table be read again (another instance may have rotated). */
const UNKNOWN_KID_RELOAD_MS = 10_000;

type Algorithm = 'EdDSA' | 'ES256';

interface SigningKey {
  kid: string;
  algorithm: Algorithm;
  privateKey: KeyObject;
  /** Set for a key generated here (it is replaced when too old); undefined for AUTH_SIGNING_KEY. */
  generatedAt: number | undefined;
}

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  /** The sign-in (auth session) the token belongs to: logging out rejects every token of it. */
  sid: string;
}

export class SigningKeyError extends Error {}

function algorithmOf(key: KeyObject): Algorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new SigningKeyError('AUTH_SIGNING_KEY must be an Ed25519 or P-256 (prime256v1) private key in PKCS#8 PEM');
}

function parseConfiguredKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem.replaceAll('\\n', '\n'));
  } catch (error) {
    throw new SigningKeyError('AUTH_SIGNING_KEY is not a readable PKCS#8 PEM private key', { cause: error });
  }
}

async function publicJwkOf(privateKey: KeyObject): Promise<{ kid: string; jwk: JWK }> {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  return { kid: await calculateJwkThumbprint(jwk), jwk };
}

export async function createSigningKeys({
  authRepository,
  configuredKey,
  accessTokenLifetimeMs,
  clock,
}: {
  authRepository: AuthRepository;
  configuredKey: string | undefined;
  accessTokenLifetimeMs: number;
  clock: Clock;
}) {
  /** Public keys trusted for verification, by kid (the current one and those retired less than a lifetime ago). */
  let trusted = new Map<string, { algorithm: Algorithm; publicKey: KeyObject }>();
  let lastReload = 0;

  async function reloadTrusted(): Promise<void> {
    const oldestStillValid = new Date(clock() - accessTokenLifetimeMs).toISOString();
    const rows = await authRepository.listTrustedSigningKeys(oldestStillValid);
    trusted = new Map(
      rows.map((row) => [
        row.kid,
        {
          algorithm: row.algorithm as Algorithm,
          publicKey: createPublicKey({ key: JSON.parse(row.public_jwk) as JWK, format: 'jwk' }),
        },
      ]),
    );
    lastReload = clock();
  }

  async function recordNewKey(privateKey: KeyObject, keepPrivate: boolean): Promise<SigningKey> {
    const algorithm = algorithmOf(privateKey);
    const { kid, jwk } = await publicJwkOf(privateKey);
    const now = new Date(clock()).toISOString();
    const stored: StoredSigningKey = {
      kid,
      algorithm,
      public_jwk: JSON.stringify(jwk),
      private_jwk: keepPrivate ? JSON.stringify(privateKey.export({ format: 'jwk' })) : null,
      created_at: now,
      retired_at: null,
    };
    await authRepository.replaceCurrentSigningKey(stored, now);
    return { kid, algorithm, privateKey, generatedAt: keepPrivate ? clock() : undefined };
  }

  /** The key to sign with: AUTH_SIGNING_KEY, else the stored generated one, else a new one. */
  async function loadCurrentKey(): Promise<SigningKey> {
    const current = await authRepository.findCurrentSigningKey();
    if (configuredKey !== undefined) {
      const privateKey = parseConfiguredKey(configuredKey);
      const { kid } = await publicJwkOf(privateKey);
      if (current?.kid === kid) return { kid, algorithm: algorithmOf(privateKey), privateKey, generatedAt: undefined };
      return recordNewKey(privateKey, false);
    }
    if (current?.private_jwk) {
      const privateKey = createPrivateKey({ key: JSON.parse(current.private_jwk) as JWK, format: 'jwk' });
      const generatedAt = Date.parse(current.created_at);
      if (clock() - generatedAt < GENERATED_KEY_LIFETIME_MS) {
        return { kid: current.kid, algorithm: current.algorithm as Algorithm, privateKey, generatedAt };
      }
    }
    return recordNewKey(generateKeyPairSync('ed25519').privateKey, true);
  }

  let current = await loadCurrentKey();
  await reloadTrusted();

  return {
    /** Signs an access token for the user and sign-in; the answer carries its expiry. */
    async sign(claims: { userId: number; email: string; sessionId: string }) {
      if (current.generatedAt !== undefined && clock() - current.generatedAt >= GENERATED_KEY_LIFETIME_MS) {
        current = await loadCurrentKey();
        await reloadTrusted();
      }
      const issuedAt = Math.floor(clock() / 1000);
      const expiresAtMs = issuedAt * 1000 + accessTokenLifetimeMs;
      const token = await new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: current.algorithm, kid: current.kid, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtMs / 1000)
        .sign(current.privateKey);
      return { token, expiresAt: new Date(expiresAtMs).toISOString() };
    },

    /** The token's claims when one of the trusted keys signed it and it has not expired; throws otherwise. */
    async verify(token: string): Promise<AccessClaims> {
      const { payload } = await jwtVerify<AccessClaims>(
        token,
        async (header) => {
          let key = header.kid === undefined ? undefined : trusted.get(header.kid);
          if (!key && header.kid !== undefined && clock() - lastReload >= UNKNOWN_KID_RELOAD_MS) {
            await reloadTrusted();
            key = trusted.get(header.kid);
          }
          if (!key || key.algorithm !== header.alg) throw new SigningKeyError('The token was not signed by this site');
          return key.publicKey;
        },
        {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ['EdDSA', 'ES256'],
          currentDate: new Date(clock()),
          requiredClaims: ['sub', 'exp', 'iat'],
        },
      );
      if (typeof payload.email !== 'string' || typeof payload.sid !== 'string' || !/^\d+$/.test(payload.sub)) {
        throw new SigningKeyError('The token lacks the claims of a Frontline access token');
      }
      // Only a holder of the key can make such a token, but this server never does: one issued in the future, or
      // meant to outlive the access token's lifetime, is refused (a stolen key must not mint tokens for a century).
      const issuedAt = payload.iat ?? 0;
      if (issuedAt > clock() / 1000 + CLOCK_SKEW_SECONDS) {
        throw new SigningKeyError('The token was issued in the future');
      }
      if ((payload.exp ?? 0) - issuedAt > accessTokenLifetimeMs / 1000 + CLOCK_SKEW_SECONDS) {
        throw new SigningKeyError('The token lives longer than an access token does');
      }
      return payload;
    },
  };
}

export type SigningKeys = Awaited<ReturnType<typeof createSigningKeys>>;
