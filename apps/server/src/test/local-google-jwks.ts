import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, type JWK } from 'jose';

/**
 * A stand-in for Google's key server in tests: a real HTTP server publishing a JWKS, and the private key to mint
 * ID tokens with, so that login tests exercise the real fetch-and-verify path (GOOGLE_JWKS_URL points here).
 */

export const TEST_CLIENT_ID = 'frontline-test.apps.googleusercontent.com';

export interface IdTokenClaims {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  iss?: string;
  aud?: string;
  /** Seconds since the epoch. */
  iat?: number;
  exp?: number;
}

export interface LocalGoogleJwks {
  url: string;
  /** An ID token as Google would sign it, with claims overridden as given; `key` signs it instead of Google's. */
  mint: (claims?: IdTokenClaims, options?: { key?: KeyObject; kid?: string; nowMs?: number }) => Promise<string>;
  close: () => Promise<void>;
}

export async function startLocalGoogleJwks(): Promise<LocalGoogleJwks> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-google-key';
  const jwks = { keys: [{ ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg: 'RS256', use: 'sig' }] };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    async mint(claims = {}, options = {}) {
      const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
      const payload = {
        email: 'kowalski@example.com',
        email_verified: true,
        name: 'Kowalski',
        iss: 'https://accounts.google.com',
        aud: TEST_CLIENT_ID,
        iat: now,
        exp: now + 3600,
        sub: '1234567890',
        ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid, typ: 'JWT' })
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
