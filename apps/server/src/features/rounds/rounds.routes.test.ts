import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type {
  ApiError,
  PlayerSessionsResponse,
  RoundFilterOptionsResponse,
  RoundReportResponse,
  RoundsListResponse,
} from '@frontline/contract';
import { ROUNDS_SORT_KEYS } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TimelinePoll } from '../../domain/timeline-codec.ts';
import { insertRound, insertServer, type FixtureSession } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The rounds list, a player's sessions and the round report on a hand-built dataset whose right answers are
 * worked out by hand (issue "Rounds"; spec site-statistics §3 Session, Round report; §5 "Sessions query:
 * sortOrder asc or desc; page positive integer; pageSize 10, 20 or 50"; §7).
 *
 * Rounds by key (all on 2026-03-10 or 11), sessions as name score/kills/deaths/minutes:
 *   1  Alpha wake    10th 10:00–10:30  Ace 50/10/2/30, Bob 30/5/5/30, Cid 10/1/4/20 (joined 10:10)
 *   2  Alpha midway  10th 11:00–12:00  Ace 20/4/4/60, Cid 40/8/1/40 (joined 11:20)
 *   3  Bravo wake    10th 13:00–13:20  ctf: Bob 15/3/3/20, Cid 5/1/1/20
 *   4  Alpha wake    11th 09:00–11:00  Ace 70/15/5/120, Bob 70/15/3/110, Cid 70/14/2/120 (a three-way tie on score)
 *   5  Bravo kharkov open since 11:50  Ace 7/3/1/10, polls at 11:50 and 11:59:30
 *   6  Alpha kursk   11th 08:00–08:02  Germany vs Soviet Union, tickets 0 / 37, the report's known timeline
 *   7..16 Bravo berlin, one a day from the 1st, 20 minutes, Dan alone (for paging)
 *   17 Alpha omaha   10th 09:00–09:20, empty: no player was ever seen (listed only with includeEmpty=true)
 */

const NOW = '2026-03-11T12:00:00.000Z';

let database: TestDatabase;
let app: FastifyInstance;

const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

const session = (name: string, score: number, kills: number, deaths: number, minutes: number): FixtureSession => ({
  name,
  score,
  kills,
  deaths,
  minutes,
});

const at = (iso: string) => Date.parse(iso);
/** A poll sample: [session index, score, kills, deaths, ping, team]. */
const sample = (player: number, score: number, kills: number, deaths: number, ping: number, team: number) => ({
  player,
  score,
  kills,
  deaths,
  ping,
  team,
});

/** Round 6: Ace (index 0) and Bob (1) from the start, Cid (2) joins at the third poll, Bob leaves at the fourth. */
const KNOWN_TIMELINE: TimelinePoll[] = [
  { at: at('2026-03-11T08:00:00.000Z'), samples: [sample(0, 0, 0, 0, 40, 1), sample(1, 0, 0, 0, 60, 2)] },
  { at: at('2026-03-11T08:00:30.000Z'), samples: [sample(0, 10, 2, 0, 40, 1), sample(1, 12, 1, 1, 62, 2)] },
  {
    at: at('2026-03-11T08:01:00.000Z'),
    samples: [sample(0, 10, 2, 0, 41, 1), sample(1, 12, 1, 1, 60, 2), sample(2, 0, 0, 0, 90, 2)],
  },
  { at: at('2026-03-11T08:01:30.000Z'), samples: [sample(0, 25, 5, 1, 42, 1), sample(2, 3, 0, 0, 88, 2)] },
];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  const since = '2026-01-01T00:00:00.000Z';
  insertServer(sqlite, { serverGuid: 'guid-a', name: 'Alpha', game: 'bf1942', firstSeen: since, lastSeen: NOW });
  insertServer(sqlite, { serverGuid: 'guid-b', name: 'Bravo', game: 'fh2', firstSeen: since, lastSeen: NOW });
  insertRound(sqlite, {
    roundKey: 1,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: '2026-03-10T10:00:00.000Z',
    end: '2026-03-10T10:30:00.000Z',
    sessions: [
      session('Ace', 50, 10, 2, 30),
      session('Bob', 30, 5, 5, 30),
      { ...session('Cid', 10, 1, 4, 20), start: '2026-03-10T10:10:00.000Z' },
    ],
  });
  insertRound(sqlite, {
    roundKey: 2,
    serverGuid: 'guid-a',
    mapName: 'midway',
    start: '2026-03-10T11:00:00.000Z',
    end: '2026-03-10T12:00:00.000Z',
    sessions: [session('Ace', 20, 4, 4, 60), { ...session('Cid', 40, 8, 1, 40), start: '2026-03-10T11:20:00.000Z' }],
  });
  insertRound(sqlite, {
    roundKey: 3,
    serverGuid: 'guid-b',
    mapName: 'wake',
    gameType: 'ctf',
    start: '2026-03-10T13:00:00.000Z',
    end: '2026-03-10T13:20:00.000Z',
    sessions: [session('Bob', 15, 3, 3, 20), session('Cid', 5, 1, 1, 20)],
  });
  insertRound(sqlite, {
    roundKey: 4,
    serverGuid: 'guid-a',
    mapName: 'wake',
    start: '2026-03-11T09:00:00.000Z',
    end: '2026-03-11T11:00:00.000Z',
    sessions: [session('Ace', 70, 15, 5, 120), session('Bob', 70, 15, 3, 110), session('Cid', 70, 14, 2, 120)],
  });
  insertRound(sqlite, {
    roundKey: 5,
    serverGuid: 'guid-b',
    mapName: 'kharkov',
    start: '2026-03-11T11:50:00.000Z',
    end: null,
    sessions: [{ ...session('Ace', 7, 3, 1, 10), lastSeen: '2026-03-11T11:59:30.000Z' }],
    polls: [
      { at: at('2026-03-11T11:50:00.000Z'), samples: [sample(0, 0, 0, 0, 30, 1)] },
      { at: at('2026-03-11T11:59:30.000Z'), samples: [sample(0, 7, 3, 1, 35, 1)] },
    ],
  });
  insertRound(sqlite, {
    roundKey: 6,
    serverGuid: 'guid-a',
    mapName: 'kursk',
    start: '2026-03-11T08:00:00.000Z',
    end: '2026-03-11T08:02:00.000Z',
    teamLabels: ['Germany', 'Soviet Union'],
    tickets: [0, 37],
    sessions: [
      session('Ace', 25, 5, 1, 2),
      { ...session('Bob', 12, 1, 1, 1), team: 2, lastSeen: '2026-03-11T08:01:00.000Z' },
      { ...session('Cid', 3, 0, 0, 1), team: 2, start: '2026-03-11T08:01:00.000Z' },
    ],
    polls: KNOWN_TIMELINE,
  });
  for (let day = 1; day <= 10; day += 1) {
    const start = `2026-03-${String(day).padStart(2, '0')}T06:00:00.000Z`;
    insertRound(sqlite, {
      roundKey: 6 + day,
      serverGuid: 'guid-b',
      mapName: 'berlin',
      start,
      end: `2026-03-${String(day).padStart(2, '0')}T06:20:00.000Z`,
      sessions: [session('Dan', day, 1, 1, 20)],
    });
  }
  insertRound(sqlite, {
    roundKey: 17,
    serverGuid: 'guid-a',
    mapName: 'omaha',
    start: '2026-03-10T09:00:00.000Z',
    end: '2026-03-10T09:20:00.000Z',
    sessions: [],
    pollPlayerCounts: [0],
  });
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

const roundKeys = (answer: RoundsListResponse) => answer.items.map((item) => Number(item.roundId.slice(6)));
const playersOf = (answer: RoundsListResponse, key: number) =>
  answer.items.find((item) => item.roundId === `round-${key}`)?.players.map((player) => player.playerName);

describe('GET /stats/rounds', () => {
  it('lists rounds newest first by default (sortBy startTime, sortOrder desc), ten to a page', async () => {
    const answer = await getJson<RoundsListResponse>('/stats/rounds');
    expect(roundKeys(answer)).toEqual([5, 4, 6, 3, 2, 1, 16, 15, 14, 13]);
    expect(answer).toMatchObject({ currentPage: 1, pageSize: 10, totalItems: 16, totalPages: 2, playerInfo: null });
  });

  it('pages through the rest', async () => {
    const answer = await getJson<RoundsListResponse>('/stats/rounds?page=2&pageSize=10');
    expect(roundKeys(answer)).toEqual([12, 11, 10, 9, 8, 7]);
    expect(answer).toMatchObject({ currentPage: 2, totalItems: 16, totalPages: 2 });
    const beyond = await getJson<RoundsListResponse>('/stats/rounds?page=3');
    expect(beyond.items).toEqual([]);
  });

  it('describes each round and its players best first (score, kills, fewer deaths)', async () => {
    const answer = await getJson<RoundsListResponse>('/stats/rounds?serverName=Alpha&mapName=wake');
    expect(roundKeys(answer)).toEqual([4, 1]);
    const [latest] = answer.items;
    expect(latest).toMatchObject({
      roundId: 'round-4',
      serverName: 'Alpha',
      serverGuid: 'guid-a',
      gameId: 'bf1942',
      mapName: 'wake',
      gameType: 'conquest',
      startTime: '2026-03-11T09:00:00.000Z',
      endTime: '2026-03-11T11:00:00.000Z',
      durationMinutes: 120,
      participantCount: 3,
      isActive: false,
      team1Label: 'Axis',
      team2Label: 'Allies',
    });
    // All three scored 70: Bob and Ace have 15 kills, Bob fewer deaths; Cid 14 kills.
    expect(latest?.players.map((player) => player.playerName)).toEqual(['Bob', 'Ace', 'Cid']);
    const ace = latest?.players[1];
    expect(ace?.sessionId).toBeTypeOf('number');
    expect({ ...ace, sessionId: 0 }).toEqual({
      sessionId: 0,
      roundId: 'round-4',
      playerName: 'Ace',
      startTime: '2026-03-11T09:00:00.000Z',
      endTime: '2026-03-11T11:00:00.000Z',
      durationMinutes: 120,
      score: 70,
      kills: 15,
      deaths: 5,
      isActive: false,
      teamLabel: 'Axis',
      serverName: 'Alpha',
      serverGuid: 'guid-a',
      gameId: 'bf1942',
      mapName: 'wake',
      gameType: 'conquest',
      participantCount: 3,
    });
  });

  it('keeps only rounds holding every named player (AND), with their totals when one is named', async () => {
    const both = await getJson<RoundsListResponse>('/stats/rounds?playerNames=Ace&playerNames=Bob');
    expect(roundKeys(both)).toEqual([4, 6, 1]);
    expect(both.playerInfo).toBeNull();
    expect(playersOf(both, 1)).toEqual(['Ace', 'Bob', 'Cid']);

    const three = await getJson<RoundsListResponse>('/stats/rounds?playerNames=Ace&playerNames=Bob&playerNames=Cid');
    expect(roundKeys(three)).toEqual([4, 6, 1]);
    const aceAndCid = await getJson<RoundsListResponse>('/stats/rounds?playerNames=Cid&playerNames=Ace');
    expect(roundKeys(aceAndCid)).toEqual([4, 6, 2, 1]);
    const nobody = await getJson<RoundsListResponse>('/stats/rounds?playerNames=Dan&playerNames=Ace');
    expect(nobody).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });

    const ace = await getJson<RoundsListResponse>('/stats/rounds?playerNames=Ace');
    expect(roundKeys(ace)).toEqual([5, 4, 6, 2, 1]);
    // 7+70+25+20+50 points, 3+15+5+4+10 kills, 1+5+1+4+2 deaths, 10+120+2+60+30 minutes.
    expect(ace.playerInfo).toEqual({
      playerName: 'Ace',
      totalRounds: 5,
      totalScore: 172,
      totalKills: 37,
      totalDeaths: 13,
      totalPlayTimeMinutes: 222,
      firstSeen: '2026-03-10T10:00:00.000Z',
      lastSeen: '2026-03-11T11:59:30.000Z',
    });
    const aceOnAlphaWake = await getJson<RoundsListResponse>(
      '/stats/rounds?playerNames=Ace&serverName=Alpha&mapName=wake',
    );
    expect(aceOnAlphaWake.playerInfo).toMatchObject({ totalRounds: 2, totalScore: 120, totalKills: 25 });
  });

  it('lists only the named players with onlySpecifiedPlayers, and no players without includePlayers', async () => {
    const only = await getJson<RoundsListResponse>(
      '/stats/rounds?playerNames=Ace&playerNames=Bob&onlySpecifiedPlayers=true',
    );
    expect(roundKeys(only)).toEqual([4, 6, 1]);
    expect(playersOf(only, 4)).toEqual(['Bob', 'Ace']);
    expect(playersOf(only, 1)).toEqual(['Ace', 'Bob']);
    const bare = await getJson<RoundsListResponse>('/stats/rounds?includePlayers=false&playerNames=Ace');
    expect(bare.items.every((item) => item.players.length === 0)).toBe(true);
    expect(bare.totalItems).toBe(5);
  });

  it('filters by server guid, game type, end time and duration', async () => {
    expect(roundKeys(await getJson('/stats/rounds?serverGuid=guid-b&pageSize=20'))).toEqual([
      5, 3, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7,
    ]);
    expect(roundKeys(await getJson('/stats/rounds?gameType=ctf'))).toEqual([3]);
    // Round 5 is open: its end is its latest poll, 11:59:30.
    expect(
      roundKeys(await getJson('/stats/rounds?endTimeFrom=2026-03-10T12:00:00Z&endTimeTo=2026-03-11T11:59:30Z')),
    ).toEqual([5, 4, 6, 3, 2]);
    // Without a zone the time is UTC.
    expect(roundKeys(await getJson('/stats/rounds?endTimeFrom=2026-03-11T08:02:00'))).toEqual([5, 4, 6]);
    expect(roundKeys(await getJson('/stats/rounds?minDuration=30&maxDuration=60'))).toEqual([2, 1]);
  });

  // Ties: in a sort's first direction (times, lengths and head counts biggest first, names A to Z) the round opened
  // last first, by its key (rounds get increasing keys as they open; here round 6, given its key after round 4,
  // started before it); the other direction is the exact reverse, so one index serves both (migration 0011).
  it('sorts by any listed column, ties the last opened round first', async () => {
    const shortest = await getJson<RoundsListResponse>('/stats/rounds?sortBy=durationMinutes&sortOrder=asc');
    expect(roundKeys(shortest).slice(0, 3)).toEqual([6, 5, 3]);
    const ended = await getJson<RoundsListResponse>('/stats/rounds?sortBy=endTime&serverName=Alpha');
    expect(roundKeys(ended)).toEqual([4, 6, 2, 1]);
    const byMap = await getJson<RoundsListResponse>('/stats/rounds?sortBy=mapName&sortOrder=asc&pageSize=20');
    expect(byMap.items.map((item) => item.mapName).slice(10)).toEqual([
      'kharkov',
      'kursk',
      'midway',
      'wake',
      'wake',
      'wake',
    ]);
    expect(roundKeys(byMap).slice(13)).toEqual([4, 3, 1]);
    const crowded = await getJson<RoundsListResponse>('/stats/rounds?sortBy=participantCount');
    expect(roundKeys(crowded).slice(0, 3)).toEqual([6, 4, 1]);
  });

  it('lists a sort the other way round as its exact reverse', async () => {
    for (const sortBy of ROUNDS_SORT_KEYS) {
      const url = `/stats/rounds?sortBy=${sortBy}&pageSize=50&includeEmpty=true`;
      const ascending = roundKeys(await getJson<RoundsListResponse>(`${url}&sortOrder=asc`));
      const descending = roundKeys(await getJson<RoundsListResponse>(`${url}&sortOrder=desc`));
      expect(ascending, sortBy).toHaveLength(17);
      expect(descending, sortBy).toEqual(ascending.toReversed());
    }
  });

  it('hides empty rounds unless includeEmpty=true, in the list and in its count', async () => {
    const played = await getJson<RoundsListResponse>('/stats/rounds?serverName=Alpha');
    expect(roundKeys(played)).toEqual([4, 6, 2, 1]);
    expect(played.totalItems).toBe(4);
    expect(await getJson('/stats/rounds?serverName=Alpha&includeEmpty=false')).toEqual(played);

    const all = await getJson<RoundsListResponse>('/stats/rounds?serverName=Alpha&includeEmpty=true');
    expect(roundKeys(all)).toEqual([4, 6, 2, 1, 17]);
    expect(all.items.at(-1)).toMatchObject({ mapName: 'omaha', participantCount: 0, players: [] });
    expect(all.totalItems).toBe(5);

    // Every server, every sort: the empty round is not among the 16 played ones.
    expect((await getJson<RoundsListResponse>('/stats/rounds')).totalItems).toBe(16);
    expect((await getJson<RoundsListResponse>('/stats/rounds?includeEmpty=true')).totalItems).toBe(17);
    const byEnd = await getJson<RoundsListResponse>('/stats/rounds?sortBy=endTime&serverName=Alpha&mapName=omaha');
    expect(byEnd).toMatchObject({ items: [], totalItems: 0 });
  });

  it('answers 404 for a server name or guid nobody has seen (not an empty list)', async () => {
    // Which filter found nothing, not what it said.
    const named = await getJson<ApiError>('/stats/rounds?serverName=Nowhere', 404);
    expect(named).toEqual({ error: 'not_found', message: 'serverName names no server Frontline knows' });
    const byGuid = await getJson<ApiError>('/stats/rounds?serverGuid=guid-z', 404);
    expect(byGuid).toEqual({ error: 'not_found', message: 'serverGuid names no server Frontline knows' });
    // A known server whose filters match nothing is an empty list.
    expect(await getJson('/stats/rounds?serverName=Alpha&mapName=berlin')).toMatchObject({ items: [], totalItems: 0 });
  });

  it.each([
    ['pageSize=15', 'pageSize'],
    ['page=0', 'page'],
    ['sortBy=kills', 'sortBy'],
    ['sortOrder=up', 'sortOrder'],
    ['includePlayers=yes', 'includePlayers'],
    ['includeEmpty=1', 'includeEmpty'],
    ['includeEmpty=', 'includeEmpty'],
    ['endTimeFrom=yesterday', 'endTimeFrom'],
    ['endTimeFrom=2026-03-11&endTimeTo=2026-03-10', 'endTimeTo'],
    ['minDuration=ten', 'minDuration'],
    ['minDuration=60&maxDuration=30', 'maxDuration'],
    [Array.from({ length: 11 }, (_, index) => `playerNames=p${index}`).join('&'), 'playerNames'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const error = await getJson<ApiError>(`/stats/rounds?${query}`, 400);
    expect(error.error).toBe('bad_request');
    expect(error.message).toContain(parameter);
  });
});

