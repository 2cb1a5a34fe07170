import type { AchievementsPageResponse, ApiError } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundAchievements } from '../../ingest/store/round-achievements.ts';
import { insertScriptedRound } from '../../test/achievement-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { calendarDayIn } from './award-groups.ts';

/**
 * The achievements page's cards (docs/formulas.md, "Achievements page"): the awards of one id on one calendar day of
 * the visitor's zone are one card whatever the page, and a page holds `pageSize` whole cards. Ace plays 30 scripted
 * rounds on 1 March 2026 from 02:00 to 11:45 UTC (test/achievement-fixtures.ts: two 5-kill streaks, first place and a
 * team victory in each: 60 "First Blood" awards that day), then one round a day from 2 to 20 March.
 */

const DAY_MS = 86_400_000;
const MARCH_1 = Date.parse('2026-03-01T02:00:00.000Z');
const ROUNDS_ON_MARCH_1 = 30;
const LATER_DAYS = 19;

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const starts = [
    ...Array.from({ length: ROUNDS_ON_MARCH_1 }, (_, index) => MARCH_1 + index * 20 * 60_000),
    ...Array.from({ length: LATER_DAYS }, (_, index) => MARCH_1 + (index + 1) * DAY_MS + 18 * 3_600_000),
  ];
  starts.forEach((startMs, index) => insertScriptedRound(database.sqlite, index + 1, startMs));
  const achievements = createRoundAchievements(database.sqlite);
  starts.forEach((_, index) => achievements.awardRound(index + 1));
  achievements.flush();
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const page = (query: string) =>
  getJsonFrom<AchievementsPageResponse>(app, `/stats/gamification/achievements?playerName=Ace&${query}`);

/** The cards of a page as the web makes them: `id|day` → awards, in the zone. */
function cardsOf(answer: AchievementsPageResponse, timeZone = 'UTC'): Map<string, number> {
  const dayOf = calendarDayIn(timeZone);
  const cards = new Map<string, number>();
  for (const item of answer.items) {
    const key = `${item.achievementId}|${dayOf(item.achievedAt)}`;
    cards.set(key, (cards.get(key) ?? 0) + 1);
  }
  return cards;
}

describe('GET /stats/gamification/achievements: cards of one id and one day', () => {
  it("merges a day's 60 awards of one id into one card of 60, on whichever page the card falls", async () => {
    const everything = await page('pageSize=100');
    const allCards = cardsOf(everything);
    expect(allCards.get('kill_streak_5|2026-03-01')).toBe(2 * ROUNDS_ON_MARCH_1);
    expect(allCards.size).toBeGreaterThan(50);
    expect(everything.totalItems).toBe(everything.items.length);
    expect(everything.totalPages).toBe(1);

    // Pages of 25 cards: every card whole, on one page only, and the pages together are the whole list.
    const pageCount = Math.ceil(allCards.size / 25);
    expect(pageCount).toBeGreaterThan(2);
    const seen = new Map<string, number>();
    for (let number = 1; number <= pageCount; number += 1) {
      const answer = await page(`pageSize=25&page=${number}`);
      expect(answer).toMatchObject({ page: number, pageSize: 25, totalPages: pageCount });
      expect(answer.totalItems).toBe(everything.totalItems);
      const cards = cardsOf(answer);
      expect(cards.size).toBe(number < pageCount ? 25 : allCards.size - 25 * (pageCount - 1));
      for (const [key, count] of cards) {
        expect(seen.has(key), `${key} on two pages`).toBe(false);
        expect(count, key).toBe(allCards.get(key));
        seen.set(key, count);
      }
    }
    expect(seen.size).toBe(allCards.size);
  });

  it('lists the card of one id alone, with its whole day, and sorts oldest first when asked', async () => {
    const answer = await page('achievementId=kill_streak_5&pageSize=25&sortOrder=asc');
    expect(answer.totalItems).toBe(2 * (ROUNDS_ON_MARCH_1 + LATER_DAYS));
    expect(answer.totalPages).toBe(1);
    expect([...cardsOf(answer).values()]).toEqual([60, ...Array.from({ length: LATER_DAYS }, () => 2)]);
  });

  it("makes the cards of the visitor's calendar days: New York's 28 February and 1 March", async () => {
    const answer = await page('achievementId=kill_streak_5&timeZone=America%2FNew_York');
    // 02:00–04:59 UTC is the evening of 28 February in New York (UTC−5): the rounds at 02:00, 02:20, … 04:40.
    const cards = cardsOf(answer, 'America/New_York');
    expect(cards.get('kill_streak_5|2026-02-28')).toBe(2 * 9);
    expect(cards.get('kill_streak_5|2026-03-01')).toBe(2 * (ROUNDS_ON_MARCH_1 - 9));
    expect(cards.size).toBe(LATER_DAYS + 2);
    expect(answer.totalPages).toBe(1);
  });

  it.each(['Mars/Olympus', '+05:30', 'Europe/../Berlin', 'x'.repeat(65)])(
    'refuses the time zone %s with a 400 naming it',
    async (timeZone) => {
      const error = await getJsonFrom<ApiError>(
        app,
        `/stats/gamification/achievements?playerName=Ace&timeZone=${encodeURIComponent(timeZone)}`,
        400,
      );
      expect(error.details?.map((detail) => detail.parameter)).toEqual(['timeZone']);
    },
  );
});
