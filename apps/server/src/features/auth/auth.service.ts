import { createHmac, randomBytes } from 'node:crypto';
import type { LoginResponse, RefreshResponse } from '@frontline/contract';
import { addressKey } from '../../http/address-key.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuthError, unauthorized } from './auth-errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { IdentityProviderUnavailable, IdTokenRejected, type VerifiedIdentity } from './id-token-verifier.ts';
import { SessionCheckCache } from './session-check-cache.ts';
import type { SigningKeys } from './signing-keys.ts';

/**
 * Sign-in, refresh, logout and the check of every authenticated request (DESIGN.md "Sign-in"; domain-facts §7
 * "Login", "Tokens"). A sign-in is an auth session: the access token names it, its refresh tokens are one family.
 */

export const ACCESS_TOKEN_LIFETIME_MS = 7 * 24 * 3_600_000;
export const REFRESH_TOKEN_LIFETIME_MS = 60 * 24 * 3_600_000;

/** domain-facts §7: 20 login attempts per address per hour (an IPv6 /64 is one address, as for the read limits). */
const LOGIN_ATTEMPTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;
/**
 * Addresses whose sign-in attempts are remembered at once: at most 20 times each, about 0.5 kB, so 5 MB at most
 * however many addresses try (an IPv6 attacker has 2^64 addresses per /64, and many /64s).
 */
export const LOGIN_LIMITER_MAX_ADDRESSES = 10_000;

/** A live sign-in is asked about again after this long (a logout elsewhere shows within it). */
const SESSION_CHECK_REUSE_MS = 30_000;
const SESSION_CHECK_ENTRIES = 50_000;

const REFRESH_SECRET_META_KEY = 'auth_refresh_secret';

