import type { PlayerSearchResult, PlayersListResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayersPage } from './players-page.tsx';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';

// Spec site-statistics §2 "Find Players", §4 "Players page", §5, §8.

function player(name: string, extra: Partial<PlayerSearchResult> = {}): PlayerSearchResult {
  return {
    playerName: name,
    displayName: name,
    totalPlayTimeMinutes: 125,
    lastSeen: new Date(Date.now() - 5 * 60_000).toISOString(),
    isActive: false,
    currentServer: null,
    ...extra,
  };
}

function answer(items: PlayerSearchResult[], extra: Partial<PlayersListResponse> = {}): PlayersListResponse {
  return { items, currentPage: 1, totalItems: items.length, totalPages: 1, ...extra };
}

type Reply = PlayersListResponse | { status: number };

function stubApi(reply: (query: URLSearchParams) => Reply) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      const body = reply(url.searchParams);
      const status = 'status' in body ? body.status : 200;
      return jsonResponse('status' in body ? { error: 'x', message: 'failed' } : body, status);
    }),
  );
  return calls;
}

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/players${search}`]}>
        <Routes>
          <Route path="/players" element={<PlayersPage />} />
        </Routes>
        <LocationProbe withSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Find Players', () => {
  it("asks for the players online when the query is empty (§5) and shows the 'Player Search' hint when there are none", async () => {
    const calls = stubApi(() => answer([]));
    renderPage();
    expect(await screen.findByText('Player Search')).toBeInTheDocument();
    const query = calls[0]?.searchParams;
    expect(calls[0]?.pathname).toBe('/stats/players');
    expect(query?.get('isActive')).toBe('true');
    expect(query?.get('playerName')).toBeNull();
    expect(query?.get('pageSize')).toBe('100');
    expect(query?.get('sortBy')).toBe('lastSeen');
    expect(query?.get('sortOrder')).toBe('desc');
  });

  it('lists players with links to their profiles and to the server they are on', async () => {
    stubApi(() =>
      answer([
        player('Sniper #1/β'),
        player('Çëîé_Ñòàëêåð1943', {
          isActive: true,
          currentServer: {
            serverGuid: 'g1',
            serverName: 'Alpha / Wake',
            mapName: 'wake_island',
            sessionKills: 4,
            sessionDeaths: 2,
          },
        }),
      ]),
    );
    renderPage();
    const rows = await screen.findAllByTestId('player-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Sniper #1/β' })).toHaveAttribute(
      'href',
      `/players/${encodeURIComponent('Sniper #1/β')}`,
    );
    // The stored name is the identity in the link; the decoded one is what is read.
    expect(within(rows[1]!).getByRole('link', { name: 'Злой_Сталкер1943' })).toHaveAttribute(
      'href',
      `/players/${encodeURIComponent('Çëîé_Ñòàëêåð1943')}`,
    );
    expect(within(rows[1]!).getAllByRole('link', { name: 'Alpha / Wake' })[0]).toHaveAttribute(
      'href',
      '/servers/Alpha%20%2F%20Wake',
    );
    expect(within(rows[1]!).getAllByText('Online')[0]).toBeInTheDocument();
  });

  it('shows a Cyrillic name behind a clan tag decoded, in its own case, and play time as a duration (§9)', async () => {
    stubApi(() => answer([player('=JG1=Êàòþøà', { totalPlayTimeMinutes: 8 * 60 })]));
    renderPage();
    const [row] = await screen.findAllByTestId('player-row');
    const name = within(row!).getByText('=JG1=Катюша');
    expect(name).toHaveClass('normal-case');
    expect(within(row!).getByRole('link', { name: '=JG1=Катюша' })).toHaveAttribute(
      'href',
      `/players/${encodeURIComponent('=JG1=Êàòþøà')}`,
    );
    expect(row).toHaveTextContent('8h 0m');
    expect(row).not.toHaveTextContent(/\b8h\b(?! 0m)/);
  });

  it('keeps the server links of the table under the sticky filter bar (its own stacking context)', async () => {
    stubApi(() => answer([player('Bob')]));
    renderPage();
    const [row] = await screen.findAllByTestId('player-row');
    expect(row!.closest('table')).toHaveClass('isolate');
  });

  it('filters by name 300 ms after typing, from page 1, and says when nobody matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi((query) => (query.get('playerName') ? answer([]) : answer([player('Online Bob')])));
    const { user } = renderPage('?page=1');
    await screen.findByText('Online Bob');
    await user.type(screen.getByRole('searchbox', { name: 'Filter players by name' }), '  zed ');
    const before = calls.length;
    // Real time moves the fake clock too (shouldAdvanceTime), so the check before the pause ends keeps a margin.
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(calls.length).toBe(before);
    expect(location()).toBe('/players');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByText('No players found')).toBeInTheDocument();
    const last = calls[calls.length - 1]?.searchParams;
    expect(last?.get('playerName')).toBe('zed');
    expect(last?.get('isActive')).toBeNull();
    expect(location()).toBe('/players?playerName=zed');
  });

  it('reads its state from the URL and sorts PLAYER ascending first, LAST SEEN descending first, from page 1', async () => {
    const calls = stubApi(() => answer([player('A')], { totalPages: 9, totalItems: 801, currentPage: 3 }));
    const { user } = renderPage('?playerName=a&page=3');
    await screen.findByText('A');
    expect(calls[0]?.searchParams.get('page')).toBe('3');
    expect(calls[0]?.searchParams.get('playerName')).toBe('a');

    await user.click(screen.getByRole('button', { name: 'Player' }));
    expect(location()).toBe('/players?playerName=a&sortBy=playerName&sortOrder=asc');
    await user.click(screen.getByRole('button', { name: 'Player' }));
    expect(location()).toBe('/players?playerName=a&sortBy=playerName&sortOrder=desc');
    await user.click(screen.getByRole('button', { name: 'Last seen' }));
    expect(location()).toBe('/players?playerName=a');
    await waitFor(() => expect(calls[calls.length - 1]?.searchParams.get('sortBy')).toBe('lastSeen'));
  });

  it('pages through the results', async () => {
    stubApi((query) => answer([player(`P${query.get('page')}`)], { totalPages: 3, totalItems: 250 }));
    const { user } = renderPage();
    await screen.findByText('P1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('P2')).toBeInTheDocument();
    expect(location()).toBe('/players?page=2');
  });

  it('says so when the list cannot be loaded (§8)', async () => {
    stubApi(() => ({ status: 500 }));
    renderPage();
    // A server failure is tried once more (after a second) before the page gives up.
    expect(
      await screen.findByText('Failed to fetch players data. Please try again.', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
