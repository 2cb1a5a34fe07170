import type { PlayerSearchResult, RoundFilterOptionsResponse, RoundsListResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';
import { makeRound, makeSession, minutesAgo, playerInfo, roundsAnswer } from '../lib/test-fixtures.ts';
import { ServerSessionsPage } from './server-sessions-page.tsx';

// Spec site-statistics §2 Server sessions, §4 "Sessions: state synced to query; default sort endTime descending;
// groups collapse by toggle", §5, §8, §9.

const SERVER = 'Alpha #1 / Wake';

type Reply = unknown;

const NO_CHOICES: RoundFilterOptionsResponse = { maps: [], gameTypes: [], servers: [] };

/** A fake API: every call recorded; rounds, filter choices and player search answered by their own functions. */
function stubApi({
  rounds,
  options = () => NO_CHOICES,
  search = () => ({ items: [] }),
}: {
  rounds: (query: URLSearchParams) => RoundsListResponse | { status: number };
  options?: (query: URLSearchParams) => RoundFilterOptionsResponse | { status: number };
  search?: (query: URLSearchParams) => Reply;
}) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      if (url.pathname === '/stats/Players/search') return jsonResponse(search(url.searchParams));
      const body =
        url.pathname === '/stats/rounds/filter-options' ? options(url.searchParams) : rounds(url.searchParams);
      return 'status' in body ? jsonResponse({ error: 'x', message: 'failed' }, body.status) : jsonResponse(body);
    }),
  );
  return {
    rounds: () => calls.filter((call) => call.pathname === '/stats/rounds'),
    options: () => calls.filter((call) => call.pathname === '/stats/rounds/filter-options'),
    searches: () => calls.filter((call) => call.pathname === '/stats/Players/search'),
  };
}