/**
 * Access tokens whose signature was checked are remembered until they expire, so a signed-in page's calls cost a
 * map lookup rather than a signature check each (a fifth of a dashboard answer's time). Whether their sign-in is
 * still live is checked apart, on every call.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AuthContext {
  userId: number;
  email: string;
  sessionId: string;
}

export interface ClientFacts {
  ipAddress: string | null;
  userAgent: string | null;
}

export async function createAuthService({
  authRepository,
  signingKeys,
  verifyIdToken,
  configuredRefreshSecret,
  onAccountCreated,
  clock,
}: {
  authRepository: AuthRepository;
  signingKeys: SigningKeys;
  /** Undefined when sign-in is off (no GOOGLE_CLIENT_ID and no demo provider). */
  verifyIdToken: ((idToken: string) => Promise<VerifiedIdentity>) | undefined;
  configuredRefreshSecret: string | undefined;
  /** Runs once for an account made by its first sign-in (the demo fills its lists). */
  onAccountCreated?: (userId: number, email: string) => Promise<void>;
  clock: Clock;
}) {
  // The key of the refresh tokens' hashes: a stolen copy of the table alone cannot be turned back into tokens.
  const refreshSecret =
    configuredRefreshSecret ??
    (await authRepository.keepMeta(REFRESH_SECRET_META_KEY, randomBytes(32).toString('base64url')));
  const hashRefreshToken = (token: string) => createHmac('sha256', refreshSecret).update(token).digest('base64url');
  const loginAttempts = new AttemptLimiter({
    limit: LOGIN_ATTEMPTS_PER_HOUR,
    windowMs: HOUR_MS,
    maxKeys: LOGIN_LIMITER_MAX_ADDRESSES,
    clock,
  });
  const sessionChecks = new SessionCheckCache({ liveForMs: SESSION_CHECK_REUSE_MS, maxEntries: SESSION_CHECK_ENTRIES });

  function newRefreshToken() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashRefreshToken(token) };
  }

  async function revokeSession(sessionId: string): Promise<void> {
    const now = clock();
    await authRepository.revokeSession(sessionId, new Date(now).toISOString());
    sessionChecks.markRevoked(sessionId, now);
  }

  async function removeAccount(userId: number): Promise<void> {
    const sessions = await authRepository.listSessions(userId);
    await authRepository.deleteUser(userId);
    const now = clock();
    for (const session of sessions) sessionChecks.markRevoked(session.id, now);
  }

  const verifiedTokens = new Map<string, { context: AuthContext; expiresAtMs: number }>();

  async function verifyAccessToken(token: string): Promise<AuthContext | undefined> {
    const known = verifiedTokens.get(token);
    if (known) {
      if (known.expiresAtMs > clock()) return known.context;
      verifiedTokens.delete(token);
      return undefined;
    }
    try {
      const claims = await signingKeys.verify(token);
      const context = { userId: Number(claims.sub), email: claims.email, sessionId: claims.sid };
      if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) {
        const oldest = verifiedTokens.keys().next().value;
        if (oldest !== undefined) verifiedTokens.delete(oldest);
      }
      verifiedTokens.set(token, { context, expiresAtMs: (claims.exp ?? 0) * 1000 });
      return context;
    } catch {
      return undefined;
    }
  }

  return {
    signInAvailable: verifyIdToken !== undefined,

    /** Verifies the Google ID token, finds or makes the user, and starts a sign-in. */
    async login(googleIdToken: string, client: ClientFacts): Promise<{ answer: LoginResponse; refreshToken: string }> {
      if (!verifyIdToken) {
        throw new AuthError(
          503,
          'sign_in_unavailable',
          'Sign-in is not available on this server (GOOGLE_CLIENT_ID is not set).',
        );
      }
      const retryAfterSeconds = loginAttempts.attempt(addressKey(client.ipAddress ?? 'unknown'));
      if (retryAfterSeconds !== undefined) {
        throw new AuthError(429, 'too_many_requests', 'Too many sign-in attempts from this address. Try again later.', {
          retryAfterSeconds,
        });
      }
      let identity: VerifiedIdentity;
      try {
        identity = await verifyIdToken(googleIdToken);
      } catch (error) {
        if (error instanceof IdTokenRejected) throw unauthorized(error.message);
        if (error instanceof IdentityProviderUnavailable) {
          throw new AuthError(503, 'identity_provider_unavailable', error.message);
        }
        throw error;
      }
      const now = clock();
      const nowIso = new Date(now).toISOString();
      const { user, created } = await authRepository.upsertUserByEmail(identity.email, identity.name, nowIso);
      if (created && onAccountCreated) await onAccountCreated(user.id, user.email);
      const sessionId = randomBytes(16).toString('base64url');
      const refresh = newRefreshToken();
      await authRepository.createSession({
        id: sessionId,
        userId: user.id,
        createdAt: nowIso,
        expiresAt: new Date(now + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
        ipAddress: client.ipAddress,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        refreshTokenHash: refresh.hash,
      });
      sessionChecks.set(sessionId, user.id, now);
      const access = await signingKeys.sign({ userId: user.id, email: user.email, sessionId });
      return {
        answer: {
          accessToken: access.token,
          expiresAt: access.expiresAt,
          user: { id: user.id, name: user.name, email: user.email },
        },
        refreshToken: refresh.token,
      };
    },

    /**
     * Trades a refresh token for a new access token and the next refresh token of its family. A token that was
     * already traded (or revoked) ends the whole family: whoever holds any of its tokens must sign in again.
     */
    async refresh(refreshToken: string | undefined): Promise<{ answer: RefreshResponse; refreshToken: string }> {
      if (!refreshToken) throw unauthorized('No refresh token: please sign in.');
      const stored = await authRepository.findRefreshToken(hashRefreshToken(refreshToken));
      if (!stored) throw unauthorized('Unknown refresh token: please sign in.');
      const reuse = async () => {
        await revokeSession(stored.sessionId);
        return unauthorized(
          'This refresh token was already used or revoked: its sign-in has ended. Please sign in again.',
        );
      };
      if (stored.revokedAt !== null || stored.sessionRevokedAt !== null) throw await reuse();
      const now = clock();
      if (Date.parse(stored.expiresAt) <= now) throw unauthorized('Your session has expired. Please sign in again.');
      const next = newRefreshToken();
      const rotated = await authRepository.rotateRefreshToken(stored.tokenHash, {
        hash: next.hash,
        now: new Date(now).toISOString(),
        expiresAt: new Date(now + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
      });
      if (!rotated) throw await reuse();
      const access = await signingKeys.sign({
        userId: stored.userId,
        email: stored.email,
        sessionId: stored.sessionId,
      });
      return { answer: { accessToken: access.token, expiresAt: access.expiresAt }, refreshToken: next.token };
    },

    /** Ends the sign-in of the refresh token and of the access token, whichever were presented. */
    async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
      const sessions = new Set<string>();
      if (refreshToken) {
        const stored = await authRepository.findRefreshToken(hashRefreshToken(refreshToken));
        if (stored) sessions.add(stored.sessionId);
      }
      if (accessToken) {
        const context = await verifyAccessToken(accessToken);
        if (context) sessions.add(context.sessionId);
      }
      for (const sessionId of sessions) await revokeSession(sessionId);
    },

    /** The user an access token speaks for, if it is genuine, unexpired and its sign-in still live. */
    async authenticate(accessToken: string): Promise<AuthContext> {
      const context = await verifyAccessToken(accessToken);
      if (!context) throw unauthorized();
      const now = clock();
      let owner = sessionChecks.ownerOf(context.sessionId, now);
      if (owner === undefined) {
        owner = (await authRepository.findLiveSessionOwner(context.sessionId, new Date(now).toISOString())) ?? null;
        sessionChecks.set(context.sessionId, owner, now);
      }
      // The sign-in must be live and the token's user its owner (a token naming someone else's sign-in is forged).
      if (owner !== context.userId) throw unauthorized();
      return context;
    },

    /** Ends every sign-in of the user and deletes the account with all its rows. */
    async deleteAccount(context: AuthContext): Promise<void> {
      await removeAccount(context.userId);
    },

    /** Removes these accounts as deleteAccount does (the demo's visitors' accounts past their day). */
    async removeAccounts(userIds: readonly number[]): Promise<void> {
      for (const userId of userIds) await removeAccount(userId);
    },
  };
}

export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
