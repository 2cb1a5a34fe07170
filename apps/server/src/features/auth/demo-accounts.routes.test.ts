import type {
  AccountExportResponse,
  AccountProfileResponse,
  DemoUsersResponse,
  LoginResponse,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { openTestDatabase, seedHistory, type TestDatabase } from '../../test/test-database.ts';
import { DEMO_ACCOUNT_LIFETIME_MS } from './demo-identity-provider.ts';

// The demo's sign-in (docs/decisions/0029-demo-accounts.md): each sign-in as one of its people is an account of the
// visitor's own, a copy of the person's lists, removed a day later. Before, every visitor who picked a person shared
// one account: its export showed the others' addresses and browsers, and any of them could delete it under the rest.

/** Friday 9 January 2026, 21:00 UTC: many players online when the history ends. */
const NOW = Date.UTC(2026, 0, 9, 21, 0, 0);
const SARGE = 'sarge@example.com';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  database = await openTestDatabase();
  await seedHistory(database, { seed: 1, endMs: NOW, days: 1 });
  app = await createTestApp({ DEMO_SIGN_IN: 'true' }, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

interface Visitor {
  accessToken: string;
  refreshToken: string;
  user: LoginResponse['user'];
  get: <T>(path: string) => Promise<{ status: number; body: T }>;
}

/** A visitor picks a demo person, from their own address and browser, as the web app does. */
async function signInAs(on: FastifyInstance, email: string, remoteAddress: string, browser: string): Promise<Visitor> {
  const token = await on.inject({ method: 'POST', url: '/stats/auth/demo/id-token', payload: { email } });
  expect(token.statusCode, token.body).toBe(200);
  const login = await on.inject({
    method: 'POST',
    url: '/stats/auth/login',
    payload: { googleIdToken: token.json<{ idToken: string }>().idToken },
    remoteAddress,
    headers: { 'user-agent': browser },
  });
  expect(login.statusCode, login.body).toBe(200);
  const answer = login.json<LoginResponse>();
  const get = async <T>(path: string) => {
    const response = await on.inject({
      url: `/stats/auth${path}`,
      headers: { authorization: `Bearer ${answer.accessToken}` },
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const refreshToken = login.cookies.find((cookie) => cookie.name === 'rt')?.value ?? '';
  return { accessToken: answer.accessToken, refreshToken, user: answer.user, get };
}

describe("the demo's accounts", () => {
  it("give two sign-ins as the same person two accounts, each a copy of the person's names, squad and favourites", async () => {
    const { users } = (await app.inject('/stats/auth/demo/users')).json<DemoUsersResponse>();
    const sarge = users.find((person) => person.email === SARGE);
    if (!sarge) throw new Error('no Sarge among the demo people');
    const first = await signInAs(app, SARGE, '198.51.100.1', 'Browser One');
    const second = await signInAs(app, SARGE, '198.51.100.2', 'Browser Two');
    expect(first.user.id).not.toBe(second.user.id);
    for (const visitor of [first, second]) {
      expect(visitor.user.email).toMatch(/^sarge\+[0-9a-f]{12}@example\.com$/);
      expect(visitor.user.name).toBe('Sarge Miller');
      const { body: profile } = await visitor.get<AccountProfileResponse>('/profile');
      expect(profile.playerNames.map((item) => item.playerName)).toEqual(sarge.playerNames);
      expect(profile.buddies.map((item) => item.buddyPlayerName)).toEqual(sarge.buddies);
      expect(profile.favoriteServers.length).toBeGreaterThan(0);
    }
    const favourites = async (visitor: Visitor) =>
      (await visitor.get<AccountProfileResponse>('/profile')).body.favoriteServers.map((server) => server.serverGuid);
    expect(await favourites(first)).toEqual(await favourites(second));
  });

  it("show in one visitor's export only that visitor's own sessions, never another's address or browser", async () => {
    const mine = await signInAs(app, SARGE, '198.51.100.11', 'Mine/1.0');
    const theirs = await signInAs(app, SARGE, '198.51.100.12', 'Theirs/2.0');
    const { status, body } = await mine.get<AccountExportResponse>('/export');
    expect(status).toBe(200);
    expect(body.sessions.map((session) => [session.ipAddress, session.userAgent])).toEqual([
      ['198.51.100.11', 'Mine/1.0'],
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('198.51.100.12');
    expect(text).not.toContain('Theirs/2.0');
    expect((await theirs.get<AccountExportResponse>('/export')).body.sessions).toHaveLength(1);
  });

  it("let one visitor delete their account and leave another's as it was", async () => {
    const leaving = await signInAs(app, SARGE, '198.51.100.21', 'Leaving');
    const staying = await signInAs(app, SARGE, '198.51.100.22', 'Staying');
    const before = (await staying.get<AccountProfileResponse>('/profile')).body;
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/stats/auth/account',
      headers: { authorization: `Bearer ${leaving.accessToken}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await leaving.get('/profile')).status).toBe(401);
    expect(await staying.get<AccountProfileResponse>('/profile')).toEqual({ status: 200, body: before });
    const refreshed = await app.inject({
      method: 'POST',
      url: '/stats/auth/refresh',
      cookies: { rt: staying.refreshToken },
      headers: { origin: 'http://localhost:80' },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('are removed a day after they were made (at start-up), with the shared accounts of old; no other account', async () => {
    const old = await signInAs(app, 'medic@example.com', '198.51.100.31', 'Old');
    vi.setSystemTime(NOW + 2 * 3_600_000);
    const recent = await signInAs(app, 'medic@example.com', '198.51.100.32', 'Recent');
    const made = new Date(NOW).toISOString();
    // What a database of the shared demo holds (a person's own account), and accounts that are not a visitor's.
    for (const email of ['medic@example.com', 'kowalski@example.com', 'medic+work@example.com']) {
      await database.db
        .insertInto('users')
        .values({ email, name: email, created_at: made, last_logged_in: made })
        .execute();
    }

    vi.setSystemTime(NOW + DEMO_ACCOUNT_LIFETIME_MS + 3_600_000);
    const restarted = await createTestApp({ DEMO_SIGN_IN: 'true' }, database);
    try {
      const emails = (await database.db.selectFrom('users').select('email').execute()).map((row) => row.email);
      expect(emails).not.toContain(old.user.email);
      expect(emails).not.toContain('medic@example.com');
      expect(emails).toEqual(
        expect.arrayContaining([recent.user.email, 'kowalski@example.com', 'medic+work@example.com']),
      );
      const asOld = await restarted.inject({
        url: '/stats/auth/profile',
        headers: { authorization: `Bearer ${old.accessToken}` },
      });
      expect(asOld.statusCode).toBe(401);
      const asRecent = await restarted.inject({
        url: '/stats/auth/profile',
        headers: { authorization: `Bearer ${recent.accessToken}` },
      });
      expect(asRecent.statusCode).toBe(200);
    } finally {
      await restarted.close();
      vi.setSystemTime(NOW);
    }
  });
});
