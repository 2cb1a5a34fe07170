import { openTestDatabase, type TestDatabase, seedHistory } from '../../test/test-database.ts';
import {
  ACCOUNT_LIST_LIMITS,
  type AccountProfileResponse,
  type ApiError,
  type Buddy,
  type DashboardResponse,
  type DemoUsersResponse,
  type FavoriteServer,
  type LoginResponse,
  type PlayerNameLink,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalGoogleJwks, TEST_CLIENT_ID, type LocalGoogleJwks } from '../../test/local-google-jwks.ts';
import { createTestApp } from '../../test/test-app.ts';

// The account's lists and their live state, on a day of simulated history written by the real tracker and store
// (spec site-account-and-realtime §3 "Player name link", "Favourite server", "Buddy", "Dashboard data"; issue:
// "Names trimmed; blank → 400; a duplicate → 200 with the existing item; another user's id → 404").

/** Friday 9 January 2026, 21:00 UTC: the European evening, many players online when the history ends. */
const NOW = Date.UTC(2026, 0, 9, 21, 0, 0);
const ACTIVE_WINDOW_MS = 5 * 60_000;

interface OnlineRow {
  player_name: string;
  server_guid: string;
  server_name: string;
  map_name: string;
  score: number;
  kills: number;
  deaths: number;
  start_time: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let jwks: LocalGoogleJwks;
let online: OnlineRow[];
let offlineName: string;
let onlineServer: { server_guid: string; name: string; map_name: string; num_players: number; max_players: number };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  jwks = await startLocalGoogleJwks();
  database = await openTestDatabase();
  await seedHistory(database, { seed: 1, endMs: NOW, days: 1 });
  app = await createTestApp(
    { GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, DEMO_SIGN_IN: 'true' },
    database,
  );
  // Worked out here from the rows, not with the service's queries.
  online = database.sqlite
    .prepare(
      `select s.player_name, r.server_guid, v.name as server_name, r.map_name, s.score, s.kills, s.deaths, s.start_time
       from sessions s join rounds r on r.round_key = s.round_key join servers v on v.server_guid = r.server_guid
       where s.is_active = 1 and s.last_seen >= ? order by s.last_seen desc`,
    )
    .all(new Date(NOW - ACTIVE_WINDOW_MS).toISOString()) as unknown as OnlineRow[];
  const onlineNames = new Set(online.map((row) => row.player_name));
  offlineName = (
    database.sqlite.prepare('select player_name from players order by player_name').all() as { player_name: string }[]
  )
    .map((row) => row.player_name)
    .find((name) => !onlineNames.has(name)) as string;
  onlineServer = database.sqlite
    .prepare(
      'select server_guid, name, map_name, num_players, max_players from servers where is_online = 1 and num_players > 0 limit 1',
    )
    .get() as typeof onlineServer;
});

afterAll(async () => {
  await app.close();
  await database.close();
  await jwks.close();
  vi.useRealTimers();
});

async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/stats/auth/login',
    payload: { googleIdToken: await jwks.mint({ email }, { nowMs: NOW }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { accessToken } = response.json<LoginResponse>();
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    post: (url: string, payload: object) => app.inject({ method: 'POST', url: `/stats/auth${url}`, headers, payload }),
    remove: (url: string) => app.inject({ method: 'DELETE', url: `/stats/auth${url}`, headers }),
    get: <T>(url: string) => app.inject({ url: `/stats/auth${url}`, headers }).then((answer) => answer.json<T>()),
  };
}

