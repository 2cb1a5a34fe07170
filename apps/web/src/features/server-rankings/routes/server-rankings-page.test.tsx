import type { ServerRanking, ServerRankingsResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerRankingsPage } from './server-rankings-page.tsx';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';

const SERVER = 'Alpha #1 / Wake';

function makeEntry(rank: number, extra: Partial<ServerRanking> = {}): ServerRanking {
  return {
    rank,
    playerName: `Soldier ${rank}`,
    totalScore: 1000 - rank,
    kdRatio: 1.5,
    totalKills: 30,
    totalDeaths: 20,
    totalPlayTimeMinutes: 125,
    ...extra,
  };
}

function answer(items: ServerRanking[], extra: Partial<ServerRankingsResponse> = {}): ServerRankingsResponse {
  return {
    items,
    serverContext: { serverName: SERVER, serverGuid: 'guid-1', addressCount: 1 },
    minimumToRank: { rounds: 3, minutes: 30 },
    rankedPlayers: items.length,
    currentPage: 1,
    totalPages: 1,
    totalItems: items.length,
    ...extra,
  };
}

type Reply = ServerRankingsResponse | { status: number };

/** A fake API: every call is recorded, and answered by `reply` from its query. */
function stubApi(reply: (query: URLSearchParams) => Reply) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      const body = reply(url.searchParams);
      return 'status' in body ? jsonResponse({ error: 'x', message: 'failed' }, body.status) : jsonResponse(body);
    }),
  );
  return calls;
}

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // user-event's own pauses must move fake clocks too, in the tests that use them.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/servers/${encodeURIComponent(SERVER)}/rankings${search}`]}>
        <Routes>
          <Route path="/servers/:serverName/rankings" element={<ServerRankingsPage />} />
        </Routes>
        <LocationProbe withSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const query = () => new URLSearchParams((screen.getByTestId('location').textContent ?? '').split('?')[1] ?? '');

