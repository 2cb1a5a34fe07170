import fastifyCookie from '@fastify/cookie';
import {
  accountExportResponseSchema,
  accountProfileResponseSchema,
  addBuddyRequestSchema,
  addFavoriteServerRequestSchema,
  addPlayerNameRequestSchema,
  apiErrorSchema,
  buddySchema,
  dashboardResponseSchema,
  demoIdTokenRequestSchema,
  demoIdTokenResponseSchema,
  demoUsersResponseSchema,
  favoriteServerSchema,
  loginRequestSchema,
  loginResponseSchema,
  playerNameLinkSchema,
  refreshResponseSchema,
} from '@frontline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf } from '../../http/bearer-token.ts';
import { sendError } from '../../http/errors.ts';
import type { AccountService } from './account.service.ts';
import { AuthError, unauthorized } from './auth-errors.ts';
import { REFRESH_TOKEN_LIFETIME_MS, type AuthContext, type AuthService } from './auth.service.ts';
import type { AccountList } from './auth.repository.ts';
import type { DemoIdentityProvider } from './demo-identity-provider.ts';

/**
 * Sign-in and the account (spec site-account-and-realtime §7, every /stats/auth call; domain-facts §7). Registered
 * under /stats. Who the user is comes only from the verified bearer token; every answer about them is private
 * (`no-store`). The refresh token travels only in the `rt` cookie: HttpOnly, SameSite=Lax, limited to
 * /stats/auth, Secure unless the site is plain http on this machine (and always when PUBLIC_URL is https).
 */

const REFRESH_COOKIE = 'rt';
const REFRESH_COOKIE_PATH = '/stats/auth';

const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'is too large' }),
});

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** A 204 has no body. */
const noContent = { 204: z.null() };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a private route (set by its preHandler from the verified token). */
    account: AuthContext | undefined;
  }
}

