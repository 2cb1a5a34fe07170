import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Player profile" (Achievements & Streaks) and "Achievements" ("collection shows 36 then a
// 'View All' link to the achievements page"; "filters (map, achievement) … Repeat achievements of the same id on the
// same day merge into one card with count badge; count above 1 opens a history modal"); §4 "changing either filter
// resets to page 1 …; URL query synced by replacing history"; issue 18 "Browser: profile section, page filters and
// URL, merged cards and their modals". The player is one of the seeded world (support/seeded-world.ts) with a day
// of awards; what the pages show is compared with the API's answers, read once the start-up backfill has computed
// the history's achievements (it runs after the server is up, so the spec waits for it).

const PLAYER = 'DeadlyWillys';

interface ApiAward {
  achievementId: string;
  achievedAt: string;
}

interface AchievementsAnswer {
  items: ApiAward[];
  totalItems: number;
  playerAchievementLabels: { achievementId: string; displayName: string }[];
}

interface GamificationAnswer {
  allBadges: { achievementId: string; count: number }[];
  recentAchievements: ApiAward[];
}

const utcDay = (timestamp: string) => timestamp.slice(0, 10);

/** An id the player earned twice or more on one (UTC) day, other than a kill streak (those open their own modal). */
function repeatedId(items: readonly ApiAward[]): string | undefined {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (item.achievementId.startsWith('kill_streak_')) continue;
    const key = `${item.achievementId}|${utcDay(item.achievedAt)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].find(([, count]) => count > 1)?.[0].split('|')[0];
}

async function achievementsOf(
  request: APIRequestContext,
  filter: Record<string, string> = {},
): Promise<AchievementsAnswer> {
  const response = await request.get(
    `/stats/gamification/achievements?${new URLSearchParams({ playerName: PLAYER, pageSize: '100', ...filter })}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as AchievementsAnswer;
}

/** Waits for the backfill: the player's awards are there once more than 25 of them are, with a repeat. */
async function waitForAwards(request: APIRequestContext): Promise<AchievementsAnswer> {
  let answer: AchievementsAnswer | undefined;
  await expect
    .poll(
      async () => {
        answer = await achievementsOf(request);
        return answer.totalItems > 25 && repeatedId(answer.items) !== undefined;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  return answer!;
}

// Days are the visitor's calendar days: the UTC ones here, as the repeats above are counted.
test.use({ timezoneId: 'UTC' });

test.describe('achievements', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the profile shows the section with its badges, and View All leads to the achievements page', async ({
    page,
    request,
  }) => {
    await waitForAwards(request);
    const gamification = (await (
      await request.get(`/stats/gamification/player/${encodeURIComponent(PLAYER)}`)
    ).json()) as GamificationAnswer;

    await page.goto(`/players/${encodeURIComponent(PLAYER)}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Achievements & Streaks' }) });
    await expect(section.getByTestId('hero-badges').getByRole('button')).toHaveCount(
      Math.min(5, gamification.recentAchievements.length),
    );
    await expect(section.getByTestId('collection-badge')).toHaveCount(Math.min(36, gamification.allBadges.length));
    // The drawings come in their own chunk: each badge ends up drawn, none as the default image.
    await expect(section.getByTestId('badge-art').first()).toBeVisible();
    await expect(section.getByTestId('badge-default')).toHaveCount(0);

    await section.getByTestId('achievements-view-all').click();
    await expect(page).toHaveURL(`/players/${PLAYER}/achievements`);
    await expect(page.getByText('Hall of Fame')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${PLAYER}'s achievements`);
  });

  test('filtering by an achievement starts from page 1 and replaces the URL; a merged card opens its history', async ({
    page,
    request,
  }) => {
    const answer = await waitForAwards(request);
    const repeated = repeatedId(answer.items)!;
    // The page's first 50 cards of the id (pages hold whole cards: every award of the id on each day).
    const repeats = (await achievementsOf(request, { achievementId: repeated, pageSize: '50' })).items;

    await page.goto(`/players/${encodeURIComponent(PLAYER)}`);
    // Pages hold 25 cards (one id, one day): a player of the one-day world has fewer (17 at most), so the page this
    // starts from is the first; a filter starting from page 1 when on another is the page's unit test's.
    await page.goto(`/players/${encodeURIComponent(PLAYER)}/achievements?pageSize=25`);
    await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();

    await page.getByLabel('Achievement', { exact: true }).selectOption(repeated);
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('achievement') === repeated && url.searchParams.get('page') === null,
    );
    const cards = page.getByTestId('achievement-card');
    await expect(cards.first()).toHaveAttribute('data-achievement-id', repeated);
    const shown = await cards.evaluateAll((elements) => elements.map((element) => element.dataset.achievementId));
    expect(new Set(shown)).toEqual(new Set([repeated]));
    // One card per day: as many cards as days, their counts adding up to the awards.
    const days = new Set(repeats.map((item) => utcDay(item.achievedAt)));
    await expect(cards).toHaveCount(days.size);
    const counts = await cards.evaluateAll((elements) => elements.map((element) => Number(element.dataset.count)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(repeats.length);

    // The filter replaced the history entry: Back leaves the page instead of undoing the filter.
    await page.goBack();
    await expect(page).toHaveURL(`/players/${PLAYER}`);
    await page.goForward();
    await expect(page).toHaveURL((url) => url.searchParams.get('achievement') === repeated);

    const merged = page.locator('[data-testid="achievement-card"]:not([data-count="1"])').first();
    const count = Number(await merged.getAttribute('data-count'));
    await merged.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('achievement-history')).toBeVisible();
    await expect(dialog.getByTestId('award-record')).toHaveCount(count);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('achievement') === null);
    await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();
  });
});
