import type {
  BusyIndicatorResponse,
  LandingSummaryResponse,
  LiveServer,
  LiveServersResponse,
  PlayerSearchResult,
  PlayersListResponse,
} from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusyResult, makeTimeline } from '../../../lib/busy/test-fixtures.ts';
import { makeServer } from '../lib/test-fixtures.ts';
import { ServerBrowserPage } from './server-browser-page.tsx';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';

// The history chart is another engineer's lazy chunk (uPlot on a canvas, which jsdom lacks); here it only
// has to be mounted lazily, with the right game, on the panel's first open.
const historyMounts = vi.hoisted(() => ({ games: [] as string[] }));
vi.mock('../components/player-activity-history.tsx', () => ({
  PlayerActivityHistory: ({ game }: { game: string }) => {
    historyMounts.games.push(game);
    return <p>History chart for {game}</p>;
  },
}));

// ---------------------------------------------------------------------------------------------------------
// A fake API behind fetch

interface Api {
  lists: Partial<Record<string, LiveServersResponse | 'fail'>>;
  busy: (guids: string[]) => BusyIndicatorResponse | 'fail';
  players: (query: string) => PlayerSearchResult[];
  /** GET /stats/GameTrends/landing-summary?game=… (a default forecast when absent). */
  trends?: (game: string) => LandingSummaryResponse | 'fail';
  /** GET /stats/players?isActive=true… (nobody online when absent). */
  online?: (query: URLSearchParams) => PlayersListResponse | 'fail';
  calls: URL[];
}

/** A game's landing forecast: now (18:00 UTC) and the next 23 hours, 20 players usually, one hour never seen. */
function makeLandingSummary(): LandingSummaryResponse {
  return {
    insights: {
      generatedAt: new Date().toISOString(),
      currentPlayers: 30,
      maxPredictedPlayers: 40,
      forecast: Array.from({ length: 24 }, (_, offset) => ({
        hourOfDay: (18 + offset) % 24,
        dayOfWeek: 1,
        predictedPlayers: offset === 3 ? null : 20 + offset,
        actualPlayers: offset === 0 ? 30 : null,
        isCurrentHour: offset === 0,
        busyLevel: offset === 3 ? 'unknown' : 'busy',
        basis: offset === 3 ? 'none' : 'hour',
        dataPoints: offset === 3 ? 0 : 10,
      })),
    },
  };
}

function listOf(servers: LiveServer[], extra: Partial<LiveServersResponse> = {}): LiveServersResponse {
  return { servers, lastUpdated: new Date().toISOString(), stale: false, ...extra };
}

function busyFor(guids: string[]): BusyIndicatorResponse {
  return { serverResults: guids.map((guid) => makeBusyResult(guid)), generatedAt: new Date().toISOString() };
}

let api: Api;

function stubApi(partial: Partial<Api> = {}) {
  api = {
    lists: {},
    busy: busyFor,
    players: () => [],
    calls: [],
    ...partial,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      api.calls.push(url);
      const list = /^\/stats\/liveservers\/([^/]+)\/servers$/.exec(url.pathname);
      if (list) {
        const answer = api.lists[list[1] ?? ''];
        if (answer === undefined || answer === 'fail') return jsonResponse({ error: 'x', message: 'down' }, 500);
        return jsonResponse(answer);
      }
      if (url.pathname === '/stats/GameTrends/busy-indicator') {
        const answer = api.busy(url.searchParams.getAll('serverGuids'));
        return answer === 'fail' ? jsonResponse({ error: 'x', message: 'down' }, 503) : jsonResponse(answer);
      }
      if (url.pathname === '/stats/Players/search') {
        return jsonResponse({ items: api.players(url.searchParams.get('query') ?? '') });
      }
      // The sections under the list: Game Trends and Playing Now.
      if (url.pathname === '/stats/GameTrends/landing-summary') {
        const answer = api.trends?.(url.searchParams.get('game') ?? '') ?? makeLandingSummary();
        return answer === 'fail' ? jsonResponse({ error: 'x', message: 'down' }, 500) : jsonResponse(answer);
      }
      if (url.pathname === '/stats/players') {
        const answer = api.online?.(url.searchParams) ?? { items: [], currentPage: 1, totalItems: 0, totalPages: 0 };
        return answer === 'fail' ? jsonResponse({ error: 'x', message: 'down' }, 500) : jsonResponse(answer);
      }
      return jsonResponse({ error: 'not_found', message: url.pathname }, 404);
    }),
  );
}

const busyCalls = () => api.calls.filter((url) => url.pathname === '/stats/GameTrends/busy-indicator');
const listCalls = () => api.calls.filter((url) => url.pathname.startsWith('/stats/liveservers/'));

function setMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: mobile && media.includes('max-width'),
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderPage(path = '/servers/bf1942') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CurrentPath />
        <Routes>
          <Route path="/servers/bf1942" element={<ServerBrowserPage view="bf1942" />} />
          <Route path="/servers/fh2" element={<ServerBrowserPage view="fh2" />} />
          <Route path="/servers/bfv" element={<ServerBrowserPage view="bfv" />} />
          <Route path="/servers/all" element={<ServerBrowserPage view="all" />} />
          <Route path="*" element={<LocationProbe withSearch />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, client };
}