describe('GET /stats/rounds/filter-options', () => {
  type Options = RoundFilterOptionsResponse;
  const ALPHA = { serverName: 'Alpha', gameId: 'bf1942' };
  const BRAVO = { serverName: 'Bravo', gameId: 'fh2' };

  it("offers every map, game type and server of a server's played rounds, not one page's", async () => {
    // Alpha played wake, midway and kursk; omaha only in an empty round. Servers: those with played rounds.
    expect(await getJson<Options>('/stats/rounds/filter-options?serverName=Alpha')).toEqual({
      maps: ['kursk', 'midway', 'wake'],
      gameTypes: ['conquest'],
      servers: [ALPHA, BRAVO],
    });
    expect(await getJson<Options>('/stats/rounds/filter-options?serverGuid=guid-b')).toEqual({
      maps: ['berlin', 'kharkov', 'wake'],
      gameTypes: ['conquest', 'ctf'],
      servers: [ALPHA, BRAVO],
    });
  });

  it('leaves each list its own filter out, and narrows it by the others', async () => {
    // A map chosen: every map stays a choice; the servers are those that played it.
    expect(await getJson<Options>('/stats/rounds/filter-options?serverName=Bravo&mapName=wake')).toEqual({
      maps: ['berlin', 'kharkov', 'wake'],
      gameTypes: ['ctf'],
      servers: [ALPHA, BRAVO],
    });
    expect(await getJson<Options>('/stats/rounds/filter-options?serverName=Bravo&mapName=berlin')).toEqual({
      maps: ['berlin', 'kharkov', 'wake'],
      gameTypes: ['conquest'],
      servers: [BRAVO],
    });
    // A game type alone: the servers that played it on any map.
    expect(await getJson<Options>('/stats/rounds/filter-options?serverName=Alpha&gameType=ctf')).toEqual({
      maps: [],
      gameTypes: ['conquest'],
      servers: [BRAVO],
    });
  });

  it("offers a player's maps and servers over all their rounds (the player sessions screen)", async () => {
    expect(await getJson<Options>('/stats/rounds/filter-options?playerNames=Cid')).toEqual({
      maps: ['kursk', 'midway', 'wake'],
      gameTypes: ['conquest', 'ctf'],
      servers: [ALPHA, BRAVO],
    });
    expect(await getJson<Options>('/stats/rounds/filter-options?playerNames=Cid&serverName=Bravo')).toEqual({
      maps: ['wake'],
      gameTypes: ['ctf'],
      servers: [ALPHA, BRAVO],
    });
    expect(await getJson<Options>('/stats/rounds/filter-options?playerNames=Cid&mapName=midway')).toEqual({
      maps: ['kursk', 'midway', 'wake'],
      gameTypes: ['conquest'],
      servers: [ALPHA],
    });
    // Rounds holding both players.
    expect(await getJson<Options>('/stats/rounds/filter-options?playerNames=Bob&playerNames=Cid')).toEqual({
      maps: ['kursk', 'wake'],
      gameTypes: ['conquest', 'ctf'],
      servers: [ALPHA, BRAVO],
    });
  });

  it('answers 400 without a server or player, 404 for an unknown server', async () => {
    expect((await getJson<ApiError>('/stats/rounds/filter-options', 400)).message).toContain('serverName');
    expect((await getJson<ApiError>('/stats/rounds/filter-options?mapName=wake', 400)).error).toBe('bad_request');
    expect(await getJson<ApiError>('/stats/rounds/filter-options?serverName=Nowhere', 404)).toEqual({
      error: 'not_found',
      message: 'serverName names no server Frontline knows',
    });
  });
});