describe('player names, favourite servers and buddies', () => {
  it('adds a name trimmed (201), answers a duplicate with the existing item (200), removes it (204)', async () => {
    const user = await signIn('names@example.com');
    const added = await user.post('/player-names', { playerName: `  ${offlineName}  ` });
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json<PlayerNameLink>();
    expect(item.playerName).toBe(offlineName);
    const again = await user.post('/player-names', { playerName: offlineName });
    expect(again.statusCode).toBe(200);
    expect(again.json<PlayerNameLink>().id).toBe(item.id);
    expect((await user.get<AccountProfileResponse>('/profile')).playerNames).toHaveLength(1);

    expect((await user.remove(`/player-names/${item.id}`)).statusCode).toBe(204);
    expect((await user.get<AccountProfileResponse>('/profile')).playerNames).toEqual([]);
    expect((await user.remove(`/player-names/${item.id}`)).statusCode).toBe(404);
  });

  it('keeps a name the collector has never seen, with no live player', async () => {
    const user = await signIn('unknown@example.com');
    const added = (await user.post('/buddies', { buddyPlayerName: 'NobodyHasThisName' })).json<Buddy>();
    expect(added.player).toBeNull();
  });

  it('answers 400 naming the field for blank, too long or missing names', async () => {
    const user = await signIn('blank@example.com');
    const cases: [string, object, string][] = [
      ['/player-names', { playerName: '   ' }, 'playerName'],
      ['/buddies', { buddyPlayerName: '' }, 'buddyPlayerName'],
      ['/favorite-servers', { serverGuid: ' ' }, 'serverGuid'],
      ['/player-names', { playerName: 'x'.repeat(65) }, 'playerName'],
      ['/buddies', {}, 'buddyPlayerName'],
    ];
    for (const [url, payload, parameter] of cases) {
      const response = await user.post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json<ApiError>().details?.[0]?.parameter).toBe(parameter);
    }
  });

  it('needs a favourite server to exist (404), and answers one that does with its live state', async () => {
    const user = await signIn('servers@example.com');
    expect((await user.post('/favorite-servers', { serverGuid: 'no-such-server' })).statusCode).toBe(404);
    const added = await user.post('/favorite-servers', { serverGuid: onlineServer.server_guid });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<FavoriteServer>()).toMatchObject({
      serverGuid: onlineServer.server_guid,
      serverName: onlineServer.name,
      currentMap: onlineServer.map_name,
      activeSessions: onlineServer.num_players,
      maxPlayers: onlineServer.max_players,
    });
  });

  it('refuses an item past the per-user limit with 400 naming the limit', async () => {
    const user = await signIn('collector-of-names@example.com');
    for (let index = 0; index < ACCOUNT_LIST_LIMITS.playerNames; index += 1) {
      expect((await user.post('/player-names', { playerName: `Name${index}` })).statusCode).toBe(201);
    }
    const over = await user.post('/player-names', { playerName: 'OneTooMany' });
    expect(over.statusCode).toBe(400);
    expect(over.json<ApiError>()).toMatchObject({ error: 'limit_reached', details: [{ parameter: 'playerName' }] });
    expect(over.json<ApiError>().message).toContain(String(ACCOUNT_LIST_LIMITS.playerNames));
    // A name already kept is still answered (200): nothing is added.
    expect((await user.post('/player-names', { playerName: 'Name0' })).statusCode).toBe(200);
    expect((await user.get<AccountProfileResponse>('/profile')).playerNames).toHaveLength(
      ACCOUNT_LIST_LIMITS.playerNames,
    );
  });

  it('refuses a buddy past the per-user limit the same way, and counts each user apart', async () => {
    const user = await signIn('many-buddies@example.com');
    for (let index = 0; index < ACCOUNT_LIST_LIMITS.buddies; index += 1) {
      expect((await user.post('/buddies', { buddyPlayerName: `Buddy${index}` })).statusCode).toBe(201);
    }
    const over = await user.post('/buddies', { buddyPlayerName: 'OneTooMany' });
    expect(over.statusCode).toBe(400);
    expect(over.json<ApiError>()).toMatchObject({
      error: 'limit_reached',
      details: [{ parameter: 'buddyPlayerName' }],
    });
    expect(over.json<ApiError>().message).toContain(String(ACCOUNT_LIST_LIMITS.buddies));
    const other = await signIn('one-buddy@example.com');
    expect((await other.post('/buddies', { buddyPlayerName: 'OneTooMany' })).statusCode).toBe(201);
  });

  it("never touches another user's items: every delete of their ids is 404 and their rows stay", async () => {
    const owner = await signIn('owner@example.com');
    const intruder = await signIn('intruder@example.com');
    const name = (await owner.post('/player-names', { playerName: 'OwnersName' })).json<PlayerNameLink>();
    const buddy = (await owner.post('/buddies', { buddyPlayerName: 'OwnersBuddy' })).json<Buddy>();
    const server = (
      await owner.post('/favorite-servers', { serverGuid: onlineServer.server_guid })
    ).json<FavoriteServer>();
    for (const url of [`/player-names/${name.id}`, `/buddies/${buddy.id}`, `/favorite-servers/${server.id}`]) {
      const response = await intruder.remove(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<ApiError>().message).not.toContain('Owners');
    }
    const profile = await owner.get<AccountProfileResponse>('/profile');
    expect(profile.playerNames).toHaveLength(1);
    expect(profile.buddies).toHaveLength(1);
    expect(profile.favoriteServers).toHaveLength(1);
    expect((await intruder.get<AccountProfileResponse>('/profile')).playerNames).toEqual([]);
  });

  it('answers 400 for an id that is not a positive whole number', async () => {
    const user = await signIn('ids@example.com');
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      expect((await user.remove(`/buddies/${id}`)).statusCode, id).toBe(400);
    }
  });
});

