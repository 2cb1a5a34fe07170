import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Rankings", §4 "Rankings", §5 rankings query, §8 'No Warriors Found'.
// The demo's history grows while the tests run (a round closing adds to the totals), so every expectation
// is read from the page itself or checked as an order, never as fixed names or figures.

interface RankingsAnswer {
  items: { rank: number; playerName: string; totalKills: number }[];
  totalItems: number;
  totalPages: number;
  rankedPlayers: number;
  minimumToRank: { rounds: number; minutes: number };
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

function rankingsPath(serverName: string, query = ''): string {
  return `/servers/${encodeURIComponent(serverName)}/rankings${query}`;
}

async function fetchRankings(request: APIRequestContext, serverName: string, query = ''): Promise<RankingsAnswer> {
  const response = await request.get(`/stats${rankingsPath(serverName, query)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as RankingsAnswer;
}

/** The live server whose leaderboard is longest: it has enough players for several pages of 10. */
async function chooseServer(request: APIRequestContext): Promise<{ name: string; answer: RankingsAnswer }> {
  const response = await request.get('/stats/liveservers/bf1942/servers');
  expect(response.ok()).toBe(true);
  const { servers } = (await response.json()) as { servers: { name: string }[] };
  let best: { name: string; answer: RankingsAnswer } | undefined;
  for (const server of servers.slice(0, 8)) {
    const answer = await fetchRankings(request, server.name, '?pageSize=10');
    if (!best || answer.totalItems > best.answer.totalItems) best = { name: server.name, answer };
  }
  if (!best || best.answer.totalItems <= 20) throw new Error('no demo server has more than 20 ranked players');
  return best;
}

function entries(page: Page): Locator {
  return page.getByTestId('ranking-entry');
}

/** Each entry's rank, full player name (the link's title: long names are shortened) and kills. */
function readEntries(page: Page): Promise<{ rank: number; name: string; kills: number }[]> {
  return entries(page).evaluateAll((items) =>
    items.map((item) => ({
      rank: Number((item as HTMLElement).dataset.rank),
      name: item.querySelector('a[href^="/players/"]')?.getAttribute('title') ?? '',
      kills: Number((item.querySelector('[data-stat="kills"]')?.textContent ?? '').replace(/,/g, '')),
    })),
  );
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

async function openRankings(page: Page, serverName: string, query = ''): Promise<void> {
  await page.goto(rankingsPath(serverName, query));
  await expect(entries(page).first()).toBeVisible();
}

test.describe('server rankings', () => {
  test.use({ viewport: DESKTOP });

  let serverName = '';
  test.beforeAll(async ({ request }) => {
    serverName = (await chooseServer(request)).name;
  });

  test('opens from a server name: title, player count, medal cards, banded rows, links', async ({ page, request }) => {
    await openRankings(page, serverName);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(serverName, { ignoreCase: true });
    await expect(page).toHaveTitle(new RegExp(`^${serverName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} rankings`));
    const { rankedPlayers, minimumToRank } = await fetchRankings(request, serverName);
    await expect(page.getByTestId('player-count')).toHaveText(
      new RegExp(`^${rankedPlayers.toLocaleString('en-US')} ranked players$`),
    );
    // The minimum to be ranked, as the answer states it.
    await expect(page.getByTestId('ranking-rules')).toContainText(
      `Ranked: at least ${minimumToRank.rounds} rounds and ${minimumToRank.minutes} minutes played here.`,
    );

    const podium = page.getByRole('list', { name: 'Podium' }).getByTestId('ranking-entry');
    await expect(podium).toHaveCount(3);
    expect(await podium.evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.medal))).toEqual([
      'gold',
      'silver',
      'bronze',
    ]);
    const rows = page.getByRole('list', { name: 'Rankings' }).getByTestId('ranking-entry');
    await expect(rows.first()).toHaveAttribute('data-band', 'top10');
    await expect(rows.nth(7)).toHaveAttribute('data-band', 'top25');

    const [first] = await readEntries(page);
    expect(first?.rank).toBe(1);
    const playerLink = podium.first().getByRole('link');
    await expect(playerLink).toHaveAttribute('href', `/players/${encodeURIComponent(first?.name ?? '')}`);
    await expect(page.getByRole('link', { name: 'Server profile' })).toHaveAttribute(
      'href',
      `/servers/${encodeURIComponent(serverName)}`,
    );
  });

  test('a sort button orders the list and lands in the URL; a second click reverses it', async ({ page }) => {
    await openRankings(page, serverName, '?pageSize=20');
    const kills = page.getByRole('button', { name: /^Kills/ });
    await kills.click();
    await expect(page).toHaveURL((url) => url.searchParams.get('orderBy') === 'TotalKills');
    expect(searchOf(page).get('orderDirection')).toBeNull();
    await expect(kills).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => {
        const values = (await readEntries(page)).map((entry) => entry.kills);
        return values.every((value, index) => index === 0 || (values[index - 1] ?? value) >= value);
      })
      .toBe(true);

    // Medals belong to the default order only: sorted by kills, the first three are rows.
    await expect(page.getByRole('list', { name: 'Podium' })).toHaveCount(0);

    await kills.click();
    await expect(page).toHaveURL((url) => url.searchParams.get('orderDirection') === 'asc');
    await expect
      .poll(async () => {
        const values = (await readEntries(page)).map((entry) => entry.kills);
        return values.every((value, index) => index === 0 || (values[index - 1] ?? value) <= value);
      })
      .toBe(true);
    expect((await readEntries(page))[0]?.rank).toBe(1);
    // Ascending: the first place is the fewest kills, in a plain row, not a gold card.
    await expect(page.getByRole('list', { name: 'Podium' })).toHaveCount(0);
    await expect(entries(page).first()).toHaveAttribute('data-band', 'plain');
  });

  test('a soldier name filter narrows the list after the debounce, keeping ranks, and lands in the URL', async ({
    page,
    request,
  }) => {
    await openRankings(page, serverName, '?pageSize=50');
    const before = await page.getByTestId('player-count').textContent();
    const fifth = (await readEntries(page))[4];
    const target = fifth?.name ?? '';
    expect(target).not.toBe('');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Soldier Name').fill(target);
    await expect(page).toHaveURL((url) => url.searchParams.get('playerName') === target.trim());
    // The unfiltered page stays on screen until the filtered one arrives.
    const needle = target.trim().toLowerCase();
    await expect
      .poll(async () => {
        const names = (await readEntries(page)).map((entry) => entry.name);
        return names.includes(target) && names.every((name) => name.toLowerCase().includes(needle));
      })
      .toBe(true);
    expect(await page.getByTestId('player-count').textContent()).not.toBe(before);
    // The filter picks rows; it does not renumber them: the fifth player keeps their rank, as the API gives it.
    const filtered = (await readEntries(page)).find((entry) => entry.name === target);
    const { items } = await fetchRankings(request, serverName, `?playerName=${encodeURIComponent(target.trim())}`);
    expect(filtered?.rank).toBe(items.find((item) => item.playerName === target)?.rank);
    expect(filtered?.rank).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('playerName'));
  });

  test('page size and pagination are kept in the URL, default values left out', async ({ page }) => {
    await openRankings(page, serverName);
    expect(page.url()).not.toContain('?');
    await page.getByLabel('Per page').selectOption('10');
    await expect(page).toHaveURL((url) => url.search === '?pageSize=10');
    await expect(entries(page)).toHaveCount(10);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    // The 11th ranked player: rank 11, or less when tied with the 10th (ties share a rank).
    await expect(entries(page).first()).toHaveAttribute('data-rank', /^(11|10|[2-9])$/);
    const eleventh = Number(await entries(page).first().getAttribute('data-rank'));
    await expect(entries(page).first()).toHaveAttribute('data-band', eleventh <= 10 ? 'top10' : 'top25');
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await pagination.getByRole('button', { name: 'First page' }).click();
    await expect(page).toHaveURL((url) => url.search === '?pageSize=10');
    await expect(entries(page).first()).toHaveAttribute('data-rank', '1');

    // Back undoes the step, as for any navigation.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  });

  test("an impossible Min Score says 'No Warriors Found' with Refresh Leaderboard", async ({ page }) => {
    await openRankings(page, serverName);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Min Score').fill('99999999');
    await expect(page.getByText('No Warriors Found')).toBeVisible();
    expect(searchOf(page).get('minScore')).toBe('99999999');
    await expect(page.getByTestId('player-count')).toHaveText(/^0 of [\d,]+ ranked players$/);
    await expect(page.getByRole('button', { name: 'Refresh Leaderboard' })).toBeEnabled();
  });

  test('invalid URL values fall back to their defaults', async ({ page }) => {
    // A negative minimum is none (the API answers it with 400).
    await openRankings(page, serverName, '?pageSize=7&orderBy=Nonsense&page=zero&minKills=abc&minScore=-5');
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(page.getByRole('button', { name: /^Score/ })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('server rankings on a 375 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the page never scrolls sideways', async ({ page, request }) => {
    const { name } = await chooseServer(request);
    await openRankings(page, name, '?minKdRatio=0');
    await expect(page.getByLabel('Soldier Name')).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  });
});
