import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Find Players", "Player profile" and "Map Performance modal"; §4 "Players page";
// §5; §9. The players are from the seeded world (support/seeded-world.ts), with the figures it gives them.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const profilePath = (name: string) => `/players/${encodeURIComponent(name)}`;

/**
 * A player of the seeded world with a plain name (typed as is, shown as stored) and more than six best scores.
 * Read from GET /stats/players/BuckCamper and his mapstats on his first server; the seed fixes them. His last round
 * ended some thirteen hours before the history did, and he stays offline for at least two hours after it, so the
 * live collector adds nothing to them.
 */
const PLAYER = {
  name: 'BuckCamper',
  kills: 176,
  deaths: 41,
  score: 387,
  rounds: 12,
  /** 198 minutes. */
  playTime: '3h 18m',
  bestScores: 12,
  best: { score: 83, kills: 40, deaths: 6, map: 'Battleaxe', server: 'Sunday Soldiers | No Rules | EU' },
  /** His first server, and his maps on it in the last 30 days, by score. */
  server: {
    name: 'Sunday Soldiers | No Rules | EU',
    maps: ['battleaxe', 'battle_of_britain', 'bocage', 'omaha_beach', 'berlin'],
    scores: [83, 75, 49, 10, 8],
    kills: [40, 33, 23, 5, 4],
  },
} as const;

async function expectProfileLoaded(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === profilePath(name));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Recent Battles' })).toBeVisible();
  // Site-statistics §2: "Compare Player link to /players/compare?player1={name}".
  await expect(page.getByRole('link', { name: 'Compare Player' })).toHaveAttribute(
    'href',
    `/players/compare?${new URLSearchParams({ player1: name })}`,
  );
}

/**
 * A player of the seeded world whose stored name is a clan tag and cp1251 mojibake (as the feed sends a Cyrillic
 * name). Read from GET /stats/Players/search?query=[RUS] (its playerName and displayName).
 */
const TAGGED_CYRILLIC = {
  stored: '[RUS]ÇëîéÁîåö',
  shown: '[RUS]ЗлойБоец',
  /** A Cyrillic query from the shown name's letters. */
  query: 'Злой',
} as const;

function isOrdered(values: number[], direction: 'asc' | 'desc'): boolean {
  return values.every((value, index) => {
    const previous = values[index - 1];
    return previous === undefined || (direction === 'asc' ? previous <= value : previous >= value);
  });
}

