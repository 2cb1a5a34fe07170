import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { DemoUser } from '@frontline/contract';
import { calculateJwkThumbprint, createLocalJWKSet, SignJWT, type JWK } from 'jose';
import { activeSinceAt } from '../../db/player-presence.ts';
import { isDefaultBotName } from '../../domain/bots.ts';
import type { Clock } from '../../lib/clock.ts';
import { firstDayOfWindow } from '../../lib/utc-days.ts';
import { AuthError } from './auth-errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { GOOGLE_ISSUER, type LocalKeySet } from './id-token-verifier.ts';

/**
 * The demo's identity provider (DESIGN.md "Sign-in"): it issues Google-shaped ID tokens (Google's issuer, RS256, an
 * email, `email_verified`, an hour of validity) signed by its own key, made at start-up and never stored. They go
 * through the same login endpoint and the same verification as Google's; its key set is trusted only while it is
 * on, and config.ts refuses to turn it on with NODE_ENV=production. It signs only for its few ready-made people,
 * whose lists are players of the simulated world who are playing now or played the most this week and its busiest
 * servers, so that the dashboard shows life at once.
 *
 * Each sign-in as one of them is an account of the visitor's own (docs/decisions/0029-demo-accounts.md): the token
 * names a fresh address, `sarge+<12 hex digits>@example.com`, whose account starts as a copy of the person's lists
 * and is removed a day after it was made. Visitors never share an account, so none sees another's sessions (their
 * addresses and browsers) in the export, and none can delete the account under another.
 */

/** The audience of the demo's tokens when GOOGLE_CLIENT_ID is not set. */
export const DEMO_CLIENT_ID = 'frontline-demo.apps.googleusercontent.com';

const DEMO_PEOPLE = [
  { email: 'sarge@example.com', name: 'Sarge Miller' },
  { email: 'medic@example.com', name: 'Ada Medic' },
  { email: 'sniper@example.com', name: 'Kit Sniper' },
  { email: 'radio@example.com', name: 'Radio Operator' },
] as const;

const ID_TOKEN_LIFETIME_SECONDS = 3600;
const BUDDIES_ONLINE = 6;
const BUDDIES_REGULAR = 6;
const FAVOURITE_SERVERS = 2;

/** A visitor's account lives this long after its sign-in, then goes with everything in it. */
export const DEMO_ACCOUNT_LIFETIME_MS = 24 * 3_600_000;

/** A visitor's own address: the person's, tagged with 48 random bits (no one can guess another visitor's). */
const VISITOR_EMAIL = /^([a-z]+)\+[0-9a-f]{12}@example\.com$/;

function personOf(email: string) {
  const local = VISITOR_EMAIL.exec(email)?.[1];
  return DEMO_PEOPLE.find((person) => person.email === `${local}@example.com`);
}

export async function createDemoIdentityProvider({
  audience,
  authRepository,
  clock,
}: {
  audience: string;
  authRepository: AuthRepository;
  clock: Clock;
}) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = `frontline-demo-${await calculateJwkThumbprint(publicJwk)}`;
  const localKeySet: LocalKeySet = {
    kids: new Set([kid]),
    getKey: createLocalJWKSet({ keys: [{ ...publicJwk, kid, alg: 'RS256', use: 'sig' }] }),
  };

  /** Each person's lists: a player name of their own and buddies who are online now or play a lot. */
  async function demoUsers(): Promise<DemoUser[]> {
    const now = clock();
    const people = (names: string[]) => names.filter((name) => !isDefaultBotName(name));
    const [online, regulars] = await Promise.all([
      authRepository.findOnlineNames(activeSinceAt(now), 200).then(people),
      authRepository.findMostPlayedNames(firstDayOfWindow(now, 7), 60).then(people),
    ]);
    return DEMO_PEOPLE.map((person, index) => {
      const own = regulars[index] ?? online[index];
      const buddies = [
        ...online.filter((_, at) => at % DEMO_PEOPLE.length === index).slice(0, BUDDIES_ONLINE),
        ...regulars
          .slice(DEMO_PEOPLE.length)
          .filter((_, at) => at % DEMO_PEOPLE.length === index)
          .slice(0, BUDDIES_REGULAR),
      ].filter((name) => name !== own);
      return { ...person, playerNames: own ? [own] : [], buddies: [...new Set(buddies)] };
    });
  }

  return {
    localKeySet,
    users: demoUsers,

    /**
     * A Google-shaped ID token for a new visitor's account as one of the demo's people (anyone else is refused: a
     * visitor's own address is never accepted here, so no one signs into another visitor's account).
     */
    async issueIdToken(email: string): Promise<string> {
      const person = DEMO_PEOPLE.find((candidate) => candidate.email === email.trim().toLowerCase());
      if (!person)
        throw new AuthError(404, 'not_found', 'The demo has no person with that email.', { parameter: 'email' });
      const [local] = person.email.split('@');
      const visitorEmail = `${local}+${randomBytes(6).toString('hex')}@example.com`;
      const issuedAt = Math.floor(clock() / 1000);
      return new SignJWT({ email: visitorEmail, email_verified: true, name: person.name })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(GOOGLE_ISSUER)
        .setAudience(audience)
        .setSubject(`demo-${visitorEmail}`)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME_SECONDS)
        .sign(privateKey);
    },

    /** Fills a visitor's new account with a copy of its person's lists: player names, squad, favourite servers. */
    seedAccount: async (userId: number, email: string): Promise<void> => {
      const person = personOf(email);
      const user = person && (await demoUsers()).find((candidate) => candidate.email === person.email);
      if (!user) return;
      const index = DEMO_PEOPLE.indexOf(person);
      const busiest = await authRepository.findBusiestServerGuids(FAVOURITE_SERVERS * DEMO_PEOPLE.length);
      const favourites = busiest.filter((_, at) => at % DEMO_PEOPLE.length === index);
      const now = new Date(clock()).toISOString();
      for (const name of user.playerNames) await authRepository.addItem('playerNames', userId, name, now);
      for (const name of user.buddies) await authRepository.addItem('buddies', userId, name, now);
      for (const guid of favourites) await authRepository.addItem('favoriteServers', userId, guid, now);
    },

    /**
     * The accounts to remove: visitors' accounts older than DEMO_ACCOUNT_LIFETIME_MS, and the people's own accounts,
     * which every visitor shared before each had their own (no one signs into them any more).
     */
    async expiredAccounts(): Promise<number[]> {
      const dayAgo = new Date(clock() - DEMO_ACCOUNT_LIFETIME_MS).toISOString();
      const [visitors, shared] = await Promise.all([
        authRepository.findUsersByEmailLike('%+%@example.com', dayAgo),
        authRepository.findUsersByEmails(DEMO_PEOPLE.map((person) => person.email)),
      ]);
      return [...visitors.filter((user) => personOf(user.email) !== undefined), ...shared].map((user) => user.id);
    },
  };
}

export type DemoIdentityProvider = Awaited<ReturnType<typeof createDemoIdentityProvider>>;
