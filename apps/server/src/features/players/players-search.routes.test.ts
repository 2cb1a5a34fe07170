import { openTestDatabase, type TestDatabase, seedHistory } from '../../test/test-database.ts';
import {
  decodePlayerNameForDisplay,
  playerSearchResponseSchema,
  type ApiError,
  type PlayerSearchResult,
} from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// Player search on a day of simulated history, written by the real tracker and store. The expected answers
// are worked out here in plain code from every session row, not with the repository's SQL.

/** Friday 9 January 2026, 21:00 UTC: the European evening, so many players are online when the history ends. */
const NOW = Date.UTC(2026, 0, 9, 21, 0, 0);
const ACTIVE_WINDOW_MS = 5 * 60_000;

interface SessionRow {
  session_id: number;
  player_name: string;
  start_time: string;
  last_seen: string;
  is_active: number;
  played_ms: number;
  kills: number;
  deaths: number;
  server_guid: string;
  server_name: string;
  map_name: string;
}

interface PlayerFacts {
  name: string;
  lastSeen: string;
  playedMs: number;
  current: SessionRow | undefined;
}

/** SQLite's LIKE folds ASCII letters only; so does the search. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

describe('GET /stats/Players/search', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let players: PlayerFacts[];

  beforeAll(async () => {
    // A fixed "now" for the whole file: the history ends there, and "online" is measured from it.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    database = await openTestDatabase();
    await seedHistory(database, { seed: 1, endMs: NOW, days: 1 });
    app = await createTestApp({}, database);

    const sessions = database.sqlite
      .prepare(
        `select s.session_id, s.player_name, s.start_time, s.last_seen, s.is_active, s.played_ms, s.kills, s.deaths,
          r.server_guid, v.name as server_name, r.map_name
        from sessions s join rounds r on r.round_key = s.round_key join servers v on v.server_guid = r.server_guid`,
      )
      .all() as unknown as SessionRow[];
    const byPlayer = Map.groupBy(sessions, (session) => session.player_name);
    const names = (database.sqlite.prepare('select player_name from players').all() as { player_name: string }[]).map(
      (row) => row.player_name,
    );
    const activeSince = new Date(NOW - ACTIVE_WINDOW_MS).toISOString();
    players = names.map((name) => {
      const own = byPlayer.get(name) ?? [];
      const latest = own.reduce<SessionRow | undefined>(
        (best, session) =>
          best === undefined ||
          session.start_time > best.start_time ||
          (session.start_time === best.start_time && session.session_id > best.session_id)
            ? session
            : best,
        undefined,
      );
      const current = own
        .filter((session) => session.is_active === 1 && session.last_seen >= activeSince)
        .sort((a, b) => a.last_seen.localeCompare(b.last_seen))
        .at(-1);
      if (latest === undefined) throw new Error(`player ${name} has no session`);
      return {
        name,
        lastSeen: latest.last_seen,
        playedMs: own.reduce((sum, session) => sum + session.played_ms, 0),
        current,
      };
    });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await database.close();
    vi.useRealTimers();
  });

  /** Every player matching `text`, in the order the search promises. */
  function expectResults(text: string): PlayerSearchResult[] {
    const folded = foldAscii(text);
    return players
      .filter((player) => foldAscii(player.name).includes(folded))
      .map((player) => ({ player, isPrefix: foldAscii(player.name).startsWith(folded) }))
      .sort(
        (a, b) =>
          Number(b.isPrefix) - Number(a.isPrefix) ||
          Number(b.player.current !== undefined) - Number(a.player.current !== undefined) ||
          (a.player.lastSeen < b.player.lastSeen ? 1 : a.player.lastSeen > b.player.lastSeen ? -1 : 0) ||
          (a.player.name < b.player.name ? -1 : 1),
      )
      .map(({ player }) => ({
        playerName: player.name,
        displayName: decodePlayerNameForDisplay(player.name),
        totalPlayTimeMinutes: Math.round(player.playedMs / 60_000),
        lastSeen: player.lastSeen,
        isActive: player.current !== undefined,
        currentServer: player.current
          ? {
              serverGuid: player.current.server_guid,
              serverName: player.current.server_name,
              mapName: player.current.map_name,
              sessionKills: player.current.kills,
              sessionDeaths: player.current.deaths,
            }
          : null,
      }));
  }

  async function search(query: string, pageSize?: number): Promise<PlayerSearchResult[]> {
    const parameters = new URLSearchParams({ query });
    if (pageSize !== undefined) parameters.set('pageSize', String(pageSize));
    const response = await app.inject(`/stats/Players/search?${parameters.toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    return playerSearchResponseSchema.parse(response.json()).items;
  }

  /**
   * A two-letter query with names that start with it and names that only contain it, and more of them than a
   * page: the cases the ordering is about.
   */
  function pickQuery(): string {
    const counts = new Map<string, { prefix: number; inside: number }>();
    for (const { name } of players) {
      const folded = foldAscii(name);
      const pairs = new Set<string>();
      for (let index = 0; index + 2 <= folded.length; index += 1) {
        const pair = folded.slice(index, index + 2);
        if (/^[a-z]{2}$/.test(pair)) pairs.add(pair);
      }
      for (const pair of pairs) {
        const count = counts.get(pair) ?? { prefix: 0, inside: 0 };
        if (folded.startsWith(pair)) count.prefix += 1;
        else count.inside += 1;
        counts.set(pair, count);
      }
    }
    const fitting = [...counts].filter(
      ([, count]) => count.prefix >= 3 && count.inside >= 3 && count.prefix + count.inside > 12,
    );
    const [best] = fitting.sort(([a], [b]) => (a < b ? -1 : 1));
    if (best === undefined) throw new Error('no query fits');
    return best[0];
  }

  it('has a history to search: many players, some online now', () => {
    expect(players.length).toBeGreaterThan(300);
    expect(players.filter((player) => player.current !== undefined).length).toBeGreaterThan(20);
  });

  it('lists names starting with the query first, then names containing it, each online first, then by last seen', async () => {
    const query = pickQuery();
    const expected = expectResults(query);
    expect(expected.length).toBeGreaterThan(12);
    expect(await search(query, 50)).toEqual(expected.slice(0, 50));
    expect(await search(query)).toEqual(expected.slice(0, 10));
    // The page really mixes the two kinds: prefix matches, then the others.
    const all = await search(query, 50);
    const firstInside = all.findIndex((item) => !foldAscii(item.playerName).startsWith(query));
    expect(firstInside).toBeGreaterThan(0);
    expect(all.slice(firstInside).every((item) => !foldAscii(item.playerName).startsWith(query))).toBe(true);
  });

  it('ignores the case of ASCII letters, and spaces around the query', async () => {
    const query = pickQuery();
    const lower = await search(query, 50);
    expect(await search(query.toUpperCase(), 50)).toEqual(lower);
    expect(await search(`${query.charAt(0).toUpperCase()}${query.slice(1)}`, 50)).toEqual(lower);
    expect(await search(`  ${query}  `, 50)).toEqual(lower);
  });

  it('finds a name from a part of it in the middle, in another case', async () => {
    const player = players.find((candidate) => /^[A-Za-z]{2}[A-Za-z]{3}/.test(candidate.name.slice(2)));
    if (player === undefined) throw new Error('no suitable name');
    const middle = player.name.slice(3, 7);
    const flipped = [...middle]
      .map((letter) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()))
      .join('');
    const results = await search(flipped, 50);
    expect(results).toEqual(expectResults(flipped).slice(0, 50));
    if (results.length < 50) expect(results.map((item) => item.playerName)).toContain(player.name);
  });

  it('reads % and _ in the query as the characters themselves', async () => {
    const withUnderscore = players.find((player) => /[A-Za-z]_[A-Za-z]/.test(player.name));
    if (withUnderscore === undefined) throw new Error('no name with an underscore');
    const part = /[A-Za-z]_[A-Za-z]/.exec(withUnderscore.name)?.[0] ?? '';
    const results = await search(part, 50);
    expect(results.map((item) => item.playerName)).toContain(withUnderscore.name);
    expect(results).toEqual(expectResults(part).slice(0, 50));
    expect(await search('%%', 50)).toEqual(expectResults('%%').slice(0, 50));
    expect(await search('%_', 50)).toEqual(expectResults('%_').slice(0, 50));
  });

  it('shows where an online player plays now, with the session so far; null for everyone else', async () => {
    const online = players.find((player) => player.current !== undefined);
    const offline = players.find((player) => player.current === undefined);
    if (online === undefined || offline === undefined) throw new Error('need an online and an offline player');
    const [found] = (await search(online.name, 50)).filter((item) => item.playerName === online.name);
    expect(found).toEqual(expectResults(online.name).find((item) => item.playerName === online.name));
    expect(found?.isActive).toBe(true);
    expect(found?.currentServer).toMatchObject({
      serverGuid: online.current?.server_guid,
      serverName: online.current?.server_name,
      mapName: online.current?.map_name,
    });
    const [absent] = (await search(offline.name, 50)).filter((item) => item.playerName === offline.name);
    expect(absent).toMatchObject({ isActive: false, currentServer: null });
  });

  it('totals play time as the sum of every session, in minutes, and says when the player was last seen', async () => {
    const query = pickQuery();
    const results = await search(query, 50);
    expect(results.length).toBeGreaterThan(0);
    for (const item of results) {
      const player = players.find((candidate) => candidate.name === item.playerName);
      expect(item.totalPlayTimeMinutes).toBe(Math.round((player?.playedMs ?? -1) / 60_000));
      expect(item.lastSeen).toBe(player?.lastSeen);
      expect(item.lastSeen).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(results.some((item) => item.totalPlayTimeMinutes > 60)).toBe(true);
  });

  it('answers 400 naming query when it is shorter than 2 characters once trimmed, or missing', async () => {
    for (const path of [
      '/stats/Players/search?query=a',
      '/stats/Players/search?query=%20a%20',
      '/stats/Players/search',
    ]) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(400);
      const body = response.json<ApiError>();
      expect(body.error).toBe('bad_request');
      expect(body.message).toMatch(/^Invalid query parameter: query /);
      expect(body.details?.map((detail) => detail.parameter)).toEqual(['query']);
    }
  });

  it('takes a page size from 1 to 50, 10 by default, and answers 400 naming pageSize otherwise', async () => {
    const query = pickQuery();
    expect(await search(query, 1)).toEqual(expectResults(query).slice(0, 1));
    expect(await search(query)).toHaveLength(10);
    for (const pageSize of ['0', '51', '-3', '2.5', 'ten', '']) {
      const response = await app.inject(`/stats/players/search?query=${query}&pageSize=${pageSize}`);
      expect(response.statusCode, pageSize).toBe(400);
      expect(response.json<ApiError>().details).toEqual([
        { parameter: 'pageSize', problem: 'must be a whole number from 1 to 50' },
      ]);
    }
  });

  it('answers any spelling of the path, and an empty list when nobody matches', async () => {
    const response = await app.inject('/stats/PLAYERS/Search?query=zzzzqqqq');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });
});