describe('live state', () => {
  it('shows an online buddy where they play now, and an offline one with their last sighting', async () => {
    const user = await signIn('squad@example.com');
    const playing = online[0];
    if (!playing) throw new Error('the history has nobody online at its end');
    await user.post('/buddies', { buddyPlayerName: playing.player_name });
    await user.post('/buddies', { buddyPlayerName: offlineName });
    await user.post('/favorite-servers', { serverGuid: onlineServer.server_guid });

    const profile = await user.get<AccountProfileResponse>('/profile');
    const onlineBuddy = profile.buddies.find((buddy) => buddy.buddyPlayerName === playing.player_name);
    expect(onlineBuddy?.player).toMatchObject({
      isOnline: true,
      currentServer: playing.server_name,
      currentServerGuid: playing.server_guid,
      currentMap: playing.map_name,
      currentSessionScore: playing.score,
      currentSessionKills: playing.kills,
      currentSessionDeaths: playing.deaths,
    });
    const offlineBuddy = profile.buddies.find((buddy) => buddy.buddyPlayerName === offlineName);
    expect(offlineBuddy?.player).toMatchObject({ isOnline: false, currentServer: null, currentSessionScore: 0 });
    expect(Date.parse(offlineBuddy?.player?.lastSeenIso ?? '')).toBeLessThan(NOW - ACTIVE_WINDOW_MS);

    const dashboard = await user.get<DashboardResponse>('/dashboard');
    expect(dashboard.onlineBuddies).toEqual([
      expect.objectContaining({
        playerName: playing.player_name,
        serverName: playing.server_name,
        currentMap: playing.map_name,
        currentScore: playing.score,
        joinedAt: playing.start_time,
        sessionDurationMinutes: Math.round((NOW - Date.parse(playing.start_time)) / 60_000),
      }),
    ]);
    expect(dashboard.offlineBuddies.map((buddy) => buddy.playerName)).toEqual([offlineName]);
    expect(dashboard.favoriteServers).toEqual([
      expect.objectContaining({ serverGuid: onlineServer.server_guid, currentPlayers: onlineServer.num_players }),
    ]);
  });
});

