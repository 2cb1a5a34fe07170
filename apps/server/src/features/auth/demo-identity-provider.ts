import { generateKeyPairSync } from 'node:crypto';
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
 * whose lists are filled at their first sign-in with players of the simulated world who are playing now or played
 * the most this week, so that the dashboard shows life at once.
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

    /** A Google-shaped ID token for one of the demo's people (anyone else is refused). */
    async issueIdToken(email: string): Promise<string> {
      const person = DEMO_PEOPLE.find((candidate) => candidate.email === email.trim().toLowerCase());
      if (!person)
        throw new AuthError(404, 'not_found', 'The demo has no person with that email.', { parameter: 'email' });
      const issuedAt = Math.floor(clock() / 1000);
      return new SignJWT({ email: person.email, email_verified: true, name: person.name })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(GOOGLE_ISSUER)
        .setAudience(audience)
        .setSubject(`demo-${person.email}`)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME_SECONDS)
        .sign(privateKey);
    },

    /** Fills a demo person's new account with their ready-made lists. */
    seedAccount: async (userId: number, email: string): Promise<void> => {
      const user = (await demoUsers()).find((candidate) => candidate.email === email);
      if (!user) return;
      const now = new Date(clock()).toISOString();
      for (const name of user.playerNames) await authRepository.addItem('playerNames', userId, name, now);
      for (const name of user.buddies) await authRepository.addItem('buddies', userId, name, now);
    },
  };
}

export type DemoIdentityProvider = Awaited<ReturnType<typeof createDemoIdentityProvider>>;
