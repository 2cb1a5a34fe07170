import type { BestScore, MapStat, PlayerServer, PlayerStatsResponse, ProfileSession } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGamification } from '../../../components/achievements/test-fixtures.ts';
import { PlayerProfilePage } from './player-profile-page.tsx';
import { jsonResponse } from '../../../test/route-test-helpers.tsx';

// Spec site-statistics §2 "Player profile" and "Map Performance modal", §4 "Player profile states", §8.

const NAME = 'Sniper #1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function session(id: number, extra: Partial<ProfileSession> = {}): ProfileSession {
  return {
    sessionId: id,
    roundId: `round-${id}`,
    serverName: 'Alpha / Wake',
    serverGuid: 'g1',
    gameId: 'bf1942',
    mapName: 'wake_island',
    gameType: 'conquest',
    startTime: minutesAgo(30 * id),
    lastSeen: minutesAgo(30 * id - 20),
    isActive: false,
    totalScore: 20,
    totalKills: 8,
    totalDeaths: 4,
    playTimeMinutes: 20,
    ...extra,
  };
}

function best(count: number, prefix: string): BestScore[] {
  return Array.from({ length: count }, (_, index) => ({
    roundId: `${prefix}-${index}`,
    score: 100 - index,
    kills: 20,
    deaths: 5,
    mapName: 'berlin',
    serverName: 'Alpha / Wake',
    serverGuid: 'g1',
    timestamp: minutesAgo(60 * (index + 1)),
  }));
}

function server(extra: Partial<PlayerServer> = {}): PlayerServer {
  return {
    serverGuid: 'g1',
    serverName: 'Alpha / Wake',
    gameId: 'bf1942',
    kdRatio: 2,
    totalRounds: 12,
    killsPerMinute: 0.5,
    highestScore: 100,
    highestScoreRoundId: 'best-round',
    highestScoreMapName: 'berlin',
    highestScoreStartTime: minutesAgo(600),
    bestScoreDate: minutesAgo(570),
    totalKills: 120,
    totalDeaths: 60,
    totalMinutes: 300,
    ...extra,
  };
}

function stats(extra: Partial<PlayerStatsResponse> = {}): PlayerStatsResponse {
  return {
    playerName: NAME,
    totalKills: 120,
    totalDeaths: 60,
    totalScore: 400,
    totalRounds: 12,
    totalPlayTimeMinutes: 300,
    firstPlayed: minutesAgo(6000),
    lastPlayed: minutesAgo(3),
    isActive: true,
    currentServer: {
      serverGuid: 'g1',
      serverName: 'Alpha / Wake',
      gameId: 'bf1942',
      mapName: 'wake_island',
      roundId: 'round-1',
      startTime: minutesAgo(10),
      sessionKills: 7,
      sessionDeaths: 0,
      sessionScore: 1500,
    },
    recentSessions: [session(1, { isActive: true }), session(2)],
    bestScores: { allTime: best(8, 'all'), last30Days: best(3, 'month'), thisWeek: [] },
    recentStats: {
      analysisPeriodStart: minutesAgo(90 * 1440),
      analysisPeriodEnd: minutesAgo(0),
      totalRoundsAnalyzed: 11,
      kdRatioTrend: [
        { timestamp: '2026-01-01T00:00:00Z', value: 1.2 },
        { timestamp: '2026-01-02T00:00:00Z', value: 2.4 },
      ],
      killRateTrend: [{ timestamp: '2026-01-02T00:00:00Z', value: 0.7 }],
    },
    servers: [server()],
    insights: {
      startPeriod: minutesAgo(30 * 1440),
      endPeriod: minutesAgo(0),
      activityByHour: Array.from({ length: 24 }, (_, hour) => ({ hour, minutesActive: hour === 20 ? 90 : 10 })),
      serverRankings: [
        { serverGuid: 'g1', serverName: 'Alpha / Wake', rank: 3, totalRankedPlayers: 40, averagePing: 42 },
      ],
    },
    ...extra,
  };
}