const rows = () => screen.getAllByTestId('server-row');
/** The router's current path, whichever route shows. */
const location = () => screen.getByTestId('current-path').textContent;

function CurrentPath() {
  const current = useLocation();
  return (
    <span hidden data-testid="current-path">
      {current.pathname + current.search}
    </span>
  );
}
const rowNames = () => rows().map((row) => within(row).getAllByRole('link')[0]?.textContent);

beforeEach(() => {
  setMobile(false);
  historyMounts.games = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------------------

describe('server list states (spec §4 "loading spinner, then loaded or error"; §8)', () => {
  it('shows a spinner, then the servers sorted by players, most first', async () => {
    stubApi({
      lists: {
        bf1942: listOf([
          makeServer({ name: 'Quiet', numPlayers: 2 }),
          makeServer({ name: 'Busy', numPlayers: 30 }),
          makeServer({ name: 'Middle', numPlayers: 12 }),
        ]),
      },
    });
    renderPage();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Loading servers…');
    await screen.findByText('Busy');
    expect(rowNames()).toEqual(['Busy', 'Middle', 'Quiet']);
    // The summary counts every listed player (2 + 30 + 12); a bare /44/ would also match a clock at :44.
    const summary = screen.getByText(
      (_, element) => element?.tagName === 'P' && /servers ·/.test(element.textContent ?? ''),
    );
    expect(summary).toHaveTextContent('3 servers · 44 players online');
    expect(listCalls().map((url) => url.pathname)).toEqual(['/stats/liveservers/bf1942/servers']);
  });

  it("shows 'Failed to fetch server data. Please try again.' with a retry that reloads", async () => {
    stubApi({ lists: { bf1942: 'fail' } });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch server data. Please try again.');
    api.lists.bf1942 = listOf([makeServer({ name: 'Back online' })]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'No server data available' for an empty list, and asks for no busy indicators", async () => {
    stubApi({ lists: { bf1942: listOf([]) } });
    renderPage();
    expect(await screen.findByText('No server data available')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(busyCalls()).toHaveLength(0);
  });

  it("notes 'Live data is delayed' with the last update when the feed is stale", async () => {
    stubApi({
      lists: {
        bf1942: listOf([makeServer()], { stale: true, lastUpdated: new Date(Date.now() - 12 * 60_000).toISOString() }),
      },
    });
    renderPage();
    expect(await screen.findByTestId('stale-note')).toHaveTextContent('Live data is delayed· updated 12 minutes ago');
  });

  it('refreshes the list every 5 minutes (spec §9 "Server list refresh 300000 ms")', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi({ lists: { bf1942: listOf([makeServer({ name: 'First' })]) } });
      renderPage();
      await screen.findByText('First');
      expect(listCalls()).toHaveLength(1);
      api.lists.bf1942 = listOf([makeServer({ name: 'Second' })]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(299_000);
      });
      expect(listCalls()).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      expect(await screen.findByText('Second')).toBeInTheDocument();
      expect(listCalls()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('table (spec §2 "Table columns", §4 "Column sort")', () => {
  const servers = () => [
    makeServer({ name: 'bravo', numPlayers: 5, mapName: 'kursk', roundTimeRemain: 120 }),
    makeServer({ name: 'Alpha', numPlayers: 20, mapName: 'berlin', roundTimeRemain: -1 }),
    makeServer({ name: 'charlie', numPlayers: 12, mapName: 'wake', roundTimeRemain: 60 }),
  ];

  it('sorts by a header: a new column starts ascending (players descending), the same column toggles', async () => {
    stubApi({ lists: { bf1942: listOf(servers()) } });
    const { user } = renderPage();
    await screen.findByText('Alpha');
    const header = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    expect(screen.getByRole('columnheader', { name: /Players/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(header('Server'));
    expect(rowNames()).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(screen.getByRole('columnheader', { name: /Server/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(header('Server'));
    expect(rowNames()).toEqual(['charlie', 'bravo', 'Alpha']);

    await user.click(header('Players'));
    expect(rowNames()).toEqual(['Alpha', 'charlie', 'bravo']);
    await user.click(header('Players'));
    expect(rowNames()).toEqual(['bravo', 'charlie', 'Alpha']);

    await user.click(header('Time left'));
    expect(rowNames()).toEqual(['charlie', 'bravo', 'Alpha']);
  });

  it('links the name to /servers/{serverName}, shows the lock, Discord and forum links', async () => {
    stubApi({
      lists: {
        bf1942: listOf([
          makeServer({
            name: 'A/B #1',
            hasPassword: true,
            discordUrl: 'https://discord.gg/x',
            forumUrl: 'https://forum.example.org',
          }),
          makeServer({ name: 'Plain', discordUrl: 'javascript:alert(1)' }),
        ]),
      },
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'A/B #1' });
    expect(link).toHaveAttribute('href', '/servers/A%2FB%20%231');
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Password protected')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Discord of A/B #1' })).toHaveAttribute(
      'href',
      'https://discord.gg/x',
    );
    expect(within(row).getByRole('link', { name: 'Forum of A/B #1' })).toHaveAttribute(
      'href',
      'https://forum.example.org/',
    );
    expect(screen.queryByRole('link', { name: 'Discord of Plain' })).toBeNull();
  });

  it('reads FULL on a disabled button when players reach the slots, JOIN otherwise', async () => {
    stubApi({
      lists: {
        bf1942: listOf([
          makeServer({ name: 'Full', numPlayers: 32, maxPlayers: 32, joinLink: 'bf1942://1.2.3.4:14567' }),
          makeServer({ name: 'Open', numPlayers: 31, maxPlayers: 32, joinLink: 'bf1942://5.6.7.8:14567' }),
          makeServer({ name: 'No link', numPlayers: 3, joinLink: null }),
        ]),
      },
    });
    renderPage();
    await screen.findByText('Full');
    const [full, open, noLink] = rows();
    expect(within(full!).getByRole('button', { name: 'FULL' })).toBeDisabled();
    expect(within(open!).getByRole('link', { name: 'JOIN' })).toHaveAttribute('href', 'bf1942://5.6.7.8:14567');
    expect(within(noLink!).getByRole('button', { name: 'JOIN' })).toBeDisabled();
  });

  it('colours the fill bar by §9 fill ratio and shows numPlayers/maxPlayers', async () => {
    stubApi({
      lists: {
        bf1942: listOf([
          makeServer({ name: 'full', numPlayers: 32, maxPlayers: 32 }),
          makeServer({ name: 'high', numPlayers: 26, maxPlayers: 32 }),
          makeServer({ name: 'medium', numPlayers: 13, maxPlayers: 32 }),
          makeServer({ name: 'low', numPlayers: 12, maxPlayers: 32 }),
          makeServer({ name: 'empty', numPlayers: 0, maxPlayers: 32 }),
        ]),
      },
    });
    renderPage();
    await screen.findByText('full');
    const bars = screen.getAllByTestId('fill-bar');
    expect(bars.map((bar) => bar.dataset.fill)).toEqual(['full', 'high', 'medium', 'low', 'empty']);
    // "full (red), high (orange), medium (green), low (blue)"; an empty server's bar is a quiet grey.
    expect(bars.map((bar) => [...bar.classList].find((name) => name.startsWith('bg-')))).toEqual([
      'bg-danger',
      'bg-warn',
      'bg-good',
      'bg-info',
      'bg-faint',
    ]);
    expect(rows()[1]).toHaveTextContent('26/32');
  });

  it("shows time remaining as m:ss and '-' without a clock, and the server's local time with its offset", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2025-01-15T20:04:30Z') });
    try {
      stubApi({
        lists: {
          bf1942: listOf([
            makeServer({ name: 'clock', numPlayers: 2, roundTimeRemain: 754, timezone: 'Europe/Amsterdam' }),
            makeServer({ name: 'none', numPlayers: 1, roundTimeRemain: -1, timezone: null, country: 'de' }),
          ]),
        },
      });
      renderPage();
      await screen.findByText('clock');
      const [clock, none] = rows();
      expect(clock).toHaveTextContent('12:34');
      expect(clock).toHaveTextContent('21:04 (UTC+1)');
      expect(within(none!).getAllByText('-').length).toBeGreaterThanOrEqual(2);
      expect(within(none!).getByRole('img', { name: 'Germany' })).toHaveAttribute('src', expect.stringMatching(/#de$/));
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells people and bots apart ("16 + 16 bots"): FULL, the fill bar and the sort count people only', async () => {
    stubApi({
      lists: {
        bf1942: listOf([
          makeServer({
            name: 'Bot Camp',
            numPlayers: 16,
            botCount: 16,
            maxPlayers: 32,
            joinLink: 'bf1942://1.1.1.1:1',
          }),
          makeServer({ name: 'Packed', numPlayers: 20, botCount: 0, maxPlayers: 20, joinLink: 'bf1942://2.2.2.2:2' }),
          makeServer({ name: 'All Bots', numPlayers: 0, botCount: 24, maxPlayers: 32 }),
          makeServer({ name: 'One Bot', numPlayers: 17, botCount: 1, maxPlayers: 32 }),
        ]),
      },
    });
    const { user } = renderPage();
    await screen.findByText('Bot Camp');
    // Shared rule PLAYER COUNTS: "the sort by players use[s] humans" (20, 17, 16, 0 people).
    expect(rowNames()).toEqual(['Packed', 'One Bot', 'Bot Camp', 'All Bots']);
    const [packed, oneBot, botCamp, allBots] = rows();
    expect(botCamp).toHaveTextContent('16 + 16 bots/32');
    expect(oneBot).toHaveTextContent('17 + 1 bot/32');
    expect(allBots).toHaveTextContent('0 + 24 bots/32');
    expect(packed).toHaveTextContent('20/20');
    expect(packed).not.toHaveTextContent('bot');
    // "FULL when humans ≥ maxPlayers": 16 people and 16 bots on 32 slots can still be joined.
    expect(within(botCamp!).getByRole('link', { name: 'JOIN' })).toHaveAttribute('href', 'bf1942://1.1.1.1:1');
    expect(within(packed!).getByRole('button', { name: 'FULL' })).toBeDisabled();
    expect(screen.getAllByTestId('fill-bar').map((bar) => bar.dataset.fill)).toEqual([
      'full',
      'medium',
      'medium',
      'empty',
    ]);
    expect(
      screen.getByText((_, element) => element?.tagName === 'P' && /servers ·/.test(element.textContent ?? '')),
    ).toHaveTextContent('4 servers · 53 players + 41 bots online');

    await user.click(screen.getByRole('button', { name: /^Players/ }));
    expect(rowNames()).toEqual(['All Bots', 'Bot Camp', 'One Bot', 'Packed']);
  });

  it('shows how long an FH2 round has run ("12m in") where the feed has no clock, and keeps \'-\' for other games', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-01-09T20:42:10Z') });
    try {
      stubApi({
        lists: {
          fh2: listOf([
            makeServer({
              name: 'Hope',
              game: 'fh2',
              numPlayers: 30,
              roundTimeRemain: -1,
              roundStartedAt: '2026-01-09T20:30:00.000Z',
              roundTimeLimit: 3600,
            }),
            makeServer({
              name: 'Long one',
              game: 'fh2',
              numPlayers: 20,
              roundTimeRemain: -1,
              roundStartedAt: '2026-01-09T19:07:00.000Z',
            }),
            makeServer({
              name: 'Between rounds',
              game: 'fh2',
              numPlayers: 10,
              roundTimeRemain: -1,
              roundStartedAt: null,
            }),
          ]),
        },
      });
      renderPage('/servers/fh2');
      await screen.findByText('Hope');
      const [hope, long, between] = rows();
      const timeCell = (row: HTMLElement) => within(row).getAllByRole('cell')[4]!;
      expect(timeCell(hope!)).toHaveTextContent(/^12m in$/);
      expect(timeCell(hope!)).toHaveAttribute(
        'title',
        'Round running for at least 12m; rounds here last up to 1h. The FH2 feed reports no time left.',
      );
      expect(timeCell(long!)).toHaveTextContent(/^1h 35m in$/);
      expect(timeCell(between!)).toHaveTextContent(/^-$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps m:ss and '-' for a game with a clock, even when the round's start is known", async () => {
    stubApi({
      lists: {
        bfvietnam: listOf([
          makeServer({ name: 'Hue', game: 'bfvietnam', roundTimeRemain: 95, roundStartedAt: '2026-01-09T20:30:00Z' }),
          makeServer({
            name: 'No clock',
            game: 'bfvietnam',
            numPlayers: 1,
            roundTimeRemain: -1,
            roundStartedAt: '2026-01-09T20:30:00Z',
          }),
        ]),
      },
    });
    renderPage('/servers/bfv');
    await screen.findByText('Hue');
    const [hue, noClock] = rows();
    expect(within(hue!).getAllByRole('cell')[4]).toHaveTextContent(/^1:35$/);
    expect(within(noClock!).getAllByRole('cell')[4]).toHaveTextContent(/^-$/);
  });

  it('joins a passwordless FH2 server through its bf2:// link; a locked one has no JOIN link', async () => {
    stubApi({
      lists: {
        fh2: listOf([
          makeServer({ name: 'Open', game: 'fh2', numPlayers: 5, joinLink: 'bf2://198.51.100.20:16567?mod=fh2' }),
          makeServer({ name: 'Locked', game: 'fh2', numPlayers: 4, hasPassword: true, joinLink: null }),
        ]),
      },
    });
    renderPage('/servers/fh2');
    await screen.findByText('Open');
    const [open, locked] = rows();
    expect(within(open!).getByRole('link', { name: 'JOIN' })).toHaveAttribute(
      'href',
      'bf2://198.51.100.20:16567?mod=fh2',
    );
    const disabled = within(locked!).getByRole('button', { name: 'JOIN' });
    expect(disabled).toBeDisabled();
    expect(disabled).toHaveAttribute('title', 'Password protected: join from the game with its address');
  });

  it('copies ip:port when the address is clicked', async () => {
    stubApi({ lists: { bf1942: listOf([makeServer({ ip: '9.8.7.6', port: 14567 })]) } });
    const { user } = renderPage();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: /9\.8\.7\.6:14567/ }));
    expect(writeText).toHaveBeenCalledWith('9.8.7.6:14567');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });
});

describe('busy indicators (spec §4 "top 10 servers", §5, §7 "batches of 25", "silent warning")', () => {
  it('asks first for the 10 busiest servers with a guid (repeated serverGuids keys), then for every other row', async () => {
    const servers = [
      makeServer({ guid: '', name: 'no guid', numPlayers: 99 }),
      ...Array.from({ length: 14 }, (_, index) => makeServer({ guid: `g${index}`, numPlayers: index })),
    ];
    stubApi({ lists: { bf1942: listOf(servers) } });
    renderPage();
    await waitFor(() => expect(busyCalls()).toHaveLength(2));
    expect(busyCalls()[0]?.searchParams.getAll('serverGuids')).toEqual([
      'g13',
      'g12',
      'g11',
      'g10',
      'g9',
      'g8',
      'g7',
      'g6',
      'g5',
      'g4',
    ]);
    expect(busyCalls()[1]?.searchParams.getAll('serverGuids')).toEqual(['g3', 'g2', 'g1', 'g0']);
    // Rows past the tenth get their badge too (no placeholder for good); a row without a guid keeps the chip.
    await waitFor(() => expect(screen.getAllByText('Busier than usual')).toHaveLength(14));
    expect(screen.getByRole('button', { name: 'Activity Forecast for no guid' })).toHaveTextContent('Forecast');
  });

  it('asks for the rows past the tenth in batches of 25', async () => {
    const servers = Array.from({ length: 60 }, (_, index) => makeServer({ guid: `g${index}`, numPlayers: 60 - index }));
    stubApi({ lists: { bf1942: listOf(servers) } });
    renderPage();
    // The batches past the tenth follow the rows' render: as slow as the 60 rows below on a busy machine.
    await waitFor(() => expect(busyCalls()).toHaveLength(3), { timeout: 5_000 });
    expect(busyCalls().map((call) => call.searchParams.getAll('serverGuids').length)).toEqual([10, 25, 25]);
    expect(busyCalls().flatMap((call) => call.searchParams.getAll('serverGuids'))).toEqual(
      servers.map((server) => server.guid),
    );
    // 60 rows take most of a second to render on a busy machine: more than waitFor's default allows.
    await waitFor(() => expect(screen.getAllByText('Busier than usual')).toHaveLength(60), { timeout: 5_000 });
  });

  it('leaves the list on screen and only warns when the busy call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({ lists: { bf1942: listOf([makeServer({ name: 'Still here' })]) }, busy: () => 'fail' });
    renderPage();
    await screen.findByText('Still here');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to get server busy indicators', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again after each list load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi({ lists: { bf1942: listOf([makeServer({ guid: 'a', numPlayers: 4 })]) } });
      renderPage();
      await waitFor(() => expect(busyCalls()).toHaveLength(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300_500);
      });
      await waitFor(() => expect(busyCalls()).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
  it("asks again when the UTC hour turns (spec §4 'the forecast also reloads when the UTC hour changes')", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2025-03-01T10:59:50Z') });
    try {
      stubApi({ lists: { bf1942: listOf([makeServer({ guid: 'a', numPlayers: 4 })]) } });
      renderPage();
      await waitFor(() => expect(busyCalls()).toHaveLength(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5_000);
      });
      expect(busyCalls()).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(6_000);
      });
      await waitFor(() => expect(busyCalls()).toHaveLength(2));
      expect(listCalls()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("activity forecast (spec §2: 'hover popover on desktop, modal when width is under 768'; 'current hour is highlighted')", () => {
  it('opens a popover titled Activity Forecast with the busy text and 24 hourly bars', async () => {
    stubApi({ lists: { bf1942: listOf([makeServer({ guid: 'a', name: 'Hover me', numPlayers: 4 })]) } });
    const { user } = renderPage();
    const trigger = await screen.findByRole('button', { name: /Activity Forecast for Hover me: Busier than usual/ });
    await user.hover(trigger);
    const popover = await screen.findByRole('dialog', { name: 'Activity Forecast' });
    expect(popover).toHaveTextContent('Busier than usual');
    expect(popover).toHaveTextContent('Players now24');
    expect(popover).toHaveTextContent('Typical this hour18');
    const bars = within(popover).getAllByRole('listitem');
    expect(bars).toHaveLength(24);
    const current = bars.filter((bar) => bar.getAttribute('aria-current') === 'time');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveAccessibleName(/^8pm UTC .*current hour$/);
    // §9: "Forecast bar height at least 8 px on the browser".
    expect(Math.min(...bars.map((bar) => Number(bar.dataset.height)))).toBeGreaterThanOrEqual(8);

    await user.unhover(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("fetches a server's forecast on demand when the list's calls did not bring it (their batch failed)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const servers = Array.from({ length: 11 }, (_, index) =>
      makeServer({ guid: `g${index}`, name: `S${index}`, numPlayers: 20 - index }),
    );
    let restFails = true;
    stubApi({
      lists: { bf1942: listOf(servers) },
      busy: (guids) => (guids.length === 1 && guids[0] === 'g10' && restFails ? 'fail' : busyFor(guids)),
    });
    const { user } = renderPage();
    await waitFor(() => expect(busyCalls()).toHaveLength(2));
    restFails = false;
    await user.hover(await screen.findByRole('button', { name: 'Activity Forecast for S10' }));
    const popover = await screen.findByRole('dialog', { name: 'Activity Forecast' });
    await waitFor(() => expect(busyCalls()).toHaveLength(3));
    expect(busyCalls()[2]?.searchParams.getAll('serverGuids')).toEqual(['g10']);
    await waitFor(() => expect(popover).toHaveTextContent('Busier than usual'));
  });

  it('says what a forecast rests on, and draws hours without history as missing, not as 0 players', async () => {
    stubApi({
      lists: { bf1942: listOf([makeServer({ guid: 'a', name: 'Young', numPlayers: 4 })]) },
      busy: (guids) => ({
        serverResults: guids.map((guid) => ({
          ...makeBusyResult(guid, {
            busyLevel: 'moderate',
            busyText: 'As busy as usual',
            typicalPlayers: null,
            basis: 'overall',
            dataPoints: 30,
            historyDays: 2,
          }),
          // Seen from 6 pm to 11 pm only, on one day; 7 pm had nobody.
          hourlyTimeline: makeTimeline(20, (hour) => (hour < 18 ? null : hour === 19 ? 0 : hour)),
        })),
        generatedAt: '',
      }),
    });
    const { user } = renderPage();
    await user.hover(await screen.findByRole('button', { name: /Activity Forecast for Young: As busy as usual/ }));
    const popover = await screen.findByRole('dialog', { name: 'Activity Forecast' });
    expect(within(popover).getByTestId('forecast-basis')).toHaveTextContent(
      'Rough estimate: based on 2 days of data so far.',
    );
    expect(popover).toHaveTextContent('Typical this hour–');
    expect(popover).toHaveTextContent('Hatched hours have no data yet.');
    const bars = within(popover).getAllByRole('listitem');
    const missing = bars.filter((bar) => bar.dataset.height === 'missing');
    expect(missing).toHaveLength(18);
    expect(missing[0]).toHaveAccessibleName(/^12am UTC .*: no data yet$/);
    expect(missing[0]?.className).toContain('hatched');
    // An hour seen empty is a bar of the minimum height, not a missing one.
    expect(bars[19]).toHaveAttribute('data-height', '8');
    expect(bars[19]).toHaveAccessibleName(/typically 0 players \(4 past weeks\)/);
  });

  it('opens a modal under 768 px', async () => {
    setMobile(true);
    stubApi({ lists: { bf1942: listOf([makeServer({ guid: 'a', name: 'Phone', numPlayers: 4 })]) } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Activity Forecast for Phone/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity Forecast' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Busier than usual');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('small screens (spec §9 "Mobile breakpoint 768 px")', () => {
  it('shows cards with a sort control instead of the table', async () => {
    setMobile(true);
    stubApi({
      lists: {
        bf1942: listOf([makeServer({ name: 'b-side', numPlayers: 1 }), makeServer({ name: 'a-side', numPlayers: 9 })]),
      },
    });
    const { user } = renderPage();
    await screen.findByText('a-side');
    expect(screen.queryByRole('table')).toBeNull();
    expect(rowNames()).toEqual(['a-side', 'b-side']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort servers by' }), 'name');
    expect(rowNames()).toEqual(['a-side', 'b-side']);
    await user.click(screen.getByRole('button', { name: /sort descending/ }));
    expect(rowNames()).toEqual(['b-side', 'a-side']);
  });
});

describe('timeline overlay (spec §2 "Server timeline overlay toggles per server"; §9 "timeline bars 2 to 18 px")', () => {
  it("toggles a 24-hour strip under that server's row only", async () => {
    stubApi({
      lists: {
        bf1942: listOf([makeServer({ guid: 'a', name: 'One', numPlayers: 5 }), makeServer({ guid: 'b', name: 'Two' })]),
      },
      busy: (guids) => ({
        serverResults: guids.map((guid) => ({ ...makeBusyResult(guid), hourlyTimeline: makeTimeline(3) })),
        generatedAt: '',
      }),
    });
    const { user } = renderPage();
    const toggle = await screen.findByRole('button', { name: /timeline of One/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const strip = await screen.findByTestId('server-timeline');
    const bars = await within(strip).findAllByRole('listitem');
    expect(bars).toHaveLength(24);
    const heights = bars.map((bar) => Number(bar.dataset.height));
    expect(Math.min(...heights)).toBe(2);
    expect(Math.max(...heights)).toBe(18);
    expect(screen.getAllByTestId('server-timeline')).toHaveLength(1);
    await user.click(toggle);
    expect(screen.queryByTestId('server-timeline')).toBeNull();
  });
});

describe('game tabs (spec §2: "Choosing a game navigates to its route unless already there"; §4 "resets timelines and reloads")', () => {
  it('ALL is the route /servers/all with the three games, tagged by game; a game tab goes to its route', async () => {
    stubApi({
      lists: {
        bf1942: listOf([makeServer({ name: 'Classic', game: 'bf1942' })]),
        fh2: listOf([makeServer({ name: 'Hope', game: 'fh2', numPlayers: 40 })]),
        bfvietnam: listOf([makeServer({ name: 'Hue', game: 'bfvietnam' })]),
      },
    });
    const { user } = renderPage();
    await screen.findByText('Classic');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Battlefield 1942 servers');

    await user.click(screen.getByRole('button', { name: /timeline of Classic/ }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('Hue')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All servers');
    expect(location()).toBe('/servers/all');
    expect(rowNames()).toEqual(['Hope', 'Classic', 'Hue']);
    expect(within(rows()[0]!).getByText('FH2')).toBeInTheDocument();
    expect(screen.queryByTestId('server-timeline')).toBeNull();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'FH2' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgotten Hope 2 servers' })).toBeInTheDocument();
    expect(await screen.findByText('Hope')).toBeInTheDocument();
    expect(screen.queryByText('Classic')).toBeNull();
    expect(location()).toBe('/servers/fh2');
  });

  it('opens on ALL from its URL (a reload or Back lands on the same tab)', async () => {
    stubApi({
      lists: {
        bf1942: listOf([makeServer({ name: 'Classic', game: 'bf1942' })]),
        fh2: listOf([makeServer({ name: 'Hope', game: 'fh2' })]),
        bfvietnam: listOf([makeServer({ name: 'Hue', game: 'bfvietnam' })]),
      },
    });
    renderPage('/servers/all');
    expect(await screen.findByText('Hue')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All servers');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toHaveLength(3);
  });
});

describe('player search (spec §2: "Submitting an empty trimmed search does nothing; choosing a result goes to /players/{playerName}")', () => {
  const player = (playerName: string): PlayerSearchResult => ({
    playerName,
    displayName: playerName,
    totalPlayTimeMinutes: 10,
    lastSeen: new Date().toISOString(),
    isActive: false,
    currentServer: null,
  });

  it('goes to the chosen player', async () => {
    stubApi({ lists: { bf1942: listOf([]) }, players: () => [player('Sgt Pepper'), player('Pepperoni')] });
    const { user } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search players' }), 'pep');
    await user.click(await screen.findByRole('option', { name: /Pepperoni/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/players/Pepperoni');
  });

  it('shows a stored cp1251 name decoded, on hover too, and opens the profile by its stored name', async () => {
    stubApi({
      lists: { bf1942: listOf([]) },
      players: () => [{ ...player('=JG1=Êàòþøà'), displayName: '=JG1=Катюша' }],
    });
    const { user } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search players' }), 'Кат');
    const option = await screen.findByRole('option', { name: /=JG1=Катюша/ });
    expect(option).not.toHaveTextContent('Êàòþøà');
    expect(within(option).getByText('=JG1=Катюша')).toHaveAttribute('title', '=JG1=Катюша');
    await user.click(option);
    expect(await screen.findByTestId('location')).toHaveTextContent(`/players/${encodeURIComponent('=JG1=Êàòþøà')}`);
  });

  it("shows 'No players found' when nothing matches", async () => {
    stubApi({ lists: { bf1942: listOf([]) } });
    const { user } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search players' }), 'zz');
    // Once visibly, once in the screen-reader announcement.
    expect(await screen.findAllByText('No players found')).toHaveLength(2);
  });

  it('does nothing on an empty submit', async () => {
    stubApi({ lists: { bf1942: listOf([]) } });
    const { user } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search players' }), '   {Enter}');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(api.calls.some((url) => url.pathname === '/stats/Players/search')).toBe(false);
  });

  it('searches on Enter: Find Players with the trimmed text, even with suggestions on screen', async () => {
    stubApi({ lists: { bf1942: listOf([]) }, players: () => [player('Ace of Spades'), player('Aces High')] });
    const { user } = renderPage();
    const input = screen.getByRole('combobox', { name: 'Search players' });
    await user.type(input, '  ace ');
    expect(await screen.findByRole('option', { name: /Ace of Spades/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/players\?playerName=ace$/);
  });

  it('opens the suggestion the keyboard highlight was moved onto', async () => {
    stubApi({ lists: { bf1942: listOf([]) }, players: () => [player('Ace of Spades'), player('Aces High')] });
    const { user } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search players' }), 'ace');
    await screen.findByRole('option', { name: /Ace of Spades/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/players\/Aces%20High$/);
  });
});

describe("'Get Online' menu (spec §2: three installation guides; 'A click elsewhere closes menus')", () => {
  it('lists three guides, closes on a click elsewhere, and opens a guide in a dialog', async () => {
    stubApi({ lists: { bf1942: listOf([]) } });
    const { user } = renderPage();
    const button = screen.getByRole('button', { name: 'Get Online' });
    await user.click(button);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Battlefield 1942v1.61 and a community patch',
      'Forgotten Hope 2On Battlefield 2 v1.50',
      'Battlefield Vietnamv1.21',
    ]);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: /Forgotten Hope 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Get online: Forgotten Hope 2' });
    expect(dialog).toHaveTextContent('Update to 1.50');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe("'Player Activity History' panel (spec §2: collapsible, loading data on first open)", () => {
  it('is closed by default and mounts the lazy chart on first open, for the shown game', async () => {
    stubApi({ lists: { bf1942: listOf([]) } });
    const { user } = renderPage();
    const toggle = screen.getByRole('button', { name: /Player Activity History/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(historyMounts.games).toEqual([]);

    await user.click(toggle);
    expect(await screen.findByText('History chart for bf1942')).toBeVisible();
    await user.click(toggle);
    expect(screen.getByText('History chart for bf1942')).not.toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: /Player Activity History/ }));
    expect(await screen.findByText('History chart for all')).toBeInTheDocument();
  });
});

describe("the sections under the list (spec §2: 'Game trends and sessions/players list sections exist'; §7, §8, §9)", () => {
  const onlinePlayer = (name: string, serverName: string): PlayerSearchResult => ({
    playerName: name,
    displayName: name,
    totalPlayTimeMinutes: 600,
    lastSeen: new Date().toISOString(),
    isActive: true,
    currentServer: { serverGuid: 'g1', serverName, mapName: 'el_alamein', sessionKills: 3, sessionDeaths: 2 },
  });

  it("Game Trends asks the landing summary for the game shown, and puts the list's players now beside the usual", async () => {
    stubApi({
      lists: { bf1942: listOf([makeServer({ numPlayers: 12, botCount: 4 }), makeServer({ numPlayers: 5 })]) },
    });
    renderPage();
    const trends = await screen.findByTestId('game-trends-game');
    expect(api.calls.find((url) => url.pathname === '/stats/GameTrends/landing-summary')?.search).toBe('?game=bf1942');
    // Players now: the list's 17 people (bots left out), the summary's own 30 not used, so the two agree.
    await waitFor(() =>
      expect(within(trends).getByTestId('game-trends-now')).toHaveTextContent('17 players online now'),
    );
    expect(within(trends).getByTestId('game-trends-now')).toHaveTextContent('usually 20 at this hour');
    const bars = within(trends).getAllByTestId('game-trends-bar');
    expect(bars).toHaveLength(9);
    expect(bars[0]).toHaveAttribute('data-current', 'true');
    expect(bars[0]).toHaveAccessibleName('Now: 17 players online');
    expect(bars[1]?.getAttribute('aria-label')).toMatch(/^\d{1,2}(am|pm): usually 21 players$/);
    expect(bars[3]?.getAttribute('aria-label')).toMatch(/: no data yet$/);
  });

  it("shows 'Failed to load game trends' when the summary fails, and a retry", async () => {
    stubApi({ lists: { bf1942: listOf([makeServer()]) }, trends: () => 'fail' });
    renderPage();
    const sections = await screen.findByTestId('browser-sections');
    expect(await within(sections).findByText('Failed to load game trends')).toBeVisible();
    expect(within(sections).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it("Playing Now lists the game's players online, 10 a page, counted as the list counts players online", async () => {
    const players = Array.from({ length: 10 }, (_, index) => onlinePlayer(`Soldier${index + 1}`, 'Alpha'));
    stubApi({
      lists: { fh2: listOf([makeServer({ game: 'fh2', numPlayers: 21, botCount: 3 })]) },
      online: (query) =>
        query.get('page') === '2'
          ? {
              items: [onlinePlayer('Soldier11', 'Alpha'), onlinePlayer('Soldier12', 'Alpha')],
              currentPage: 2,
              totalItems: 12,
              totalPages: 2,
            }
          : { items: players, currentPage: 1, totalItems: 12, totalPages: 2 },
    });
    const { user } = renderPage('/servers/fh2');
    const rows = await screen.findAllByTestId('playing-now-row');
    expect(rows).toHaveLength(10);
    const call = api.calls.find((url) => url.pathname === '/stats/players');
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({
      isActive: 'true',
      game: 'fh2',
      page: '1',
      pageSize: '10',
    });
    expect(await screen.findByTestId('playing-now-count')).toHaveTextContent(
      '21 players online · 12 names seen in the last 5 minutes',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Soldier1' })).toHaveAttribute('href', '/players/Soldier1');
    expect(rows[0]).toHaveTextContent('Alpha · El Alamein · K/D 1.50 (3/2)');
    await user.click(within(screen.getByTestId('browser-sections')).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('playing-now-row')).toHaveLength(2));
  });

  it("Playing Now on ALL asks for every game's players, and says when nobody plays", async () => {
    stubApi({ lists: { bf1942: listOf([]), fh2: listOf([]), bfvietnam: listOf([]) } });
    renderPage('/servers/all');
    expect(await screen.findByText('Nobody is playing right now.')).toBeVisible();
    const call = api.calls.find((url) => url.pathname === '/stats/players');
    expect(call?.searchParams.has('game')).toBe(false);
    expect(screen.getByTestId('playing-now-count')).toHaveTextContent('0 players online · 0 names seen');
    // Game Trends shows each of the three games.
    await waitFor(() => expect(screen.getAllByTestId('game-trends-game')).toHaveLength(3));
  });

  it("shows 'Failed to fetch players' when the players call fails", async () => {
    stubApi({ lists: { bf1942: listOf([makeServer()]) }, online: () => 'fail' });
    renderPage();
    expect(await screen.findByText('Failed to fetch players')).toBeVisible();
  });
});

describe('feed credit (spec: "The server list credits a third-party API author")', () => {
  it('credits the BFList API by cetteup', async () => {
    stubApi({ lists: { bf1942: listOf([]) } });
    renderPage();
    expect(screen.getByRole('link', { name: 'BFList API' })).toHaveAttribute('href', 'https://bflist.io');
    expect(screen.getByText(/by cetteup/)).toBeInTheDocument();
  });
});
