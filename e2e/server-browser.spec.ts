import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Server browser", §4 "Server list" (sorting) and "Search dropdown".
// The servers and players are the seeded world's (support/seeded-world.ts): their names, addresses and passwords
// are known. How many people each server has right now follows the real clock, so orders and counts are read
// from the page itself, or from the API just before.

interface ListedServer {
  name: string;
  ip: string;
  port: number;
  /** People (bots left out). */
  numPlayers: number;
  botCount: number;
  maxPlayers: number;
  hasPassword: boolean;
  joinLink: string | null;
}

interface RenderedRow {
  name: string;
  /** People, as the Players column counts them: "16 + 4 bots/32" is 16 people. */
  players: number;
  bots: number;
  maxPlayers: number;
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** The seeded world's busiest BF1942 server, full all evening; its name has characters a path must encode. */
const BUSY_SERVER = 'Sunday Soldiers | No Rules | EU';

/** FH2 servers of the seeded world: one public with room (25 to 33 people of 64 all evening), one passworded. */
const FH2_OPEN = { name: '[Vet] FH2 Mixed Layers', ip: '203.0.113.54', port: 16567 };
const FH2_LOCKED = '[WaW] FH2 Event Server';

/**
 * Two letters that only three players of the seeded world have in their names (none of them online at the end of
 * the history or for two hours after it), newest first as the search lists them. Read from GET
 * /stats/Players/search?query=xJ, and checked against every name online in the hours around the end.
 */
const SEARCH = { query: 'xJ', players: ['xJarheadx', '[DSG].xJeepx', '.:UWLP:.xJackalx'] } as const;

function serverRows(page: Page): Locator {
  return page.getByRole('region', { name: 'Live servers' }).getByTestId('server-row');
}

function rowOf(page: Page, serverName: string): Locator {
  return serverRows(page).filter({ has: page.getByRole('link', { name: serverName, exact: true }) });
}

/** The desktop table's rows as shown: the name link's text and the "12/32" or "12 + 4 bots/32" of the Players column. */
function readRows(page: Page): Promise<RenderedRow[]> {
  return serverRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const name = row.querySelector('a[href^="/servers/"]')?.textContent ?? '';
      const fill = /^(\d+)(?: \+ (\d+) bots?)?\/(\d+)$/.exec(row.querySelectorAll('td')[1]?.textContent?.trim() ?? '');
      return {
        name,
        players: Number(fill?.[1] ?? Number.NaN),
        bots: Number(fill?.[2] ?? 0),
        maxPlayers: Number(fill?.[3] ?? Number.NaN),
      };
    }),
  );
}

/** Whether `names` are in ascending alphabetical order, compared the browser's way (locale-aware, numeric). */
function namesAscending(page: Page, names: string[]): Promise<boolean> {
  return page.evaluate((list) => {
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    return list.every((name, index) => index === 0 || collator.compare(list[index - 1] ?? '', name) <= 0);
  }, names);
}

function isNonIncreasing(values: number[]): boolean {
  return values.every((value, index) => index === 0 || (values[index - 1] ?? value) >= value);
}

function isNonDecreasing(values: number[]): boolean {
  return values.every((value, index) => index === 0 || (values[index - 1] ?? value) <= value);
}

async function openBrowser(page: Page, path = '/servers/bf1942'): Promise<void> {
  await page.goto(path);
  await expect(serverRows(page).first()).toBeVisible();
}

