import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Server sessions" ("Sessions grouped by map then round, collapsible. Each round has a
// leaderboard with medals, player, score, K, D, K/D, time, and a View Round Report button. Filters for map,
// server, game type (options from loaded items), multi-player filter chips with autocomplete, and a checkbox
// 'Show only filtered players in results' when players are selected") and "Player sessions" ("flat list of
// cards ... Card click opens the round report. A separator 'N hours later', '1 day later', 'N days later'
// appears between sessions at least 2 hours apart"); §4 "Sessions: state synced to query; default sort endTime
// descending"; §7 GET /stats/rounds. Frontline's choices: filter options over every matching round (not the
// loaded page), empty rounds hidden unless asked, separators in the spec's words with an arrow up for a
// newest-first list ('↑ N hours later'). The server and the players are the seeded world's (support/seeded-world.ts), with what it gives
// them; pages are also compared with the answers they were given.

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

/**
 * A Vietnam server of the seeded world that nobody plays on from 40 minutes before the end of the history until
 * 27 minutes after it (a run takes a few), so the live collector adds no played round to it, only empty ones,
 * hidden by default. Read
 * from GET /stats/rounds?serverName=… and /stats/rounds/filter-options?serverName=… when this was written.
 */
const QUIET_SERVER = {
  name: '-=TBF=- BFV Public',
  playedRounds: 39,
  maps: [
    'ho_chi_minh_trail',
    'hue',
    'ia_drang',
    'landing_zone_albany',
    'operation_flaming_dart',
    'quang_tri',
    'saigon_1968',
  ],
  /** Two of its players who fought together in some of its rounds, not all; both offline for two hours after the end. */
  pair: ['SgtGarand', 'da_garand5'],
  roundsOfThePair: 4,
} as const;

/** The world's busiest server: full all evening, with long leaderboards. */
const BUSY_SERVER = 'Sunday Soldiers | No Rules | EU';

/**
 * A player of the seeded world with ten sessions on three servers and two breaks of two hours or more between
 * them: after his 2nd session (newest first) 4 hours, after his 6th 12 hours (the hours between sessions do not
 * move with the run). Read from GET /stats/players/Fat_Tank1990/sessions and /stats/rounds/filter-options.
 */
const PLAYER_WITH_BREAKS = {
  name: 'Fat_Tank1990',
  sessions: 10,
  breaks: [
    { afterSession: 2, label: '↑ 4 hours later' },
    { afterSession: 6, label: '↑ 12 hours later' },
  ],
  servers: ['Sunday Soldiers | No Rules | EU', '[BFC] CTF Fun [BR]', '|GG| Coop Noobs'],
  maps: [
    'battle_of_britain',
    'battle_of_the_bulge',
    'berlin',
    'bocage',
    'kharkov',
    'kursk',
    'omaha_beach',
    'stalingrad',
    'tobruk',
    'wake',
  ],
} as const;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** Names typed into the search box: plain, and short enough to be shown whole (§9: 25 characters). */
const TYPEABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{3,24}$/;

const serverSessionsPath = (serverName: string) => `/servers/${encodeURIComponent(serverName)}/sessions`;
const playerSessionsPath = (playerName: string) => `/players/${encodeURIComponent(playerName)}/sessions`;

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

