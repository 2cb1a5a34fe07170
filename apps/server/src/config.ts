import { GAMES, type GameId } from '@frontline/contract';
import { isIP } from 'node:net';
import { z } from 'zod';
import { IN_MEMORY } from './db/database.ts';

/**
 * Every setting of the server, read once from the environment at start-up. A wrong value stops start-up
 * with a readable list of problems (see docs/configuration.md, which lists each variable).
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/**
 * What an instance does: `all` serves the site and collects; `web` only serves it; `collector` only collects (and
 * answers its health check). With PostgreSQL, of all the instances that may collect, one at a time does
 * (docs/operations.md).
 */
const ROLES = ['all', 'web', 'collector'] as const;
export type InstanceRole = (typeof ROLES)[number];
const GAME_IDS = GAMES.map((game) => game.id);

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'expected true or false' })
  .transform((text) => text === 'true' || text === '1');

const gameList = z
  .string()
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(
        z.enum(GAME_IDS as [GameId, ...GameId[]], {
          error: `expected a comma-separated list of ${GAME_IDS.join(', ')}`,
        }),
      )
      .min(1, 'name at least one game'),
  );

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Whose `X-Forwarded-*` to believe: no one, anyone, the proxies at these addresses, or the last `hops` hops. */
export type TrustProxy = boolean | string[] | { hops: number };

