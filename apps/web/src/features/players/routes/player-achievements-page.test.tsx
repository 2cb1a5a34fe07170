import type { Achievement, AchievementsPageResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAward, makeStreakAward } from '../../../components/achievements/test-fixtures.ts';
import { LocationProbe, jsonResponse } from '../../../test/route-test-helpers.tsx';
import { PlayerAchievementsPage } from './player-achievements-page.tsx';

// Spec site-statistics §2 "Achievements", §4, §5, §8, §9.

const NAME = 'Sniper #1';

/** Awards of one local day each (noon ± a few hours), so the merge does not depend on the test machine's zone. */
const day = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00Z`;

function answer(items: Achievement[], overrides: Partial<AchievementsPageResponse> = {}): AchievementsPageResponse {
  return {
    items,
    page: 1,
    pageSize: 50,
    totalItems: items.length,
    totalPages: 1,
    playerAchievementLabels: [
      { achievementId: 'team_victory', displayName: 'Team Victory' },
      { achievementId: 'kill_streak_5', displayName: 'First Blood' },
    ],
    playerMaps: ['berlin', 'el_alamein'],
    ...overrides,
  };
}

function stubApi(reply: (url: URL) => AchievementsPageResponse | { status: number }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      const body = reply(url);
      return 'status' in body ? jsonResponse({ error: 'x', message: 'failed' }, body.status) : jsonResponse(body);
    }),
  );
  return calls;
}

function renderPage(search = '', name = NAME) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/players/${encodeURIComponent(name)}/achievements${search}`]}>
        <Routes>
          <Route path="/players/:playerName/achievements" element={<PlayerAchievementsPage />} />
        </Routes>
        <LocationProbe withSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const location = () => screen.getByTestId('location').textContent ?? '';