const maps: MapStat[] = [
  { mapName: 'berlin', totalScore: 90, totalKills: 30, totalDeaths: 10, sessionsPlayed: 3, totalPlayTimeMinutes: 60 },
  {
    mapName: 'wake_island',
    totalScore: 40,
    totalKills: 50,
    totalDeaths: 25,
    sessionsPlayed: 5,
    totalPlayTimeMinutes: 120,
  },
];

type Handler = (url: URL) => { status: number; body: unknown };

function stubApi(handler: Handler) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      const { status, body } = handler(url);
      return jsonResponse(body, status);
    }),
  );
  return calls;
}

function renderProfile(name = NAME) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/players/${encodeURIComponent(name)}`]}>
        <Routes>
          <Route path="/players/:playerName" element={<PlayerProfilePage />} />
        </Routes>
        <Link to="/players/Other%20One">go to other</Link>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

// The Achievements & Streaks section has its own call and tests (achievements-section.test.tsx): none here.
const withoutAchievements =
  (handler: Handler): Handler =>
  (url) =>
    url.pathname.startsWith('/stats/gamification/') ? { status: 200, body: makeGamification() } : handler(url);

const profileAnswer = (answer: PlayerStatsResponse) =>
  withoutAchievements((url) =>
    url.pathname.endsWith('/mapstats') ? { status: 200, body: maps } : { status: 200, body: answer },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('player profile', () => {
  it('loads the player by the name in the route and shows the header', async () => {
    const calls = stubApi(profileAnswer(stats()));
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading player…');
    // The loading state already names the player; the live session appears with the answer.
    expect(screen.getByRole('heading', { level: 1, name: NAME })).toBeInTheDocument();
    const live = await screen.findByTestId('live-session');
    expect(calls[0]?.pathname).toBe('/stats/players/Sniper%20%231');
    // Online badge links to the current server; the live session shows K/D as kills when there are no deaths.
    expect(screen.getByRole('link', { name: 'Online' })).toHaveAttribute('href', '/servers/Alpha%20%2F%20Wake');
    expect(live).toHaveTextContent('K/D7');
    expect(live).toHaveTextContent('Score1.5K');
    // Total play time as a duration (§9 "Durations 'Nh Mm'"), and the day the player was first seen.
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Play time').nextElementSibling).toHaveTextContent('5h 0m');
    const firstPlayed = within(header).getByText('First played').nextElementSibling?.querySelector('time');
    expect(firstPlayed?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(firstPlayed).toHaveTextContent(
      new Date(firstPlayed?.getAttribute('datetime') ?? '').getFullYear().toString(),
    );
  });

  it('shows the built sections in the spec’s order, and the Compare Player link', async () => {
    stubApi(profileAnswer(stats()));
    renderProfile();
    await screen.findByTestId('live-session');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // §2: "Recent Battles, Best Scores, Performance Analytics, Favorite Battlegrounds, Server Rankings,
    // Achievements & Streaks, collapsible Player Intelligence & Analysis" (collapsed: its call is made when opened,
    // player-intelligence.test.tsx).
    expect(sections).toEqual([
      'Recent Battles',
      'Best Scores',
      'Performance Analytics',
      'Favorite Battlegrounds',
      'Server Rankings',
      'Activity by Hour',
      'Achievements & Streaks',
      'Player Intelligence & Analysis',
    ]);
    // §2 "Compare Player link to /players/compare?player1={name}".
    expect(screen.getByRole('link', { name: /Compare Player/ })).toHaveAttribute(
      'href',
      `/players/compare?${new URLSearchParams({ player1: NAME })}`,
    );
  });

  it('shows a Cyrillic name behind a clan tag decoded, in its own letter case, with the stored form under it', async () => {
    const stored = '=JG1=Êàòþøà';
    stubApi(profileAnswer(stats({ playerName: stored })));
    renderProfile(stored);
    // While loading, and once loaded: no CSS upper case on a name (the heading style's text-transform is undone).
    expect(screen.getByRole('heading', { level: 1, name: '=JG1=Катюша' }).querySelector('.normal-case')).not.toBeNull();
    await screen.findByTestId('live-session');
    expect(screen.getByRole('heading', { level: 1, name: '=JG1=Катюша' })).toHaveClass('normal-case');
    expect(screen.getByText(stored)).toBeInTheDocument();
    expect(document.title).toBe('=JG1=Катюша | Frontline');
  });

  it('says what each window holds: the trends since their first day, the week and 30 days as UTC days', async () => {
    stubApi(
      profileAnswer(
        stats({
          recentStats: { ...stats().recentStats, analysisPeriodStart: '2026-11-21T00:00:00.000Z' },
        }),
      ),
    );
    const { user } = renderProfile();
    await screen.findByTestId('live-session');
    const trends = screen.getByRole('region', { name: 'Performance Analytics' });
    // The start is a UTC day: read in UTC whatever the visitor's zone.
    expect(trends).toHaveTextContent(/11 rounds since Nov 21, 2026 \(UTC days/);
    const bestScores = screen.getByRole('region', { name: 'Best Scores' });
    await user.click(within(bestScores).getByRole('tab', { name: 'This Week' }));
    expect(bestScores).toHaveTextContent('This Week: today and the 6 days before, UTC');
    await user.click(within(bestScores).getByRole('tab', { name: '30 Days' }));
    expect(bestScores).toHaveTextContent('30 Days: today and the 29 days before, UTC');
    expect(screen.getByRole('region', { name: 'Activity by Hour' })).toHaveTextContent(
      'this week (today and the 6 days before, UTC)',
    );
  });

  it('lists recent battles with the round report behind the start time', async () => {
    stubApi(profileAnswer(stats()));
    renderProfile();
    const battles = await screen.findAllByTestId('recent-battle');
    expect(battles).toHaveLength(2);
    expect(within(battles[0]!).getByText('Online')).toBeInTheDocument();
    expect(within(battles[1]!).queryByText('Online')).toBeNull();
    expect(within(battles[0]!).getByRole('link', { name: '30 minutes ago' })).toHaveAttribute(
      'href',
      '/rounds/round-1/report?players=Sniper%20%231',
    );
    // Every round of the player: /players/{playerName}/sessions (spec §2 route table).
    expect(screen.getByRole('link', { name: 'View All Sessions →' })).toHaveAttribute(
      'href',
      '/players/Sniper%20%231/sessions',
    );
  });

  it("shows 6 best scores per tab, 'View All N Scores' beyond 6, and the empty note", async () => {
    stubApi(profileAnswer(stats()));
    const { user } = renderProfile();
    await screen.findAllByTestId('best-score-card');
    // §2: "tabs All Time, 30 Days, This Week", the first chosen.
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All Time', '30 Days', 'This Week']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('best-score-card')).toHaveLength(6);
    expect(screen.getAllByTestId('best-score-card')[0]).toHaveAttribute(
      'href',
      '/rounds/all-0/report?players=Sniper%20%231',
    );
    await user.click(screen.getByRole('button', { name: 'View All 8 Scores' }));
    expect(screen.getAllByTestId('best-score-card')).toHaveLength(8);

    await user.click(screen.getByRole('tab', { name: '30 Days' }));
    expect(screen.getAllByTestId('best-score-card')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /View All/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'This Week' }));
    // §2 Best Scores: "empty 'No scores recorded yet'".
    expect(screen.getByText('No scores recorded yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All Time' }));
    expect(screen.getAllByTestId('best-score-card')).toHaveLength(6);
  });

  it('moves between the best-score tabs with the arrow keys, Home and End, wrapping around', async () => {
    stubApi(profileAnswer(stats()));
    const { user } = renderProfile();
    await screen.findAllByTestId('best-score-card');
    const selectedTab = () => screen.getByRole('tab', { selected: true });
    await user.click(screen.getByRole('tab', { name: 'All Time' }));
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('This Week');
    expect(selectedTab()).toHaveFocus();
    expect(screen.getByText('No scores recorded yet')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('All Time');
    await user.keyboard('{End}');
    expect(selectedTab()).toHaveTextContent('This Week');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('All Time');
    expect(screen.getAllByTestId('best-score-card')).toHaveLength(6);
  });

  it('opens the Map Performance modal from View Maps: sorting, ranges, links, scroll lock', async () => {
    const calls = stubApi(profileAnswer(stats()));
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'View Maps of Alpha / Wake' }));
    const dialog = await screen.findByRole('dialog', { name: /Map Performance/ });
    expect(document.body.style.overflow).toBe('hidden');
    // The ranges of §7's call ('range: Last30Days, ThisYear, LastYear'), the last 30 days first.
    const ranges = within(within(dialog).getByRole('group', { name: 'Time range' })).getAllByRole('button');
    expect(ranges.map((button) => button.textContent)).toEqual(['Last 30 Days', 'This Year', 'Last Year']);
    expect(ranges[0]).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('range')).toBe('Last30Days'));
    const mapNames = () =>
      within(dialog)
        .getAllByTestId('map-row')
        .map((row) => row.querySelector('a')?.textContent);
    await waitFor(() => expect(mapNames()).toEqual(['berlin', 'wake island']));
    // §2 "Map row links to sessions filtered by map and server": this player's.
    expect(within(dialog).getByRole('link', { name: 'berlin' })).toHaveAttribute(
      'href',
      '/players/Sniper%20%231/sessions?map=berlin&server=Alpha+%2F+Wake',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Score' }));
    expect(mapNames()).toEqual(['wake island', 'berlin']);
    await user.click(within(dialog).getByRole('button', { name: 'Time' }));
    expect(mapNames()).toEqual(['wake island', 'berlin']);
    await user.click(within(dialog).getByRole('button', { name: 'K/D' }));
    expect(mapNames()).toEqual(['berlin', 'wake island']);

    await user.click(within(dialog).getByRole('button', { name: 'This Year' }));
    await waitFor(() => expect(calls[calls.length - 1]?.searchParams.get('range')).toBe('ThisYear'));
    expect(calls[calls.length - 1]?.pathname).toBe('/stats/players/Sniper%20%231/server/g1/mapstats');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('says when a server has no maps in the range', async () => {
    stubApi(
      withoutAchievements((url) =>
        url.pathname.endsWith('/mapstats') ? { status: 200, body: [] } : { status: 200, body: stats() },
      ),
    );
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'View Maps of Alpha / Wake' }));
    // §2 Map Performance modal: "Empty 'No map statistics available for the selected time range'".
    expect(await screen.findByText('No map statistics available for the selected time range')).toBeInTheDocument();
  });

  it("says 'Unable to load player data' for a player the API does not know (§8)", async () => {
    stubApi(() => ({ status: 404, body: { error: 'not_found', message: 'No player' } }));
    renderProfile('Ghost');
    expect(await screen.findByText('Unable to load player data')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch player stats for Ghost.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for names like it' })).toHaveAttribute(
      'href',
      '/players?playerName=Ghost',
    );
  });

  it("says 'No player statistics available.' for a player without rounds", async () => {
    stubApi(profileAnswer(stats({ totalRounds: 0, recentSessions: [], isActive: false, currentServer: null })));
    renderProfile();
    expect(await screen.findByText('No player statistics available.')).toBeInTheDocument();
    expect(screen.queryByText('Recent Battles')).toBeNull();
  });

  it('reloads when the name in the route changes', async () => {
    const calls = stubApi(
      withoutAchievements((url) => ({
        status: 200,
        body: stats({ playerName: decodeURIComponent(url.pathname.split('/').pop() ?? '') }),
      })),
    );
    const { user } = renderProfile();
    await screen.findByTestId('live-session');
    await user.click(screen.getByRole('link', { name: 'go to other' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Other One' })).toBeInTheDocument();
    expect(calls.map((call) => call.pathname)).toContain('/stats/players/Other%20One');
  });
});
