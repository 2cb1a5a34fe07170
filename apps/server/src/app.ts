import fastifyCompress from '@fastify/compress';
import fastifyWebsocket from '@fastify/websocket';
import { busyGuidBatches } from '@frontline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Kysely } from 'kysely';
import { openDatabase } from './db/database.ts';
import { PLANNER_STATISTICS_EVERY_MS, reloadPlannerStatistics } from './db/planner-statistics.ts';
import { sqlDialect } from './db/dialect.ts';
import { openPostgresDatabase } from './db/postgres/postgres-database.ts';
import type { DatabaseSchema } from './db/schema.ts';
import type { SyncConnection } from './db/sync-connection.ts';
import { copyRoundTimelines } from './db/round-timelines-copy.ts';
import { EventBus } from './ingest/event-bus.ts';
import { SharedCollectorFeed } from './ingest/shared-collector.ts';
import { createFeedCollector } from './ingest/start-collector.ts';
import type { CollectorHost } from './ingest/worker/collector-host.ts';
import { achievementsRoutes } from './features/achievements/achievements.routes.ts';
import { createAchievementsRepository } from './features/achievements/achievements.repository.ts';
import { createAchievementsService } from './features/achievements/achievements.service.ts';
import { appInfoRoutes } from './features/app-info/app-info.routes.ts';
import { createAccountService } from './features/auth/account.service.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { ACCESS_TOKEN_LIFETIME_MS, createAuthService } from './features/auth/auth.service.ts';
import { createDemoIdentityProvider, DEMO_CLIENT_ID } from './features/auth/demo-identity-provider.ts';
import { createIdTokenVerifier } from './features/auth/id-token-verifier.ts';
import { createSigningKeys } from './features/auth/signing-keys.ts';
import { createGameTrendsRepository } from './features/game-trends/game-trends.repository.ts';
import { gameTrendsRoutes } from './features/game-trends/game-trends.routes.ts';
import { createGameTrendsService } from './features/game-trends/game-trends.service.ts';
import { createHubSocketErrorHandler, MAX_CLIENT_MESSAGE_BYTES } from './hub/hub-connection.ts';
import { createHubService } from './hub/hub.service.ts';
import { hubRoutes } from './hub/hub.routes.ts';
import { createHealthRepository } from './features/health/health.repository.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createHealthService } from './features/health/health.service.ts';
import { liveServersRoutes } from './features/live-servers/live-servers.routes.ts';
import { createLiveServersRepository } from './features/live-servers/live-servers.repository.ts';
import { createLiveServersService } from './features/live-servers/live-servers.service.ts';
import { createCompareRepository } from './features/players/compare.repository.ts';
import { compareRoutes } from './features/players/compare.routes.ts';
import { createCompareService } from './features/players/compare.service.ts';
import { createSimilarPlayersRepository } from './features/players/similar-players.repository.ts';
import { similarPlayersRoutes } from './features/players/similar-players.routes.ts';
import { createSimilarPlayersService } from './features/players/similar-players.service.ts';
import { createPlayerProfileRepository } from './features/players/player-profile.repository.ts';
import { createPlayerProfileService } from './features/players/player-profile.service.ts';
import { playersSearchRoutes } from './features/players/players-search.routes.ts';
import { createPlayersRepository } from './features/players/players.repository.ts';
import { playersRoutes } from './features/players/players.routes.ts';
import { createPlayersService } from './features/players/players.service.ts';
import { createRoundsRepository } from './features/rounds/rounds.repository.ts';
import { roundsRoutes } from './features/rounds/rounds.routes.ts';
import { createRoundsService } from './features/rounds/rounds.service.ts';
import { createServersRepository } from './features/servers/servers.repository.ts';
import { serversRoutes } from './features/servers/servers.routes.ts';
import { createServersService } from './features/servers/servers.service.ts';
import { registerApiDocs } from './http/api-docs/api-docs.ts';
import { contractSerializerCompiler } from './http/contract-serializer.ts';
import { registerErrorHandler, sendError } from './http/errors.ts';
import {
  collectRouteMethods,
  HTTP_TIMEOUTS,
  httpEdgeOptions,
  registerHttpEdges,
  sendMethodNotAllowed,
  type HttpTimeouts,
} from './http/http-edges.ts';
import {
  connectionLimitsFor,
  limitConnections,
  readDescriptorLimit,
  trustedProxyTest,
} from './http/connection-limits.ts';
import { createRateLimit } from './http/rate-limit.ts';
import { requestForLog } from './http/request-log.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { systemClock } from './lib/clock.ts';
import { APP_VERSION } from './version.ts';
import { browsedGameOf } from './web/index-html.ts';
import { serveWebApp } from './web/serve-web-app.ts';

