import { decodePlayerNameForDisplay, type ServerRankingsResponse } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The rankings' name filter finds a name as the rankings show it. Names are stored as the feed sends them, so
 * "=JG1=Катюша" is stored as the cp1251 mojibake "=JG1=Êàòþøà" and shown decoded (decision 0009): a visitor types
 * what the page shows, and "a name matches as stored or as shown" (docs/formulas.md, Find Players / search) holds
 * here too. The filter still only selects rows: each keeps its rank.
 */

const SERVER = 'Rodina';
const KATYUSHA = '=JG1=Êàòþøà';
const IVAN = 'Ivan';
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, {
    serverGuid: 'guid-r',
    name: SERVER,
    firstSeen: '2026-03-01T00:00:00.000Z',
    lastSeen: '2026-03-04T00:00:00.000Z',
  });
  // Three closed rounds of 20 minutes each: both are ranked (3 rounds, 60 minutes), Ivan first on score.
  for (const day of [1, 2, 3]) {
    insertRound(sqlite, {
      roundKey: day,
      serverGuid: 'guid-r',
      mapName: 'kursk',
      start: `2026-03-0${day}T20:00:00.000Z`,
      end: `2026-03-0${day}T20:20:00.000Z`,
      sessions: [
        { name: IVAN, score: 30, kills: 6, deaths: 2, minutes: 20 },
        { name: KATYUSHA, score: 20, kills: 4, deaths: 2, minutes: 20 },
      ],
    });
  }
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const rankings = (playerName: string) =>
  getJsonFrom<ServerRankingsResponse>(
    app,
    `/stats/servers/${encodeURIComponent(SERVER)}/rankings?${new URLSearchParams({ playerName }).toString()}`,
  );

describe('the rankings name filter', () => {
  it('finds a Cyrillic name from the Cyrillic it is shown in, keeping its rank', async () => {
    expect(decodePlayerNameForDisplay(KATYUSHA)).toBe('=JG1=Катюша');
    for (const query of ['Катю', 'катюша', '=jg1=кат']) {
      const answer = await rankings(query);
      expect(
        answer.items.map((item) => [item.rank, item.playerName]),
        query,
      ).toEqual([[2, KATYUSHA]]);
      expect(answer).toMatchObject({ totalItems: 1, rankedPlayers: 2 });
    }
  });

  it('still finds names as stored, ASCII letters in any case', async () => {
    expect((await rankings('Êàòþ')).items.map((item) => item.playerName)).toEqual([KATYUSHA]);
    expect((await rankings('iVAN')).items.map((item) => [item.rank, item.playerName])).toEqual([[1, IVAN]]);
    expect((await rankings('Вася')).items).toEqual([]);
  });
});
