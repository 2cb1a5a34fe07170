import type { GamificationResponse, StreakEntry } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGamification, makeOwned, makeStreakAward } from '../../../components/achievements/test-fixtures.ts';
import { jsonResponse } from '../../../test/route-test-helpers.tsx';
import { AchievementsSection } from './achievements-section.tsx';

// Spec site-statistics §2 "Player profile" (Achievements & Streaks), "Achievements"; §8; issue 18 "Screens".

const NAME = 'Sniper #1';
const NOW = new Date('2025-06-02T12:00:00Z');

function stubApi(reply: () => { status: number; body?: GamificationResponse }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'));
      const { status, body } = reply();
      return jsonResponse(body ?? { error: 'x', message: 'failed' }, status);
    }),
  );
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AchievementsSection playerName={NAME} now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

function streak(index: number): StreakEntry {
  const start = new Date(Date.UTC(2025, 5, 1, index)).toISOString();
  return {
    streakCount: 5 + index,
    streakStart: start,
    streakEnd: start,
    serverGuid: 'g1',
    serverName: 'Berlin 24/7',
    mapName: 'berlin',
    roundId: `r${index}`,
    isActive: false,
  };
}

/** 40 owned ids (more than the 36 the collection shows), 7 recent awards, 14 recent streaks. */
function fullAnswer(): GamificationResponse {
  return makeGamification({
    playerName: NAME,
    // 40 owned, the last five the milestones below the totals (the next ones are those not awarded).
    allBadges: [
      ...Array.from({ length: 35 }, (_, index) =>
        makeOwned({ achievementId: `badge_${index}`, achievementName: `Badge ${index}`, count: index === 0 ? 3 : 1 }),
      ),
      ...['total_kills_100', ...[10, 50, 100, 500].map((hours) => `milestone_playtime_${hours}h`)].map(
        (achievementId) => makeOwned({ achievementId, achievementName: achievementId }),
      ),
    ],
    recentAchievements: Array.from({ length: 7 }, (_, index) =>
      makeStreakAward(5, new Date(Date.UTC(2025, 5, 1, 20 - index)).toISOString(), { roundId: `recent-${index}` }),
    ),
    bestStreaks: {
      bestSingleRoundStreak: 23,
      bestStreakDate: '2025-05-30T20:00:00Z',
      bestStreakMap: 'berlin',
      bestStreakServer: 'Alpha Server',
      recentStreaks: Array.from({ length: 14 }, (_, index) => streak(index)),
    },
    milestoneTotals: { kills: 450, score: 2_000, playTimeMinutes: 600 * 60 },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AchievementsSection', () => {
  it("asks for the player's gamification and shows it loading first", async () => {
    const calls = stubApi(() => ({ status: 200, body: fullAnswer() }));
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Loading achievements…');
    await screen.findByTestId('hero-badges');
    expect(calls[0]?.pathname).toBe('/stats/gamification/player/Sniper%20%231');
  });

  it('shows the 5 newest awards as heroes and 36 of the collection, then View All to the page', async () => {
    stubApi(() => ({ status: 200, body: fullAnswer() }));
    renderSection();
    const hero = await screen.findByTestId('hero-badges');
    expect(within(hero).getAllByRole('button')).toHaveLength(5);
    expect(screen.getAllByTestId('collection-badge')).toHaveLength(36);
    expect(within(screen.getAllByTestId('collection-badge')[0]!).getByTestId('achievement-count')).toHaveTextContent(
      '×3',
    );
    expect(screen.getByTestId('achievements-view-all')).toHaveAttribute('href', '/players/Sniper%20%231/achievements');
    expect(screen.getByText(/4 more on the/)).toBeInTheDocument();
  });

  it('opens the detail of an award', async () => {
    stubApi(() => ({ status: 200, body: fullAnswer() }));
    const { user } = renderSection();
    const hero = await screen.findByTestId('hero-badges');
    await user.click(within(hero).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('achievement-detail')).toHaveTextContent(
      '5 kills in a row without dying, in one round',
    );
  });

  // §2 "Streak modal: at most 12 records, newest start first, with a '+N more record(s)' note".
  it('shows the best streak, and the recent ones in the streak modal: 12, newest first, and the rest counted', async () => {
    stubApi(() => ({ status: 200, body: fullAnswer() }));
    const { user } = renderSection();
    const best = await screen.findByTestId('best-streak');
    expect(best).toHaveTextContent('23');
    expect(best).toHaveTextContent('Alpha Server');
    await user.click(within(best).getByRole('button', { name: 'Recent streaks (14)' }));
    const dialog = await screen.findByRole('dialog');
    const records = within(dialog).getAllByTestId('streak-record');
    expect(records).toHaveLength(12);
    expect(records[0]).toHaveTextContent('18 kills in a row');
    expect(within(dialog).getByTestId('more-records')).toHaveTextContent('+2 more records');
  });

  it('shows the closest next milestone with its progress, and all of them in their modal', async () => {
    stubApi(() => ({ status: 200, body: fullAnswer() }));
    const { user } = renderSection();
    const next = await screen.findByTestId('next-milestone');
    // 450 of 500 kills (90 %) is closer than 600 of 1,000 hours or 2,000 of 10,000 points.
    expect(next).toHaveTextContent('Veteran (500 Kills)');
    expect(next).toHaveTextContent('450 / 500 kills');
    expect(within(next).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    await user.click(within(next).getByRole('button', { name: 'All milestones' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('progressbar')).toHaveLength(3);
  });

  it('says so when the player has earned nothing yet', async () => {
    stubApi(() => ({ status: 200, body: makeGamification({ playerName: NAME }) }));
    renderSection();
    expect(await screen.findByText(/No achievements yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recent streaks' })).toBeDisabled();
    expect(screen.queryByTestId('badge-collection')).toBeNull();
  });

  // §8 'Failed to fetch gamification data'.
  it("says 'Failed to fetch gamification data' with a retry", async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 404 } : { status: 200, body: fullAnswer() }));
    const { user } = renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch gamification data');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('hero-badges')).toBeInTheDocument();
  });
});
