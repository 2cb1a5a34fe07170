import type { PlayerSearchResponse, PlayersListResponse } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * Search matches the name as shown, not only as stored (the issue "Numbers a player can trust": "searching the
 * Cyrillic 'Катю' finds nothing although the page shows 'Катюша'. Search matches the decoded form too").
 * Russian-speaking players' names are stored as the feed sends them: cp1251 bytes read as cp1252.
 *
 * Stored name → shown name:
 *   'Êàòþøà'        → 'Катюша'        (round 1, the newest)
 *   '=JG1=Êàòþøà'   → '=JG1=Катюша'   (round 2)
 *   '[RU]Âàñÿ'      → '[RU]Вася'      (round 3)
 *   'Katyusha_42'   → itself           (round 2)
 *   'Dylanÿ'        → itself ("Dylanÿ" is not mojibake)
 */

const NOW = '2026-03-11T12:00:00.000Z';
const KATYUSHA = 'Êàòþøà';
const TAGGED_KATYUSHA = '=JG1=Êàòþøà';
const VASYA = '[RU]Âàñÿ';

let database: TestDatabase;
let app: FastifyInstance;

const getJson = <T>(url: string) => getJsonFrom<T>(app, url);
const search = async (query: string) =>
  (await getJson<PlayerSearchResponse>(`/stats/Players/search?query=${encodeURIComponent(query)}&pageSize=50`)).items;
const findPlayers = async (playerName: string) =>
  (await getJson<PlayersListResponse>(`/stats/players?playerName=${encodeURIComponent(playerName)}`)).items;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, { serverGuid: 'guid-a', name: 'Alpha', game: 'bf1942', firstSeen: NOW, lastSeen: NOW });
  const round = (roundKey: number, hour: string, names: string[]) =>
    insertRound(sqlite, {
      roundKey,
      serverGuid: 'guid-a',
      mapName: 'wake',
      start: `2026-03-11T${hour}:00:00.000Z`,
      end: `2026-03-11T${hour}:30:00.000Z`,
      sessions: names.map((name) => ({ name, score: 10, kills: 2, deaths: 1, minutes: 30 })),
    });
  round(1, '10', [KATYUSHA]);
  round(2, '09', [TAGGED_KATYUSHA, 'Katyusha_42']);
  round(3, '08', [VASYA, 'Dylanÿ']);
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

const names = (items: readonly { playerName: string }[]) => items.map((item) => item.playerName);

describe('GET /stats/Players/search with a name as shown', () => {
  it("finds 'Катюша' stored as mojibake from the Cyrillic 'Катю', the name starting with it first", async () => {
    expect(names(await search('Катю'))).toEqual([KATYUSHA, TAGGED_KATYUSHA]);
  });

  it('ignores the case of the Cyrillic query in its usual forms: lower, upper, capital first', async () => {
    for (const query of ['катю', 'КАТЮ', 'Катю', 'атюш']) {
      expect(names(await search(query)), query).toEqual([KATYUSHA, TAGGED_KATYUSHA]);
    }
  });

  it('finds a name behind a clan tag from the tag and the shown name together', async () => {
    expect(names(await search('[RU]Вася'))).toEqual([VASYA]);
    expect(names(await search('[ru]вася'))).toEqual([VASYA]);
    expect(names(await search('=jg1=кат'))).toEqual([TAGGED_KATYUSHA]);
  });

  it('still finds names as stored, and Latin names as before', async () => {
    expect(names(await search('Êàòþ'))).toEqual([KATYUSHA, TAGGED_KATYUSHA]);
    expect(names(await search('katyu'))).toEqual(['Katyusha_42']);
    expect(names(await search('lanÿ'))).toEqual(['Dylanÿ']);
    expect(await search('Катя')).toEqual([]);
  });

  it('sends the name to show beside the stored one', async () => {
    const [katyusha, tagged] = await search('Катю');
    expect(katyusha).toMatchObject({ playerName: KATYUSHA, displayName: 'Катюша', totalPlayTimeMinutes: 30 });
    expect(tagged).toMatchObject({ playerName: TAGGED_KATYUSHA, displayName: '=JG1=Катюша' });
    const [dylan] = await search('Dylan');
    expect(dylan).toMatchObject({ playerName: 'Dylanÿ', displayName: 'Dylanÿ' });
  });
});

describe('GET /stats/players?playerName= (Find Players) with a name as shown', () => {
  it("finds 'Катюша' from 'Катю' or 'катю', newest sighting first, with the name to show", async () => {
    for (const query of ['Катю', 'катю']) {
      const items = await findPlayers(query);
      expect(names(items), query).toEqual([KATYUSHA, TAGGED_KATYUSHA]);
      expect(items.map((item) => item.displayName)).toEqual(['Катюша', '=JG1=Катюша']);
    }
    expect(names(await findPlayers('вася'))).toEqual([VASYA]);
    expect(names(await findPlayers('KATYU'))).toEqual(['Katyusha_42']);
  });
});