/** The maps of the Map Performance table, in row order, as their links name them. */
function readMapNames(dialog: Locator): Promise<string[]> {
  return dialog
    .getByTestId('map-row')
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => new URL(link.getAttribute('href') ?? '', 'http://frontline.test').searchParams.get('map')),
    )
    .then((maps) => maps.map((map) => map ?? ''));
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

  test("the server browser's search box leads to a player's profile", async ({ page }) => {
    const { name } = PLAYER;
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

  test('Find Players lists who is online, filters by name, and a row opens the profile', async ({ page }) => {
    const { name } = PLAYER;
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
    // He left the world hours before the run started.
    await expect(row).toContainText('Offline');

    // Sorting by PLAYER starts ascending and goes back to page 1; the filter stays.
    await page.getByRole('button', { name: 'Player', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('sortBy') === 'playerName');
    expect(new URL(page.url()).searchParams.get('sortOrder')).toBe('asc');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await row.getByRole('link', { name, exact: true }).click();
    await expectProfileLoaded(page, name);
  });

  test('Best Scores: six cards, View All, and the three tabs', async ({ page }) => {
    await page.goto(profilePath(PLAYER.name));
    const section = page.getByRole('region', { name: 'Best Scores' });
    const cards = section.getByTestId('best-score-card');
    await expect(cards).toHaveCount(6);
    // The best first: its score, map and server.
    const best = cards.first();
    await expect(best.getByText(String(PLAYER.best.score), { exact: true })).toBeVisible();
    await expect(best.getByText(String(PLAYER.best.kills), { exact: true })).toBeVisible();
    await expect(best).toContainText(PLAYER.best.map, { ignoreCase: true });
    await expect(best).toContainText(PLAYER.best.server);
    await expect(best).toHaveAttribute('href', /^\/rounds\/[^/]+\/report/);

    await section.getByRole('button', { name: `View All ${PLAYER.bestScores} Scores`, exact: true }).click();
    await expect(cards).toHaveCount(PLAYER.bestScores);

    // His rounds are a few hours old at most: every window holds them all, and opens on its best six again.
    for (const tab of ['30 Days', 'This Week', 'All Time']) {
      await section.getByRole('tab', { name: tab }).click();
      await expect(section.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(cards).toHaveCount(6);
      await expect(cards.first()).toContainText(PLAYER.best.server);
    }
    await cards.first().click();
    await expect(page).toHaveURL(/\/rounds\/[^/]+\/report/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PLAYER.best.map);
  });

  test('Favorite Battlegrounds opens the Map Performance modal: sorting, ranges, links, close', async ({ page }) => {
    const { name, server } = PLAYER;
    await page.goto(profilePath(name));
    await page
      .getByRole('region', { name: 'Favorite Battlegrounds' })
      .getByRole('button', { name: `View Maps of ${server.name}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: /Map Performance/ });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expect(dialog.getByTestId('map-row')).toHaveCount(server.maps.length);

    // Default score descending; the same column toggles; a new column starts descending.
    const scoreHeader = dialog.getByRole('columnheader', { name: 'Score' });
    await expect(scoreHeader).toHaveAttribute('aria-sort', 'descending');
    expect(await readMapNames(dialog)).toEqual(server.maps);
    expect(await readMapColumn(dialog, 'totalScore')).toEqual(server.scores);
    await dialog.getByRole('button', { name: 'Score', exact: true }).click();
    await expect(scoreHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(await readMapColumn(dialog, 'totalScore')).toEqual([...server.scores].reverse());
    await dialog.getByRole('button', { name: 'Kills', exact: true }).click();
    await expect(dialog.getByRole('columnheader', { name: 'Kills' })).toHaveAttribute('aria-sort', 'descending');
    expect(await readMapColumn(dialog, 'totalKills')).toEqual(server.kills);
    await dialog.getByRole('button', { name: 'Sessions', exact: true }).click();
    expect(isOrdered(await readMapColumn(dialog, 'sessions'), 'desc')).toBe(true);

    // §2 "Map row links to sessions filtered by map and server": the player's sessions there.
    await dialog.getByRole('button', { name: 'Score', exact: true }).click();
    const mapLink = dialog.getByTestId('map-row').first().getByRole('link');
    const href = new URL((await mapLink.getAttribute('href')) ?? '', 'http://frontline.test');
    expect(href.pathname).toBe(`/players/${encodeURIComponent(name)}/sessions`);
    expect(href.searchParams.get('server')).toBe(server.name);
    expect(href.searchParams.get('map')).toBe(server.maps[0]);

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
      // The calendar years depend on the day the tests run (the history is the day before); 30 days always hold it.
      if (range === 'Last30Days') await expect(dialog.getByTestId('map-row')).toHaveCount(server.maps.length);
      else {
        await expect(
          dialog
            .getByTestId('map-row')
            .first()
            .or(dialog.getByText('No map statistics available for the selected time range')),
        ).toBeVisible();
      }
    }

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('a Cyrillic name behind a clan tag is found from Cyrillic and shown decoded, in its own letter case', async ({
    page,
  }) => {
    const player = TAGGED_CYRILLIC;
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

  test('the profile says what its figures cover, and shows nothing of what is not built yet', async ({ page }) => {
    const { name } = PLAYER;
    await page.goto(profilePath(name));
    await expectProfileLoaded(page, name);
    // His totals, the header's (the first on the page; each server card has its own).
    const headerFigure = (label: string) => page.locator(`dt:text-is("${label}") + dd`).first();
    await expect(headerFigure('Kills')).toHaveText(String(PLAYER.kills));
    await expect(headerFigure('Deaths')).toHaveText(String(PLAYER.deaths));
    await expect(headerFigure('Score')).toHaveText(String(PLAYER.score));
    await expect(headerFigure('Rounds')).toHaveText(String(PLAYER.rounds));
    // §9: play time "Nh Mm" under a day, else days and hours; never a bare "8h".
    await expect(headerFigure('Play time')).toHaveText(PLAYER.playTime);
    // The date is the run's (the history ends when the run starts).
    await expect(page.locator('dt:text-is("First played") + dd')).toHaveText(/\d{4}/);

    const bestScores = page.getByRole('region', { name: 'Best Scores' });
    await bestScores.getByRole('tab', { name: 'This Week' }).click();
    await expect(bestScores).toContainText('This Week: today and the 6 days before, UTC');
    await expect(page.getByRole('region', { name: 'Activity by Hour' })).toContainText(
      'this week (today and the 6 days before, UTC)',
    );
    await expect(page.getByRole('region', { name: 'Performance Analytics' })).toContainText(
      `${PLAYER.rounds} rounds since `,
    );

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

  test('Find Players and a profile fit 375 px', async ({ page }) => {
    const { name, server } = PLAYER;
    await page.goto('/players');
    await expect(page.getByTestId('player-row').first().or(page.getByTestId('player-search-hint'))).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(profilePath(name));
    await expect(page.getByRole('region', { name: 'Favorite Battlegrounds' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: `View Maps of ${server.name}`, exact: true }).click();
    await expect(page.getByRole('dialog', { name: /Map Performance/ }).getByTestId('map-row')).toHaveCount(
      server.maps.length,
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
