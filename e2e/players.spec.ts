import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Find Players", "Player profile" and "Map Performance modal"; §4 "Players page";
// §5; §9. The demo's world moves (the collector polls the emulator every 30 s), so each test picks its player
// from the API just before and reads what it compares from the page itself.

interface ListedPlayer {
  playerName: string;
  isActive: boolean;
}

interface Profile {
  playerName: string;
  bestScores: { allTime: { roundId: string }[]; last30Days: unknown[]; thisWeek: unknown[] };
  servers: { serverGuid: string; serverName: string }[];
}

interface ChosenPlayer {
  name: string;
  profile: Profile;
  /** A server of the player with at least two maps in the last 30 days. */
  server: { serverGuid: string; serverName: string };
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const profilePath = (name: string) => `/players/${encodeURIComponent(name)}`;

/**
 * A player with a plain name (typed as is, shown as stored), more than six best scores, and a server with two
 * or more maps this month: everything the profile tests look at.
 */
async function findPlayer(request: APIRequestContext): Promise<ChosenPlayer> {
  const list = await request.get('/stats/players', {
    params: { page: 1, pageSize: 100, sortBy: 'lastSeen', sortOrder: 'desc' },
  });
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: ListedPlayer[] };
  const candidates = items.map((item) => item.playerName).filter((name) => /^[A-Za-z][A-Za-z0-9_]{3,}$/.test(name));
  for (const name of candidates.slice(0, 40)) {
    const answer = await request.get(`/stats/players/${encodeURIComponent(name)}`);
    if (!answer.ok()) continue;
    const profile = (await answer.json()) as Profile;
    if (profile.bestScores.allTime.length <= 6) continue;
    for (const server of profile.servers.slice(0, 3)) {
      const maps = await request.get(
        `/stats/players/${encodeURIComponent(name)}/server/${encodeURIComponent(server.serverGuid)}/mapstats`,
        { params: { range: 'Last30Days' } },
      );
      if (maps.ok() && ((await maps.json()) as unknown[]).length >= 2) return { name, profile, server };
    }
  }
  throw new Error(`no player among ${candidates.length} with 7+ best scores and a server with 2+ maps`);
}

// The search costs dozens of calls; a worker's tests share its result (what they check does not go stale).
let chosenPlayer: ChosenPlayer | undefined;

async function choosePlayer(request: APIRequestContext): Promise<ChosenPlayer> {
  chosenPlayer ??= await findPlayer(request);
  return chosenPlayer;
}

async function expectProfileLoaded(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === profilePath(name));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Recent Battles' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compare Player' })).toHaveAttribute(
    'href',
    `/players/compare?${new URLSearchParams({ player1: name }).toString()}`,
  );
}

function isOrdered(values: number[], direction: 'asc' | 'desc'): boolean {
  return values.every((value, index) => {
    const previous = values[index - 1];
    return previous === undefined || (direction === 'asc' ? previous <= value : previous >= value);
  });
}

/** The figures of one column of the Map Performance table, in row order. */
function readMapColumn(dialog: Locator, column: string): Promise<number[]> {
  return dialog
    .getByTestId('map-row')
    .locator(`td[data-column="${column}"]`)
    .evaluateAll((cells) => cells.map((cell) => Number((cell.textContent ?? '').replace(/[^\d.-]/g, ''))));
}

