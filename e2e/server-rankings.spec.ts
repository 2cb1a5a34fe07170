import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Rankings", §4 "Rankings", §5 rankings query, §8 'No Warriors Found'.
// The server is the seeded world's (support/seeded-world.ts), with the rankings its history gives it.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

function rankingsPath(serverName: string, query = ''): string {
  return `/servers/${encodeURIComponent(serverName)}/rankings${query}`;
}

/**
 * A Vietnam server of the seeded world with 65 ranked players, on which nobody plays from 40 minutes before the end
 * of the history until 27 minutes after it (a run takes a few): its rankings stay as the history left them. Read from GET
 * /stats/servers/{name}/rankings when this was written; the seed fixes them.
 */
const RANKED_SERVER = {
  name: '-=TBF=- BFV Public',
  rankedPlayers: 65,
  minimumToRank: { rounds: 3, minutes: 30 },
  /** Gold, silver and bronze: the first a Russian name, stored as the feed sends it (cp1251 as cp1252). */
  podium: [
    { stored: 'Ïóëåì¸ò÷èê_1971', shown: 'Пулемётчик_1971', kills: 110 },
    { stored: 'SteelBlitz', shown: 'SteelBlitz', kills: 88 },
    { stored: 'ShogunKnight', shown: 'ShogunKnight', kills: 11 },
  ],
  /** Fifth by score. */
  fifth: '[Vet]Little-Shturman',
} as const;

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

  const serverName = RANKED_SERVER.name;

  test('opens from a server name: title, player count, medal cards, banded rows, links', async ({ page }) => {
    await openRankings(page, serverName);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(serverName, { ignoreCase: true });
    await expect(page).toHaveTitle(new RegExp(`^${serverName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} rankings`));
    const { rankedPlayers, minimumToRank } = RANKED_SERVER;
    await expect(page.getByTestId('player-count')).toHaveText(`${rankedPlayers} ranked players`);
    // The minimum to be ranked.
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
    // Names as shown (decoded), links by the stored name.
    expect((await readEntries(page)).slice(0, 3)).toEqual(
      RANKED_SERVER.podium.map((entry, index) => ({ rank: index + 1, name: entry.shown, kills: entry.kills })),
    );
    const [gold] = RANKED_SERVER.podium;
    await expect(podium.first().getByRole('link')).toHaveAttribute(
      'href',
      `/players/${encodeURIComponent(gold.stored)}`,
    );
    await expect(podium.first().getByRole('link')).toHaveText(gold.shown);
    // After the podium, ranks 4 to 10 are the top ten's band, 11 (the 8th row; no ties up there) the top 25's.
    const rows = page.getByRole('list', { name: 'Rankings' }).getByTestId('ranking-entry');
    await expect(rows.first()).toHaveAttribute('data-rank', '4');
    await expect(rows.first()).toHaveAttribute('data-band', 'top10');
    await expect(rows.nth(7)).toHaveAttribute('data-rank', '11');
    await expect(rows.nth(7)).toHaveAttribute('data-band', 'top25');
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
    expect((await readEntries(page))[0]?.name).toBe(RANKED_SERVER.podium[0].shown);

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
  }) => {
    await openRankings(page, serverName, '?pageSize=50');
    const target = RANKED_SERVER.fifth;
    expect((await readEntries(page))[4]?.name).toBe(target);

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
    // The filter picks rows; it does not renumber them: the fifth player is still fifth, alone in the list.
    await expect(page.getByTestId('player-count')).toHaveText(`1 of ${RANKED_SERVER.rankedPlayers} ranked players`);
    expect(await readEntries(page)).toEqual([expect.objectContaining({ rank: 5, name: target })]);

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
    // The 11th ranked player (no tie with the 10th here), in the top 25's band.
    await expect(entries(page).first()).toHaveAttribute('data-rank', '11');
    await expect(entries(page).first()).toHaveAttribute('data-band', 'top25');
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
    await expect(page.getByTestId('player-count')).toHaveText(`0 of ${RANKED_SERVER.rankedPlayers} ranked players`);
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

  test('the page never scrolls sideways', async ({ page }) => {
    await openRankings(page, RANKED_SERVER.name, '?minKdRatio=0');
    await expect(page.getByLabel('Soldier Name')).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  });
});
