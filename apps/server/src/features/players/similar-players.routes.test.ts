import type { ApiError, SimilarPlayersResponse } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSerializerCompiler } from '../../http/contract-serializer.ts';
import { registerErrorHandler } from '../../http/errors.ts';
import { NO_RATE_LIMIT } from '../../http/rate-limit.ts';
import { createPlayerSimilarityFeatures } from '../../ingest/store/player-similarity-features.ts';
import { insertRound, insertServer, type FixtureSession } from '../../test/round-fixtures.ts';
import { getJsonFrom } from '../../test/test-app.ts';
import { createSimilarPlayersRepository } from './similar-players.repository.ts';
import { similarPlayersRoutes } from './similar-players.routes.ts';
import { createSimilarPlayersService } from './similar-players.service.ts';

/**
 * GET /stats/players/{name}/similar on a hand-built dataset (spec §3 "Similar players response"; domain facts §6;
 * decision 0018). Three weeks of evenings on server Alpha, 19:00–21:00 UTC, one round each:
 * - OldName plays the evenings of week 1 and the even evenings of week 2; NewName (the same person) the odd
 *   evenings of week 2 and the first four of week 3: never online together, active in the same week on Alpha;
 * - LookAlike, as strong, plays every evening of weeks 1–2, 19:00–20:30, from farther away (ping 85 against 48);
 * - Other plays on Bravo (never a candidate: candidates are players of the target's servers);
 * - Visitor was seen but never in a closed round (no features).
 * Every session has 20 ping samples; NewName also has a session seen by a single poll (no play time, one sample).
 * Features are added round by round, as the round-closed queue's achievements work does.
 */

const NOW_MS = Date.parse('2026-03-25T12:00:00Z');
/** A Monday. */
const BASE_MS = Date.parse('2026-03-02T00:00:00Z');
const DAY_MS = 86_400_000;
const at = (day: number, hour: number, minute = 0) =>
  new Date(BASE_MS + day * DAY_MS + (hour * 60 + minute) * 60_000).toISOString();

let database: TestDatabase;
let app: FastifyInstance;
const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

