import type { ActivityHoursResponse, ComparisonResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';
import { makeActivityHours, makeComparison } from '../lib/test-fixtures.ts';
import { ComparePage } from './compare-page.tsx';

// Spec site-statistics §2 "Comparison", §4 comparison states, §5 comparison rules, §7, §8 comparison messages, §9.

type Reply = ComparisonResponse | Partial<ComparisonResponse> | ActivityHoursResponse | { status: number };

function stubApi(routes: {
  compare: (url: URL) => Reply;
  hours?: (url: URL) => Reply;
  search?: (url: URL) => unknown;
}) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      let body: unknown;
      if (url.pathname === '/stats/players/compare') body = routes.compare(url);
      else if (url.pathname === '/stats/players/compare/activity-hours')
        body = routes.hours?.(url) ?? makeActivityHours({ 20: 40 }, { 9: 30 });
      else if (url.pathname === '/stats/Players/search') body = routes.search?.(url) ?? { items: [] };
      else body = { status: 404 };
      if (body && typeof body === 'object' && 'status' in body && typeof body.status === 'number')
        return jsonResponse({ error: 'x', message: 'failed' }, body.status);
      return jsonResponse(body);
    }),
  );
  return calls;
}

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/players/compare${search}`]}>
        <Routes>
          <Route path="/players/compare" element={<ComparePage />} />
        </Routes>
        <LocationProbe withSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const location = () => screen.getByTestId('location').textContent ?? '';
const urlQuery = () => Object.fromEntries(new URLSearchParams(location().split('?')[1] ?? ''));
const compareCalls = (calls: URL[]) => calls.filter((url) => url.pathname === '/stats/players/compare');
const compareButton = () => screen.getByRole('button', { name: 'Compare' });
const field = (label: string) => screen.getByRole('combobox', { name: label });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ComparePage', () => {
  it('starts idle with the intro message; Compare is disabled while either name is blank after trimming', async () => {
    const calls = stubApi({ compare: () => makeComparison() });
    const { user } = renderPage();
    expect(screen.getByTestId('compare-intro')).toBeVisible();
    expect(compareButton()).toBeDisabled();
    await user.type(field('Player 1'), 'Alpha');
    await user.type(field('Player 2'), '   ');
    expect(compareButton()).toBeDisabled();
    await user.type(field('Player 2'), 'Bravo');
    expect(compareButton()).toBeEnabled();
    expect(compareCalls(calls)).toHaveLength(0);
  });

  it('fills player 1 from the profile link (?player1=…) without comparing', () => {
    const calls = stubApi({ compare: () => makeComparison() });
    renderPage('?player1=Alpha');
    expect(field('Player 1')).toHaveValue('Alpha');
    expect(field('Player 2')).toHaveValue('');
    expect(compareCalls(calls)).toHaveLength(0);
  });

  it('compares the trimmed names, disables Compare while loading, then replaces the URL query (§4)', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = stubApi({ compare: () => makeComparison() });
    const fetchStub = vi.mocked(fetch);
    const plain = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname === '/stats/players/compare') await gate;
      return plain(input, init);
    });
    const { user } = renderPage();
    await user.type(field('Player 1'), '  Alpha ');
    await user.type(field('Player 2'), 'Bravo');
    await user.click(compareButton());
    expect(await screen.findByText('Comparing players…')).toBeVisible();
    expect(compareButton()).toBeDisabled();
    expect(location()).toBe('/players/compare');
    release();
    expect(await screen.findByTestId('comparison-result')).toBeVisible();
    const [call] = compareCalls(calls);
    expect(call?.searchParams.get('player1')).toBe('Alpha');
    expect(call?.searchParams.get('player2')).toBe('Bravo');
    expect(call?.searchParams.has('serverGuid')).toBe(false);
    await waitFor(() => expect(urlQuery()).toEqual({ player1: 'Alpha', player2: 'Bravo' }));
  });

  it('runs the comparison an address names, and puts the WINNER badge on the higher overall K/D', async () => {
    stubApi({ compare: () => makeComparison() });
    renderPage('?player1=Alpha&player2=Bravo');
    // All time: Alpha 500/200 = 2.50, Bravo 300/100 = 3.00.
    const bravo = await screen.findByTestId('kd-card-2');
    expect(within(bravo).getByText('3.00')).toBeVisible();
    expect(within(bravo).getByTestId('winner-badge')).toHaveTextContent('Winner');
    expect(within(screen.getByTestId('kd-card-1')).getByText('2.50')).toBeVisible();
    expect(within(screen.getByTestId('kd-card-1')).queryByTestId('winner-badge')).toBeNull();
  });

  it('crowns nobody on equal K/D, and reads K/D as kills when deaths are 0 (§9)', async () => {
    const base = makeComparison();
    stubApi({
      compare: () => ({
        ...base,
        bucketTotals: base.bucketTotals.map((entry) =>
          entry.bucket === 'AllTime'
            ? {
                ...entry,
                player1Totals: { ...entry.player1Totals, kills: 7, deaths: 0 },
                player2Totals: { ...entry.player2Totals, kills: 14, deaths: 2 },
              }
            : entry,
        ),
      }),
    });
    renderPage('?player1=Alpha&player2=Bravo');
    expect(await within(await screen.findByTestId('kd-card-1')).findByText('7')).toBeVisible();
    expect(within(screen.getByTestId('kd-card-2')).getByText('7.00')).toBeVisible();
    expect(screen.queryByTestId('winner-badge')).toBeNull();
  });

  it('marks the higher kill rate and the lower ping as better, pings in the §9 comparison bands', async () => {
    stubApi({ compare: () => makeComparison() });
    renderPage('?player1=Alpha&player2=Bravo');
    const rate1 = await screen.findByTestId('kill-rate-1');
    expect(rate1).toHaveAttribute('data-better', 'true');
    expect(screen.getByTestId('kill-rate-2')).not.toHaveAttribute('data-better');
    expect(screen.getByTestId('average-ping-2')).toHaveAttribute('data-better', 'true');
    expect(within(screen.getByTestId('average-ping-2')).getByText('48 ms')).toHaveClass('text-good');
    expect(within(screen.getByTestId('average-ping-1')).getByText('120 ms')).toHaveClass('text-danger');
  });

  it('marks nobody where the two figures read the same once rounded as shown (a tie as displayed)', async () => {
    const base = makeComparison();
    stubApi({
      compare: () => ({
        ...base,
        killRates: [
          { playerName: 'Alpha', killRate: 0.8334 },
          { playerName: 'Bravo', killRate: 0.8331 },
        ],
        averagePing: [
          { playerName: 'Alpha', averagePing: 48.2 },
          { playerName: 'Bravo', averagePing: 47.9 },
        ],
      }),
    });
    renderPage('?player1=Alpha&player2=Bravo');
    expect(await screen.findByTestId('kill-rate-1')).toHaveTextContent('0.833');
    expect(screen.getByTestId('kill-rate-2')).toHaveTextContent('0.833');
    expect(screen.getByTestId('average-ping-1')).toHaveTextContent('48 ms');
    expect(screen.getByTestId('average-ping-2')).toHaveTextContent('48 ms');
    for (const id of ['kill-rate-1', 'kill-rate-2', 'average-ping-1', 'average-ping-2']) {
      expect(screen.getByTestId(id)).not.toHaveAttribute('data-better');
    }
  });

  it('refuses a player compared with himself, from the form or an address, without asking the API', async () => {
    const calls = stubApi({ compare: () => makeComparison() });
    const { user } = renderPage();
    await user.type(field('Player 1'), 'Alpha');
    await user.type(field('Player 2'), ' Alpha ');
    await user.click(compareButton());
    expect(await screen.findByTestId('compare-same-player')).toHaveTextContent(
      'Choose two different players: a player cannot be compared with himself.',
    );
    await user.click(compareButton());
    expect(screen.queryByTestId('comparison-result')).toBeNull();
    expect(compareCalls(calls)).toHaveLength(0);
  });

  it('says why when an address names the same player twice', async () => {
    const calls = stubApi({ compare: () => makeComparison() });
    renderPage('?player1=Alpha&player2=Alpha');
    expect(await screen.findByTestId('compare-same-player')).toHaveTextContent(
      'Choose two different players: a player cannot be compared with himself.',
    );
    expect(compareCalls(calls)).toHaveLength(0);
  });

  it('shows N/A for a ping never sampled', async () => {
    stubApi({
      compare: () =>
        makeComparison({
          averagePing: [
            { playerName: 'Alpha', averagePing: null },
            { playerName: 'Bravo', averagePing: 70 },
          ],
        }),
    });
    renderPage('?player1=Alpha&player2=Bravo');
    expect(await within(await screen.findByTestId('average-ping-1')).findByText('N/A')).toBeVisible();
    expect(within(screen.getByTestId('average-ping-2')).getByText('70 ms')).toHaveClass('text-warn');
  });

  it('switches the Performance Over Time tab', async () => {
    stubApi({ compare: () => makeComparison() });
    const { user } = renderPage('?player1=Alpha&player2=Bravo');
    expect(await screen.findByTestId('bucket-score-1')).toHaveTextContent('900');
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    expect(screen.getByTestId('bucket-score-1')).toHaveTextContent('5,000');
    expect(screen.getByTestId('bucket-deaths-2')).toHaveAttribute('data-better', 'true');
  });

  it("§8: a 404 reads 'One or both players not found…'", async () => {
    stubApi({ compare: () => ({ status: 404 }) });
    renderPage('?player1=Alpha&player2=Nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'One or both players not found. Please check the names and try again.',
    );
    expect(location()).toBe('/players/compare?player1=Alpha&player2=Nobody');
  });

  it("§8: another failure reads 'Failed to fetch comparison data. Please try again later.'", async () => {
    stubApi({ compare: () => ({ status: 503 }) });
    renderPage('?player1=Alpha&player2=Bravo');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to fetch comparison data. Please try again later.',
    );
  });

  it("§5/§8: an answer lacking killRates (or an empty one) reads 'No comparison data returned…'", async () => {
    const { killRates: _dropped, ...withoutKillRates } = makeComparison();
    stubApi({ compare: () => withoutKillRates });
    renderPage('?player1=Alpha&player2=Bravo');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No comparison data returned. The players may not have any recent overlapping history.',
    );
    expect(screen.queryByTestId('comparison-result')).toBeNull();
  });

  it('re-queries with serverGuid for a chosen server and without it for All Servers, the URL following (§4)', async () => {
    const calls = stubApi({
      compare: (url) =>
        makeComparison(
          url.searchParams.get('serverGuid') === 'guid-b'
            ? { serverDetails: { guid: 'guid-b', name: 'Bravo Server' } }
            : {},
        ),
    });
    const { user } = renderPage('?player1=Alpha&player2=Bravo');
    await user.click(await screen.findByRole('button', { name: 'Bravo Server' }));
    expect(await screen.findByText(/Every figure below is on/)).toHaveTextContent('Bravo Server');
    expect(compareCalls(calls).at(-1)?.searchParams.get('serverGuid')).toBe('guid-b');
    await waitFor(() => expect(urlQuery()).toEqual({ player1: 'Alpha', player2: 'Bravo', serverGuid: 'guid-b' }));
    expect(screen.getByRole('button', { name: 'Bravo Server' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'All Servers' }));
    await waitFor(() => expect(urlQuery()).toEqual({ player1: 'Alpha', player2: 'Bravo' }));
    expect(compareCalls(calls).at(-1)?.searchParams.has('serverGuid')).toBe(false);
    expect(screen.queryByText(/Every figure below is on/)).toBeNull();
  });

  it('has no server selector when the players share no server', async () => {
    stubApi({ compare: () => makeComparison({ commonServers: [] }) });
    renderPage('?player1=Alpha&player2=Bravo');
    await screen.findByTestId('comparison-result');
    expect(screen.queryByRole('button', { name: 'All Servers' })).toBeNull();
  });

  it('sorts the map table (first click descending, then toggles), hides kills/deaths and maps where either score ≤ 0', async () => {
    stubApi({ compare: () => makeComparison() });
    const { user } = renderPage('?player1=Alpha&player2=Bravo');
    const table = await screen.findByTestId('map-table');
    const mapOrder = () =>
      within(table)
        .getAllByTestId('map-row')
        .map((row) => within(row).getByRole('rowheader').textContent);
    expect(mapOrder()).toEqual(['el alamein', 'berlin', 'wake', 'stalingrad']);

    await user.click(within(table).getByRole('button', { name: 'Map' }));
    expect(mapOrder()).toEqual(['wake', 'stalingrad', 'el alamein', 'berlin']);
    expect(within(table).getByRole('columnheader', { name: /Map/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Map' }));
    expect(mapOrder()).toEqual(['berlin', 'el alamein', 'stalingrad', 'wake']);

    await user.click(within(table).getByTitle('Sort by Bravo Score'));
    expect(mapOrder()).toEqual(['berlin', 'el alamein', 'stalingrad', 'wake']);
    // Wake: Bravo never played it.
    const wake = within(table).getAllByTestId('map-row')[3]!;
    expect(within(wake).getAllByText('N/A')).toHaveLength(4);

    expect(within(table).getAllByRole('button', { name: 'Kills' })).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Kills & deaths' }));
    expect(within(screen.getByTestId('map-table')).queryByRole('button', { name: 'Kills' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Hide maps where either score ≤ 0' }));
    expect(within(screen.getByTestId('map-table')).getAllByTestId('map-row')).toHaveLength(2);
  });

  it('lists head-to-head rounds newest first, each linking to the round report with both players highlighted', async () => {
    const base = makeComparison();
    stubApi({ compare: () => ({ ...base, headToHead: [...base.headToHead].reverse() }) });
    renderPage('?player1=Alpha&player2=Bravo');
    const rows = within(await screen.findByTestId('head-to-head')).getAllByTestId('encounter');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link');
    expect(link).toHaveAttribute('href', '/rounds/round-new/report?players=Alpha%2CBravo');
    expect(rows[0]).toHaveTextContent('berlin');
    expect(rows[1]).toHaveTextContent('el alamein');
  });

  it('opens a milestone’s detail dialog', async () => {
    stubApi({ compare: () => makeComparison() });
    const { user } = renderPage('?player1=Alpha&player2=Bravo');
    const first = await screen.findByTestId('milestones-1');
    await user.click(within(first).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('500');
    expect(within(screen.getByTestId('milestones-2')).getByText('No milestones reached yet.')).toBeVisible();
  });

  it('fetches the activity hours after the comparison, and shows their failure in the chart area (§8)', async () => {
    const calls = stubApi({ compare: () => makeComparison(), hours: () => ({ status: 404 }) });
    renderPage('?player1=Alpha&player2=Bravo');
    const chart = await screen.findByTestId('online-hours');
    expect(await within(chart).findByRole('alert')).toHaveTextContent('Failed to fetch activity hours data');
    const hours = calls.find((url) => url.pathname === '/stats/players/compare/activity-hours');
    expect(hours?.searchParams.get('player1')).toBe('Alpha');
    expect(hours?.searchParams.get('player2')).toBe('Bravo');
    const order = calls.map((url) => url.pathname);
    expect(order.indexOf('/stats/players/compare')).toBeLessThan(
      order.indexOf('/stats/players/compare/activity-hours'),
    );
  });
});
