import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database.ts';
import { createAuthRepository } from './auth.repository.ts';
import { ACCESS_TOKEN_LIFETIME_MS } from './auth.service.ts';
import { CLOCK_SKEW_SECONDS, createSigningKeys, GENERATED_KEY_LIFETIME_MS } from './signing-keys.ts';

// The server's access-token keys (DESIGN.md "Sign-in": generated once and kept in the database unless
// AUTH_SIGNING_KEY is set; issue: "key rotation keeps the previous public key valid until its tokens expire").

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const claims = { userId: 7, email: 'kowalski@example.com', sessionId: 'session-1' };

describe('signing keys', () => {
  const database = useTestDatabase();

  function keysAt(clock: { now: number }, configuredKey?: string) {
    return createSigningKeys({
      authRepository: createAuthRepository(database().db),
      configuredKey,
      accessTokenLifetimeMs: ACCESS_TOKEN_LIFETIME_MS,
      clock: () => clock.now,
    });
  }

  it('generates a key once and keeps it: a restarted server verifies the tokens it signed before', async () => {
    const clock = { now: START };
    const token = (await (await keysAt(clock)).sign(claims)).token;
    const restarted = await keysAt(clock);
    await expect(restarted.verify(token)).resolves.toMatchObject({ sub: '7', sid: 'session-1' });
    const stored = await database().db.selectFrom('auth_signing_keys').selectAll().execute();
    expect(stored).toHaveLength(1);
  });

  it('rotates a generated key when it is old, and trusts the old one until its tokens have expired', async () => {
    const clock = { now: START };
    const keys = await keysAt(clock);
    clock.now = START + GENERATED_KEY_LIFETIME_MS - DAY_MS;
    const signedByOld = (await keys.sign(claims)).token;
    clock.now = START + GENERATED_KEY_LIFETIME_MS;
    const signedByNew = (await keys.sign(claims)).token;
    const kidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid;
    expect(kidOf(signedByNew)).not.toBe(kidOf(signedByOld));
    await expect(keys.verify(signedByOld)).resolves.toBeDefined();
    await expect(keys.verify(signedByNew)).resolves.toBeDefined();

    // Another instance started after the rotation still trusts the retired key while its tokens live.
    const later = await keysAt(clock);
    await expect(later.verify(signedByOld)).resolves.toBeDefined();
  });

  it('retires a key replaced in AUTH_SIGNING_KEY without breaking the tokens it signed', async () => {
    const pem = (key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
      key.export({ format: 'pem', type: 'pkcs8' }).toString();
    const first = pem(generateKeyPairSync('ed25519').privateKey);
    const second = pem(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey);
    const clock = { now: START };
    const oldToken = (await (await keysAt(clock, first)).sign(claims)).token;
    clock.now += DAY_MS;
    const rotated = await keysAt(clock, second);
    await expect(rotated.verify(oldToken)).resolves.toBeDefined();
    const newToken = (await rotated.sign(claims)).token;
    expect(JSON.parse(Buffer.from(newToken.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({
      alg: 'ES256',
    });
    // The private half of a configured key is never written to the database.
    const stored = await database().db.selectFrom('auth_signing_keys').select('private_jwk').execute();
    expect(stored.map((row) => row.private_jwk)).toEqual([null, null]);
  });

  it('drops a retired key from the trusted ones once every token it signed has expired', async () => {
    const clock = { now: START };
    const pem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await keysAt(clock, pem());
    clock.now += DAY_MS;
    await keysAt(clock, pem());
    const repository = createAuthRepository(database().db);
    const trustedAt = (now: number) =>
      repository.listTrustedSigningKeys(new Date(now - ACCESS_TOKEN_LIFETIME_MS).toISOString());
    expect(await trustedAt(clock.now)).toHaveLength(2);
    expect(await trustedAt(clock.now + ACCESS_TOKEN_LIFETIME_MS + 1)).toHaveLength(1);
  });

  it('refuses an AUTH_SIGNING_KEY it cannot sign with', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    await expect(keysAt({ now: START }, rsa)).rejects.toThrow(/Ed25519 or P-256/);
    await expect(keysAt({ now: START }, 'not a key')).rejects.toThrow(/PKCS#8/);
  });

  describe('tokens signed with the real key but not as this server signs them', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

    /** A token made by whoever holds the key, with the times it chooses (seconds). */
    async function forge(times: { iat: number; exp: number }): Promise<string> {
      const privateKey = createPrivateKey(pem);
      const kid = await calculateJwkThumbprint(createPublicKey(privateKey).export({ format: 'jwk' }));
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer('frontline')
        .setAudience('frontline')
        .setIssuedAt(times.iat)
        .setExpirationTime(times.exp)
        .sign(privateKey);
    }

    const YEAR_S = 365 * 86_400;
    const LIFETIME_S = ACCESS_TOKEN_LIFETIME_MS / 1000;
    const nowS = START / 1000;

    it('refuses one issued a year ahead, and one that expires in 100 years', async () => {
      const keys = await keysAt({ now: START }, pem);
      await expect(keys.verify(await forge({ iat: nowS + YEAR_S, exp: nowS + YEAR_S + 3_600 }))).rejects.toThrow(
        /issued in the future/,
      );
      await expect(keys.verify(await forge({ iat: nowS, exp: nowS + 100 * YEAR_S }))).rejects.toThrow(
        /lives longer than an access token/,
      );
      await expect(
        keys.verify(await forge({ iat: nowS, exp: nowS + LIFETIME_S + CLOCK_SKEW_SECONDS + 1 })),
      ).rejects.toThrow(/lives longer/);
    });

    it('accepts what another instance whose clock is a little ahead signs, and a full lifetime', async () => {
      const keys = await keysAt({ now: START }, pem);
      await expect(keys.verify(await forge({ iat: nowS + 30, exp: nowS + 30 + LIFETIME_S }))).resolves.toBeDefined();
      await expect(keys.verify(await forge({ iat: nowS, exp: nowS + LIFETIME_S }))).resolves.toBeDefined();
      await expect(keys.verify((await keys.sign(claims)).token)).resolves.toBeDefined();
    });
  });
});