export const API_PREFIX = '/stats';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the collector noticed (players coming online, map changes, closed rounds). */
    events: EventBus;
    /** The collector's worker, when COLLECTOR_ENABLED; its last good lists feed the live server list. */
    collector: CollectorHost | undefined;
  }
}

/** How often the demo's visitors' accounts past their day are looked for. */
const DEMO_ACCOUNTS_SWEEP_MS = 3_600_000;

/** How long a hub client has to answer the close handshake when the server stops before its socket is cut. */
const SOCKETS_CLOSE_GRACE_MS = 2_000;

/** Addresses that are never pages: the API, the hub, and the web app's files (a missing script is no page either). */
const NOT_A_PAGE = /^\/(stats|hub|assets)(\/|$|\?)/i;

/**
 * A database opened by the caller (tests): the query builder, and on SQLite the raw connection an older database's
 * timelines are moved with (round-timelines-copy.ts). SQLite's Database and PostgresDatabase are both one.
 */
export interface OpenedDatabase {
  db: Kysely<DatabaseSchema>;
  sqlite?: SyncConnection;
  close: () => Promise<void>;
}

/**
 * Builds the whole server (API, web app, later the hub and collector) without listening, so tests can
 * drive it with `inject`. Closing the app closes the database it opened.
 */
export async function buildApp(
  config: AppConfig,
  options: {
    /**
     * A database opened by the caller (tests), which then also closes it: SQLite, or PostgreSQL (a collector's worker
     * reaches the same one through config.postgres).
     */
    database?: OpenedDatabase;
    /** Shorter HTTP timeouts, for tests of them over a real socket. */
    timeouts?: Partial<HttpTimeouts>;
    /** Where the log goes instead of standard output (tests read what was logged). */
    logStream?: { write: (line: string) => void };
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Timeouts, body and header sizes, and the answers to what the router and Node refuse (http/http-edges.ts).
    ...httpEdgeOptions({ timeouts: { ...HTTP_TIMEOUTS, ...options.timeouts }, publicUrl: config.publicUrl }),
    // Mixed-case API paths (/stats/Players/search) must match however the client spells them.
    // Player and server names travel URL-encoded: 30 characters of CJK text are already 270 (the default allows 100).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 2000 },
    // Off unless TRUST_PROXY names the proxy: otherwise anyone could choose the address their requests are logged and
    // rate-limited under by sending X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  // Caps on open connections, in total (below the descriptor limit) and per address (http/connection-limits.ts).
  const connectionLimits = connectionLimitsFor({
    descriptorLimit: readDescriptorLimit(),
    configuredTotal: config.connections.max,
    perAddress: config.connections.perAddress,
  });
  limitConnections(app.server, connectionLimits, { isTrustedProxy: trustedProxyTest(config.trustProxy), log: app.log });
  app.log.info({ connectionLimits }, 'connection caps');
  // Before any route, so that every answer has them and every route's methods are known (405 with Allow).
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  registerHttpEdges(app);
  const routeMethods = collectRouteMethods(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written through their contract schema, compiled; outside production each is also checked strictly
  // (a field the contract lacks fails the request), in production that check would cost more than the answer.
  app.setSerializerCompiler(contractSerializerCompiler({ checkAnswers: config.env !== 'production' }));
  registerErrorHandler(app);
  // Before the routes: it documents each /stats route as it is registered (the page is /stats/docs).
  registerApiDocs(app, { prefix: API_PREFIX, title: 'Frontline API', version: APP_VERSION });

  // ── The database, and the timelines an older one still has to move before anything reads them ──
  // With the collector's worker writing, this thread only reads, and the worker alone checkpoints the WAL.
  const database =
    options.database ??
    (config.postgres
      ? await openPostgresDatabase(config.postgres.url, { schema: config.postgres.schema })
      : await openDatabase(config.databasePath, { checkpoints: config.collector.enabled ? 'manual' : 'auto' }));
  // Only a SQLite database can be old enough to keep timelines in its rounds (PostgreSQL's start at 0017).
  const raw = sqlDialect() === 'sqlite' && 'sqlite' in database ? database.sqlite : undefined;
  try {
    if (raw) copyRoundTimelines(raw, app.log);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  // The collector's worker gathers SQLite's planner statistics as the tables grow; this connection loads them.
  const statisticsTimer = raw
    ? setInterval(() => reloadPlannerStatistics(raw), PLANNER_STATISTICS_EVERY_MS).unref()
    : undefined;

  // ── The collector (the write side, in a worker thread): polls, writes, and tells this thread what it saw ──
  const events = new EventBus((error, event) =>
    app.log.error({ err: error, event: event.type }, 'event handler failed'),
  );
  const collector = config.collector.enabled ? createFeedCollector(app, config, events) : undefined;
  // Several instances on PostgreSQL: the events and live lists of whichever instance collects reach every one.
  const sharedCollector =
    config.postgres && config.role !== 'collector'
      ? await SharedCollectorFeed.start({ ...config.postgres, db: database.db, events, log: app.log })
      : undefined;
  app.decorate('events', events);
  app.decorate('collector', collector);
  app.addHook('onClose', async () => {
    clearInterval(statisticsTimer);
    // The collector's cycle in progress is finished (or abandoned before writing) before the database goes.
    await collector?.stop();
    await sharedCollector?.close();
    if (!options.database) await database.close();
  });

  // ── Repositories: every query of the read side ──
  const { db } = database;
  const healthRepository = createHealthRepository(db);
  const gameTrendsRepository = createGameTrendsRepository(db);
  const liveServersRepository = createLiveServersRepository(db);
  const serversRepository = createServersRepository(db);
  const playersRepository = createPlayersRepository(db);
  const playerProfileRepository = createPlayerProfileRepository(db);
  const roundsRepository = createRoundsRepository(db);
  const achievementsRepository = createAchievementsRepository(db);
  const compareRepository = createCompareRepository(db);
  const similarPlayersRepository = createSimilarPlayersRepository(db);

  // ── Services: each takes its repositories and the clock; whatever it caches lives inside it ──
  const clock = systemClock;
  const healthService = createHealthService({
    healthRepository,
    collection: collector,
    unhealthyAfterMs: config.collector.unhealthyAfterMs,
    clock,
  });
  const gameTrendsService = createGameTrendsService({ gameTrendsRepository, clock });
  const liveServersService = createLiveServersService({
    liveServersRepository,
    liveLists: sharedCollector ?? collector,
    pollIntervalMs: config.collector.pollIntervalMs,
    clock,
  });
  const serversService = createServersService({ serversRepository, clock });
  const playersService = createPlayersService({ playersRepository, clock });
  const playerProfileService = createPlayerProfileService({ playerProfileRepository, playersRepository, clock });
  const compareService = createCompareService({ compareRepository, playerProfileRepository, clock });
  const similarPlayersService = createSimilarPlayersService({ similarPlayersRepository, clock });
  const roundsService = createRoundsService({ roundsRepository, clock });
  const achievementsService = createAchievementsService({ achievementsRepository, clock });

  // ── Accounts: sign-in (Google's ID tokens; the demo's own provider when DEMO_SIGN_IN) and the user's lists ──
  // The HTTP thread writes these few rows itself (sign-ins, lists); SQLite's busy timeout waits out a collector
  // commit, which lasts milliseconds (docs/decisions/0014-accounts-and-sign-in.md).
  const authRepository = createAuthRepository(db);
  const { googleClientId } = config.auth;
  const demoIdentityProvider = config.auth.demoSignIn
    ? await createDemoIdentityProvider({ audience: googleClientId ?? DEMO_CLIENT_ID, authRepository, clock })
    : undefined;
  const idTokenAudiences = [
    ...new Set([googleClientId, demoIdentityProvider && (googleClientId ?? DEMO_CLIENT_ID)]),
  ].filter((audience) => typeof audience === 'string');
  const authService = await createAuthService({
    authRepository,
    signingKeys: await createSigningKeys({
      authRepository,
      configuredKey: config.auth.signingKey,
      accessTokenLifetimeMs: ACCESS_TOKEN_LIFETIME_MS,
      clock,
    }),
    verifyIdToken:
      idTokenAudiences.length > 0
        ? createIdTokenVerifier({
            audiences: idTokenAudiences,
            jwksUrl: config.auth.googleJwksUrl,
            localKeySet: demoIdentityProvider?.localKeySet,
            clock,
          })
        : undefined,
    configuredRefreshSecret: config.auth.refreshSecret,
    onAccountCreated: demoIdentityProvider?.seedAccount,
    clock,
  });
  // The demo's visitors each have an account of their own, removed a day after it was made (decision 0029): at
  // start-up, then every hour.
  if (demoIdentityProvider) {
    const removeExpiredDemoAccounts = async () =>
      authService.removeAccounts(await demoIdentityProvider.expiredAccounts());
    await removeExpiredDemoAccounts();
    const demoAccountsTimer = setInterval(() => {
      removeExpiredDemoAccounts().catch((error: unknown) =>
        app.log.warn({ err: error }, "the demo's expired accounts were not removed"),
      );
    }, DEMO_ACCOUNTS_SWEEP_MS).unref();
    app.addHook('onClose', async () => clearInterval(demoAccountsTimer));
  }
  // ── Real time: the hub's connections, and the tracker's events for the users watching that player or server ──
  const hubService = createHubService({
    loadWatchList: async (userId) => {
      const [buddies, servers] = await Promise.all([
        authRepository.listItems('buddies', userId),
        authRepository.listItems('favoriteServers', userId),
      ]);
      return { buddyNames: buddies.map((item) => item.value), serverGuids: servers.map((item) => item.value) };
    },
    authenticate: (accessToken) => authService.authenticate(accessToken),
    clock,
    log: app.log.child({ module: 'hub' }),
  });
  const accountService = createAccountService({
    authRepository,
    db,
    clock,
    onListsChanged: (userId) => hubService.watchListChanged(userId),
  });
  // The dashboard forgets who it last saw online before the hub tells anyone, so the panel's next read agrees.
  events.on('playerOnline', () => accountService.whoIsOnlineChanged());
  events.on('serverMapChange', () => accountService.whoIsOnlineChanged());
  events.on('playerOnline', (event) => hubService.playerOnline(event));
  events.on('serverMapChange', (event) => hubService.serverMapChange(event));
  const signIn = {
    available: authService.signInAvailable,
    googleClientId: googleClientId ?? null,
    demo: demoIdentityProvider !== undefined,
  };

  // ── Routes, under /stats: each takes its service ──
  // Production: answers a service reuses are encoded once, not checked per request (http/send-json.ts).
  const encodeSharedAnswers = config.env === 'production';
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(healthRoutes, { prefix: API_PREFIX, healthService });
  // An instance with ROLE=collector only collects: its health check is all it answers.
  const servesSite = config.role !== 'collector';
  if (servesSite) {
    await app.register(fastifyWebsocket, {
      // Larger frames are cut by ws itself; up to this size the hub answers with the protocol's own close message.
      options: { maxPayload: 2 * MAX_CLIENT_MESSAGE_BYTES },
      // A client's bad frame is a warning, once per connection (hub/hub-connection.ts).
      errorHandler: createHubSocketErrorHandler(),
      // Every client is told to reconnect before the sockets close (the default would close them without a word).
      preClose(done) {
        hubService.close();
        const sockets = this.websocketServer;
        setTimeout(() => {
          for (const socket of sockets.clients) socket.terminate();
        }, SOCKETS_CLOSE_GRACE_MS).unref();
        sockets.close(() => done());
      },
    });
    await app.register(hubRoutes, { hubService, authenticate: (accessToken) => authService.authenticate(accessToken) });
    await app.register(appInfoRoutes, { prefix: API_PREFIX, demoMode: config.demoMode, signIn });
    await app.register(authRoutes, {
      prefix: API_PREFIX,
      authService,
      accountService,
      demoIdentityProvider,
      publicUrl: config.publicUrl,
    });
    await app.register(gameTrendsRoutes, { prefix: API_PREFIX, gameTrendsService, encodeSharedAnswers });
    await app.register(liveServersRoutes, { prefix: API_PREFIX, liveServersService, encodeSharedAnswers });
    // The expensive reads, limited per address and per group (each group counts apart; docs/decisions/0020-rate-limits.md).
    const readLimit = (what: string) => createRateLimit(what, config.rateLimits.reads, clock);
    const limitSearches = readLimit('searches');
    await app.register(playersSearchRoutes, { prefix: API_PREFIX, playersService, rateLimit: limitSearches });
    await app.register(playersRoutes, { prefix: API_PREFIX, playerProfileService, encodeSharedAnswers, limitSearches });
    await app.register(compareRoutes, {
      prefix: API_PREFIX,
      compareService,
      encodeSharedAnswers,
      rateLimit: readLimit('comparisons'),
    });
    await app.register(similarPlayersRoutes, {
      prefix: API_PREFIX,
      similarPlayersService,
      encodeSharedAnswers,
      rateLimit: readLimit('similar-player searches'),
    });
    // Every player's narrow row is read once the server listens, not by the first similar-players answer of the
    // process (30–70 ms on the year dataset; decision 0025). A failure only leaves it to that answer.
    app.addHook('onListen', () => {
      similarPlayersService
        .loadCandidates()
        .catch((error: unknown) => app.log.warn({ err: error }, "similar players' candidates were not read ahead"));
    });
    await app.register(serversRoutes, { prefix: API_PREFIX, serversService, encodeSharedAnswers, limitSearches });
    await app.register(roundsRoutes, {
      prefix: API_PREFIX,
      roundsService,
      encodeSharedAnswers,
      rateLimit: readLimit('round lists and reports'),
    });
    await app.register(achievementsRoutes, { prefix: API_PREFIX, achievementsService });
  }

  const renderPage = servesSite
    ? await serveWebApp(app, config.webDistPath, {
        publicUrl: config.publicUrl,
        demoMode: config.demoMode,
        signIn,
        sourceMaps: config.env !== 'production',
      })
    : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    // A path some route answers, asked with another method.
    const allowed = routeMethods.allowedAt(request.url);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendMethodNotAllowed(reply, request.method, allowed);
    }
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (renderPage && isPageRequest && !NOT_A_PAGE.test(request.url)) {
      // A server browser page preloads its list's busy indicators: the list is at hand (built once per poll).
      const game = browsedGameOf(request.url.split(/[?#]/, 1)[0] ?? '/');
      const busyBatches = game ? busyGuidBatches((await liveServersService.listLiveServers(game.id)).servers) : [];
      const page = renderPage(request.url, busyBatches);
      return reply
        .status(page.status)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', page.contentSecurityPolicy)
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    // The address is not repeated: an answer quotes nothing of the request.
    return sendError(reply, 404, { error: 'not_found', message: `No such endpoint answers ${request.method} here.` });
  });

  return app;
}
