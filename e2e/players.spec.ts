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
  // The comparison screen is not built yet: nothing on the profile points at it.
  await expect(page.getByRole('link', { name: /Compare/ })).toHaveCount(0);
}

/** Tags the demo's Russian-speaking players wear before a Cyrillic name (emulator: composeCyrillicName). */
const CYRILLIC_TAGS = ['[RUS]', '=RU=', '[UA]', '{KGB}', '-=SPb=-', '[MSK]'];

interface TaggedCyrillicPlayer {
  /** As stored: cp1251 mojibake behind an ASCII tag, "=RU=Êàòþøà". */
  stored: string;
  /** As shown: "=RU=Катюша". */
  shown: string;
  /** A Cyrillic query from the shown name's letters, "Катю". */
  query: string;
}

/** A player whose stored name is a clan tag and cp1251 mojibake, read from the search API's displayName. */
async function findTaggedCyrillicPlayer(request: APIRequestContext): Promise<TaggedCyrillicPlayer> {
  for (const tag of CYRILLIC_TAGS) {
    const answer = await request.get('/stats/Players/search', { params: { query: tag, pageSize: 50 } });
    expect(answer.ok()).toBe(true);
    const { items } = (await answer.json()) as { items: { playerName: string; displayName: string }[] };
    for (const { playerName, displayName } of items) {
      const cyrillic = /[А-яЁё]{4,}/.exec(displayName)?.[0];
      if (playerName.startsWith(tag) && displayName !== playerName && cyrillic) {
        return { stored: playerName, shown: displayName, query: cyrillic.slice(0, 4) };
      }
    }
  }
  throw new Error(`the demo has no player wearing ${CYRILLIC_TAGS.join(', ')} before a Cyrillic name`);
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

  test('a Cyrillic name behind a clan tag is found from Cyrillic and shown decoded, in its own letter case', async ({
    page,
    request,
  }) => {
    const player = await findTaggedCyrillicPlayer(request);
    // The header search: typed in Cyrillic, the suggestion reads as the page will.
    await page.goto('/servers/bf1942');
    await page.getByRole('combobox', { name: 'Search players' }).fill(player.query);
    const option = page
      .getByRole('listbox', { name: 'Search players' })
      .getByRole('option')
      .filter({ has: page.getByText(player.shown, { exact: true }) });
    await expect(option).toHaveCount(1);

    // Find Players, filtered by the same Cyrillic letters in lower case.
    await page.goto(`/players?${new URLSearchParams({ playerName: player.query.toLocaleLowerCase('ru') })}`);
    const link = page.getByTestId('player-row').getByRole('link', { name: player.shown, exact: true });
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', profilePath(player.stored));
    await link.click();

    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(player.shown);
    // No CSS upper case on a name: what is drawn is the name itself. (Polled: the profile may still re-render the
    // heading, and a replaced element reads as having no style at all.)
    await expect.poll(() => heading.evaluate((element) => getComputedStyle(element).textTransform)).toBe('none');
    await expect.poll(() => heading.evaluate((element) => (element as HTMLElement).innerText)).toBe(player.shown);
    await expect(page).toHaveTitle(`${player.shown} | Frontline`);
    await expect(page.getByText(`As the server reports it: ${player.stored}`)).toBeVisible();
  });

  test('the profile says what its figures cover, and shows nothing of what is not built yet', async ({
    page,
    request,
  }) => {
    const { name } = await choosePlayer(request);
    await page.goto(profilePath(name));
    await expectProfileLoaded(page, name);
    // §9: play time "Nh Mm" under a day, else days and hours; never a bare "8h".
    // The header's (the first on the page; each server card has its own).
    await expect(page.locator('dt:text-is("Play time") + dd').first()).toHaveText(/^(\d+h \d+m|<1m|\d+d \d+h)$/);
    await expect(page.locator('dt:text-is("First played") + dd')).toHaveText(/\d{4}/);

    const bestScores = page.getByRole('region', { name: 'Best Scores' });
    await bestScores.getByRole('tab', { name: 'This Week' }).click();
    await expect(bestScores).toContainText('This Week: today and the 6 days before, UTC');
    await expect(page.getByRole('region', { name: 'Activity by Hour' })).toContainText(
      'this week (today and the 6 days before, UTC)',
    );
    await expect(page.getByRole('region', { name: 'Performance Analytics' })).toContainText(/\d+ rounds? since /);

    // Sections of features not built yet are absent, not 'coming soon' (issue 14: show nothing that does not work).
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  });

  test("Find Players' server links pass under the sticky filter bar", async ({ page }) => {
    await page.goto('/players');
    const serverLinks = page.getByTestId('player-row').locator('a[href^="/servers/"]');
    await expect(serverLinks.nth(3)).toBeVisible();
    const bar = page.getByTestId('players-filter-bar');
    // Scroll until the bar sticks under the site header, then bring a server link right under its middle.
    await page.evaluate(() => window.scrollBy(0, 300));
    await expect.poll(async () => (await bar.boundingBox())?.y).toBeLessThan(80);
    const barBox = await bar.boundingBox();
    if (!barBox) throw new Error('the filter bar has a box');
    const middle = barBox.y + barBox.height / 2;
    const link = serverLinks.nth(3);
    const before = await link.boundingBox();
    if (!before) throw new Error('the server link has a box');
    await page.evaluate((by) => window.scrollBy(0, by), before.y + before.height / 2 - middle);
    const after = await link.boundingBox();
    if (!after) throw new Error('the server link has a box');
    expect(Math.abs(after.y + after.height / 2 - middle)).toBeLessThan(barBox.height / 2);
    // What is drawn at the link's place is the bar, not the link.
    const point = { x: after.x + Math.min(after.width / 2, 20), y: after.y + after.height / 2 };
    expect(await bar.evaluate((element, at) => element.contains(document.elementFromPoint(at.x, at.y)), point)).toBe(
      true,
    );
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
