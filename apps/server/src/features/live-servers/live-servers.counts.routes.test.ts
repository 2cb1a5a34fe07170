import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import {
  liveServerDetailSchema,
  liveServersResponseSchema,
  type GameId,
  type LiveServer,
  type LiveServerDetail,
} from '@frontline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contractSerializerCompiler } from '../../http/contract-serializer.ts';
import { registerErrorHandler } from '../../http/errors.ts';
import { normaliseServerEntry } from '../../ingest/bflist/normalise.ts';
import { Collector } from '../../ingest/collector.ts';
import { EventBus } from '../../ingest/event-bus.ts';
import { createCollectorStore } from '../../ingest/store/collector-store.ts';
import { liveServersRoutes } from './live-servers.routes.ts';
import { createLiveServersRepository } from './live-servers.repository.ts';
import { createLiveServersService } from './live-servers.service.ts';

// Who is on a server, FULL's input, FH2's join link and round start, on hand-written feed entries: each poll goes
// through the real BFList parser, the real tracker and store into a real SQLite database, and the routes answer
// from the collector's list as in production. Shared rules, PLAYER COUNTS: "humans = tracked players (bots
// excluded …); bots = entries the feed flags as bots or that carry a default bot name … FULL and the sort by
// players use humans." The tracker tracks two people sharing a name as two, so the list does too.

const POLL_INTERVAL_MS = 30_000;
const FIRST_POLL = Date.UTC(2026, 0, 9, 20, 0, 0);
const SECOND_POLL = FIRST_POLL + POLL_INTERVAL_MS;

type RawPlayer = { name: string; score?: number; team?: number; aibot?: boolean };

const person = (name: string, team = 1): RawPlayer => ({ name, score: 10, team });
const people = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => person(`${prefix}${index + 1}`, (index % 2) + 1));

/** A BF1942 entry as the feed writes it; `numPlayers` is the feed's own count, bots included. */
function bf1942Entry(port: number, name: string, mapName: string, maxPlayers: number, players: RawPlayer[]) {
  return {
    guid: `feed-${port}`,
    ip: '198.51.100.10',
    port,
    name,
    numPlayers: players.length,
    maxPlayers,
    mapName,
    password: false,
    gameType: 'conquest',
    roundTimeRemain: 754,
    tickets1: 120,
    tickets2: 80,
    joinLink: `bf1942://198.51.100.10:${port}`,
    teams: [
      { index: 1, label: 'Axis' },
      { index: 2, label: 'Allies' },
    ],
    players: players.map((player) => ({ kills: 1, deaths: 1, ping: 60, team: 1, score: 0, ...player })),
  };
}

/** An FH2 entry: no join link, no round clock, bots flagged by `aibot`, the configured `timelimit` only. */
function fh2Entry(port: number, name: string, mapName: string, password: boolean, players: RawPlayer[]) {
  return {
    guid: `fh2-${port}`,
    ip: '198.51.100.20',
    port,
    name,
    numPlayers: players.length,
    maxPlayers: 64,
    mapName,
    password,
    gameType: 'gpm_cq',
    gameVariant: 'fh2',
    timelimit: 3600,
    joinLink: null,
    teams: [
      { index: 1, label: 'Germany' },
      { index: 2, label: 'UK' },
    ],
    players: players.map((player) => ({ kills: 0, deaths: 0, ping: 80, team: 1, score: 0, aibot: false, ...player })),
  };
}

const coopBots = Array.from({ length: 8 }, (_, index) => ({ name: `Bot ${index + 1}`, team: 2, aibot: true }));

/** What the feed lists in each poll, by game. */
function feedAt(poll: 1 | 2): Record<GameId, unknown[]> {
  return {
    bf1942: [
      // 17 people (two of them sharing a name: two people, as the tracker counts them) and 16 bots wearing default
      // names: the feed says 33 of 32.
      bf1942Entry(14567, 'Bot Camp', 'wake', 32, [
        ...people('Soldier', 16),
        person('Soldier3'),
        ...Array.from({ length: 16 }, (_, index) => person(`BFPlayer_${index + 1}`, 2)),
      ]),
      bf1942Entry(14568, 'Packed', poll === 1 ? 'el_alamein' : 'tobruk', 4, people('Tank', 4)),
      // Five entries on four slots, but only two people: not full.
      bf1942Entry(14569, 'Overflow', 'berlin', 4, [
        person('Rat'),
        person('Ace'),
        ...['Player', 'Player_1', 'BFSoldier'].map((name) => person(name, 2)),
      ]),
    ],
    fh2: [
      fh2Entry(16567, 'Co-op Night', 'ramelle', false, coopBots),
      fh2Entry(16568, 'Open Front', 'pegasus', false, [...people('Para', 3), { name: 'Rommel', aibot: true }]),
      fh2Entry(16569, 'Clan Match', 'giarabub', true, people('Clan', 2)),
    ],
    bfvietnam: [],
  };
}