describe('a buddy coming online', () => {
  it('is on the very next dashboard once the poll that saw him is published, though dashboards are reused', async () => {
    const user = await signIn('newcomer@example.com');
    const [buddyName, otherName] = database.sqlite
      .prepare(
        `select player_name from players where player_name not in (
           select player_name from sessions where is_active = 1) order by player_name limit 2`,
      )
      .all()
      .map((row) => (row as { player_name: string }).player_name);
    if (!buddyName || !otherName) throw new Error('the history has too few offline players');
    await user.post('/buddies', { buddyPlayerName: buddyName });
    await user.post('/buddies', { buddyPlayerName: otherName });
    expect((await user.get<DashboardResponse>('/dashboard')).onlineBuddies).toEqual([]);

    // What a committed poll leaves: the buddy's newest session open and just seen (as the tracker writes it).
    const sessionOf = (name: string) =>
      database.sqlite
        .prepare(
          'select session_id, is_active, last_seen from sessions where player_name = ? order by session_id desc limit 1',
        )
        .get(name) as { session_id: number; is_active: number; last_seen: string };
    const before = sessionOf(buddyName);
    const reopen = (sessionId: number, isActive: number, lastSeen: string) =>
      database.sqlite
        .prepare('update sessions set is_active = ?, last_seen = ? where session_id = ?')
        .run(isActive, lastSeen, sessionId);
    reopen(before.session_id, 1, new Date(NOW).toISOString());
    try {
      // Within the few seconds a dashboard is reused, nothing has told it yet (this is what the event is for).
      expect((await user.get<DashboardResponse>('/dashboard')).onlineBuddies).toEqual([]);
      app.events.publish(
        {
          type: 'playerOnline',
          playerName: buddyName,
          serverGuid: onlineServer.server_guid as never,
          serverName: onlineServer.name,
          mapName: onlineServer.map_name,
          joinLink: null,
          at: NOW,
        },
        NOW,
      );
      const dashboard = await user.get<DashboardResponse>('/dashboard');
      expect(dashboard.onlineBuddies.map((buddy) => buddy.playerName)).toEqual([buddyName]);
      expect(dashboard.offlineBuddies.map((buddy) => buddy.playerName)).toEqual([otherName]);
    } finally {
      reopen(before.session_id, before.is_active, before.last_seen);
    }
  });
});

describe('the demo identity provider', () => {
  it('signs its people in through the same login, with lists of active players of the simulated world', async () => {
    const { users } = (await app.inject('/stats/auth/demo/users')).json<DemoUsersResponse>();
    expect(users.length).toBeGreaterThanOrEqual(3);
    const [person] = users;
    if (!person) throw new Error('no demo users');
    expect(person.buddies.length).toBeGreaterThan(0);
    const onlineNames = new Set(online.map((row) => row.player_name));
    expect(person.buddies.some((name) => onlineNames.has(name))).toBe(true);

    const token = await app.inject({
      method: 'POST',
      url: '/stats/auth/demo/id-token',
      payload: { email: person.email },
    });
    expect(token.statusCode, token.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/stats/auth/login',
      payload: { googleIdToken: token.json<{ idToken: string }>().idToken },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { accessToken } = login.json<LoginResponse>();
    const profile = (
      await app.inject({ url: '/stats/auth/profile', headers: { authorization: `Bearer ${accessToken}` } })
    ).json<AccountProfileResponse>();
    expect(profile.playerNames.map((item) => item.playerName)).toEqual(person.playerNames);
    expect(profile.buddies.map((item) => item.buddyPlayerName)).toEqual(person.buddies);
  });

  it('issues tokens only for its own people', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/stats/auth/demo/id-token',
      payload: { email: 'someone@example.com' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('is not there, and its tokens are not trusted, without DEMO_SIGN_IN', async () => {
    const token = (
      await app.inject({ method: 'POST', url: '/stats/auth/demo/id-token', payload: { email: 'sarge@example.com' } })
    ).json<{ idToken: string }>().idToken;
    const plain = await createTestApp({ GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwks.url }, database);
    try {
      expect((await plain.inject('/stats/auth/demo/users')).statusCode).toBe(404);
      const login = await plain.inject({ method: 'POST', url: '/stats/auth/login', payload: { googleIdToken: token } });
      expect(login.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
