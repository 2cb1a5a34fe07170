import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Server sessions" ("Sessions grouped by map then round, collapsible. Each round has a
// leaderboard with medals, player, score, K, D, K/D, time, and a View Round Report button. Filters for map,
// server, game type (options from loaded items), multi-player filter chips with autocomplete, and a checkbox
// 'Show only filtered players in results' when players are selected") and "Player sessions" ("flat list of
// cards ... Card click opens the round report. A separator 'N hours later', '1 day later', 'N days later'
// appears between sessions at least 2 hours apart"); §4 "Sessions: state synced to query; default sort endTime
// descending"; §7 GET /stats/rounds. Frontline's choices: filter options over every matching round (not the
// loaded page), empty rounds hidden unless asked, separators worded for a newest-first list ('N hours
// earlier'). The demo's world moves while the tests run (rounds open and close every
// poll), so the page is compared with the answer it was given, and the API is asked only for what the page
// must agree with.

interface ApiSession {
  sessionId: number;
  roundId: string;
  playerName: string;
  startTime: string;
  endTime: string;
}

interface ApiRound {
  roundId: string;
  serverName: string;
  mapName: string;
  participantCount: number;
  players: ApiSession[];
}

interface RoundsAnswer {
  items: ApiRound[];
  totalItems: number;
}

interface FilterOptionsAnswer {
  maps: string[];
  gameTypes: string[];
  servers: { serverName: string; gameId: string }[];
}

