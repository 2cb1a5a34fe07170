import type { PlayerSessionsResponse, RoundFilterOptionsResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';
import { makeSession, minutesAgo, playerSessionsAnswer } from '../lib/test-fixtures.ts';
import { PlayerSessionsPage } from './player-sessions-page.tsx';

// Spec site-statistics §2 Player sessions, §4, §5, §8, §9.

const NAME = 'Sniper #1';
// A legacy name: cp1251 bytes read as cp1252 ("Снайпер" stored as mojibake); shown decoded.
const LEGACY = 'Ñíàéïåð';
const DECODED = 'Снайпер';

const NO_CHOICES: RoundFilterOptionsResponse = { maps: [], gameTypes: [], servers: [] };
const isOptionsCall = (url: URL) => url.pathname === '/stats/rounds/filter-options';

/** The sessions calls (returned) answered by `reply`, the filter choices by `options`. */
function stubApi(
  reply: (url: URL) => PlayerSessionsResponse | { status: number },
  options: (url: URL) => RoundFilterOptionsResponse = () => NO_CHOICES,
) {
  const calls: URL[] = [];
  const optionCalls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (isOptionsCall(url)) {
        optionCalls.push(url);
        return jsonResponse(options(url));
      }
      calls.push(url);
      const body = reply(url);
      return 'status' in body ? jsonResponse({ error: 'x', message: 'failed' }, body.status) : jsonResponse(body);
    }),
  );
  return Object.assign(calls, { optionCalls });
}