describe('Recent Rounds of the server profile', () => {
  it('lists the rounds somebody played, latest-ended first, without the empty one', async () => {
    const profile = await getJson<{ recentRounds: { roundId: string; participantCount: number }[] }>(
      '/stats/servers/Alpha',
    );
    expect(profile.recentRounds.map((round) => round.roundId)).toEqual(['round-4', 'round-6', 'round-2', 'round-1']);
  });
});

describe('GET /stats/players/{playerName}/sessions', () => {
  it("lists the player's sessions newest first, with totals over everything matched", async () => {
    const answer = await getJson<PlayerSessionsResponse>('/stats/players/Cid/sessions');
    expect(answer.items.map((item) => item.roundId)).toEqual(['round-4', 'round-6', 'round-3', 'round-2', 'round-1']);
    expect(answer.items[2]).toMatchObject({ serverName: 'Bravo', gameId: 'fh2', gameType: 'ctf', score: 5 });
    // The session's own times, not its round's.
    expect(answer.items[3]).toMatchObject({
      roundId: 'round-2',
      startTime: '2026-03-10T11:20:00.000Z',
      endTime: '2026-03-10T12:00:00.000Z',
      durationMinutes: 40,
      isActive: false,
    });
    expect(answer).toMatchObject({ currentPage: 1, pageSize: 10, totalItems: 5, totalPages: 1 });
    expect(answer.playerInfo).toMatchObject({
      totalRounds: 5,
      totalScore: 128,
      totalKills: 24,
      totalDeaths: 8,
      firstSeen: '2026-03-10T10:10:00.000Z',
    });
  });

  it('filters by exact map and server name, and pages', async () => {
    const wake = await getJson<PlayerSessionsResponse>('/stats/players/Cid/sessions?map=wake&server=Alpha');
    expect(wake.items.map((item) => item.roundId)).toEqual(['round-4', 'round-1']);
    expect(wake.playerInfo.totalScore).toBe(80);
    const secondPage = await getJson<PlayerSessionsResponse>('/stats/players/Dan/sessions?page=2&pageSize=10');
    expect(secondPage.items).toEqual([]);
    expect(secondPage).toMatchObject({ totalItems: 10, totalPages: 1 });
    const none = await getJson<PlayerSessionsResponse>('/stats/players/Cid/sessions?map=berlin');
    expect(none).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
  });

  it('answers 404 for an unknown player and 400 for a bad page size', async () => {
    const unknown = await getJson<ApiError>('/stats/players/Nobody/sessions', 404);
    expect(unknown).toEqual({ error: 'not_found', message: 'No player with this name has been seen by Frontline' });
    expect((await getJson<ApiError>('/stats/players/Cid/sessions?pageSize=7', 400)).message).toContain('pageSize');
  });
});