beforeEach(() => {
  // jsdom lays nothing out and has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ServerRankingsPage', () => {
  it('shows the podium as medal cards, the rest as banded rows, with links to players and the server', async () => {
    const calls = stubApi(() =>
      answer(
        Array.from({ length: 12 }, (_, index) =>
          makeEntry(index + 1, index === 4 ? { playerName: 'No Deaths', totalKills: 7, totalDeaths: 0 } : {}),
        ),
        { totalItems: 1234, rankedPlayers: 1234, totalPages: 13 },
      ),
    );
    renderPage();

    await screen.findByText('Soldier 1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(SERVER);
    expect(screen.getByRole('heading', { name: /Leaderboard/ })).toHaveTextContent('1,234 ranked players');
    expect(calls[0]?.pathname).toBe(`/stats/servers/${encodeURIComponent(SERVER)}/rankings`);
    expect(calls[0]?.search).toBe('');

    const podium = within(screen.getByRole('list', { name: 'Podium' })).getAllByTestId('ranking-entry');
    expect(podium.map((card) => card.dataset.medal)).toEqual(['gold', 'silver', 'bronze']);
    const rows = within(screen.getByRole('list', { name: 'Rankings' })).getAllByTestId('ranking-entry');
    expect(rows.map((row) => row.dataset.band)).toEqual([...Array<string>(7).fill('top10'), 'top25', 'top25']);

    expect(screen.getByRole('link', { name: 'Soldier 1' })).toHaveAttribute('href', '/players/Soldier%201');
    expect(screen.getByRole('link', { name: 'Server profile' })).toHaveAttribute(
      'href',
      `/servers/${encodeURIComponent(SERVER)}`,
    );
    // §5: K/D is the kills when there are no deaths, else kills / deaths to 2 decimals; play time as 2h 5m.
    const noDeaths = rows.find((row) => row.dataset.rank === '5');
    expect(noDeaths).toHaveTextContent('K/D 7');
    expect(rows[0]).toHaveTextContent('K/D 1.50');
    expect(rows[0]).toHaveTextContent('2h 5m');
  });

  it('shows a Cyrillic name behind a clan tag decoded, in its own case, linking to the stored name', async () => {
    stubApi(() => answer([makeEntry(1, { playerName: '=JG1=Êàòþøà' }), makeEntry(4, { playerName: '[RU]Âàñÿ' })]));
    renderPage();
    for (const [stored, shown] of [
      ['=JG1=Êàòþøà', '=JG1=Катюша'],
      ['[RU]Âàñÿ', '[RU]Вася'],
    ] as const) {
      const link = await screen.findByRole('link', { name: shown });
      expect(link).toHaveAttribute('href', `/players/${encodeURIComponent(stored)}`);
      expect(link).toHaveClass('normal-case');
    }
  });

  it('says who is ranked and what a rank means, from the answer', async () => {
    stubApi(() =>
      answer([makeEntry(1)], {
        minimumToRank: { rounds: 3, minutes: 30 },
        serverContext: { serverName: SERVER, serverGuid: 'guid-1', addressCount: 2 },
      }),
    );
    renderPage();
    const rules = await screen.findByTestId('ranking-rules');
    expect(rules).toHaveTextContent('Ranked: at least 3 rounds and 30 minutes played here.');
    expect(rules).toHaveTextContent('ties share it, and filters only hide rows');
    expect(rules).toHaveTextContent('Totals combine the 2 addresses this server has used under its name.');
  });

  it('keeps a filtered player at their rank, without a medal: rank 18 is not "Gold #1"', async () => {
    stubApi(() => answer([makeEntry(18, { playerName: 'Romeo' })], { totalItems: 1, rankedPlayers: 20 }));
    renderPage('?playerName=romeo');
    await screen.findByText('Romeo');
    expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
    const [row] = within(screen.getByRole('list', { name: 'Rankings' })).getAllByTestId('ranking-entry');
    expect(row).toHaveAttribute('data-rank', '18');
    expect(row).toHaveAttribute('data-band', 'top25');
    expect(row).toHaveTextContent('18');
    expect(screen.getByRole('heading', { name: /Leaderboard/ })).toHaveTextContent('1 of 20 ranked players');
  });

  it('edges each rank band in its own colour and names the band on the rank (§2: at most 10, 25, 50, beyond)', async () => {
    stubApi(() =>
      answer(
        [4, 11, 26, 51].map((rank) => makeEntry(rank)),
        { rankedPlayers: 60 },
      ),
    );
    renderPage('?orderBy=TotalKills');
    await screen.findByText('Soldier 4');
    const rows = within(screen.getByRole('list', { name: 'Rankings' })).getAllByTestId('ranking-entry');
    const edgeOf = (row: HTMLElement) => [...row.classList].filter((name) => /^border-l-(?!4$)/.test(name));
    const edges = rows.map(edgeOf);
    expect(edges.every((edge) => edge.length === 1)).toBe(true);
    expect(new Set(edges.flat()).size).toBe(4);
    for (const title of ['Top 10: rank 4', 'Top 25: rank 11', 'Top 50: rank 26', 'Ranked: rank 51']) {
      expect(screen.getByTitle(title)).toBeInTheDocument();
    }
  });

  it('gives medals to shared first places in the default order (1, 1, 3)', async () => {
    stubApi(() => answer([makeEntry(1), makeEntry(1, { playerName: 'Tied' }), makeEntry(3), makeEntry(4)]));
    renderPage();
    await screen.findByText('Tied');
    const podium = within(screen.getByRole('list', { name: 'Podium' })).getAllByTestId('ranking-entry');
    expect(podium.map((card) => [card.dataset.rank, card.dataset.medal])).toEqual([
      ['1', 'gold'],
      ['1', 'gold'],
      ['3', 'bronze'],
    ]);
  });

  it('shows no medals in any other order: ascending lists plain rows, other keys banded rows', async () => {
    stubApi(() => answer([makeEntry(1, { playerName: 'Worst' }), makeEntry(2), makeEntry(3), makeEntry(4)]));
    renderPage('?orderDirection=asc');
    await screen.findByText('Worst');
    expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Rankings' })).getAllByTestId('ranking-entry');
    expect(rows.map((row) => [row.dataset.rank, row.dataset.band])).toEqual([
      ['1', 'plain'],
      ['2', 'plain'],
      ['3', 'plain'],
      ['4', 'plain'],
    ]);
    expect(rows[0]?.querySelector('[data-medal]')).toBeNull();
  });

  it('shows banded rows without medals when sorted by another key, descending', async () => {
    stubApi(() => answer([makeEntry(1, { playerName: 'Most Deaths' }), makeEntry(2)]));
    renderPage('?orderBy=TotalDeaths');
    await screen.findByText('Most Deaths');
    expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Rankings' })).getAllByTestId('ranking-entry');
    expect(rows.map((row) => row.dataset.band)).toEqual(['top10', 'top10']);
  });

  it('sorting, page size and pages go into the URL, defaults left out, and the call follows', async () => {
    const calls = stubApi((params) =>
      answer([makeEntry(Number(params.get('page') ?? 1) * 10)], { totalPages: 9, totalItems: 90 }),
    );
    const { user } = renderPage('?page=3');
    await screen.findByText('Soldier 30');

    await user.click(screen.getByRole('button', { name: /^Kills/ }));
    expect(query().toString()).toBe('orderBy=TotalKills');
    await user.click(screen.getByRole('button', { name: /^Kills/ }));
    expect(query().toString()).toBe('orderBy=TotalKills&orderDirection=asc');
    expect(screen.getByRole('button', { name: /^Kills/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(await screen.findByRole('button', { name: 'Page 4' }));
    expect(query().get('page')).toBe('4');
    await user.selectOptions(screen.getByLabelText('Per page'), '20');
    expect(query().toString()).toBe('pageSize=20&orderBy=TotalKills&orderDirection=asc');
    await waitFor(() =>
      expect(calls.at(-1)?.searchParams.toString()).toBe('pageSize=20&orderBy=TotalKills&orderDirection=asc'),
    );
  });

  it('debounces the filters by 500 ms, then filters from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi(() => answer([makeEntry(1)], { totalPages: 5, totalItems: 50 }));
    const { user } = renderPage('?page=2');
    await screen.findByText('Soldier 1');

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByLabelText('Soldier Name'), 'Ace ');
    await user.type(screen.getByLabelText('Min Kills'), '15');
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(query().get('playerName')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(query().toString()).toBe('playerName=Ace&minKills=15');
    // The trailing space the soldier's name may go on with stays in the field.
    expect(screen.getByLabelText('Soldier Name')).toHaveValue('Ace ');
    await waitFor(() => expect(calls.at(-1)?.searchParams.toString()).toBe('playerName=Ace&minKills=15'));
    expect(calls.filter((call) => call.searchParams.has('playerName'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(query().toString()).toBe('');
    expect(screen.getByLabelText('Soldier Name')).toHaveValue('');
    expect(screen.getByLabelText('Min Kills')).toHaveValue(null);
  });

  it('opens the filters when the URL carries some, including Min Deaths and Min K/D', async () => {
    stubApi(() => answer([makeEntry(1)]));
    renderPage('?minDeaths=5&minKdRatio=1.5&pageSize=33&orderBy=nonsense');
    await screen.findByText('Soldier 1');
    expect(screen.getByLabelText('Min Deaths')).toHaveValue(5);
    expect(screen.getByLabelText('Min K/D')).toHaveValue(1.5);
    // Invalid values mean their defaults, and the URL is rewritten in its canonical form.
    await waitFor(() => expect(query().toString()).toBe('minDeaths=5&minKdRatio=1.5'));
  });

  it("says 'No Warriors Found' with a Refresh Leaderboard button", async () => {
    const calls = stubApi(() => answer([], { totalPages: 0 }));
    const { user } = renderPage('?minScore=999999');
    expect(await screen.findByText('No Warriors Found')).toBeInTheDocument();
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh Leaderboard' }));
    await waitFor(() => expect(calls.length).toBe(before + 1));
  });

  it("shows the spec's error with Retry Mission, which asks again", async () => {
    let fail = true;
    // A 404 is not retried by itself, so the error shows at once.
    stubApi(() => (fail ? { status: 404 } : answer([makeEntry(1)])));
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    // §8: "'Failed to load server rankings. Please try again.' with Retry Mission".
    expect(alert).toHaveTextContent('Failed to load server rankings. Please try again.');
    expect(alert).toHaveTextContent(`Frontline knows no server named “${SERVER}”.`);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry Mission' }));
    expect(await screen.findByText('Soldier 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves a page past the end to the last page', async () => {
    stubApi((params) => answer(params.get('page') === '3' ? [makeEntry(201)] : [], { totalPages: 3, totalItems: 201 }));
    renderPage('?page=40');
    expect(await screen.findByText('Soldier 201')).toBeInTheDocument();
    expect(query().get('page')).toBe('3');
  });
});
