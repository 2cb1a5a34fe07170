import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Server browser": "Game trends and sessions/players list sections exist"; §7 "GET
// /stats/GameTrends/landing-summary | query game; reads insights incl. forecast"; §8 "'Failed to load game trends'";
// §9 "landing sessions default 10", "Forecast bar height at least 8 px on the browser". The counts are read from the
// live lists the page itself fetched: who is online follows the real clock (support/seeded-world.ts).

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

interface LiveList {
  servers: { numPlayers: number; botCount: number }[];
}

/** The people of the answers' servers summed: "players online" (docs/formulas.md "Player count of a server"). */
async function peopleIn(responses: readonly Response[]): Promise<number> {
  const lists = (await Promise.all(responses.map((response) => response.json()))) as LiveList[];
  return lists.reduce((sum, list) => sum + list.servers.reduce((people, server) => people + server.numPlayers, 0), 0);
}

const isLiveList = (game: string) => (response: Response) =>
  new URL(response.url()).pathname === `/stats/liveservers/${game}/servers`;

function sections(page: Page) {
  return {
    trends: page.getByRole('region', { name: 'Game Trends' }),
    playing: page.getByRole('region', { name: 'Playing Now' }),
  };
}

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('Game Trends and Playing Now load when scrolled near, after the list, for the game shown', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/stats/GameTrends/landing-summary' || url.pathname === '/stats/players') {
        calls.push(url.pathname + url.search);
      }
    });
    const list = page.waitForResponse(isLiveList('bf1942'));
    await page.goto('/servers/bf1942');
    const people = await peopleIn([await list]);
    await expect(page.getByRole('region', { name: 'Live servers' }).getByTestId('server-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Forty servers fill the screen: the sections below them are not asked for until the visitor scrolls.
    expect(calls).toEqual([]);

    const { trends, playing } = sections(page);
    const summary = page.waitForRequest((request) => request.url().includes('/stats/GameTrends/landing-summary'));
    await trends.scrollIntoViewIfNeeded();
    expect(new URL((await summary).url()).searchParams.get('game')).toBe('bf1942');
    await expect(trends.getByRole('heading', { name: 'Game Trends' })).toBeVisible();
    await expect(playing.getByRole('heading', { name: 'Playing Now' })).toBeVisible();

    // Players now: the same count as the list's summary, by the same rule.
    await expect(trends.getByTestId('game-trends-now')).toContainText(`${people} players online now`);
    await expect(page.getByRole('region', { name: 'Live servers' })).toContainText(`${people} players`);
    const bars = trends.getByTestId('game-trends-bar');
    await expect(bars).toHaveCount(9);
    await expect(bars.first()).toHaveAttribute('data-current', 'true');
    await expect(bars.first()).toContainText('Now');
    // The other hours in the visitor's 12-hour clock, never "UTC".
    for (const label of await bars.evaluateAll((items) => items.slice(1).map((item) => item.textContent ?? ''))) {
      expect(label).toMatch(/^(\d+|–)\d{0,2}(am|pm)$/);
    }
    await expect(trends).not.toContainText('UTC');

    // Playing Now: 10 a page, the game's players online; counted as everywhere.
    expect(calls.some((call) => call.startsWith('/stats/players?') && call.includes('game=bf1942'))).toBe(true);
    const count = playing.getByTestId('playing-now-count');
    await expect(count).toHaveText(new RegExp(`^${people} players? online · \\d+ names? seen in the last 5 minutes$`));
    const rows = playing.getByTestId('playing-now-row');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(10);
    const first = rows.first().getByRole('link').first();
    const name = (await first.getAttribute('title')) ?? '';
    await first.click();
    await expect(page).toHaveURL(`/players/${encodeURIComponent(name)}`);
  });

  test("ALL shows every game's trends, and a failing summary says 'Failed to load game trends'", async ({ page }) => {
    await page.route('**/stats/GameTrends/landing-summary?game=fh2', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x","message":"down"}' }),
    );
    await page.goto('/servers/all');
    const { trends } = sections(page);
    await trends.scrollIntoViewIfNeeded();
    await expect(trends.getByTestId('game-trends-game')).toHaveCount(2);
    // After the app's own retries of the failed call.
    await expect(trends.getByRole('alert')).toHaveText(/Failed to load game trends/, { timeout: 30_000 });
    await expect(trends.getByTestId('game-trends-game').first()).toContainText('BF1942');
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the sections stack under the list and never push the page sideways', async ({ page }) => {
    await page.goto('/servers/fh2');
    const { trends, playing } = sections(page);
    await playing.scrollIntoViewIfNeeded();
    await expect(trends.getByTestId('game-trends-bar')).toHaveCount(9);
    await expect(playing.getByTestId('playing-now-count')).toBeVisible();
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(PHONE.width);
    const trendsBox = await trends.boundingBox();
    const playingBox = await playing.boundingBox();
    expect((playingBox?.y ?? 0) > (trendsBox?.y ?? 0) + (trendsBox?.height ?? 0) - 1).toBe(true);
  });
});

test('every busy badge says how busy against the usual, as the API words it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/servers/bf1942');
  const rows = page.getByRole('region', { name: 'Live servers' }).getByTestId('server-row');
  await expect(rows.filter({ has: page.locator('[data-busy-level]') })).toHaveCount(await rows.count());
  const words = await rows.locator('[data-busy-level]').allTextContents();
  // docs/formulas.md "Busy level (now)": a level is against the server's usual players at this hour.
  for (const text of words) {
    expect(['Busier than usual', 'Busy', 'As busy as usual', 'Not too busy', 'Quieter than usual']).toContain(text);
  }
});

test("the history's peak and lowest say which average they are: 'highest 12-hour average' on 3 months", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/servers/bf1942');
  await page.getByRole('button', { name: /^Player Activity History/ }).click();
  const panel = page.getByRole('region', { name: 'Player Activity History' });
  await expect(panel.getByText('highest 5-minute average', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'More periods' }).click();
  await page.getByRole('menuitemradio', { name: '3 Months' }).click();
  await expect(panel.getByText('highest 12-hour average', { exact: true })).toBeVisible();
  await expect(panel.getByText('lowest 12-hour average', { exact: true })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Legend' })).toContainText('Peak (highest 12-hour average)');
  await expect(panel.getByTestId('history-point-note')).toHaveText(
    'Each point is a 12-hour average of the players polled.',
  );
});

test("Find Players counts the players online as the server lists do: 'N players online'", async ({ page }) => {
  const lists = ['bf1942', 'fh2', 'bfvietnam'].map((game) => page.waitForResponse(isLiveList(game)));
  await page.goto('/players');
  const people = await peopleIn(await Promise.all(lists));
  await expect(page.getByTestId('players-count')).toHaveText(
    new RegExp(`^${people} players? online · \\d+ names? seen in the last 5 minutes$`),
  );
});