test.describe('players', () => {
  test.use({ viewport: DESKTOP });

  test("the server browser's search box leads to a player's profile", async ({ page, request }) => {
    const { name } = await choosePlayer(request);
    await page.goto('/servers/bf1942');
    const box = page.getByRole('combobox', { name: 'Search players' });
    await box.fill(name);
    const option = page
      .getByRole('listbox', { name: 'Search players' })
      .getByRole('option')
      .filter({ has: page.getByText(name, { exact: true }) });
    await option.click();
    await expectProfileLoaded(page, name);
    await expect(page).toHaveTitle(`${name} | Frontline`);
  });

  test('Find Players lists who is online, filters by name, and a row opens the profile', async ({ page, request }) => {
    const { name } = await choosePlayer(request);
    const online = page.waitForResponse((response) => new URL(response.url()).pathname === '/stats/players');
    await page.goto('/players');
    // §5: with no query the page asks only for the players online.
    const first = new URL((await online).url()).searchParams;
    expect(first.get('isActive')).toBe('true');
    expect(first.get('playerName')).toBeNull();
    expect(first.get('pageSize')).toBe('100');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Players');

    const filtered = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('playerName') === name,
    );
    await page.getByRole('searchbox', { name: 'Filter players by name' }).fill(name);
    await filtered;
    await expect(page).toHaveURL((url) => url.searchParams.get('playerName') === name);
    const row = page.getByTestId('player-row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row).toHaveCount(1);

    // Sorting by PLAYER starts ascending and goes back to page 1; the filter stays.
    await page.getByRole('button', { name: 'Player', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('sortBy') === 'playerName');
    expect(new URL(page.url()).searchParams.get('sortOrder')).toBe('asc');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await row.getByRole('link', { name, exact: true }).click();
    await expectProfileLoaded(page, name);
  });

  test('Best Scores: six cards, View All, and the three tabs', async ({ page, request }) => {
    const { name, profile } = await choosePlayer(request);
    await page.goto(profilePath(name));
    const section = page.getByRole('region', { name: 'Best Scores' });
    const cards = section.getByTestId('best-score-card');
    await expect(cards).toHaveCount(6);
    // The answer may have grown since it was read; the page's own count is compared with its own cards.
    const viewAll = section.getByRole('button', { name: /^View All \d+ Scores$/ });
    const label = (await viewAll.textContent()) ?? '';
    const total = Number(/\d+/.exec(label)?.[0]);
    expect(total).toBeGreaterThanOrEqual(Math.min(profile.bestScores.allTime.length, 7));
    await expect(cards.first()).toHaveAttribute('href', /^\/rounds\/[^/]+\/report/);
    await viewAll.click();
    await expect(cards).toHaveCount(total);

    for (const tab of ['30 Days', 'This Week', 'All Time']) {
      await section.getByRole('tab', { name: tab }).click();
      await expect(section.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      // Each window opens on its best six again, or says that it has none.
      const count = await cards.count();
      if (count === 0) await expect(section.getByText('No scores recorded yet')).toBeVisible();
      else expect(count).toBeLessThanOrEqual(6);
    }
    await cards.first().click();
    await expect(page).toHaveURL(/\/rounds\/[^/]+\/report/);
  });

  test('Favorite Battlegrounds opens the Map Performance modal: sorting, ranges, links, close', async ({
    page,
    request,
  }) => {
    const { name, server } = await choosePlayer(request);
    await page.goto(profilePath(name));
    await page
      .getByRole('region', { name: 'Favorite Battlegrounds' })
      .getByRole('button', { name: `View Maps of ${server.serverName}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: /Map Performance/ });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expect(dialog.getByTestId('map-row').nth(1)).toBeVisible();

    // Default score descending; the same column toggles; a new column starts descending.
    const scoreHeader = dialog.getByRole('columnheader', { name: 'Score' });
    await expect(scoreHeader).toHaveAttribute('aria-sort', 'descending');
    expect(isOrdered(await readMapColumn(dialog, 'totalScore'), 'desc')).toBe(true);
    await dialog.getByRole('button', { name: 'Score', exact: true }).click();
    await expect(scoreHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(isOrdered(await readMapColumn(dialog, 'totalScore'), 'asc')).toBe(true);
    await dialog.getByRole('button', { name: 'Kills', exact: true }).click();
    await expect(dialog.getByRole('columnheader', { name: 'Kills' })).toHaveAttribute('aria-sort', 'descending');
    expect(isOrdered(await readMapColumn(dialog, 'totalKills'), 'desc')).toBe(true);
    await dialog.getByRole('button', { name: 'Sessions', exact: true }).click();
    expect(isOrdered(await readMapColumn(dialog, 'sessions'), 'desc')).toBe(true);

    // §2 "Map row links to sessions filtered by map and server": the player's sessions there.
    const mapLink = dialog.getByTestId('map-row').first().getByRole('link');
    const href = new URL((await mapLink.getAttribute('href')) ?? '', 'http://frontline.test');
    expect(href.pathname).toBe(`/players/${encodeURIComponent(name)}/sessions`);
    expect(href.searchParams.get('server')).toBe(server.serverName);
    expect(href.searchParams.get('map')).toBeTruthy();

    for (const [label, range] of [
      ['This Year', 'ThisYear'],
      ['Last Year', 'LastYear'],
      ['Last 30 Days', 'Last30Days'],
    ] as const) {
      // Last30Days was answered before and may come from the cache without a new call.
      const answered =
        range === 'Last30Days'
          ? null
          : page.waitForResponse(
              (response) =>
                response.url().includes('/mapstats') && new URL(response.url()).searchParams.get('range') === range,
            );
      await dialog.getByRole('button', { name: label, exact: true }).click();
      await expect(dialog.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
      if (answered) await answered;
      await expect(
        dialog
          .getByTestId('map-row')
          .first()
          .or(dialog.getByText('No map statistics available for the selected time range')),
      ).toBeVisible();
    }

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('an unknown player is an error, not an empty profile', async ({ page }) => {
    await page.goto(profilePath('Nobody-Ever-Seen-7f3a'));
    await expect(page.getByText('Unable to load player data')).toBeVisible();
    await expect(page.getByText('Failed to fetch player stats for Nobody-Ever-Seen-7f3a.')).toBeVisible();
  });
});

test.describe('players on a phone', () => {
  test.use({ viewport: PHONE });

  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('Find Players and a profile fit 375 px', async ({ page, request }) => {
    const { name, server } = await choosePlayer(request);
    await page.goto('/players');
    await expect(page.getByTestId('player-row').first().or(page.getByTestId('player-search-hint'))).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(profilePath(name));
    await expect(page.getByRole('region', { name: 'Favorite Battlegrounds' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: `View Maps of ${server.serverName}`, exact: true }).click();
    await expect(
      page
        .getByRole('dialog', { name: /Map Performance/ })
        .getByTestId('map-row')
        .first(),
    ).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
