import type { RoundAchievementsResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAward, makeStreakAward } from '../../../components/achievements/test-fixtures.ts';
import { jsonResponse } from '../../../test/route-test-helpers.tsx';
import { round } from '../lib/test-fixtures.ts';
import { RoundAchievements } from './round-achievements.tsx';

// Issue 18: "The round report lists the round's achievements (who got what, when) beside the standings".

const ROUND = round({ roundId: 'r-42', startTime: '2025-06-01T12:00:00Z', isActive: false });

function stubApi(reply: () => { status: number; body?: RoundAchievementsResponse }) {
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

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RoundAchievements round={ROUND} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, ...view };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RoundAchievements', () => {
  it('lists who got what at which round time, in the order earned, each opening its detail', async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: {
        roundId: 'r-42',
        items: [
          makeAward({ playerName: 'Bravo', achievementId: 'round_placement_1', achievedAt: '2025-06-01T12:40:00Z' }),
          makeStreakAward(5, '2025-06-01T12:12:30Z', { playerName: 'Alpha' }),
        ],
      },
    }));
    const { user } = renderList();
    const rows = await screen.findAllByTestId('round-achievement');
    expect(calls[0]?.pathname).toBe('/stats/gamification/round/r-42');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/First Blood.*Alpha.*12:30/),
      expect.stringMatching(/1st Place.*Bravo.*40:00/),
    ]);
    await user.click(within(rows[0]!).getByRole('button', { name: 'First Blood' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('5 kills in a row without dying, in one round');
  });

  it("reads the round end's awards podium first, then the team victories", async () => {
    const end = '2025-06-01T12:40:00Z';
    stubApi(() => ({
      status: 200,
      body: {
        roundId: 'r-42',
        items: [
          makeAward({
            playerName: 'Alpha',
            achievementId: 'team_victory',
            achievementType: 'team_victory',
            achievedAt: end,
          }),
          makeAward({ playerName: 'Zed', achievementId: 'round_placement_2', value: 2, achievedAt: end }),
          makeAward({ playerName: 'Yan', achievementId: 'round_placement_1', value: 1, achievedAt: end }),
        ],
      },
    }));
    renderList();
    const rows = await screen.findAllByTestId('round-achievement');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Yan', 'Zed', 'Alpha']);
  });

  it('shows nothing when the round has no achievements', async () => {
    const calls = stubApi(() => ({ status: 200, body: { roundId: 'r-42', items: [] } }));
    const { container } = renderList();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('says quietly that they could not be loaded', async () => {
    stubApi(() => ({ status: 404 }));
    renderList();
    expect(await screen.findByTestId('round-achievements-failed')).toHaveTextContent(
      "This round's achievements could not be loaded.",
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