function renderPage(path = `/players/${encodeURIComponent(NAME)}/sessions`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/players/:playerName/sessions" element={<PlayerSessionsPage />} />
          <Route path="/rounds/:roundId/report" element={<p>Round report page</p>} />
        </Routes>
        <LocationProbe withSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const location = () => screen.getByTestId('location').textContent ?? '';
const query = () => new URLSearchParams(location().split('?')[1] ?? '');

/** Newest first: 20 min apart, then a 3-hour break, then a 2-day break. */
function sessions() {
  // One instant for all: with each time read from the clock, a millisecond tick between two of them made the 3-hour
  // break 2 h 59 min and the separator read '2 hours later'.
  const now = Date.now();
  const ago = (minutes: number) => minutesAgo(minutes, now);
  return [
    makeSession(4, { playerName: NAME, startTime: ago(40.5), endTime: ago(1), isActive: true }),
    makeSession(3, { playerName: NAME, startTime: ago(90), endTime: ago(60), mapName: 'berlin' }),
    makeSession(2, { playerName: NAME, startTime: ago(330), endTime: ago(270), serverName: 'Bravo' }),
    makeSession(1, { playerName: NAME, startTime: ago(3600), endTime: ago(3300), kills: 31, deaths: 0 }),
  ];
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PlayerSessionsPage', () => {
  it('lists the sessions as cards, newest first, with separators reading top to bottom where the player was away 2 hours or more', async () => {
    const calls = stubApi(() => playerSessionsAnswer(NAME, sessions(), { totalItems: 4 }));
    renderPage();

    await screen.findAllByTestId('session-card');
    const list = screen.getByRole('region', { name: 'Sessions' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.dataset.testid)).toEqual([
      'session-card',
      'session-card',
      'session-gap',
      'session-card',
      'session-gap',
      'session-card',
    ]);
    expect(entries.map((entry) => entry.dataset.roundId ?? entry.textContent)).toEqual([
      'round-4',
      'round-3',
      // Newest first, with an arrow up: the session above began 3 hours after the one below, which began 2 days after
      // the last one.
      '↑ 3 hours later',
      'round-2',
      '↑ 2 days later',
      'round-1',
    ]);
    expect(calls[0]?.pathname).toBe(`/stats/players/${encodeURIComponent(NAME)}/sessions`);
    expect(calls[0]?.search).toBe('?page=1&pageSize=10');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${NAME}'s Combat History`);
    await waitFor(() => expect(document.title).toBe(`${NAME}'s Combat History | Frontline`));
  });

  it("shows each card's start, map, game type, server link and figures, coloured by §9's bands", async () => {
    stubApi(() => playerSessionsAnswer(NAME, sessions()));
    renderPage();
    const cards = await screen.findAllByTestId('session-card');

    const newest = cards[0]!;
    expect(newest).toHaveTextContent('40 minutes ago');
    expect(newest).toHaveTextContent('Live');
    expect(within(newest).getByRole('heading', { level: 2 })).toHaveTextContent('wake');
    expect(newest).toHaveTextContent('Conquest');
    expect(within(newest).getByRole('link', { name: 'Alpha #1 / Wake' })).toHaveAttribute(
      'href',
      `/servers/${encodeURIComponent('Alpha #1 / Wake')}`,
    );
    // makeSession: 10 kills, 5 deaths, score 40, 30 minutes.
    expect(within(newest).getByTitle('Kills')).toHaveTextContent('K10');
    expect(within(newest).getByTitle('Deaths')).toHaveTextContent('D5');
    expect(within(newest).getByTitle('Score')).toHaveTextContent('S40');
    expect(within(newest).getByTitle('Time played')).toHaveTextContent('0h 30m');
    expect(newest).toHaveTextContent('K/D2.00');
    // Kills from 5 green, deaths from 5 green, score from 25 orange; 31 kills red; K/D with no deaths = kills.
    expect(within(within(newest).getByTitle('Kills')).getByText('10')).toHaveClass('text-good');
    expect(within(within(newest).getByTitle('Score')).getByText('40')).toHaveClass('text-warn');
    const oldest = cards[3]!;
    expect(within(within(oldest).getByTitle('Kills')).getByText('31')).toHaveClass('text-danger');
    expect(oldest).toHaveTextContent('K/D31');
  });

  it('opens the round report, highlighting the player, from a click on the card', async () => {
    stubApi(() => playerSessionsAnswer(NAME, sessions()));
    const { user } = renderPage();
    const [card] = await screen.findAllByTestId('session-card');
    const report = within(card!).getByRole('link', { name: /^Round report/ });
    expect(report).toHaveAttribute('href', `/rounds/round-4/report?players=${encodeURIComponent(NAME)}`);
    await user.click(report);
    expect(location()).toBe(`/rounds/round-4/report?players=${encodeURIComponent(NAME)}`);
  });

  it("shows the player's totals over everything matched", async () => {
    stubApi(() => playerSessionsAnswer(NAME, sessions()));
    renderPage();
    await screen.findAllByTestId('session-card');
    const figure = (stat: string) => document.querySelector(`[data-stat="${stat}"]`)?.textContent;
    expect(figure('rounds')).toBe('42');
    expect(figure('score')).toBe('1,234');
    expect(figure('kd')).toBe('2.00');
    expect(figure('time')).toBe('1d 1h');
  });

  it("offers every map and server of the player's sessions, not only the loaded page's, and filters through the URL from page 1", async () => {
    const calls = stubApi(
      () => playerSessionsAnswer(NAME, sessions(), { totalPages: 3, totalItems: 25 }),
      () => ({
        maps: ['berlin', 'kursk', 'wake'],
        gameTypes: ['conquest'],
        servers: [
          { serverName: 'Alpha #1 / Wake', gameId: 'bf1942' },
          { serverName: 'Bravo', gameId: 'bf1942' },
          { serverName: 'Charlie', gameId: 'fh2' },
        ],
      }),
    );
    const { user } = renderPage(`/players/${encodeURIComponent(NAME)}/sessions?page=2`);
    await screen.findAllByTestId('session-card');
    // Charlie and kursk are on no loaded card: they come from the choices over all the player's rounds.
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Server'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All servers', 'Alpha #1 / Wake', 'Bravo', 'Charlie']),
    );
    expect(
      within(screen.getByLabelText('Map'))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['', 'berlin', 'kursk', 'wake']);
    expect(calls.optionCalls[0]?.search).toBe(`?playerNames=${encodeURIComponent(NAME).replace(/%20/g, '+')}`);
    await user.selectOptions(screen.getByLabelText('Server'), 'Bravo');
    expect(query().toString()).toBe('server=Bravo');
    await user.selectOptions(screen.getByLabelText('Map'), 'berlin');
    expect(query().toString()).toBe('map=berlin&server=Bravo');
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?map=berlin&server=Bravo&page=1&pageSize=10'));
    // The choices of each list over the rounds the other filter leaves.
    await waitFor(() =>
      expect(calls.optionCalls.at(-1)?.searchParams.toString()).toBe(
        new URLSearchParams({ playerNames: NAME, mapName: 'berlin', serverName: 'Bravo' }).toString(),
      ),
    );
  });

  it('titles a legacy name decoded, and keeps the stored name in the call', async () => {
    const calls = stubApi(() => playerSessionsAnswer(LEGACY, [makeSession(1, { playerName: LEGACY })]));
    renderPage(`/players/${encodeURIComponent(LEGACY)}/sessions`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(`${DECODED}'s Combat History`);
    // The heading style is upper case; the name keeps its own letter case, and so does its "'s" (not "'S").
    expect(within(heading).getByText(`${DECODED}'s`)).toHaveClass('normal-case');
    await waitFor(() => expect(document.title).toBe(`${DECODED}'s Combat History | Frontline`));
    expect(calls[0]?.pathname).toBe(`/stats/players/${encodeURIComponent(LEGACY)}/sessions`);
  });

  it("says 'No Combat Records Found' when nothing matched", async () => {
    stubApi(() => playerSessionsAnswer(NAME, [], { totalPages: 0 }));
    const { user } = renderPage(`/players/${encodeURIComponent(NAME)}/sessions?map=kursk`);
    expect(await screen.findByText('No Combat Records Found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(query().toString()).toBe('');
  });

  it("shows the spec's error for an unknown player, with Try Again that asks again", async () => {
    let status = 404;
    const calls = stubApi(() => (status === 404 ? { status } : playerSessionsAnswer(NAME, sessions())));
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch player sessions. Please try again.');
    expect(alert).toHaveTextContent(`Frontline knows no player named “${NAME}”.`);
    status = 200;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('session-card')).toHaveLength(4);
    expect(calls).toHaveLength(2);
  });
});
