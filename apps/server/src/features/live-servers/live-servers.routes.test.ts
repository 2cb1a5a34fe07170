import {
  GAMES,
  liveServerDetailSchema,
  liveServersResponseSchema,
  type ApiError,
  type GameId,
  type LiveServer,
  type LiveServerDetail,
  type LiveServersResponse,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '../../test/test-database.ts';
import { buildJoinLink } from '../../emulator/bflist-wire.ts';
import { startEmulatorServer, type EmulatorServer } from '../../emulator/emulator-server.ts';
import { seedServerProfiles } from '../../emulator/seed-server-profiles.ts';
import { createWorld } from '../../emulator/world.ts';
import type { EmulatedWorld, WorldServerProfile } from '../../emulator/world-types.ts';
import { countPlayers, isBot } from '../../domain/bots.ts';
import { serverGuidFor } from '../../domain/identity.ts';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import { openDatabaseFile, type DatabaseFile } from '../../test/test-database.ts';
import { createTestApp } from '../../test/test-app.ts';

// The live list on the whole real path: the emulator serves a seeded world over HTTP, the app's own collector
// polls it once through the real BFList client, and the routes answer from that poll. The emulator's clock is
// the test's and never moves, so what the world shows now is what the collector was sent.

const GAME_IDS: readonly GameId[] = GAMES.map((game) => game.id);
/** Friday 9 January 2026, 20:00 UTC: the European evening, when the servers are busiest. */
const CLOCK_START = Date.UTC(2026, 0, 9, 20, 0, 0);
const POLL_INTERVAL_MS = 30_000;
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const addressOf = (server: { game: GameId; ip: string; port: number }) => `${server.game}|${server.ip}:${server.port}`;

/**
 * What the browser should show for a server of the world, written from the world's own facts. `listedAt` is the
 * time of the collector's only poll: every round open in it began then.
 */
function expectLiveServer(
  snapshot: ServerSnapshot,
  profile: WorldServerProfile | undefined,
  listedAt: string,
): LiveServer {
  const { humans, bots } = countPlayers(snapshot.players);
  return {
    guid: serverGuidFor(snapshot.game, snapshot.ip, snapshot.port),
    name: snapshot.name,
    ip: snapshot.ip,
    port: snapshot.port,
    game: snapshot.game,
    numPlayers: humans,
    botCount: bots,
    maxPlayers: snapshot.maxPlayers,
    mapName: snapshot.mapName,
    gameType: snapshot.gameType,
    // The FH2 feed has no round clock.
    roundTimeRemain: snapshot.game === 'fh2' ? -1 : (snapshot.roundTimeRemain ?? -1),
    // A server between rounds (no map) has no round open.
    roundStartedAt: snapshot.mapName ? listedAt : null,
    roundTimeLimit: snapshot.roundTimeLimit || null,
    hasPassword: snapshot.hasPassword,
    timezone: profile?.timeZone ?? null,
    country: profile?.country ?? null,
    // The feed decides join links itself (none for FH2 or passworded servers), whatever the world holds; Frontline
    // adds FH2's own.
    joinLink:
      snapshot.game === 'fh2'
        ? snapshot.hasPassword
          ? null
          : `bf2://${snapshot.ip}:${snapshot.port}?mod=fh2`
        : buildJoinLink(snapshot.game, snapshot.ip, snapshot.port, snapshot.hasPassword),
    discordUrl: profile?.discordUrl ?? null,
    forumUrl: profile?.forumUrl ?? null,
  };
}

function expectDetail(
  snapshot: ServerSnapshot,
  profile: WorldServerProfile | undefined,
  listedAt: string,
): LiveServerDetail {
  return {
    ...expectLiveServer(snapshot, profile, listedAt),
    players: snapshot.players.map((player) => ({
      name: player.name,
      score: player.score,
      kills: player.kills,
      deaths: player.deaths,
      ping: player.ping,
      team: player.team,
      teamLabel:
        player.teamLabel || snapshot.teams.find((team) => team.index === player.team)?.label || `Team ${player.team}`,
      aiBot: isBot(player),
    })),
    teams: snapshot.teams.map((team) => ({
      index: team.index,
      label: team.label,
      tickets: snapshot.game === 'fh2' ? null : team.tickets,
    })),
  };
}

describe('live servers', () => {
  let database: TestDatabase;
  let file: DatabaseFile;
  let emulator: EmulatorServer;
  let world: EmulatedWorld;
  let app: FastifyInstance;
  let profiles: Map<string, WorldServerProfile>;

  beforeAll(async () => {
    file = await openDatabaseFile();
    database = file.database;
    world = createWorld({ seed: 7, startMs: CLOCK_START - 3 * 3_600_000 });
    emulator = await startEmulatorServer({ world, clock: () => CLOCK_START });
    seedServerProfiles(database.sqlite, world);
    profiles = new Map(world.profiles().map((profile) => [addressOf(profile), profile]));
    app = await createTestApp(
      {
        COLLECTOR_ENABLED: 'true',
        DATABASE_PATH: file.path,
        BFLIST_BASE_URL: emulator.url,
        POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_MS / 1000),
        DEMO_MODE: 'true',
      },
      database,
    );
    // `inject` makes the app ready, and ready starts the collector, whose first cycle polls at once. So that
    // cycle is the one the tests read: wait for it, then stop the collector so that no later cycle (with another
    // list time) races the assertions. A stopped collector cannot poll again (its abort signal has fired).
    await app.ready();
    await vi.waitFor(
      () => {
        for (const game of GAME_IDS) expect(app.collector?.lastGoodList(game)).toBeDefined();
      },
      { timeout: 15_000, interval: 10 },
    );
    await app.collector?.stop();
  });

  afterAll(async () => {
    await app.close();
    await emulator.close();
    await file.remove();
  });

  const listedAt = (game: GameId) => app.collector?.lastGoodList(game)?.at.toISOString() ?? 'never listed';

  const getList = async (path: string) => {
    const response = await app.inject(path);
    expect(response.statusCode, response.body).toBe(200);
    return { response, body: liveServersResponseSchema.parse(response.json()) };
  };

  describe('GET /stats/liveservers/{game}/servers', () => {
    it("lists each game's servers as the world shows them, busiest first, with their profiles", async () => {
      for (const game of GAME_IDS) {
        const { response, body } = await getList(`/stats/liveservers/${game}/servers`);
        const expected = world
          .snapshots(game)
          .map((snapshot) => expectLiveServer(snapshot, profiles.get(addressOf(snapshot)), listedAt(game)))
          .sort(
            (a, b) =>
              b.numPlayers - a.numPlayers ||
              nameCollator.compare(a.name, b.name) ||
              a.ip.localeCompare(b.ip) ||
              a.port - b.port,
          );
        expect(body.servers.length, game).toBeGreaterThan(5);
        expect(body.servers).toEqual(expected);
        expect(new Set(body.servers.map((server) => server.guid)).size).toBe(body.servers.length);
        // Every world server has a profile, so each row says where it is; links only where the world has them.
        expect(body.servers.every((server) => server.country !== null && server.timezone !== null)).toBe(true);
        expect(body.lastUpdated).toBe(app.collector?.lastGoodList(game)?.at.toISOString());
        expect(body.stale).toBe(false);
        expect(response.headers['cache-control']).toBe('public, max-age=5');
      }
    });

    it('counts people in numPlayers and bots apart, and lists busy servers, empty ones and some with links', async () => {
      const all = (await Promise.all(GAME_IDS.map((game) => getList(`/stats/liveservers/${game}/servers`)))).flatMap(
        ({ body }) => body.servers,
      );
      expect(all.some((server) => server.numPlayers > 10)).toBe(true);
      expect(all.some((server) => server.discordUrl !== null)).toBe(true);
      expect(all.some((server) => server.roundTimeRemain === -1)).toBe(true);
      const withBots = world.snapshots('fh2').find((snapshot) => snapshot.players.some(isBot));
      expect(withBots, 'a world server with bots').toBeDefined();
      const listed = all.find((server) => server.ip === withBots?.ip && server.port === withBots.port);
      const bots = withBots?.players.filter(isBot).length ?? 0;
      expect(bots).toBeGreaterThan(0);
      expect(listed?.botCount).toBe(bots);
      expect(listed?.numPlayers).toBe((withBots?.players.length ?? 0) - bots);
    });

    it('takes the aliases bfv and 42 and the mode FH2, in any case', async () => {
      const byId = new Map<GameId, LiveServersResponse>();
      for (const game of GAME_IDS) byId.set(game, (await getList(`/stats/liveservers/${game}/servers`)).body);
      expect((await getList('/stats/liveservers/bfv/servers')).body).toEqual(byId.get('bfvietnam'));
      expect((await getList('/stats/liveservers/42/servers')).body).toEqual(byId.get('bf1942'));
      expect((await getList('/stats/LiveServers/BFV/servers')).body).toEqual(byId.get('bfvietnam'));
      expect((await getList('/stats/LIVESERVERS/FH2/servers')).body).toEqual(byId.get('fh2'));
    });

    it('answers 400 naming the game parameter for an unknown game', async () => {
      const response = await app.inject('/stats/liveservers/bf2/servers');
      expect(response.statusCode).toBe(400);
      const body = response.json<ApiError>();
      expect(body.error).toBe('bad_request');
      // The rule, not the text sent.
      const rule = 'must be one of bf1942, fh2, bfvietnam (aliases 42, bfv)';
      expect(body.message).toBe(`Invalid path parameter: game ${rule}`);
      expect(body.details).toEqual([{ parameter: 'game', problem: rule }]);
    });

    it('turns stale, uncached, once the list is older than two poll intervals without a new cycle', async () => {
      const { body } = await getList('/stats/liveservers/bf1942/servers');
      const listedAt = Date.parse(body.lastUpdated ?? '');
      const [server] = body.servers;
      if (server === undefined) throw new Error('no bf1942 server listed');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(listedAt + 2 * POLL_INTERVAL_MS);
        const fresh = await getList('/stats/liveservers/bf1942/servers');
        expect(fresh.body.stale).toBe(false);
        expect(fresh.response.headers['cache-control']).toBe('public, max-age=5');

        vi.setSystemTime(listedAt + 2 * POLL_INTERVAL_MS + 1);
        const stale = await getList('/stats/liveservers/bf1942/servers');
        // Still the last good list, not an empty one: a failing feed is not an empty world.
        expect(stale.body).toEqual({ ...body, stale: true });
        expect(stale.response.headers['cache-control']).toBe('no-cache');
        const detail = await app.inject(`/stats/liveservers/bf1942/${server.ip}/${server.port}`);
        expect(detail.statusCode).toBe(200);
        expect(detail.headers['cache-control']).toBe('no-cache');
      } finally {
        vi.useRealTimers();
      }
    });

    it('answers an empty, stale list (not an error) when the collector is off', async () => {
      const idle = await createTestApp({ COLLECTOR_ENABLED: 'false' });
      try {
        for (const game of ['bf1942', 'fh2', 'bfv']) {
          const response = await idle.inject(`/stats/liveservers/${game}/servers`);
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({ servers: [], lastUpdated: null, stale: true });
          expect(response.headers['cache-control']).toBe('no-cache');
        }
        const one = await idle.inject('/stats/liveservers/bf1942/10.0.0.1/14567');
        expect(one.statusCode).toBe(404);
      } finally {
        await idle.close();
      }
    });
  });

  describe('GET /stats/liveservers/{game}/{ip}/{port}', () => {
    it("shows every listed server with its players and teams as the world's snapshot has them", async () => {
      let players = 0;
      let bots = 0;
      for (const game of GAME_IDS) {
        for (const snapshot of world.snapshots(game)) {
          const response = await app.inject(`/stats/liveservers/${game}/${snapshot.ip}/${snapshot.port}`);
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['cache-control']).toBe('public, max-age=5');
          const body = liveServerDetailSchema.parse(response.json());
          expect(body).toEqual(expectDetail(snapshot, profiles.get(addressOf(snapshot)), listedAt(game)));
          players += body.players.length;
          bots += body.players.filter((player) => player.aiBot).length;
        }
      }
      // The comparison above covered real crowds, with bots among them.
      expect(players).toBeGreaterThan(100);
      expect(bots).toBeGreaterThan(0);
    });

    it('reads the game by alias, in any case', async () => {
      const [snapshot] = world.snapshots('bfvietnam');
      if (snapshot === undefined) throw new Error('no Vietnam server in the world');
      const byId = await app.inject(`/stats/liveservers/bfvietnam/${snapshot.ip}/${snapshot.port}`);
      const byAlias = await app.inject(`/stats/LiveServers/BFV/${snapshot.ip}/${snapshot.port}`);
      expect(byAlias.statusCode).toBe(200);
      expect(byAlias.json()).toEqual(byId.json());
    });

    it('answers 404 with a readable message for a server the list does not hold', async () => {
      const [snapshot] = world.snapshots('bf1942');
      if (snapshot === undefined) throw new Error('no BF1942 server in the world');
      const unknownIp = '10.255.255.254';
      expect(world.profiles().some((profile) => profile.ip === unknownIp)).toBe(false);
      // A port nobody hosts a game on, at an address that does host a listed server.
      expect(world.profiles().some((profile) => profile.ip === snapshot.ip && profile.port === 1)).toBe(false);
      for (const path of [
        `/stats/liveservers/bf1942/${unknownIp}/14567`,
        // Listed, but under another game.
        `/stats/liveservers/fh2/${snapshot.ip}/${snapshot.port}`,
        `/stats/liveservers/bf1942/${snapshot.ip}/1`,
      ]) {
        const response = await app.inject(path);
        expect(response.statusCode, path).toBe(404);
        const body = response.json<ApiError>();
        expect(body.error).toBe('not_found');
        expect(body.message).toBe('No server at this ip and port is listed by the live feed of this game right now');
      }
    });

    it('answers 400 naming the port for a port outside 1–65535 or not a number, and the game for a bad game', async () => {
      for (const port of ['0', '65536', '99999', 'abc', '-1', '1.5']) {
        const response = await app.inject(`/stats/liveservers/bf1942/10.0.0.1/${port}`);
        expect(response.statusCode, port).toBe(400);
        expect(response.json<ApiError>().details).toEqual([
          { parameter: 'port', problem: 'must be a whole number from 1 to 65535' },
        ]);
      }
      const badGame = await app.inject('/stats/liveservers/bf3/10.0.0.1/14567');
      expect(badGame.statusCode).toBe(400);
      expect(badGame.json<ApiError>().details?.map((detail) => detail.parameter)).toEqual(['game']);
    });
  });
});