describe('GET /stats/rounds/{roundId}/report', () => {
  it('rebuilds every poll of a closed round from its stored timeline, ranked by score', async () => {
    const report = await getJson<RoundReportResponse>('/stats/rounds/round-6/report');
    expect(report.round).toMatchObject({
      roundId: 'round-6',
      mapName: 'kursk',
      serverName: 'Alpha',
      serverGuid: 'guid-a',
      startTime: '2026-03-11T08:00:00.000Z',
      endTime: '2026-03-11T08:02:00.000Z',
      isActive: false,
      team1Label: 'Germany',
      team2Label: 'Soviet Union',
      tickets1: 0,
      tickets2: 37,
    });
    expect(report.snapshotIntervalMinutes).toBeNull();
    const lines = report.leaderboardSnapshots.map((snapshot) => ({
      timestamp: snapshot.timestamp,
      lines: snapshot.entries.map((entry) => `${entry.rank} ${entry.playerName} ${entry.score} ${entry.teamLabel}`),
    }));
    expect(lines).toEqual([
      // Equal at 0: by name.
      { timestamp: '2026-03-11T08:00:00.000Z', lines: ['1 Ace 0 Germany', '2 Bob 0 Soviet Union'] },
      { timestamp: '2026-03-11T08:00:30.000Z', lines: ['1 Bob 12 Soviet Union', '2 Ace 10 Germany'] },
      {
        timestamp: '2026-03-11T08:01:00.000Z',
        lines: ['1 Bob 12 Soviet Union', '2 Ace 10 Germany', '3 Cid 0 Soviet Union'],
      },
      // Bob has left: the snapshot lists whom the poll saw.
      { timestamp: '2026-03-11T08:01:30.000Z', lines: ['1 Ace 25 Germany', '2 Cid 3 Soviet Union'] },
    ]);
    // Final standings: everyone who played, with their session totals; Bob left before the last poll.
    expect(report.finalStandings).toEqual([
      {
        rank: 1,
        playerName: 'Ace',
        score: 25,
        kills: 5,
        deaths: 1,
        team: 1,
        teamLabel: 'Germany',
        left: false,
        lastSeen: '2026-03-11T08:02:00.000Z',
      },
      {
        rank: 2,
        playerName: 'Bob',
        score: 12,
        kills: 1,
        deaths: 1,
        team: 2,
        teamLabel: 'Soviet Union',
        left: true,
        lastSeen: '2026-03-11T08:01:00.000Z',
      },
      {
        rank: 3,
        playerName: 'Cid',
        score: 3,
        kills: 0,
        deaths: 0,
        team: 2,
        teamLabel: 'Soviet Union',
        left: false,
        lastSeen: '2026-03-11T08:02:00.000Z',
      },
    ]);
    expect(report.leaderboardSnapshots[3]?.entries[0]).toEqual({
      rank: 1,
      playerName: 'Ace',
      score: 25,
      kills: 5,
      deaths: 1,
      ping: 42,
      team: 1,
      teamLabel: 'Germany',
    });
  });

  it('reports an open round up to its latest poll', async () => {
    const report = await getJson<RoundReportResponse>('/stats/rounds/round-5/report');
    expect(report.round).toMatchObject({ isActive: true, endTime: '2026-03-11T11:59:30.000Z', durationMinutes: 10 });
    expect(report.leaderboardSnapshots.map((snapshot) => snapshot.entries[0]?.score)).toEqual([0, 7]);
    // The standings so far: Ace was in the latest poll.
    expect(report.finalStandings).toMatchObject([{ rank: 1, playerName: 'Ace', score: 7, left: false }]);
  });

  it('lets a closed report be kept an hour and a live one 10 s', async () => {
    const closed = await app.inject({ method: 'GET', url: '/stats/rounds/round-6/report' });
    expect(closed.headers['cache-control']).toBe('public, max-age=3600');
    const open = await app.inject({ method: 'GET', url: '/stats/rounds/round-5/report' });
    expect(open.headers['cache-control']).toBe('public, max-age=10');
  });

  it('answers 404 for an unknown round and 400 for what cannot be a round id', async () => {
    expect(await getJson<ApiError>('/stats/rounds/0123456789abcdef0123/report', 404)).toEqual({
      error: 'not_found',
      message: 'No round with this id is known',
    });
    for (const bad of ['a%20b', `${'f'.repeat(65)}`, '%27%3B--']) {
      expect((await getJson<ApiError>(`/stats/rounds/${bad}/report`, 400)).message).toContain('roundId');
    }
  });
});