interface PlayerSessionsAnswer {
  items: ApiSession[];
  totalItems: number;
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const HOUR_MS = 3_600_000;

/** Names typed into the search box: plain, and short enough to be shown whole (§9: 25 characters). */
const TYPEABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{3,24}$/;

const serverSessionsPath = (serverName: string) => `/servers/${encodeURIComponent(serverName)}/sessions`;
const playerSessionsPath = (playerName: string) => `/players/${encodeURIComponent(playerName)}/sessions`;

async function fetchRounds(request: APIRequestContext, params: [string, string][]): Promise<RoundsAnswer> {
  const response = await request.get(`/stats/rounds?${new URLSearchParams(params).toString()}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as RoundsAnswer;
}

/**
 * A server and two players who fought together in some of its rounds but not all, so that filtering by both
 * visibly narrows the list.
 */
async function choosePair(request: APIRequestContext): Promise<{ serverName: string; players: [string, string] }> {
  const busiest = await fetchRounds(request, [
    ['pageSize', '50'],
    ['sortBy', 'participantCount'],
    ['sortOrder', 'desc'],
  ]);
  for (const round of busiest.items) {
    const names = round.players.map((player) => player.playerName).filter((name) => TYPEABLE_NAME.test(name));
    const [first, second] = names;
    if (!first || !second) continue;
    const all = await fetchRounds(request, [['serverName', round.serverName]]);
    const both = await fetchRounds(request, [
      ['serverName', round.serverName],
      ['playerNames', first],
      ['playerNames', second],
    ]);
    if (both.totalItems > 0 && both.totalItems < all.totalItems) {
      return { serverName: round.serverName, players: [first, second] };
    }
  }
  throw new Error('no demo round has two typeable players who also played apart');
}

const isRoundsCall = (response: Response) => new URL(response.url()).pathname === '/stats/rounds';

/** The rounds on the page, in page order, each with its leaderboard's players (stored names). */
function readRounds(page: Page): Promise<{ roundId: string; map: string; players: string[] }[]> {
  return page.getByTestId('round').evaluateAll((rounds) =>
    rounds.map((round) => ({
      roundId: (round as HTMLElement).dataset.roundId ?? '',
      map: round.closest<HTMLElement>('[data-testid="map-group"]')?.dataset.map ?? '',
      players: Array.from(round.querySelectorAll<HTMLElement>('[data-testid="leaderboard-row"]')).map(
        (row) => row.dataset.player ?? '',
      ),
    })),
  );
}

async function choosePlayerChip(page: Page, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Players in the round' });
  await box.fill(name);
  await page
    .getByRole('listbox', { name: 'Players in the round' })
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .click();
  await expect(page.getByTestId('player-chip').filter({ hasText: name })).toBeVisible();
}

/**
 * The separators the spec asks for, from the API's sessions (newest first): break ≥ 2 h, whole hours/days, worded
 * to read down the list (the session below came earlier).
 */
function expectedSeparators(sessions: ApiSession[]): { afterRoundId: string; label: string }[] {
  return sessions.flatMap((newer, index) => {
    const older = sessions[index + 1];
    if (!older) return [];
    const hours = Math.floor((Date.parse(newer.startTime) - Date.parse(older.endTime)) / HOUR_MS);
    if (hours < 2) return [];
    const days = Math.floor(hours / 24);
    const label = hours < 24 ? `${hours} hours earlier` : days === 1 ? '1 day earlier' : `${days} days earlier`;
    return [{ afterRoundId: newer.roundId, label }];
  });
}

/** A player whose first page of sessions has a break of 2 hours or more between two of them. */
async function choosePlayerWithBreak(request: APIRequestContext): Promise<string> {
  const list = await request.get('/stats/players', {
    params: { page: 1, pageSize: 100, sortBy: 'lastSeen', sortOrder: 'desc' },
  });
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { playerName: string }[] };
  for (const { playerName } of items.filter((item) => TYPEABLE_NAME.test(item.playerName)).slice(0, 40)) {
    const answer = await request.get(`/stats${playerSessionsPath(playerName)}`);
    if (!answer.ok()) continue;
    const { items: sessions } = (await answer.json()) as PlayerSessionsAnswer;
    if (expectedSeparators(sessions).length > 0) return playerName;
  }
  throw new Error('no demo player has two sessions 2 hours apart on their first page');
}

test.describe('server sessions', () => {
  test.use({ viewport: DESKTOP });

  let serverName = '';
  let players: [string, string] = ['', ''];
  test.beforeAll(async ({ request }) => {
    ({ serverName, players } = await choosePair(request));
  });

  test('shows the rounds grouped by map, newest end first, each with its leaderboard', async ({ page }) => {
    const answered = page.waitForResponse(isRoundsCall);
    await page.goto(serverSessionsPath(serverName));
    const call = await answered;
    const asked = new URL(call.url()).searchParams;
    // §4: "default sort endTime descending"; the route's server is the filter.
    expect(asked.get('serverName')).toBe(serverName);
    expect(asked.get('sortBy')).toBe('endTime');
    expect(asked.get('sortOrder')).toBe('desc');
    const answer = (await call.json()) as RoundsAnswer;
    await expect(page.getByTestId('round')).toHaveCount(answer.items.length);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${serverName} Player Sessions`, {
      ignoreCase: true,
    });

    // Grouped by map in the order maps first appear, each group's rounds in the answer's order.
    const shown = await readRounds(page);
    const maps = [...new Set(answer.items.map((round) => round.mapName))];
    const expectedOrder = maps.flatMap((map) => answer.items.filter((round) => round.mapName === map));
    expect(shown.map((round) => round.roundId)).toEqual(expectedOrder.map((round) => round.roundId));
    expect(shown.map((round) => round.map)).toEqual(expectedOrder.map((round) => round.mapName));
    await expect(page.getByTestId('map-group')).toHaveCount(maps.length);

    // Each leaderboard: the round's players best first (the top ten until 'Show all'), medals on the podium.
    for (const [index, round] of expectedOrder.entries()) {
      expect(shown[index]?.players).toEqual(round.players.slice(0, 10).map((player) => player.playerName));
    }
    const firstRound = page.getByTestId('round').first();
    if (expectedOrder[0]!.players.length > 0) {
      await expect(firstRound.getByTestId('leaderboard-row').first().getByLabel('1, gold medal')).toBeVisible();
    }

    // A map group folds away by its heading (§4 "groups collapse by toggle").
    const group = page.getByTestId('map-group').first();
    const toggle = group.getByRole('heading', { level: 2 }).getByRole('button');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(group.getByTestId('round').first()).toBeHidden();
  });

  test('two player chips leave only the rounds with both; "only filtered players" limits the rows; the URL keeps it all', async ({
    page,
    request,
  }) => {
    const [first, second] = players;
    await page.goto(serverSessionsPath(serverName));
    await expect(page.getByTestId('round').first()).toBeVisible();

    await choosePlayerChip(page, first);
    const bothAnswered = page.waitForResponse(
      (response) => isRoundsCall(response) && new URL(response.url()).searchParams.getAll('playerNames').length === 2,
    );
    await choosePlayerChip(page, second);
    const both = (await (await bothAnswered).json()) as RoundsAnswer;
    await expect(page).toHaveURL((url) => url.searchParams.getAll('playerNames').join('|') === `${first}|${second}`);

    // The same rounds the API gives for both names, and each of them has both players in its leaderboard.
    const fromApi = await fetchRounds(request, [
      ['serverName', serverName],
      ['playerNames', first],
      ['playerNames', second],
      ['sortBy', 'endTime'],
      ['sortOrder', 'desc'],
    ]);
    await expect(page.getByTestId('round')).toHaveCount(both.items.length);
    const shown = await readRounds(page);
    expect(new Set(shown.map((round) => round.roundId))).toEqual(new Set(both.items.map((round) => round.roundId)));
    // Rounds appear and close while the test runs; the two answers must still name the same rounds.
    expect(new Set(fromApi.items.map((round) => round.roundId))).toEqual(
      new Set(both.items.map((round) => round.roundId)),
    );
    const highlighted = page.locator('[data-testid="leaderboard-row"][data-highlighted]');
    await expect(highlighted).toHaveCount(both.items.length * 2);

    // 'Show only filtered players in results' → onlySpecifiedPlayers=true: each leaderboard is the two players.
    const onlyAnswered = page.waitForResponse(
      (response) =>
        isRoundsCall(response) && new URL(response.url()).searchParams.get('onlySpecifiedPlayers') === 'true',
    );
    // A click, not check(): the box shows the URL's state, which the click changes a render later.
    const onlyFiltered = page.getByRole('checkbox', { name: 'Show only filtered players in results' });
    await onlyFiltered.click();
    await expect(onlyFiltered).toBeChecked();
    await onlyAnswered;
    await expect(page).toHaveURL((url) => url.searchParams.get('onlySpecifiedPlayers') === 'true');
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(both.items.length * 2);
    for (const round of await readRounds(page)) expect([...round.players].sort()).toEqual([first, second].sort());

    // A reload restores the same state from the URL.
    await page.reload();
    await expect(page.getByTestId('player-chip')).toHaveText([first, second]);
    await expect(page.getByRole('checkbox', { name: 'Show only filtered players in results' })).toBeChecked();
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(both.items.length * 2);

    // View Round Report passes the filtered players for the report to highlight.
    const round = page.getByTestId('round').first();
    const roundId = (await round.getAttribute('data-round-id')) ?? '';
    await round.getByRole('link', { name: 'View Round Report' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === `/rounds/${roundId}/report` && url.searchParams.get('players') === `${first},${second}`,
    );
  });

  test("the map filter offers every map of the server's rounds, narrows the list and retitles the page", async ({
    page,
  }) => {
    const choices = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/stats/rounds/filter-options',
    );
    await page.goto(serverSessionsPath(serverName));
    const served = (await (await choices).json()) as FilterOptionsAnswer;
    await expect(page.getByTestId('round').first()).toBeVisible();
    const mapSelect = page.getByLabel('Map', { exact: true });
    const shownMaps = new Set((await readRounds(page)).map((round) => round.map));
    // Every map played on the server, not only the first page's (plus any the page shows).
    const expectedMaps = [...new Set([...served.maps, ...shownMaps])].sort((a, b) => a.localeCompare(b));
    await expect
      .poll(() =>
        mapSelect
          .locator('option')
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean)),
      )
      .toEqual(expectedMaps);
    for (const map of shownMaps) expect(served.maps).toContain(map);
    const maps = expectedMaps;

    const map = maps[0]!;
    await mapSelect.selectOption(map);
    await expect(page).toHaveURL((url) => url.searchParams.get('mapName') === map);
    await expect(page.getByTestId('map-group')).toHaveCount(1);
    await expect(page.getByTestId('map-group')).toHaveAttribute('data-map', map);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${serverName} - `, { ignoreCase: true });
    await expect(page).toHaveTitle(/ Sessions \| Frontline$/);
  });
});

test.describe('server sessions: empty rounds and unknown servers', () => {
  test.use({ viewport: DESKTOP });

  test('rounds nobody played are hidden until "Show empty rounds", kept in the URL', async ({ page, request }) => {
    // A server with an empty round (no player ever seen) among its rounds.
    const emptiest = await fetchRounds(request, [
      ['includeEmpty', 'true'],
      ['sortBy', 'participantCount'],
      ['sortOrder', 'asc'],
      ['pageSize', '10'],
      ['includePlayers', 'false'],
    ]);
    const emptyRound = emptiest.items.find((round) => round.participantCount === 0);
    expect(emptyRound, 'a demo round nobody played').toBeDefined();
    const server = emptyRound!.serverName;

    const played = page.waitForResponse(isRoundsCall);
    await page.goto(serverSessionsPath(server));
    const playedCall = await played;
    expect(new URL(playedCall.url()).searchParams.has('includeEmpty')).toBe(false);
    const playedAnswer = (await playedCall.json()) as RoundsAnswer;
    expect(playedAnswer.items.every((round) => round.players.length > 0)).toBe(true);

    const all = page.waitForResponse(
      (response) => isRoundsCall(response) && new URL(response.url()).searchParams.get('includeEmpty') === 'true',
    );
    await page.getByRole('checkbox', { name: 'Show empty rounds' }).click();
    const allAnswer = (await (await all).json()) as RoundsAnswer;
    await expect(page).toHaveURL((url) => url.searchParams.get('includeEmpty') === 'true');
    expect(allAnswer.totalItems).toBeGreaterThan(0);
    await expect(page.getByTestId('round')).toHaveCount(allAnswer.items.length);
    // The page's count says how many rounds there are with the empty ones.
    await expect(
      page.getByText(new RegExp(`of ${allAnswer.totalItems.toLocaleString('en-US')} rounds?$`)),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Show empty rounds' })).toBeChecked();
  });

  test("an unknown server's sessions say the server is unknown, not that it has no rounds", async ({ page }) => {
    const answered = page.waitForResponse(isRoundsCall);
    await page.goto(serverSessionsPath('No Such Server 1942'));
    expect((await answered).status()).toBe(404);
    await expect(page.getByTestId('unknown-subject')).toContainText('Unknown server');
    await expect(page.getByTestId('unknown-subject')).toContainText('No Such Server 1942');
    await expect(page.getByText('No Combat Records Found')).toHaveCount(0);
  });
});

test.describe('server sessions on a phone', () => {
  test.use({ viewport: PHONE });

  test('leaderboard names are shown whole (up to 25 characters), wrapping rather than cut', async ({
    page,
    request,
  }) => {
    const busiest = await fetchRounds(request, [
      ['pageSize', '10'],
      ['sortBy', 'participantCount'],
      ['sortOrder', 'desc'],
    ]);
    const serverName = busiest.items[0]!.serverName;
    await page.goto(serverSessionsPath(serverName));
    const rows = page.getByTestId('leaderboard-row');
    await expect(rows.first()).toBeVisible();
    const cells = await rows.evaluateAll((list) =>
      list.map((row) => {
        const link = row.querySelector('td:nth-child(2) a') as HTMLElement;
        const cell = row.querySelector('td:nth-child(2)') as HTMLElement;
        return {
          name: (row as HTMLElement).dataset.player ?? '',
          text: link.textContent ?? '',
          fits: cell.scrollWidth <= cell.clientWidth,
        };
      }),
    );
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell.fits).toBe(true);
      // Plain names of at most 25 characters appear in full (§9 cuts longer ones with an ellipsis).
      if (TYPEABLE_NAME.test(cell.name)) expect(cell.text).toBe(cell.name);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('player sessions', () => {
  test.use({ viewport: DESKTOP });

  let playerName = '';
  test.beforeAll(async ({ request }) => {
    playerName = await choosePlayerWithBreak(request);
  });

  test('lists the sessions as cards newest first, with the separators the API data calls for', async ({ page }) => {
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/stats${playerSessionsPath(playerName)}`,
    );
    await page.goto(playerSessionsPath(playerName));
    const { items } = (await (await answered).json()) as PlayerSessionsAnswer;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${playerName}'s Combat History`, {
      ignoreCase: true,
    });
    await expect(page).toHaveTitle(`${playerName}'s Combat History | Frontline`);

    const cards = page.getByTestId('session-card');
    await expect(cards).toHaveCount(items.length);
    const starts = items.map((session) => Date.parse(session.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(await cards.evaluateAll((list) => list.map((card) => (card as HTMLElement).dataset.roundId))).toEqual(
      items.map((session) => session.roundId),
    );

    // Each separator sits right after the newer of its two sessions, with the spec's wording.
    const expected = expectedSeparators(items);
    expect(expected.length).toBeGreaterThan(0);
    const separators = await page.getByTestId('session-gap').evaluateAll((gaps) =>
      gaps.map((gap) => ({
        afterRoundId: (gap.previousElementSibling as HTMLElement | null)?.dataset.roundId ?? '',
        label: (gap.textContent ?? '').trim(),
      })),
    );
    expect(separators).toEqual(expected);
  });

  test("the map and server filters offer every map and server of the player's rounds", async ({ page }) => {
    const choices = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/stats/rounds/filter-options',
    );
    await page.goto(playerSessionsPath(playerName));
    const call = await choices;
    expect(new URL(call.url()).searchParams.getAll('playerNames')).toEqual([playerName]);
    const served = (await call.json()) as FilterOptionsAnswer;
    await expect(page.getByTestId('session-card').first()).toBeVisible();
    const values = (label: string) =>
      page
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    const cards = await page.getByTestId('session-card').count();
    expect(cards).toBeGreaterThan(0);
    await expect
      .poll(() => values('Server'))
      .toEqual(expect.arrayContaining(served.servers.map((server) => server.serverName)));
    await expect.poll(() => values('Map')).toEqual(expect.arrayContaining(served.maps));
  });

  test('a click on a card opens its round report, highlighting the player', async ({ page }) => {
    await page.goto(playerSessionsPath(playerName));
    const card = page.getByTestId('session-card').first();
    await expect(card).toBeVisible();
    const roundId = (await card.getAttribute('data-round-id')) ?? '';
    // The card's middle (its figures at this width), not a link of its own: the whole card is the report's link.
    await card.click();
    await expect(page).toHaveURL(
      (url) => url.pathname === `/rounds/${roundId}/report` && url.searchParams.get('players') === playerName,
    );
  });
});