/**
 * Which proxies' `X-Forwarded-*` headers to believe (the client's address, protocol and host): none (`false`, the
 * default), all (`true`: only when nothing but the proxy can reach the server), the proxies at these addresses, or a
 * hop count (`1`: the address the nearest proxy saw, `2`: the one before it, for a chain of two).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((text, context): TrustProxy => {
    if (text === 'true' || text === 'false') return text === 'true';
    if (/^\d{1,2}$/.test(text) && Number(text) >= 1) return { hops: Number(text) };
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'expected true, false, a hop count (1 to 99) or a comma-separated list of addresses and CIDR ranges (127.0.0.1,10.0.0.0/8)',
    });
    return z.NEVER;
  });

/** Where Google publishes the keys its ID tokens are signed with. */
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('./data/frontline.db'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'expected a PostgreSQL URL: postgres://user@host:5432/database' })
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'expected a schema name: lower-case letters, digits and _' })
    .default('public'),
  ROLE: z.enum(ROLES).default('all'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_PATH: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy.default(false),
  COLLECTOR_ENABLED: booleanText.default(true),
  BFLIST_BASE_URL: z.url().default('https://api.bflist.io'),
  COLLECT_GAMES: gameList.default(GAME_IDS),
  POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  COLLECTOR_UNHEALTHY_AFTER_SECONDS: z.coerce.number().int().min(1).default(600),
  DEMO_MODE: booleanText.default(false),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(512).optional(),
  GOOGLE_JWKS_URL: z.url().default(GOOGLE_JWKS_URL),
  AUTH_SIGNING_KEY: z.string().min(1).optional(),
  AUTH_REFRESH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  DEMO_SIGN_IN: booleanText.default(false),
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  RATE_LIMIT_READS_BURST: z.coerce.number().int().min(1).max(1_000_000).default(30),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000_000).optional(),
  // A household or an office behind one address: a browser keeps about 6 connections to a site, plus the hub's.
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000_000).default(256),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A file path, or `:memory:` for a database that lives only as long as the process. */
  databasePath: string;
  /** PostgreSQL instead of the SQLite file at databasePath: the URL, and the schema Frontline's tables live in. */
  postgres: { url: string; schema: string } | undefined;
  role: InstanceRole;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Folder of the built web app; the server answers only the API when it has no index.html. */
  webDistPath: string;
  /** Public origin of the site, used for absolute links in social-sharing tags (and HSTS when it is https). */
  publicUrl: string | undefined;
  /**
   * Whose `X-Forwarded-For`/`-Proto`/`-Host` to believe: no one (false), anyone (true), the proxies at these
   * addresses and ranges, or the last hops (http/trust-proxy.ts turns it into Fastify's `trustProxy`).
   */
  trustProxy: TrustProxy;
  /** Set by `npm run demo`: the data comes from the emulator, and the site says so. */
  demoMode: boolean;
  collector: {
    enabled: boolean;
    bflistBaseUrl: string;
    games: GameId[];
    pollIntervalMs: number;
    /** A game whose polls have failed for longer than this makes the health check answer 503. */
    unhealthyAfterMs: number;
  };
  auth: {
    /** Google sign-in is on only with a client id (the audience its ID tokens must carry). */
    googleClientId: string | undefined;
    googleJwksUrl: string;
    /** PKCS#8 PEM of an Ed25519 or P-256 private key; unset: one is generated once and kept in the database. */
    signingKey: string | undefined;
    /** Key of the refresh tokens' hashes; unset: generated once and kept in the database. */
    refreshSecret: string | undefined;
    /** The demo's local identity provider (never in production). */
    demoSignIn: boolean;
  };
  rateLimits: {
    /**
     * Per address and per group of expensive reads (searches, comparisons, similar players, rounds):
     * `burst` at once, then `perMinute` a minute; `perMinute` 0 is no limit (docs/decisions/0020-rate-limits.md).
     */
    reads: { perMinute: number; burst: number };
  };
  /**
   * Caps on open connections (docs/decisions/0028-connection-limits.md): `max` in total (unset: what the process's
   * descriptor limit allows, http/connection-limits.ts), `perAddress` from one address or IPv6 /64 (0: no cap).
   */
  connections: { max: number | undefined; perAddress: number };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const DEFAULT_WEB_DIST_PATH = new URL('../../web/dist', import.meta.url).pathname;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable (`PORT=`) means "not set", as most shells and .env files intend it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
      }),
    );
  }
  const values = parsed.data;
  if (values.ROLE !== 'all' && !values.DATABASE_URL) {
    // Another instance must share the database: a SQLite file is one machine's, PostgreSQL is made for that.
    throw new ConfigError([`ROLE: ${values.ROLE} is one of several instances sharing PostgreSQL: set DATABASE_URL`]);
  }
  if (values.ROLE === 'web' && present.COLLECTOR_ENABLED !== undefined && values.COLLECTOR_ENABLED) {
    throw new ConfigError(['COLLECTOR_ENABLED: an instance with ROLE=web does not collect']);
  }
  const collects = values.ROLE !== 'web' && values.COLLECTOR_ENABLED;
  if (collects && !values.DATABASE_URL && values.DATABASE_PATH === IN_MEMORY) {
    // The collector writes from a thread of its own, through its own connection: a private in-memory database
    // would be a different, empty one there.
    throw new ConfigError([`DATABASE_PATH: the collector (COLLECTOR_ENABLED) needs a database file, not ${IN_MEMORY}`]);
  }
  if (values.DEMO_SIGN_IN && values.NODE_ENV === 'production') {
    // Anyone could sign in as anyone through the demo's identity provider.
    throw new ConfigError(['DEMO_SIGN_IN: the demo identity provider must not run with NODE_ENV=production']);
  }
  if (
    values.NODE_ENV === 'production' &&
    collects &&
    isPublicBflist(values.BFLIST_BASE_URL) &&
    values.POLL_INTERVAL_SECONDS < BFLIST_MIN_POLL_INTERVAL_SECONDS
  ) {
    throw new ConfigError([
      `POLL_INTERVAL_SECONDS: at least ${BFLIST_MIN_POLL_INTERVAL_SECONDS} against the public BFList feed in production ` +
        `(${values.BFLIST_BASE_URL}, run by one volunteer) (got "${values.POLL_INTERVAL_SECONDS}")`,
    ]);
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databasePath: values.DATABASE_PATH,
    postgres: values.DATABASE_URL ? { url: values.DATABASE_URL, schema: values.DATABASE_SCHEMA } : undefined,
    role: values.ROLE,
    logLevel: values.LOG_LEVEL,
    webDistPath: values.WEB_DIST_PATH ?? DEFAULT_WEB_DIST_PATH,
    publicUrl: values.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: values.TRUST_PROXY,
    demoMode: values.DEMO_MODE,
    collector: {
      enabled: collects,
      bflistBaseUrl: values.BFLIST_BASE_URL.replace(/\/$/, ''),
      games: values.COLLECT_GAMES,
      pollIntervalMs: values.POLL_INTERVAL_SECONDS * 1000,
      unhealthyAfterMs: values.COLLECTOR_UNHEALTHY_AFTER_SECONDS * 1000,
    },
    auth: {
      googleClientId: values.GOOGLE_CLIENT_ID,
      googleJwksUrl: values.GOOGLE_JWKS_URL,
      signingKey: values.AUTH_SIGNING_KEY,
      refreshSecret: values.AUTH_REFRESH_SECRET,
      demoSignIn: values.DEMO_SIGN_IN,
    },
    rateLimits: {
      reads: { perMinute: values.RATE_LIMIT_READS_PER_MINUTE, burst: values.RATE_LIMIT_READS_BURST },
    },
    connections: { max: values.MAX_CONNECTIONS, perAddress: values.MAX_CONNECTIONS_PER_ADDRESS },
  };
}

/**
 * BFList publishes no rate limit; its author's own site refetches every 30 s, and it is a single maintainer's,
 * donation-funded service (shared reference data-sources.md): one poll per game per 30 s at most. Emulators, the demo
 * and the benchmarks serve a feed of their own on another address and may poll it as fast as they like.
 */
export const BFLIST_MIN_POLL_INTERVAL_SECONDS = 30;

function isPublicBflist(baseUrl: string): boolean {
  // `api.bflist.io.` (a fully qualified name, trailing dot) is the same host to DNS and to the service.
  const host = new URL(baseUrl).hostname.toLowerCase().replace(/\.+$/, '');
  return host === 'bflist.io' || host.endsWith('.bflist.io');
}