describe('live list: people and bots, FULL input, FH2 join links and round starts (hand-made feed)', () => {
  let database: TestDatabase;
  let collector: Collector;
  let app: FastifyInstance;
  let poll: 1 | 2 = 1;
  const pollTimes = { 1: FIRST_POLL, 2: SECOND_POLL };

  beforeEach(async () => {
    database = await openTestDatabase();
    poll = 1;
    collector = new Collector({
      games: ['bf1942', 'fh2', 'bfvietnam'],
      intervalMs: POLL_INTERVAL_MS,
      source: async (game) => {
        const servers = feedAt(poll)[game].map((entry) => {
          const { snapshot, problem } = normaliseServerEntry(game, entry);
          if (!snapshot) throw new Error(`entry refused: ${problem}`);
          return snapshot;
        });
        return { game, at: new Date(pollTimes[poll]), ok: true, servers, skippedEntries: 0 };
      },
      store: createCollectorStore(database.sqlite),
      events: new EventBus(() => {}),
      log: pino({ level: 'silent' }),
    });
    const liveServersService = createLiveServersService({
      liveServersRepository: createLiveServersRepository(database.db),
      liveLists: collector,
      pollIntervalMs: POLL_INTERVAL_MS,
      clock: () => pollTimes[poll] + 1_000,
    });
    app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializerCompiler({ checkAnswers: true }));
    registerErrorHandler(app);
    await app.register(liveServersRoutes, { prefix: '/stats', liveServersService, encodeSharedAnswers: false });
    await app.ready();
    await collector.runCycle();
  });

  afterEach(async () => {
    await app.close();
    await database.close();
  });

  async function list(game: GameId): Promise<LiveServer[]> {
    const response = await app.inject(`/stats/liveservers/${game}/servers`);
    expect(response.statusCode, response.body).toBe(200);
    return liveServersResponseSchema.parse(response.json()).servers;
  }

  async function detail(game: GameId, ip: string, port: number): Promise<LiveServerDetail> {
    const response = await app.inject(`/stats/liveservers/${game}/${ip}/${port}`);
    expect(response.statusCode, response.body).toBe(200);
    return liveServerDetailSchema.parse(response.json());
  }

  const byName = (servers: LiveServer[], name: string) => {
    const found = servers.find((server) => server.name === name);
    if (!found) throw new Error(`${name} is not listed`);
    return found;
  };

  it('sends people as numPlayers and bots as botCount, sorted by people, whatever the feed counted', async () => {
    const servers = await list('bf1942');
    expect(servers.map((server) => [server.name, server.numPlayers, server.botCount, server.maxPlayers])).toEqual([
      ['Bot Camp', 17, 16, 32],
      ['Packed', 4, 0, 4],
      ['Overflow', 2, 3, 4],
    ]);
  });

  it('gives FULL its input: people at or over the slots on Packed, not on the bot-filled Bot Camp or Overflow', async () => {
    const servers = await list('bf1942');
    const full = (server: LiveServer) => server.numPlayers >= server.maxPlayers;
    expect(full(byName(servers, 'Packed'))).toBe(true);
    expect(full(byName(servers, 'Bot Camp'))).toBe(false);
    expect(full(byName(servers, 'Overflow'))).toBe(false);
  });

  it('lists the whole roster of a server whose players are all bots, each flagged', async () => {
    const coop = byName(await list('fh2'), 'Co-op Night');
    expect([coop.numPlayers, coop.botCount]).toEqual([0, 8]);
    const roster = await detail('fh2', coop.ip, coop.port);
    expect(roster.players.map((player) => [player.name, player.aiBot])).toEqual(
      coopBots.map((bot) => [bot.name, true]),
    );
    expect(roster.numPlayers).toBe(0);
    expect(roster.botCount).toBe(8);
  });

  it('builds the FH2 join link for passwordless servers (bf2://ip:port?mod=fh2) and none behind a password', async () => {
    const servers = await list('fh2');
    expect(byName(servers, 'Open Front').joinLink).toBe('bf2://198.51.100.20:16568?mod=fh2');
    expect(byName(servers, 'Co-op Night').joinLink).toBe('bf2://198.51.100.20:16567?mod=fh2');
    expect(byName(servers, 'Clan Match').joinLink).toBeNull();
    expect((await detail('fh2', '198.51.100.20', 16568)).joinLink).toBe('bf2://198.51.100.20:16568?mod=fh2');
    // The other games keep the feed's own link.
    expect(byName(await list('bf1942'), 'Packed').joinLink).toBe('bf1942://198.51.100.10:14568');
  });

  it('says when each open round began: kept while the map plays on, a new start after a map change', async () => {
    const first = await list('fh2');
    expect(first.map((server) => server.roundStartedAt)).toEqual(first.map(() => new Date(FIRST_POLL).toISOString()));
    // FH2 reports no clock: the time left stays unknown; its configured limit is passed on, as a limit.
    expect(first.every((server) => server.roundTimeRemain === -1)).toBe(true);
    expect(first.every((server) => server.roundTimeLimit === 3600)).toBe(true);

    poll = 2;
    await collector.runCycle();
    const second = await list('bf1942');
    expect(byName(second, 'Bot Camp').roundStartedAt).toBe(new Date(FIRST_POLL).toISOString());
    expect(byName(second, 'Packed').mapName).toBe('tobruk');
    expect(byName(second, 'Packed').roundStartedAt).toBe(new Date(SECOND_POLL).toISOString());
    expect(byName(second, 'Packed').roundTimeRemain).toBe(754);
    // This feed entry names no round length.
    expect(byName(second, 'Packed').roundTimeLimit).toBeNull();
    expect((await detail('bf1942', '198.51.100.10', 14568)).roundStartedAt).toBe(new Date(SECOND_POLL).toISOString());
  });

  it('counts the same people as the profile: the servers row the tracker wrote from the same poll', async () => {
    const rows = database.sqlite.prepare('select name, num_players, bot_count from servers order by name').all() as {
      name: string;
      num_players: number;
      bot_count: number;
    }[];
    const listed = [...(await list('bf1942')), ...(await list('fh2'))];
    for (const row of rows) {
      const server = byName(listed, row.name);
      expect([server.numPlayers, server.botCount], row.name).toEqual([row.num_players, row.bot_count]);
    }
    expect(rows).toHaveLength(6);
  });
});
