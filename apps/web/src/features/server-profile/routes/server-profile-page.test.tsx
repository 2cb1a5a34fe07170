import type { ServerDetailsResponse, ServerInsightsResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusyResult } from '../../../lib/busy/test-fixtures.ts';
import { makeDetails, makeInsights, makeLeaderboard, makeLive } from '../lib/test-fixtures.ts';
import { ServerProfilePage } from './server-profile-page.tsx';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';

// The charts draw on a canvas with uPlot, which jsdom lacks; here they only have to be given their series.
vi.mock('../components/insight-charts.tsx', () => ({
  PlayerCountChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  PingChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// ---------------------------------------------------------------------------------------------------------
// A fake API behind fetch; each answer can be held back to see what happens before it arrives.

/** A body to send, or `{ status }` for a failure with that status. */
type Answer = unknown;

interface Api {
  details: (name: string, minPlayers: string | null) => Answer;
  insights: (name: string, days: string | null) => Answer;
  live: () => Answer;
  busy: () => Answer;
  calls: URL[];
  gate: Promise<void> | null;
}

let api: Api;

function reply(answer: Answer): Response {
  if (typeof answer === 'object' && answer !== null && 'status' in answer && typeof answer.status === 'number') {
    return jsonResponse({ error: 'x', message: 'failed' }, answer.status);
  }
  return jsonResponse(answer);
}

function stubApi(partial: Partial<Api> = {}) {
  api = {
    details: (name) => makeDetails({ serverName: name }),
    insights: (_name, days) => makeInsights(Number(days)),
    live: () => makeLive(),
    busy: () => ({ serverResults: [makeBusyResult('guid-1')], generatedAt: '' }),
    calls: [],
    gate: null,
    ...partial,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      api.calls.push(url);
      const insights = /^\/stats\/servers\/([^/]+)\/insights$/.exec(url.pathname);
      if (insights) return reply(api.insights(decodeURIComponent(insights[1] ?? ''), url.searchParams.get('days')));
      const details = /^\/stats\/servers\/([^/]+)$/.exec(url.pathname);
      if (details) {
        if (api.gate) await api.gate;
        return reply(api.details(decodeURIComponent(details[1] ?? ''), url.searchParams.get('minPlayersForWeighting')));
      }
      if (url.pathname.startsWith('/stats/liveservers/')) return reply(api.live());
      if (url.pathname === '/stats/GameTrends/busy-indicator') return reply(api.busy());
      return jsonResponse({ error: 'not_found', message: url.pathname }, 404);
    }),
  );
}

const callsTo = (test: (path: string) => boolean) => api.calls.filter((url) => test(url.pathname));
const detailsCalls = () => callsTo((path) => /^\/stats\/servers\/[^/]+$/.test(path));
const insightsCalls = () => callsTo((path) => path.endsWith('/insights'));
const liveCalls = () => callsTo((path) => path.startsWith('/stats/liveservers/'));
const busyCalls = () => callsTo((path) => path === '/stats/GameTrends/busy-indicator');

function renderProfile(path = '/servers/Wake%2024%2F7%20%7C%20EU') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/servers/:serverName"
            element={
              <>
                <ServerProfilePage />
                <Link to="/servers/Other%20Server">other server</Link>
              </>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function findLoaded() {
  return screen.findByRole('region', { name: 'Player Statistics & Rankings' });
}

beforeEach(() => stubApi());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("loading (spec §4: 'details … and insights … load in parallel; if details succeed, live info and busy indicator load')", () => {
  it('asks for details and insights at once, and for the live info and forecast only after the details', async () => {
    let open = () => {};
    api.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    renderProfile();
    await waitFor(() => expect(insightsCalls()).toHaveLength(1));
    expect(detailsCalls()).toHaveLength(1);
    expect(detailsCalls()[0]?.searchParams.get('minPlayersForWeighting')).toBe('15');
    expect(insightsCalls()[0]?.searchParams.get('days')).toBe('1');
    expect(liveCalls()).toHaveLength(0);
    expect(busyCalls()).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wake 24/7 | EU');

    await act(async () => open());
    await findLoaded();
    await waitFor(() => expect(liveCalls()).toHaveLength(1));
    expect(liveCalls()[0]?.pathname).toBe('/stats/liveservers/bf1942/192.0.2.1/14567');
    expect(busyCalls()[0]?.searchParams.getAll('serverGuids')).toEqual(['guid-1']);
  });

  it('shows the header facts: country, region, local time, links, tracked range and join link', async () => {
    renderProfile();
    await findLoaded();
    expect(screen.getByText('Netherlands')).toBeInTheDocument();
    expect(screen.getByText('Europe West')).toBeInTheDocument();
    expect(screen.getByTestId('server-local-time')).toHaveTextContent(/^\d{2}:\d{2} \(UTC\+(1|2)\)$/);
    expect(screen.getByRole('link', { name: /Discord/ })).toHaveAttribute('href', 'https://discord.gg/example');
    expect(screen.queryByRole('link', { name: /Forum/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Server' })).toHaveAttribute('href', 'bf1942://192.0.2.1:14567');
    expect(await screen.findAllByTestId('forecast-bar')).toHaveLength(24);
  });

  it("reads 'Full' and cannot be joined when every slot is taken", async () => {
    stubApi({ live: () => makeLive({ numPlayers: 32, maxPlayers: 32 }) });
    renderProfile();
    await findLoaded();
    expect(await screen.findByRole('button', { name: 'Full' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Join Server' })).not.toBeInTheDocument();
  });

  it("counts people and bots apart ('16 + 16 bots'): Full only when the people fill the slots", async () => {
    stubApi({ live: () => makeLive({ numPlayers: 16, botCount: 16, maxPlayers: 32 }) });
    renderProfile();
    await findLoaded();
    expect(await screen.findByTestId('server-now-players')).toHaveTextContent('16 + 16 bots/32 players');
    expect(screen.getByRole('link', { name: 'Join Server' })).toHaveAttribute('href', 'bf1942://192.0.2.1:14567');
    expect(screen.getByRole('button', { name: /Players Online/ })).toHaveTextContent('16 + 16 bots');
  });

  it('shows the time left of a game with a clock', async () => {
    renderProfile();
    await findLoaded();
    expect(await screen.findByTestId('server-now-round')).toHaveTextContent(/· 12:34 left$/);
  });

  it("shows how long an FH2 round has run ('12m in') and joins it through its bf2:// link", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-01-07T19:52:30Z') });
    try {
      stubApi({
        details: (name) => makeDetails({ serverName: name, gameId: 'fh2' }),
        live: () => makeLive({ game: 'fh2', roundTimeRemain: -1, joinLink: 'bf2://192.0.2.1:16567?mod=fh2' }),
      });
      renderProfile('/servers/Hope');
      await findLoaded();
      const round = await screen.findByTestId('server-now-round');
      expect(round).toHaveTextContent(/· 12m in$/);
      expect(round).toHaveAttribute('title', expect.stringContaining('rounds here last up to 30m'));
      expect(screen.getByRole('link', { name: 'Join Server' })).toHaveAttribute(
        'href',
        'bf2://192.0.2.1:16567?mod=fh2',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads everything for another server (a route parameter change)', async () => {
    const user = userEvent.setup();
    renderProfile();
    await findLoaded();
    await waitFor(() => expect(busyCalls()).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'other server' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Other Server'));
    await waitFor(() => expect(detailsCalls()).toHaveLength(2));
    expect(detailsCalls()[1]?.pathname).toBe('/stats/servers/Other%20Server');
    expect(insightsCalls()[1]?.pathname).toBe('/stats/servers/Other%20Server/insights');
    await waitFor(() => expect(liveCalls()).toHaveLength(2));
  });
});

describe('errors (spec §8)', () => {
  it("a 404 says the server is not known and offers the servers; other failures say 'Failed to load server details. Please try again later.'", async () => {
    stubApi({ details: () => ({ status: 404 }) });
    const { unmount } = renderProfile('/servers/Nobody');
    expect(await screen.findByTestId('server-not-found')).toHaveTextContent('does not know a server called Nobody');
    expect(screen.getByRole('link', { name: 'Browse servers' })).toHaveAttribute('href', '/servers/bf1942');
    unmount();

    stubApi({ details: () => ({ status: 500 }) });
    renderProfile();
    // The page retries once (as every query of the app does) before it gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to load server details. Please try again later.',
    );
  });

  it("insights failure: 'Failed to load server insights.'", async () => {
    stubApi({ insights: () => ({ status: 500 }) });
    renderProfile();
    await findLoaded();
    expect(await screen.findByText('Failed to load server insights.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it("a failed period switch: 'Failed to load server insights for selected period.', the last figures kept", async () => {
    const user = userEvent.setup();
    stubApi({ insights: (_name, days) => (days === '7' ? { status: 500 } : makeInsights(Number(days))) });
    renderProfile();
    await findLoaded();
    const activity = screen.getByRole('region', { name: 'Player Activity' });
    expect(await within(activity).findByText('15')).toBeInTheDocument();
    await user.click(within(activity).getByRole('button', { name: '7d' }));
    expect(
      await within(activity).findByText('Failed to load server insights for selected period.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(within(activity).getByText('15')).toBeInTheDocument();
  });

  it("live info failure is only logged ('Failed to load current server info.'): no Players Online button", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({ live: () => ({ status: 404 }) });
    renderProfile();
    await findLoaded();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load current server info.', expect.anything()));
    expect(screen.queryByRole('button', { name: /Players Online/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("forecast failure: 'Failed to load server activity forecast.' in the header", async () => {
    stubApi({ busy: () => ({ status: 503 }) });
    renderProfile();
    await findLoaded();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load server activity forecast.');
  });

  it("a failed refresh keeps the page: 'Failed to refresh server details. Please try again later.'", async () => {
    const user = userEvent.setup();
    stubApi({ details: (name, min) => (min === '20' ? { status: 500 } : makeDetails({ serverName: name })) });
    renderProfile();
    await findLoaded();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Min. players' }), '20');
    expect(
      await screen.findByText('Failed to refresh server details. Please try again later.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Player Statistics & Rankings' })).toBeInTheDocument();
  });
});

describe("switches (spec §4: 'Switching insights period refetches insights only'; 'Minimum players select refetches details')", () => {
  it('a period refetches the insights only, with the buttons disabled meanwhile', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answers: Record<string, ServerInsightsResponse> = {};
    stubApi({ insights: (_name, days) => (answers[days ?? ''] ??= makeInsights(Number(days))) });
    renderProfile();
    await findLoaded();
    const activity = screen.getByRole('region', { name: 'Player Activity' });
    await within(activity).findByText('15');
    expect(within(activity).getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'true');

    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      await held;
      return original ? original(input, init) : jsonResponse({});
    });
    await user.click(within(activity).getByRole('button', { name: '7d' }));
    expect(within(activity).getByRole('button', { name: '30d' })).toBeDisabled();
    expect(within(activity).getByText('15')).toBeInTheDocument();
    expect(within(activity).getByRole('status')).toHaveTextContent('Loading last 7 days');
    await act(async () => release());
    expect(await within(activity).findByText('21')).toBeInTheDocument();
    expect(within(activity).getByRole('button', { name: '30d' })).toBeEnabled();
    expect(insightsCalls().map((url) => url.searchParams.get('days'))).toEqual(['1', '7']);
    expect(detailsCalls()).toHaveLength(1);
  });

  it('the minimum players select refetches the details only', async () => {
    const user = userEvent.setup();
    stubApi({
      details: (name, min) => makeDetails({ serverName: name, minPlayersForWeighting: Number(min) }),
    });
    renderProfile();
    await findLoaded();
    expect(screen.getByText(/rounds with at least 15 players/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Min. players' }), '25');
    expect(await screen.findByText(/rounds with at least 25 players/)).toBeInTheDocument();
    expect(detailsCalls().map((url) => url.searchParams.get('minPlayersForWeighting'))).toEqual(['15', '25']);
    expect(insightsCalls()).toHaveLength(1);
  });
});

describe("leaderboards (spec §4: 'Leaderboards tab: week (default), month, alltime. Placement view: High-Stakes (weighted, default) or All Rounds')", () => {
  it('shows the week first, and each tab its own boards', async () => {
    const user = userEvent.setup();
    renderProfile();
    const section = await findLoaded();
    expect(within(section).getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByRole('link', { name: 'Active Week' })).toHaveAttribute(
      'href',
      '/players/Active%20Week',
    );
    await user.click(within(section).getByRole('tab', { name: 'All Time' }));
    expect(within(section).getByRole('link', { name: 'Active AllTime' })).toBeInTheDocument();
    expect(within(section).getAllByText('At least 20 rounds and 30 min in all')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: /el alamein/i })).toHaveAttribute(
      'href',
      '/rounds/round-1/report?players=Scorer',
    );
  });

  it('switches between High-Stakes and All Rounds standings', async () => {
    const user = userEvent.setup();
    renderProfile();
    const section = await findLoaded();
    expect(within(section).getByRole('link', { name: 'BigRounds' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'All Rounds' }));
    expect(within(section).getByRole('link', { name: 'Everyone' })).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'BigRounds' })).not.toBeInTheDocument();
  });

  it("says 'No High-Stakes data available' with the hints when no round had enough players", async () => {
    stubApi({
      details: (name) =>
        makeDetails({ serverName: name, leaderboards: [makeLeaderboard('Week', { weightedTopPlacements: [] })] }),
    });
    renderProfile();
    const section = await findLoaded();
    expect(within(section).getByText('No High-Stakes data available')).toBeInTheDocument();
    expect(within(section).getByText(/lower minimum of players, or switch to All Rounds/)).toBeInTheDocument();
  });

  it('leaves the placements out when no period has any', async () => {
    const none = { topPlacements: [], weightedTopPlacements: [] };
    stubApi({
      details: (name) =>
        makeDetails({
          serverName: name,
          leaderboards: [makeLeaderboard('Week', none), makeLeaderboard('Month', none)],
        }),
    });
    renderProfile();
    await findLoaded();
    expect(screen.queryByTestId('placements')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Min. players' })).not.toBeInTheDocument();
  });
});

describe("recent rounds and activity (spec §2; §8 'No recent rounds', 'No player activity data available')", () => {
  it('links each round to its report, shows live rounds as live, and links all sessions', async () => {
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Recent Rounds' });
    const rounds = within(section).getAllByTestId('recent-round');
    expect(rounds[0]).toHaveAttribute('href', '/rounds/round-live/report');
    expect(rounds[0]).toHaveTextContent('Live');
    expect(rounds[1]).toHaveTextContent('0h 30m');
    expect(rounds[1]).toHaveTextContent('1 player');
    expect(within(section).getByRole('link', { name: /View All Sessions/ })).toHaveAttribute(
      'href',
      '/servers/Wake%2024%2F7%20%7C%20EU/sessions',
    );
  });

  it('says when there are no rounds and no activity', async () => {
    const empty: Partial<ServerInsightsResponse> = {
      playerCountHistory: [],
      playerCountHistoryComparison: [],
      maps: [],
      pingByHour: { data: [] },
    };
    const noRounds: Partial<ServerDetailsResponse> = { recentRounds: [] };
    stubApi({
      details: (name) => makeDetails({ serverName: name, ...noRounds }),
      insights: () => makeInsights(1, empty),
    });
    renderProfile();
    await findLoaded();
    expect(screen.getByText('No recent rounds')).toBeInTheDocument();
    expect(await screen.findByText('No player activity data available')).toBeInTheDocument();
  });

  it('shows peak, average and change against the previous period, the ping toggle and the maps', async () => {
    const user = userEvent.setup();
    renderProfile();
    await findLoaded();
    const activity = screen.getByRole('region', { name: 'Player Activity' });
    const summary = await within(activity).findByTestId('activity-summary');
    expect(summary).toHaveTextContent('15');
    expect(summary).toHaveTextContent('+20%');
    expect(summary).toHaveTextContent('Average then: 10');
    const ping = within(activity).getByTestId('ping-panel');
    await user.click(within(ping).getByRole('button', { name: 'P95' }));
    expect(within(ping).getByRole('button', { name: 'P95' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(activity).getByRole('link', { name: 'wake island' })).toHaveAttribute(
      'href',
      '/servers/Wake%2024%2F7%20%7C%20EU/sessions?mapName=wake_island',
    );
  });

  it('hides the ping chart without ping data', async () => {
    stubApi({ insights: () => makeInsights(1, { pingByHour: { data: [] } }) });
    renderProfile();
    await findLoaded();
    await screen.findByTestId('activity-summary');
    expect(screen.queryByTestId('ping-panel')).not.toBeInTheDocument();
  });
});

describe("live players (spec §2 'Live players panel')", () => {
  it('opens from Players Online: the name, map and time left, a table per team with its tickets, sorted by score', async () => {
    const user = userEvent.setup();
    renderProfile();
    await findLoaded();
    const button = await screen.findByRole('button', { name: /Players Online/ });
    expect(button).toHaveTextContent('Players Online3');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Wake 24/7 | EU' });
    expect(dialog).toHaveTextContent(/wake island/i);
    expect(within(dialog).getByTestId('time-remaining')).toHaveTextContent('12:34');
    const [axis, allies] = within(dialog).getAllByTestId('team-table');
    expect(axis).toHaveTextContent('Axis');
    expect(axis).toHaveTextContent('120 tickets');
    expect(allies).toHaveTextContent('95 tickets');
    const names = () =>
      within(axis as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names()).toEqual(['Alpha', 'bravo']);
    await user.click(within(axis as HTMLElement).getByRole('button', { name: /Ping/ }));
    expect(names()).toEqual(['bravo', 'Alpha']);
    await user.click(within(axis as HTMLElement).getByRole('button', { name: /Player/ }));
    expect(names()).toEqual(['Alpha', 'bravo']);
  });

  it('hides the time left when the game does not report it (-1), and a row opens the player', async () => {
    const user = userEvent.setup();
    stubApi({ live: () => makeLive({ roundTimeRemain: -1 }) });
    renderProfile();
    await findLoaded();
    await user.click(await screen.findByRole('button', { name: /Players Online/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByTestId('time-remaining')).not.toBeInTheDocument();
    const row = within(dialog).getAllByTestId('live-player-row')[0];
    await user.click(within(row as HTMLElement).getAllByRole('cell')[2] as HTMLElement);
    expect(await screen.findByTestId('location')).toHaveTextContent('/players/Alpha');
  });

  it('has no Players Online button when nobody is listed', async () => {
    stubApi({ live: () => makeLive({ players: [], numPlayers: 0 }) });
    renderProfile();
    await findLoaded();
    await waitFor(() => expect(liveCalls()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Players Online/ })).not.toBeInTheDocument();
  });

  it('still lists the roster of a server whose players are all bots, each marked Bot', async () => {
    const user = userEvent.setup();
    const bot = (name: string, team: number) => ({
      name,
      score: 3,
      kills: 1,
      deaths: 2,
      ping: 0,
      team,
      teamLabel: team === 1 ? 'Axis' : 'Allies',
      aiBot: true,
    });
    stubApi({
      live: () => makeLive({ players: [bot('BFPlayer_1', 1), bot('BFPlayer_2', 2)], numPlayers: 0, botCount: 2 }),
    });
    renderProfile();
    await findLoaded();
    const button = await screen.findByRole('button', { name: /Players Online/ });
    expect(button).toHaveTextContent('0 + 2 bots');
    await user.click(button);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('0 + 2 bots/32 players');
    const rows = within(dialog).getAllByTestId('live-player-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^BFPlayer_1 Bot/),
      expect.stringMatching(/^BFPlayer_2 Bot/),
    ]);
    // Bots have no player page.
    expect(within(dialog).queryAllByRole('link')).toHaveLength(0);
  });
});