const urlQuery = () => new URLSearchParams(location().split('?')[1] ?? '');

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PlayerAchievementsPage', () => {
  it("heads the page 'Hall of Fame' with the player's name in its own letter case", async () => {
    stubApi(() => answer([]));
    renderPage();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(`${NAME}'s achievements`);
    expect(screen.getByText('Hall of Fame')).toBeInTheDocument();
    await screen.findByText('No Achievements Found');
  });

  it('titles a legacy name decoded, its "\'s" in the name\'s own letter case', async () => {
    stubApi(() => answer([]));
    renderPage('', '=JG1=Êàòþøà');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent("=JG1=Катюша's achievements");
    expect(within(heading).getByText("=JG1=Катюша's")).toHaveClass('normal-case');
    await screen.findByText('No Achievements Found');
  });

  it("asks for the player newest first, 50 cards a page, of the visitor's calendar days", async () => {
    const calls = stubApi(() => answer([makeAward()]));
    renderPage();
    await screen.findByTestId('achievement-card');
    const url = calls[0];
    expect(url?.pathname).toBe('/stats/gamification/achievements');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      playerName: NAME,
      page: '1',
      pageSize: '50',
      sortBy: 'AchievedAt',
      sortOrder: 'desc',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('merges repeats of one id on one day into one card with a count, which opens their history', async () => {
    stubApi(() =>
      answer([
        makeAward({
          achievementId: 'team_victory',
          achievementName: 'Team Victory',
          achievedAt: day('2025-06-01', 16),
          roundId: 'r3',
        }),
        makeAward({
          achievementId: 'team_victory',
          achievementName: 'Team Victory',
          achievedAt: day('2025-06-01', 15),
          roundId: 'r2',
        }),
        makeAward({
          achievementId: 'team_victory',
          achievementName: 'Team Victory',
          achievedAt: day('2025-06-01', 11),
          roundId: 'r1',
        }),
        makeAward({ achievementId: 'round_placement_1', achievedAt: day('2025-06-01', 10) }),
      ]),
    );
    const { user } = renderPage();
    const cards = await screen.findAllByTestId('achievement-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('achievement-count')).toHaveTextContent('×3');
    expect(within(cards[1]!).queryByTestId('achievement-count')).toBeNull();

    await user.click(cards[0]!);
    const dialog = await screen.findByRole('dialog');
    const history = within(dialog).getByTestId('achievement-history');
    // Oldest first: 11:00, then 4 hours later 15:00, then 16:00 (under 2 hours: no separator).
    expect(within(history).getAllByTestId('award-record')).toHaveLength(3);
    expect(
      within(history)
        .getAllByTestId('history-gap')
        .map((gap) => gap.textContent),
    ).toEqual(['4 hours later']);
  });

  it('opens repeated kill streaks in the streak-group modal and a single award in its detail', async () => {
    stubApi(() =>
      answer([
        makeStreakAward(5, day('2025-06-01', 14), { roundId: 'a' }),
        makeStreakAward(5, day('2025-06-01', 12), { roundId: 'b' }),
        makeAward({
          achievementId: 'round_placement_1',
          achievementName: '1st Place',
          achievedAt: day('2025-05-30', 12),
        }),
      ]),
    );
    const { user } = renderPage();
    const cards = await screen.findAllByTestId('achievement-card');
    await user.click(cards[0]!);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('streak-group')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('award-record')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(cards[1]!);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('achievement-detail')).toBeInTheDocument();
    expect(within(dialog).getByText('Finished a round 1st place by score')).toBeInTheDocument();
    expect(within(dialog).getByText('Team', { exact: true })).toBeInTheDocument();
  });

  // §4 "changing either filter resets to page 1 and refetches; URL query synced by replacing history".
  it('filters by achievement from page 1, the URL following; Reset Filters clears it and is off with no filter', async () => {
    const calls = stubApi((url) =>
      answer([makeAward()], { page: Number(url.searchParams.get('page')), totalPages: 5 }),
    );
    const { user } = renderPage('?page=3');
    await screen.findAllByTestId('achievement-card');
    const reset = screen.getByRole('button', { name: 'Reset Filters' });
    expect(reset).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Achievement'), 'team_victory');
    await waitFor(() => expect(urlQuery().get('achievement')).toBe('team_victory'));
    expect(urlQuery().get('page')).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('achievementId')).toBe('team_victory'));
    expect(calls.at(-1)?.searchParams.get('page')).toBe('1');
    expect(reset).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('Map'), 'berlin');
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('mapName')).toBe('berlin'));

    await user.click(reset);
    await waitFor(() => expect(location()).toBe(`/players/${encodeURIComponent(NAME)}/achievements`));
    expect(reset).toBeDisabled();
  });

  // §9 "Pagination window 5 (achievements: current plus or minus 2)".
  it('shows the pages two either side of the current one', async () => {
    stubApi((url) => answer([makeAward()], { page: Number(url.searchParams.get('page')), totalPages: 20 }));
    renderPage('?page=7');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    const numbers = within(pager)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent);
    expect(numbers).toEqual(['5', '6', '7', '8', '9']);
  });

  it('moves to another page size from page 1', async () => {
    const calls = stubApi(() => answer([makeAward()], { totalPages: 4 }));
    const { user } = renderPage('?page=2');
    await screen.findAllByTestId('achievement-card');
    await user.selectOptions(screen.getByLabelText('Per page'), '25');
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('pageSize')).toBe('25'));
    expect(urlQuery().toString()).toBe('pageSize=25');
  });

  // §8 "achievements view shows the message with Try Again (default 'Failed to load achievements.')".
  it('says the list failed, with Try Again asking once more', async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500 } : answer([makeAward()])));
    const { user } = renderPage();
    // A 5xx is tried once more (lib/query-retry.ts) before the failure shows.
    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to load achievements.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('achievement-card');
  });

  it("shows 'No Achievements Found' with Refresh when there are none", async () => {
    const calls = stubApi(() => answer([]));
    const { user } = renderPage();
    await screen.findByText('No Achievements Found');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.length).toBe(before + 1));
  });
});