function evening(name: string, day: number, ping: number, minutes = 120): FixtureSession {
  const hours = minutes / 60;
  return {
    name,
    score: Math.round(80 * hours),
    kills: Math.round(40 * hours),
    deaths: Math.round(20 * hours),
    minutes,
    ping,
    start: at(day, 19),
    lastSeen: at(day, 19, minutes),
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, { serverGuid: 'guid-a', name: 'Alpha', firstSeen: at(0, 0), lastSeen: at(21, 0) });
  insertServer(sqlite, { serverGuid: 'guid-b', name: 'Bravo', game: 'fh2', firstSeen: at(0, 0), lastSeen: at(21, 0) });
  let roundKey = 0;
  for (let day = 0; day < 18; day += 1) {
    const sessions: FixtureSession[] = [];
    const oldNameEvening = day < 7 || (day < 14 && day % 2 === 0);
    sessions.push(evening(oldNameEvening ? 'OldName' : 'NewName', day, 48));
    if (day < 14) sessions.push(evening('LookAlike', day, 85, 90));
    roundKey += 1;
    insertRound(sqlite, {
      roundKey,
      serverGuid: 'guid-a',
      mapName: 'wake',
      start: at(day, 19),
      end: at(day, 21),
      sessions,
    });
    roundKey += 1;
    insertRound(sqlite, {
      roundKey,
      serverGuid: 'guid-b',
      mapName: 'midway',
      start: at(day, 19),
      end: at(day, 21),
      sessions: [{ ...evening('Other', day, 30), kills: 30, deaths: 60 }],
    });
  }
  // The fixture stores one ping sample per session; a real two-hour session has hundreds (domain facts §6 counts a
  // server's ping from 10 samples).
  sqlite.exec('update sessions set ping_sum = ping_sum * 20, ping_count = ping_count * 20');
  // NewName seen by a single poll of a late round on Alpha: no play time, one ping sample of 108 ms.
  roundKey += 1;
  insertRound(sqlite, {
    roundKey,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: at(16, 22),
    end: at(16, 22, 30),
    sessions: [{ name: 'NewName', score: 0, kills: 0, deaths: 0, minutes: 0, ping: 108, lastSeen: at(16, 22) }],
  });
  sqlite.prepare('insert into players (player_name, first_seen) values (?, ?)').run('Visitor', at(20, 0));
  const features = createPlayerSimilarityFeatures(sqlite);
  for (let key = 1; key <= roundKey; key += 1) features.addRound(key);
  features.flush();

  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ checkAnswers: true }));
  registerErrorHandler(app);
  const similarPlayersService = createSimilarPlayersService({
    similarPlayersRepository: createSimilarPlayersRepository(database.db),
    clock: () => NOW_MS,
  });
  // The limit itself is tested with the whole app (http/rate-limit.routes.test.ts).
  await app.register(similarPlayersRoutes, {
    prefix: '/stats',
    similarPlayersService,
    encodeSharedAnswers: false,
    rateLimit: NO_RATE_LIMIT,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /stats/players/{name}/similar', () => {
  it('alias detection ranks the other name of the same person first, with a working non-overlap term', async () => {
    const answer = await getJson<SimilarPlayersResponse>('/stats/players/OldName/similar?mode=aliasdetection');
    expect(answer.targetPlayer).toBe('OldName');
    const [alias] = answer.similarPlayers;
    expect(alias?.playerName).toBe('NewName');
    expect(alias?.temporalOverlapMinutes).toBe(0);
    expect(alias?.temporalNonOverlapScore).toBeGreaterThan(0.5);
    // docs/formulas.md: every ping sample on Alpha, the single poll's too: 8 evenings × 20 samples of 48 ms and one
    // of 108 ms.
    expect(alias?.serverPings).toEqual({ Alpha: Math.round(((8 * 20 * 48 + 108) / 161) * 100) / 100 });
    expect(alias?.serverPings.Alpha).toBe(48.37);
    expect(alias?.similarityReasons).toContain('Plays on the same servers (100 % of play in common)');
    // Spec §3: similarityScore 0..1.
    expect(alias?.similarityScore).toBeGreaterThan(0.8);
    expect(alias?.similarityScore).toBeLessThanOrEqual(1);
  });

  it('never offers as an alias a name online at the same minute as the player, which similar players may list', async () => {
    // LookAlike played 19:00–20:30 on the evenings OldName played 19:00–21:00: two people.
    const aliases = await getJson<SimilarPlayersResponse>('/stats/players/OldName/similar?mode=aliasdetection');
    expect(aliases.similarPlayers.map((player) => player.playerName)).toEqual(['NewName']);
    const similar = await getJson<SimilarPlayersResponse>('/stats/players/OldName/similar?mode=default');
    const lookAlike = similar.similarPlayers.find((player) => player.playerName === 'LookAlike');
    // The ten evenings both played (week 1, and the even evenings of week 2), 90 minutes each.
    expect(lookAlike?.temporalOverlapMinutes).toBe(10 * 90);
  });

  it('describes the target: window totals, favourite server, typical hours, the game of its servers', async () => {
    const { targetPlayerStats } = await getJson<SimilarPlayersResponse>('/stats/players/OldName/similar');
    expect(targetPlayerStats).toMatchObject({
      playerName: 'OldName',
      totalKills: 10 * 80,
      totalDeaths: 10 * 40,
      totalPlayTimeMinutes: 10 * 120,
      killDeathRatio: 2,
      killsPerMinute: 0.667,
      favoriteServerName: 'Alpha',
      favoriteServerPlayTimeMinutes: 1200,
      gameIds: ['bf1942'],
      typicalOnlineHours: [19, 20],
      // Domain facts §6: pings and map dominance belong to alias mode.
      serverPings: {},
      mapDominanceScores: {},
    });
  });

  it('default mode does not put the alias first: the look-alike with the closer play time wins', async () => {
    const answer = await getJson<SimilarPlayersResponse>('/stats/players/OldName/similar?mode=default&limit=2');
    expect(answer.similarPlayers[0]?.playerName).toBe('LookAlike');
    expect(answer.similarPlayers).toHaveLength(2);
  });

  it('keeps to the limit', async () => {
    const answer = await getJson<SimilarPlayersResponse>('/stats/players/OldName/similar?mode=aliasdetection&limit=1');
    expect(answer.similarPlayers.map((player) => player.playerName)).toEqual(['NewName']);
  });

  it('answers a known player without features with empty figures and no one similar', async () => {
    const answer = await getJson<SimilarPlayersResponse>('/stats/players/Visitor/similar');
    expect(answer.similarPlayers).toEqual([]);
    expect(answer.targetPlayerStats.totalPlayTimeMinutes).toBe(0);
  });

  it('404 for a name never seen', async () => {
    const error = await getJson<ApiError>('/stats/players/Nobody/similar', 404);
    expect(error.error).toBe('not_found');
  });

  it('400 naming the parameter for a bad mode or limit (domain facts §6: limit 1..50)', async () => {
    for (const [query, parameter] of [
      ['mode=aliases', 'mode'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=ten', 'limit'],
    ] as const) {
      const error = await getJson<ApiError>(`/stats/players/OldName/similar?${query}`, 400);
      expect(error.details?.map((detail) => detail.parameter)).toEqual([parameter]);
    }
  });
});

describe('candidates kept in memory (decision 0025)', () => {
  it('reads every narrow row ahead when asked (the server does once it listens), and then only what changed', async () => {
    const read: number[] = [];
    const repository = createSimilarPlayersRepository(database.db);
    const service = createSimilarPlayersService({
      similarPlayersRepository: {
        ...repository,
        findCandidateRowsSince: async (revision) => {
          const rows = await repository.findCandidateRowsSince(revision);
          read.push(rows.length);
          return rows;
        },
      },
      clock: () => NOW_MS,
    });
    await service.loadCandidates();
    const answer = await service.findSimilarPlayers({ playerName: 'OldName', mode: 'aliasdetection', limit: 10 });
    expect(answer?.similarPlayers[0]?.playerName).toBe('NewName');
    // OldName, NewName, LookAlike and Other have features (Visitor has none); the answer found nothing new.
    expect(read).toEqual([4, 0]);
  });

  it('finds, once the answer is no longer reused, a candidate whose features were written after the last answer', async () => {
    let nowMs = NOW_MS;
    const service = createSimilarPlayersService({
      similarPlayersRepository: createSimilarPlayersRepository(database.db),
      clock: () => nowMs,
    });
    const names = async () =>
      (
        await service.findSimilarPlayers({ playerName: 'OldName', mode: 'aliasdetection', limit: 10 })
      )?.similarPlayers.map((player) => player.playerName);
    expect(await names()).toEqual(['NewName']);

    // A newcomer's evening on Alpha, and Other's first one there: written by the round-closed work as it would be.
    const { sqlite } = database;
    insertRound(sqlite, {
      roundKey: 100,
      serverGuid: 'guid-a',
      mapName: 'wake',
      start: at(18, 19),
      end: at(18, 21),
      sessions: [evening('Newcomer', 18, 60), evening('Other', 18, 30)],
    });
    const features = createPlayerSimilarityFeatures(sqlite);
    features.addRound(100);
    features.flush();

    // Within the minute an answer is reused (as for every visitor); after it, the new rows are read: the newcomer,
    // never online with OldName, is a candidate; Other, who played OldName's evenings on Bravo, is not.
    expect(await names()).toEqual(['NewName']);
    nowMs += 61_000;
    expect((await names())?.sort()).toEqual(['NewName', 'Newcomer']);
  });
});