export interface AuthRoutesOptions {
  authService: AuthService;
  accountService: AccountService;
  demoIdentityProvider: DemoIdentityProvider | undefined;
  /**
   * PUBLIC_URL: the site's own origin. Behind a TLS proxy that TRUST_PROXY does not name, the request itself looks like
   * plain http; this origin still makes the cookie Secure and lets a refresh from the site's pages through.
   */
  publicUrl?: string | undefined;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

/** The origin the request came from (Origin, else Referer), if any. */
function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function sendAuthError(reply: FastifyReply, error: AuthError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  reply.header('cache-control', 'no-store');
  return sendError(reply, error.status, {
    error: error.error,
    message: error.message,
    ...(error.parameter ? { details: [{ parameter: error.parameter, problem: error.message }] } : {}),
  });
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { authService, accountService, demoIdentityProvider, publicUrl },
) => {
  await app.register(fastifyCookie);
  const publicOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;

  /** A browser drops a Secure cookie sent over plain http, and plain http is safe only on this machine. */
  function secureCookie(request: FastifyRequest): boolean {
    if (publicOrigin?.startsWith('https:')) return true;
    return !(request.protocol === 'http' && isLoopback(request.hostname));
  }

  function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: REFRESH_COOKIE_PATH,
      secure: secureCookie(request),
      maxAge: REFRESH_TOKEN_LIFETIME_MS / 1000,
    });
  }

  function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: REFRESH_COOKIE_PATH,
      secure: secureCookie(request),
    });
  }

  /**
   * The refresh cookie goes with any request to this site, from a sibling subdomain's page too (the same site, for
   * SameSite): a request acting on it (refresh, logout) must come from a page of this site, as its Origin (or
   * Referer) says.
   */
  function requireOwnPage(request: FastifyRequest, what: string): void {
    const origin = originOf(request);
    if (origin === undefined || (origin !== `${request.protocol}://${request.host}` && origin !== publicOrigin)) {
      throw new AuthError(403, 'forbidden', `${what} must come from a page of this site (Origin or Referer).`);
    }
  }

  /**
   * Routes marked with it answer only for the user of the request's bearer token (request.account); their
   * answers are private, never stored by a cache.
   */
  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.header('cache-control', 'no-store');
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized('Authentication required: send the access token as a bearer.');
    request.account = await authService.authenticate(token);
  }

  function accountOf(request: FastifyRequest): AuthContext {
    if (!request.account) throw new Error('accountOf() on a route without requireUser');
    return request.account;
  }

  app.decorateRequest('account', undefined);
  // A refusal (AuthError) of this plugin's routes is answered in the one error format; anything else goes on to the
  // app's own error handler (Fastify passes what an error handler throws to its parent's).
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AuthError) return sendAuthError(reply, error);
    throw error;
  });

  app.post(
    '/auth/login',
    {
      schema: {
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { answer, refreshToken } = await authService.login(request.body.googleIdToken, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(request, reply, refreshToken);
      return answer;
    },
  );

  app.post(
    '/auth/refresh',
    { schema: { response: { 200: refreshResponseSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      requireOwnPage(request, 'A refresh');
      try {
        const { answer, refreshToken } = await authService.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(request, reply, refreshToken);
        return answer;
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  app.post('/auth/logout', { schema: { response: { ...noContent, 403: apiErrorSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireOwnPage(request, 'A logout');
    await authService.logout(request.cookies[REFRESH_COOKIE], bearerTokenOf(request));
    clearRefreshCookie(request, reply);
    return reply.header('cache-control', 'no-store').status(204).send(null);
  });

  const privateRoute = { preHandler: requireUser };

  app.get(
    '/auth/profile',
    { ...privateRoute, schema: { response: { 200: accountProfileResponseSchema, ...errors } } },
    (request) => accountService.profile(accountOf(request)),
  );

  app.get(
    '/auth/dashboard',
    { ...privateRoute, schema: { response: { 200: dashboardResponseSchema, ...errors } } },
    (request) => accountService.dashboard(accountOf(request)),
  );

  app.get(
    '/auth/export',
    { ...privateRoute, schema: { response: { 200: accountExportResponseSchema, ...errors } } },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="frontline-account.json"');
      return accountService.exportAccount(accountOf(request));
    },
  );

  app.delete(
    '/auth/account',
    { ...privateRoute, schema: { response: { ...noContent, ...errors } } },
    async (request, reply) => {
      await authService.deleteAccount(accountOf(request));
      clearRefreshCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  // 201 for an item just added, 200 with the item the user already had (domain-facts §7).
  app.post(
    '/auth/player-names',
    {
      ...privateRoute,
      schema: {
        body: addPlayerNameRequestSchema,
        response: { 200: playerNameLinkSchema, 201: playerNameLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, answer } = await accountService.addPlayerName(accountOf(request), request.body.playerName);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.post(
    '/auth/favorite-servers',
    {
      ...privateRoute,
      schema: {
        body: addFavoriteServerRequestSchema,
        response: { 200: favoriteServerSchema, 201: favoriteServerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, answer } = await accountService.addFavoriteServer(accountOf(request), request.body.serverGuid);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.post(
    '/auth/buddies',
    {
      ...privateRoute,
      schema: { body: addBuddyRequestSchema, response: { 200: buddySchema, 201: buddySchema, ...errors } },
    },
    async (request, reply) => {
      const { created, answer } = await accountService.addBuddy(accountOf(request), request.body.buddyPlayerName);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  const removals: Record<string, AccountList> = {
    '/auth/player-names/:id': 'playerNames',
    '/auth/favorite-servers/:id': 'favoriteServers',
    '/auth/buddies/:id': 'buddies',
  };
  for (const [path, list] of Object.entries(removals)) {
    app.delete(
      path,
      { ...privateRoute, schema: { params: idParamsSchema, response: { ...noContent, ...errors } } },
      async (request, reply) => {
        await accountService.removeItem(list, accountOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  }

  if (demoIdentityProvider) {
    const demo = demoIdentityProvider;
    app.get('/auth/demo/users', { schema: { response: { 200: demoUsersResponseSchema } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { users: await demo.users() };
    });

    app.post(
      '/auth/demo/id-token',
      { schema: { body: demoIdTokenRequestSchema, response: { 200: demoIdTokenResponseSchema, ...errors } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { idToken: await demo.issueIdToken(request.body.email) };
      },
    );
  }
};