function BackButtonProbe() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      History back
    </button>
  );
}

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/servers/${encodeURIComponent(SERVER)}/sessions${search}`]}>
        <Routes>
          <Route path="/servers/:serverName/sessions" element={<ServerSessionsPage />} />
        </Routes>
        <LocationProbe withSearch />
        <BackButtonProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const location = () => screen.getByTestId('location').textContent ?? '';
const query = () => new URLSearchParams(location().split('?')[1] ?? '');

function searchResult(playerName: string): PlayerSearchResult {
  return {
    playerName,
    displayName: playerName,
    totalPlayTimeMinutes: 100,
    lastSeen: minutesAgo(10),
    isActive: false,
    currentServer: null,
  };
}

/** Three rounds on two maps, newest first, as the API orders them by default. */
function threeRounds() {
  const podium = [
    makeSession(1, { playerName: 'Sniper', score: 90, kills: 30, deaths: 0, durationMinutes: 65 }),
    makeSession(2, { playerName: 'Medic', score: 70, kills: 12, deaths: 8, durationMinutes: 0 }),
    makeSession(3, { playerName: 'Tanker', score: 50 }),
    makeSession(4, { playerName: 'Rookie', score: 5 }),
  ];
  return [
    makeRound('round-a', podium, { mapName: 'wake', startTime: minutesAgo(70), endTime: minutesAgo(5) }),
    makeRound('round-b', [makeSession(5, { playerName: 'Sniper' })], { mapName: 'berlin', gameType: 'ctf' }),
    makeRound('round-c', [makeSession(6, { playerName: 'Medic' })], { mapName: 'wake', startTime: minutesAgo(300) }),
  ];
}

beforeEach(() => {
  // jsdom lays nothing out and has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ServerSessionsPage', () => {
  it('asks for the server’s rounds by end time, newest first, and shows them grouped by map with leaderboards', async () => {
    const api = stubApi({ rounds: () => roundsAnswer(threeRounds()) });
    renderPage();

    const groups = await screen.findAllByTestId('map-group');
    expect(groups.map((group) => group.dataset.map)).toEqual(['wake', 'berlin']);
    expect(
      within(groups[0]!)
        .getAllByTestId('round')
        .map((round) => round.dataset.roundId),
    ).toEqual(['round-a', 'round-c']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${SERVER} Player Sessions`);
    await waitFor(() => expect(document.title).toBe(`${SERVER} Player Sessions | Frontline`));

    const call = api.rounds()[0]!.searchParams;
    expect(call.get('serverName')).toBe(SERVER);
    expect(call.get('sortBy')).toBe('endTime');
    expect(call.get('sortOrder')).toBe('desc');
    expect(call.get('pageSize')).toBe('10');

    const round = screen.getAllByTestId('round')[0]!;
    const rows = within(round).getAllByTestId('leaderboard-row');
    expect(rows.map((row) => row.dataset.player)).toEqual(['Sniper', 'Medic', 'Tanker', 'Rookie']);
    expect(within(rows[0]!).getByLabelText('1, gold medal')).toBeInTheDocument();
    expect(within(rows[2]!).getByLabelText('3, bronze medal')).toBeInTheDocument();
    expect(within(rows[3]!).queryByLabelText(/medal/)).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Sniper' })).toHaveAttribute('href', '/players/Sniper');
    // §5: K/D is the kills when there are no deaths, else two decimals; §9 durations 'Nh Mm' or '<1m'.
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual(['1', 'Sniper1h 5m', '90', '30', '0', '30', '1h 5m']);
    expect(cells(rows[1]!).slice(2)).toEqual(['70', '12', '8', '1.50', '<1m']);
    expect(within(round).getByRole('link', { name: 'View Round Report' })).toHaveAttribute(
      'href',
      '/rounds/round-a/report',
    );
  });

  it('folds a map group and a round’s leaderboard by their toggles', async () => {
    stubApi({ rounds: () => roundsAnswer(threeRounds()) });
    const { user } = renderPage();
    const [wake] = await screen.findAllByTestId('map-group');

    const roundToggle = within(wake!).getAllByRole('button', { name: /^Started/ })[0]!;
    await user.click(roundToggle);
    expect(roundToggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(wake!).getAllByTestId('leaderboard-row')).toHaveLength(1);

    const groupToggle = within(wake!).getByRole('button', { name: /wake/ });
    await user.click(groupToggle);
    expect(groupToggle).toHaveAttribute('aria-expanded', 'false');
    const rounds = document.getElementById(groupToggle.getAttribute('aria-controls') ?? '');
    expect(rounds).not.toBeVisible();
    await user.click(groupToggle);
    expect(rounds).toBeVisible();
  });

  it('shows the top ten of a long round, the rest on demand', async () => {
    const players = Array.from({ length: 14 }, (_, index) => makeSession(index + 1, { score: 100 - index }));
    stubApi({ rounds: () => roundsAnswer([makeRound('big', players)]) });
    const { user } = renderPage();
    expect(await screen.findAllByTestId('leaderboard-row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show all 14 players' }));
    expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(14);
  });

  it('filters by players chosen as chips, suggestions leaving out those already chosen (§5)', async () => {
    const everyone = ['Sniper', 'Medic', 'Tanker'].map(searchResult);
    const api = stubApi({
      // Like the API: a player's totals when exactly one is named.
      rounds: (params) =>
        roundsAnswer(threeRounds(), {
          playerInfo: params.getAll('playerNames').length === 1 ? playerInfo(params.get('playerNames')!) : null,
        }),
      search: (params) => ({ items: everyone.slice(0, Number(params.get('pageSize'))) }),
    });
    const { user } = renderPage('?page=2');
    await screen.findAllByTestId('map-group');

    const box = screen.getByRole('combobox', { name: 'Players in the round' });
    await user.type(box, 'Sn');
    await user.click(await screen.findByRole('option', { name: /^Sniper/ }));
    expect(query().getAll('playerNames')).toEqual(['Sniper']);
    // A new filter starts from page 1.
    expect(query().get('page')).toBeNull();
    await waitFor(() => expect(api.rounds().at(-1)?.searchParams.getAll('playerNames')).toEqual(['Sniper']));
    expect(api.searches()[0]?.searchParams.get('pageSize')).toBe('10');
    expect(await screen.findByTestId('player-totals')).toHaveTextContent('Sniper in these rounds');

    await user.type(box, 'Me');
    const suggestions = await screen.findByRole('listbox', { name: 'Players in the round' });
    const options = await within(suggestions).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Medic'),
      expect.stringContaining('Tanker'),
    ]);
    // One more asked for, as one is already chosen, so ten are left to show.
    expect(api.searches().at(-1)?.searchParams.get('pageSize')).toBe('11');
    await user.click(options[0]!);
    expect(query().getAll('playerNames')).toEqual(['Sniper', 'Medic']);
    await waitFor(() => expect(screen.queryByTestId('player-totals')).not.toBeInTheDocument());

    // The chosen players are highlighted in the leaderboards and passed to the round report.
    const firstRound = screen.getAllByTestId('round')[0]!;
    expect(
      within(firstRound)
        .getAllByTestId('leaderboard-row')
        .filter((row) => row.dataset.highlighted)
        .map((row) => row.dataset.player),
    ).toEqual(['Sniper', 'Medic']);
    expect(within(firstRound).getByRole('link', { name: 'View Round Report' })).toHaveAttribute(
      'href',
      '/rounds/round-a/report?players=Sniper%2CMedic',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Show only filtered players in results' }));
    expect(query().get('onlySpecifiedPlayers')).toBe('true');
    await waitFor(() => expect(api.rounds().at(-1)?.searchParams.get('onlySpecifiedPlayers')).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'Remove Sniper' }));
    await user.click(screen.getByRole('button', { name: 'Remove Medic' }));
    expect(query().toString()).toBe('');
    expect(screen.queryByRole('checkbox', { name: 'Show only filtered players in results' })).not.toBeInTheDocument();
  });

  it('filters by map from every map of the server (not only the loaded page), retitles the page, and replaces the history entry', async () => {
    const api = stubApi({
      rounds: (params) => {
        const rounds = threeRounds().filter(
          (round) => !params.get('mapName') || round.mapName === params.get('mapName'),
        );
        return roundsAnswer(rounds, { totalPages: 3, totalItems: 25 });
      },
      // Kursk was played on a later page only.
      options: () => ({
        maps: ['berlin', 'kursk', 'wake'],
        gameTypes: ['conquest', 'ctf'],
        servers: [
          { serverName: SERVER, gameId: 'bf1942' },
          { serverName: 'Bravo', gameId: 'bf1942' },
          { serverName: 'Forgotten', gameId: 'fh2' },
        ],
      }),
    });
    const { user } = renderPage();
    await screen.findAllByTestId('map-group');

    // Sorting is a step Back undoes; a filter change replaces its entry.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'durationMinutes');
    expect(query().toString()).toBe('sortBy=durationMinutes');
    const mapSelect = screen.getByLabelText('Map');
    await waitFor(() =>
      expect(
        within(mapSelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All maps', 'Berlin', 'Kursk', 'Wake']),
    );
    expect(api.options()[0]?.searchParams.toString()).toBe(new URLSearchParams({ serverName: SERVER }).toString());
    // Servers by game: a server's sessions page can open another server's.
    const serverSelect = screen.getByLabelText('Server');
    expect(
      within(serverSelect)
        .getAllByRole('group')
        .map((group) => [
          group.getAttribute('label'),
          within(group)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ]),
    ).toEqual([
      ['BF1942', [SERVER, 'Bravo'].sort((a, b) => a.localeCompare(b))],
      ['FH2', ['Forgotten']],
    ]);
    await user.selectOptions(mapSelect, 'berlin');
    expect(query().toString()).toBe('mapName=berlin&sortBy=durationMinutes');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${SERVER} - Berlin Sessions`);
    await waitFor(() => expect(document.title).toBe(`${SERVER} - Berlin Sessions | Frontline`));
    await waitFor(() => expect(api.rounds().at(-1)?.searchParams.get('mapName')).toBe('berlin'));
    // Choosing a map does not shrink the choices to that map: the map list leaves its own filter out.
    await waitFor(() => expect(screen.getAllByTestId('map-group')).toHaveLength(1));
    await waitFor(() => expect(api.options().at(-1)?.searchParams.get('mapName')).toBe('berlin'));
    expect(within(mapSelect).getAllByRole('option')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'History back' }));
    expect(query().toString()).toBe('');
  });

  it('pages and changes the page size through the URL', async () => {
    const api = stubApi({ rounds: () => roundsAnswer(threeRounds(), { totalPages: 4, totalItems: 35 }) });
    const { user } = renderPage();
    await screen.findAllByTestId('map-group');
    expect(screen.getByText('1–3 of 35 rounds')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(query().get('page')).toBe('2');
    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    expect(query().toString()).toBe('pageSize=50');
    await waitFor(() => expect(api.rounds().at(-1)?.searchParams.get('pageSize')).toBe('50'));
  });

  it("says 'No Combat Records Found', with a way out of the filters that caused it", async () => {
    stubApi({ rounds: () => roundsAnswer([], { totalPages: 0 }) });
    const { user } = renderPage('?mapName=kursk&pageSize=20');
    expect(await screen.findByText('No Combat Records Found')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Rounds' })).getByRole('button', { name: 'Clear filters' }),
    );
    expect(query().toString()).toBe('pageSize=20');
  });

  it('hides empty rounds unless "Show empty rounds" is on, kept in the URL', async () => {
    const api = stubApi({
      rounds: (params) =>
        params.get('includeEmpty') === 'true'
          ? roundsAnswer([makeRound('round-empty', [], { mapName: 'omaha', participantCount: 0 })])
          : roundsAnswer([], { totalPages: 0 }),
    });
    const { user } = renderPage('?page=2');
    // Nothing played: the empty state offers the empty rounds.
    expect(await screen.findByText('Nobody has played a round on this server yet.')).toBeInTheDocument();
    expect(api.rounds()[0]?.searchParams.has('includeEmpty')).toBe(false);
    const region = screen.getByRole('region', { name: 'Rounds' });
    await user.click(within(region).getByRole('button', { name: 'Show empty rounds' }));
    expect(query().toString()).toBe('includeEmpty=true');
    expect(await screen.findByText('Empty round: no player was ever seen.')).toBeInTheDocument();
    expect(api.rounds().at(-1)?.searchParams.get('includeEmpty')).toBe('true');
    const toggle = screen.getByRole('checkbox', { name: 'Show empty rounds' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(query().toString()).toBe('');
  });

  it('says the server is unknown when the API does not know its name (not "no rounds yet")', async () => {
    stubApi({ rounds: () => ({ status: 404 }), options: () => ({ status: 404 }) });
    renderPage();
    const unknown = await screen.findByTestId('unknown-subject');
    expect(unknown).toHaveTextContent('Unknown server');
    expect(unknown).toHaveTextContent(`Frontline knows no server named “${SERVER}”.`);
    expect(screen.queryByText('No Combat Records Found')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it("shows the spec's error with Try Again, and no stale list under it", async () => {
    let fail = true;
    stubApi({ rounds: () => (fail ? { status: 400 } : roundsAnswer(threeRounds())) });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch player sessions. Please try again.');
    expect(screen.queryByTestId('map-group')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('map-group')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rewrites an invalid URL in canonical form and moves a page past the end to the last page', async () => {
    stubApi({
      rounds: (params) =>
        roundsAnswer(params.get('page') === '2' ? threeRounds() : [], { totalPages: 2, totalItems: 13 }),
    });
    renderPage('?page=9&pageSize=7&sortOrder=sideways&mapName=%20');
    await waitFor(() => expect(query().toString()).toBe('page=2'));
    expect(await screen.findAllByTestId('map-group')).toHaveLength(2);
  });
});