function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'am' : 'pm'}`;
}

/** 24 hourly bars, exactly one of them the current UTC hour (allowing for the hour turning during the test). */
async function expectForecastBars(dialog: Locator, hoursBefore: number): Promise<void> {
  const bars = dialog.getByRole('list', { name: 'Typical players by hour (UTC)' });
  await expect(bars.getByRole('listitem')).toHaveCount(24);
  const current = bars.locator('[aria-current="time"]');
  await expect(current).toHaveCount(1);
  const label = (await current.getAttribute('aria-label')) ?? '';
  const hoursNow = new Date().getUTCHours();
  const expected = [hoursBefore, hoursNow].map((hour) => `${hourLabel(hour)} UTC`);
  expect(
    expected.some((start) => label.startsWith(start)),
    `current hour bar "${label}"`,
  ).toBe(true);
  expect(label).toContain('current hour');
}

test.describe('game tabs', () => {
  test.use({ viewport: DESKTOP });

  test('BF1942 → FH2 → BFV → ALL are routes; ALL shows the servers of all three games', async ({ page }) => {
    await openBrowser(page);
    const tabs = page.getByRole('tablist', { name: 'Game' });
    await expect(tabs.getByRole('tab')).toHaveText(['All', 'BF1942', 'FH2', 'BFV']);
    await expect(tabs.getByRole('tab', { name: 'BF1942' })).toHaveAttribute('aria-selected', 'true');

    const views = [
      { tab: 'FH2', path: '/servers/fh2', heading: 'Forgotten Hope 2 servers' },
      { tab: 'BFV', path: '/servers/bfv', heading: 'Battlefield Vietnam servers' },
      { tab: 'BF1942', path: '/servers/bf1942', heading: 'Battlefield 1942 servers' },
    ];
    for (const view of views) {
      await tabs.getByRole('tab', { name: view.tab }).click();
      await expect(page).toHaveURL((url) => url.pathname === view.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(view.heading);
      await expect(tabs.getByRole('tab', { name: view.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(serverRows(page).first()).toBeVisible();
    }

    // A single game's list carries no game tags; ALL mixes the three and tags each row with its game.
    await expect(serverRows(page).getByText(/^(BF1942|FH2|BFV)$/)).toHaveCount(0);
    const singleGameRows = await serverRows(page).count();
    await tabs.getByRole('tab', { name: 'All' }).click();
    await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All servers');
    await expect(page).toHaveURL((url) => url.pathname === '/servers/all');
    await expect(page).toHaveTitle('All servers | Frontline');
    for (const game of ['BF1942', 'FH2', 'BFV']) {
      await expect(serverRows(page).getByText(game, { exact: true }).first()).toBeVisible();
    }
    // Every row of the mixed list is tagged with one of the three games.
    await expect(serverRows(page).filter({ hasNot: page.getByText(/^(BF1942|FH2|BFV)$/) })).toHaveCount(0);
    expect(await serverRows(page).count()).toBeGreaterThan(singleGameRows);
  });

  test('ALL survives a reload and comes back with Back (issue: "The ALL tab has no URL")', async ({ page }) => {
    await openBrowser(page, '/servers/fh2');
    const tabs = page.getByRole('tablist', { name: 'Game' });
    await tabs.getByRole('tab', { name: 'All' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/servers/all');
    await expect(serverRows(page).getByText('BF1942', { exact: true }).first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All servers');
    await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(serverRows(page).getByText('BFV', { exact: true }).first()).toBeVisible();

    // Off to a server and back: still ALL.
    const name = (await readRows(page))[0]?.name ?? '';
    await rowOf(page, name).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/servers/all');
    await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All servers');

    // And Back once more returns to the tab before it.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/servers/fh2');
    await expect(tabs.getByRole('tab', { name: 'FH2' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('server table', () => {
  test.use({ viewport: DESKTOP });

  test('sorted by players descending by default; header clicks toggle and start new columns in their direction', async ({
    page,
  }) => {
    await openBrowser(page);
    const playersHeader = page.getByRole('columnheader', { name: 'Players' });
    const serverHeader = page.getByRole('columnheader', { name: 'Server' });
    const players = async () => (await readRows(page)).map((row) => row.players);
    const names = async () => (await readRows(page)).map((row) => row.name);

    const initial = await readRows(page);
    expect(initial.length).toBeGreaterThan(1);
    // The comparison is only meaningful when the rows hold more than one distinct player count.
    expect(new Set(initial.map((row) => row.players)).size).toBeGreaterThan(1);

    await expect(playersHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(serverHeader).toHaveAttribute('aria-sort', 'none');
    expect(isNonIncreasing(await players()), `default order ${JSON.stringify(await players())}`).toBe(true);

    // The same column toggles.
    await playersHeader.getByRole('button').click();
    await expect(playersHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(async () => isNonDecreasing(await players())).toBe(true);
    const ascending = await players();
    expect(ascending[0]).toBeLessThan(ascending[ascending.length - 1] ?? 0);

    // A new column starts ascending (anything but numPlayers)…
    await serverHeader.getByRole('button').click();
    await expect(serverHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(playersHeader).toHaveAttribute('aria-sort', 'none');
    await expect.poll(async () => namesAscending(page, await names())).toBe(true);
    const byName = await names();
    expect(byName).toHaveLength(initial.length);
    expect(await namesAscending(page, [...byName].reverse())).toBe(false);

    // …and Players, coming back as a new column, starts descending again.
    await playersHeader.getByRole('button').click();
    await expect(playersHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(serverHeader).toHaveAttribute('aria-sort', 'none');
    await expect.poll(async () => isNonIncreasing(await players())).toBe(true);
    const descending = await players();
    expect(descending[0]).toBeGreaterThan(descending[descending.length - 1] ?? 0);
  });

  test('a row links to /servers/{name}, URL-encoded', async ({ page }) => {
    await openBrowser(page);
    const name = BUSY_SERVER;
    const link = rowOf(page, name).getByRole('link', { name, exact: true });
    const expectedPath = '/servers/Sunday%20Soldiers%20%7C%20No%20Rules%20%7C%20EU';
    expect(expectedPath).toBe(`/servers/${encodeURIComponent(name)}`);
    await expect(link).toHaveAttribute('href', expectedPath);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === expectedPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('a server at capacity shows a disabled FULL button; one with room a JOIN link', async ({ page }) => {
    // Whether the demo has a full server right now is chance, so the live answer is served with its first
    // server filled up; everything else in it is the real data.
    let fullServer: ListedServer | undefined;
    let openServer: ListedServer | undefined;
    await page.route('**/stats/liveservers/bf1942/servers', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { servers: ListedServer[] };
      const [first, ...rest] = body.servers;
      if (!first) throw new Error('the live list is empty');
      first.numPlayers = first.maxPlayers;
      first.botCount = 0;
      fullServer = first;
      openServer = rest.find((server) => server.joinLink && server.numPlayers < server.maxPlayers);
      await route.fulfill({ response, json: body });
    });
    await openBrowser(page);
    if (!fullServer || !openServer) throw new Error('no live list was served, or no server with a join link');

    const fullRow = rowOf(page, fullServer.name);
    await expect(fullRow).toHaveCount(1);
    await expect(fullRow.getByRole('cell').nth(1)).toHaveText(`${fullServer.maxPlayers}/${fullServer.maxPlayers}`);
    const full = fullRow.getByRole('button', { name: 'FULL', exact: true });
    await expect(full).toBeVisible();
    await expect(full).toBeDisabled();
    await expect(fullRow.getByRole('link', { name: 'JOIN', exact: true })).toHaveCount(0);

    const openRow = rowOf(page, openServer.name);
    const join = openRow.getByRole('link', { name: 'JOIN', exact: true });
    await expect(join).toBeVisible();
    await expect(join).toBeEnabled();
    await expect(join).toHaveAttribute('href', openServer.joinLink ?? '');
    await expect(openRow.getByRole('button', { name: 'FULL' })).toHaveCount(0);
  });

  test('people and bots are told apart ("16 + 16 bots"); a server padded with bots is not FULL', async ({ page }) => {
    // The demo's bots come and go, so the live answer is served with one joinable server half people, half bots.
    let botServer: ListedServer | undefined;
    await page.route('**/stats/liveservers/bf1942/servers', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { servers: ListedServer[] };
      botServer = body.servers.find((server) => server.joinLink && server.maxPlayers >= 4);
      if (!botServer) throw new Error('no server with a join link');
      botServer.numPlayers = botServer.maxPlayers / 2;
      botServer.botCount = botServer.maxPlayers / 2;
      await route.fulfill({ response, json: body });
    });
    await openBrowser(page);
    if (!botServer) throw new Error('no live list was served');
    const { maxPlayers, name, joinLink } = botServer;
    const row = rowOf(page, name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${maxPlayers / 2} + ${maxPlayers / 2} bots/${maxPlayers}`);
    await expect(row.getByRole('link', { name: 'JOIN', exact: true })).toHaveAttribute('href', joinLink ?? '');
    await expect(row.getByRole('button', { name: 'FULL' })).toHaveCount(0);

    // The sort by players counts people only: the rows stay in people order, bots aside.
    const rows = await readRows(page);
    expect(isNonIncreasing(rows.map((shown) => shown.players)), JSON.stringify(rows)).toBe(true);
  });

  test('FH2: JOIN opens the BF2 launcher link with the mod, TIME LEFT says how long the round has run', async ({
    page,
  }) => {
    await openBrowser(page, '/servers/fh2');
    const row = rowOf(page, FH2_OPEN.name);
    await expect(row.getByRole('link', { name: 'JOIN', exact: true })).toHaveAttribute(
      'href',
      `bf2://${FH2_OPEN.ip}:${FH2_OPEN.port}?mod=fh2`,
    );
    // Every FH2 server on a map has a round open: its time cell reads "12m in", never a countdown or a dash.
    const times = await serverRows(page).evaluateAll((rows) =>
      rows.map((row) => row.querySelectorAll('td')[4]?.textContent ?? ''),
    );
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toMatch(/^(<1m|\d+m|\d+h( \d+m)?) in$/);
    await expect(row.getByRole('cell').nth(4)).toHaveAttribute(
      'title',
      /^Round running for at least .*no time left\.$/,
    );

    await expect(rowOf(page, FH2_LOCKED).getByRole('button', { name: 'JOIN', exact: true })).toBeDisabled();
  });

  test('countries show as flag images that load, from the sprite or their own file, else as a code plate', async ({
    page,
  }) => {
    // Two servers moved to countries the demo lacks: Japan (a flag outside the sprite) and QZ (no flag at all).
    let japanServer: ListedServer | undefined;
    let unknownServer: ListedServer | undefined;
    await page.route('**/stats/liveservers/bf1942/servers', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { servers: (ListedServer & { country: string | null })[] };
      const [first, second] = body.servers;
      if (!first || !second) throw new Error('the live list has fewer than two servers');
      first.country = 'JP';
      second.country = 'QZ';
      japanServer = first;
      unknownServer = second;
      await route.fulfill({ response, json: body });
    });
    await openBrowser(page);
    if (!japanServer || !unknownServer) throw new Error('no live list was served');

    const flags = page.getByRole('region', { name: 'Live servers' }).getByTestId('country-flag');
    await expect(flags.first()).toBeVisible();
    await expect
      .poll(() => flags.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).complete).length))
      .toBe(await flags.count());
    const loaded = await flags.evaluateAll((images) =>
      images.map((image) => ({
        src: image.getAttribute('src') ?? '',
        alt: image.getAttribute('alt') ?? '',
        width: (image as HTMLImageElement).naturalWidth,
      })),
    );
    expect(loaded.length).toBeGreaterThan(5);
    for (const flag of loaded) {
      expect(flag.width, flag.src).toBeGreaterThan(0);
      expect(flag.alt, flag.src).not.toBe('');
    }
    expect(loaded.some((flag) => flag.src.includes('.svg#'))).toBe(true);

    const japan = rowOf(page, japanServer.name).getByRole('img', { name: 'Japan' });
    await expect(japan).toHaveAttribute('src', /\/jp\.svg$/);
    expect(await japan.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(rowOf(page, unknownServer.name).getByTestId('country-badge')).toHaveText('QZ');
  });

  test('the activity forecast opens as a popover on hover at 1280 px', async ({ page }) => {
    const hoursBefore = new Date().getUTCHours();
    await openBrowser(page);
    const trigger = serverRows(page)
      .first()
      .getByRole('button', { name: /^Activity Forecast for / });
    await trigger.hover();
    const popover = page.getByRole('dialog', { name: 'Activity Forecast' });
    await expect(popover).toBeVisible();
    await expect(popover).not.toHaveAttribute('aria-modal', 'true');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expectForecastBars(popover, hoursBefore);

    // Hover, not a click: moving the pointer away closes it again.
    await page.mouse.move(5, 790);
    await expect(popover).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('tapping a forecast opens the Activity Forecast dialog; Escape closes it', async ({ page }) => {
    const hoursBefore = new Date().getUTCHours();
    await openBrowser(page);
    const trigger = serverRows(page)
      .first()
      .getByRole('button', { name: /^Activity Forecast for / });
    await trigger.tap();
    const dialog = page.getByRole('dialog', { name: 'Activity Forecast' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expectForecastBars(dialog, hoursBefore);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the page never scrolls sideways, with one game or all three', async ({ page }) => {
    await openBrowser(page);
    const pageWidth = () =>
      page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All servers');
    await expect(serverRows(page).getByText('FH2', { exact: true }).first()).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);

    // With the history chart open too.
    await page.getByRole('button', { name: /^Player Activity History/ }).click();
    const panel = page.getByRole('region', { name: 'Player Activity History' });
    await expect(panel.locator('canvas').first()).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
  });
});

test('the Player Activity History panel loads its chunk and data only when first opened', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const isHistoryCall = (url: string) => url.includes('/stats/LiveServers/bf1942/players-online-history');
  const isHistoryChunk = (url: string) => /\/assets\/player-activity-history-[^/]*\.js(\?|$)/.test(url);

  await openBrowser(page);
  await page.waitForLoadState('networkidle');
  const toggle = page.getByRole('button', { name: /^Player Activity History/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'Players Online', exact: true })).toHaveCount(0);
  expect(requests.filter(isHistoryCall)).toEqual([]);
  expect(requests.filter(isHistoryChunk)).toEqual([]);

  const chunk = page.waitForRequest((request) => isHistoryChunk(request.url()));
  const firstCall = page.waitForRequest((request) => isHistoryCall(request.url()));
  await toggle.click();
  await chunk;
  expect(new URL((await firstCall).url()).searchParams.get('period')).toBe('1d');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const panel = page.getByRole('region', { name: 'Player Activity History' });
  await expect(panel.getByRole('heading', { name: 'Players Online', exact: true })).toBeVisible();
  await expect(panel.locator('canvas').first()).toBeVisible();

  const sevenDays = page.waitForRequest(
    (request: Request) => isHistoryCall(request.url()) && new URL(request.url()).searchParams.get('period') === '7d',
  );
  await panel.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7d', exact: true }).click();
  await sevenDays;
  await expect(panel.getByRole('button', { name: '7d', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('heading', { name: 'Players Online', exact: true })).toBeVisible();
  await expect(panel.locator('canvas').first()).toBeVisible();
});

test.describe('player search', () => {
  test.use({ viewport: DESKTOP });

  test('two letters of a real name list it; choosing it opens /players/{name}', async ({ page }) => {
    const [name] = SEARCH.players;
    await openBrowser(page);
    const box = page.getByRole('combobox', { name: 'Search players' });
    await box.pressSequentially(SEARCH.query);
    const options = page.getByRole('listbox', { name: 'Search players' }).getByRole('option');
    // Each with when it was last seen, after the name.
    await expect(options).toHaveCount(SEARCH.players.length);
    await expect(options).toContainText([...SEARCH.players]);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await options.filter({ has: page.getByText(name, { exact: true }) }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/players/${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('Enter searches: Find Players opens with the typed text; a highlighted suggestion opens that player', async ({
    page,
  }) => {
    await openBrowser(page);
    const box = page.getByRole('combobox', { name: 'Search players' });
    await box.pressSequentially(SEARCH.query);
    await expect(page.getByRole('listbox', { name: 'Search players' }).getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/players' && url.searchParams.get('playerName') === SEARCH.query,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Players');

    await openBrowser(page);
    await box.pressSequentially(SEARCH.query);
    const options = page.getByRole('listbox', { name: 'Search players' }).getByRole('option');
    await expect(options).toHaveCount(SEARCH.players.length);
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    // The player's own page, not the search.
    await expect(page).toHaveURL((url) => url.pathname === `/players/${encodeURIComponent(SEARCH.players[0])}`);
  });

  test('one letter searches nothing; a nonsense query says No players found', async ({ page, request }) => {
    const nonsense = 'qxzjv';
    const check = await request.get('/stats/Players/search', { params: { query: nonsense, pageSize: 10 } });
    expect(((await check.json()) as { items: unknown[] }).items).toEqual([]);

    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/stats/Players/search')) searches.push(request.url());
    });
    await openBrowser(page);
    const box = page.getByRole('combobox', { name: 'Search players' });
    const listbox = page.getByRole('listbox', { name: 'Search players' });
    const empty = page.locator('p').getByText('No players found', { exact: true });

    await box.pressSequentially('a');
    // Longer than the 300 ms debounce: a one-letter query would have been sent by now.
    await page.waitForTimeout(700);
    expect(searches).toEqual([]);
    await expect(listbox).toBeHidden();
    await expect(empty).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await box.fill('');
    const answered = page.waitForResponse((response) => response.url().includes('/stats/Players/search'));
    await box.fill(nonsense);
    await answered;
    await expect(empty).toBeVisible();
    await expect(listbox.getByRole('option')).toHaveCount(0);
    expect(searches.map((url) => new URL(url).searchParams.get('query'))).toEqual([nonsense]);
  });
});

test('the live list credits its feed', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openBrowser(page);
  const credit = page.getByRole('link', { name: 'BFList API' });
  await expect(credit).toBeVisible();
  await expect(credit).toHaveAttribute('href', 'https://bflist.io');
  await expect(credit).toHaveAttribute('target', '_blank');
  await expect(page.getByText(/Live data:\s*BFList API\s*by cetteup/)).toBeVisible();
});

test('the list, its top servers’ busy indicators and the flag sprite are preloaded with the page, each fetched once', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requested.push(url.pathname + url.search);
  });
  await openBrowser(page);
  await expect(serverRows(page).first().getByTestId('country-flag').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page as this browser loaded it (asked again, it could name other top servers: the live list moves on).
  const html = await page.evaluate(() => document.head.outerHTML);
  expect(html).toContain('rel="preload" as="fetch" crossorigin="anonymous" href="/stats/liveservers/bf1942/servers"');
  expect(html).toMatch(
    /rel="preload" as="fetch" crossorigin="anonymous" href="\/stats\/GameTrends\/busy-indicator\?serverGuids=/,
  );
  expect(html).toMatch(/rel="preload" as="image" type="image\/svg\+xml" href="\/assets\/flags-[0-9a-f]+\.svg"/);
  // A preload the app did not match would show as a second request of the same URL.
  const count = (path: string | RegExp) =>
    requested.filter((url) => (typeof path === 'string' ? url === path : path.test(url))).length;
  expect(count('/stats/liveservers/bf1942/servers')).toBe(1);
  // The top 10's busy indicators are the preloaded call; the other rows' follow it in calls of their own.
  const preloadedBusy = /href="(\/stats\/GameTrends\/busy-indicator\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect(preloadedBusy).toBeDefined();
  expect(count(preloadedBusy ?? '')).toBe(1);
  expect(count(/^\/assets\/flags-[0-9a-f]+\.svg$/)).toBe(1);
});

test('every row gets its busy indicator, past the tenth too, and a young install forecasts from what it has', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openBrowser(page);
  const rows = serverRows(page);
  expect(await rows.count()).toBeGreaterThan(10);
  // The rows past the top 10 are asked for after them: no row keeps the "Forecast" placeholder.
  await expect(rows.filter({ has: page.locator('[data-busy-level]') })).toHaveCount(await rows.count());
  // The demo has a day of history: levels rest on it rather than saying "Unknown" for weeks.
  await expect(rows.locator('[data-busy-level="unknown"]')).toHaveCount(0);
  await rows
    .nth(12)
    .getByRole('button', { name: /^Activity Forecast for / })
    .hover();
  const popover = page.getByRole('dialog', { name: 'Activity Forecast' });
  await expect(popover.getByTestId('forecast-basis')).toHaveText(/^(Rough estimate: based on|Based on this hour on) /);
});