test.describe('server sessions', () => {
  test.use({ viewport: DESKTOP });

  const serverName = QUIET_SERVER.name;
  const players = QUIET_SERVER.pair;

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
    expect(answer.totalItems).toBe(QUIET_SERVER.playedRounds);
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

    // The rounds the two played together, each with both players in its leaderboard, highlighted.
    expect(both.totalItems).toBe(QUIET_SERVER.roundsOfThePair);
    await expect(page.getByTestId('round')).toHaveCount(QUIET_SERVER.roundsOfThePair);
    const shown = await readRounds(page);
    expect(new Set(shown.map((round) => round.roundId))).toEqual(new Set(both.items.map((round) => round.roundId)));
    for (const round of shown) expect(round.players).toEqual(expect.arrayContaining([first, second]));
    const highlighted = page.locator('[data-testid="leaderboard-row"][data-highlighted]');
    await expect(highlighted).toHaveCount(QUIET_SERVER.roundsOfThePair * 2);

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
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(QUIET_SERVER.roundsOfThePair * 2);
    for (const round of await readRounds(page)) expect([...round.players].sort()).toEqual([first, second].sort());

    // A reload restores the same state from the URL.
    await page.reload();
    await expect(page.getByTestId('player-chip')).toHaveText([first, second]);
    await expect(page.getByRole('checkbox', { name: 'Show only filtered players in results' })).toBeChecked();
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(QUIET_SERVER.roundsOfThePair * 2);

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
    expect(served.maps).toEqual(QUIET_SERVER.maps);
    await expect(page.getByTestId('round').first()).toBeVisible();
    // Every map played on the server (its whole rotation), not only the first page's.
    const mapSelect = page.getByLabel('Map', { exact: true });
    await expect
      .poll(() =>
        mapSelect
          .locator('option')
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean)),
      )
      .toEqual(QUIET_SERVER.maps);

    const map = QUIET_SERVER.maps[0];
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

  test('rounds nobody played are hidden until "Show empty rounds", kept in the URL', async ({ page }) => {
    // Nobody has played on the quiet server since 40 minutes before the history ended: its last rounds are empty.
    const server = QUIET_SERVER.name;

    const played = page.waitForResponse(isRoundsCall);
    await page.goto(serverSessionsPath(server));
    const playedCall = await played;
    expect(new URL(playedCall.url()).searchParams.has('includeEmpty')).toBe(false);
    const playedAnswer = (await playedCall.json()) as RoundsAnswer;
    expect(playedAnswer.totalItems).toBe(QUIET_SERVER.playedRounds);
    expect(playedAnswer.items.every((round) => round.players.length > 0)).toBe(true);

    const all = page.waitForResponse(
      (response) => isRoundsCall(response) && new URL(response.url()).searchParams.get('includeEmpty') === 'true',
    );
    await page.getByRole('checkbox', { name: 'Show empty rounds' }).click();
    const allAnswer = (await (await all).json()) as RoundsAnswer;
    await expect(page).toHaveURL((url) => url.searchParams.get('includeEmpty') === 'true');
    // How many more depends on how long the world has gone on since (a round every half hour or so).
    expect(allAnswer.totalItems).toBeGreaterThan(QUIET_SERVER.playedRounds);
    expect(allAnswer.items.some((round) => round.participantCount === 0)).toBe(true);
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

  test('leaderboard names are shown whole (up to 25 characters), wrapping rather than cut', async ({ page }) => {
    await page.goto(serverSessionsPath(BUSY_SERVER));
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

  const playerName = PLAYER_WITH_BREAKS.name;

  test('lists the sessions as cards newest first, with a separator after each break of 2 hours or more', async ({
    page,
  }) => {
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

    // Each separator sits right after the newer of its two sessions, with the spec's wording ('N hours later') and an
    // arrow up: the session above began that long after the one below ended.
    expect(items).toHaveLength(PLAYER_WITH_BREAKS.sessions);
    const roundIds = items.map((session) => session.roundId);
    const separators = await page.getByTestId('session-gap').evaluateAll((gaps) =>
      gaps.map((gap) => ({
        afterRoundId: (gap.previousElementSibling as HTMLElement | null)?.dataset.roundId ?? '',
        label: (gap.textContent ?? '').trim(),
      })),
    );
    expect(
      separators.map(({ afterRoundId, label }) => ({ afterSession: roundIds.indexOf(afterRoundId) + 1, label })),
    ).toEqual(PLAYER_WITH_BREAKS.breaks);
  });

  test("the map and server filters offer every map and server of the player's rounds", async ({ page }) => {
    const choices = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/stats/rounds/filter-options',
    );
    await page.goto(playerSessionsPath(playerName));
    const call = await choices;
    expect(new URL(call.url()).searchParams.getAll('playerNames')).toEqual([playerName]);
    const served = (await call.json()) as FilterOptionsAnswer;
    const sorted = (values: readonly string[]) => [...values].sort((a, b) => a.localeCompare(b));
    expect(sorted(served.servers.map((server) => server.serverName))).toEqual(sorted(PLAYER_WITH_BREAKS.servers));
    expect(sorted(served.maps)).toEqual(sorted(PLAYER_WITH_BREAKS.maps));
    await expect(page.getByTestId('session-card')).toHaveCount(PLAYER_WITH_BREAKS.sessions);
    const values = (label: string) =>
      page
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    await expect.poll(async () => sorted(await values('Server'))).toEqual(sorted(PLAYER_WITH_BREAKS.servers));
    await expect.poll(async () => sorted(await values('Map'))).toEqual(sorted(PLAYER_WITH_BREAKS.maps));
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
