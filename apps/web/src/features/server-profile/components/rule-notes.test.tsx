import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeDetails, makeInsights, makeLeaderboard } from '../lib/test-fixtures.ts';
import { ActivityInsights } from './activity-insights.tsx';
import { LeaderboardsSection } from './leaderboards-section.tsx';

/**
 * The rules the server profile states beside its figures (issue "Numbers a player can trust": "say the rule on
 * the page"; shared rules: ONE WEEK = today and the 6 days before, UTC).
 */

function renderBoards(details = makeDetails()) {
  render(
    <MemoryRouter>
      <LeaderboardsSection details={details} minPlayers={15} onMinPlayersChange={() => {}} updating={false} />
    </MemoryRouter>,
  );
}

function renderInsights(days: 1 | 7, insights = makeInsights(days)) {
  render(
    <MemoryRouter>
      <ActivityInsights
        serverName="Wake 24/7 | EU"
        days={days}
        onDaysChange={() => {}}
        insights={{
          data: insights,
          isPlaceholderData: false,
          isFetching: false,
          isPending: false,
          isError: false,
          refetch: () => {},
        }}
      />
    </MemoryRouter>,
  );
}

describe('the leaderboards state their rules', () => {
  it("says the week's whole UTC days and its dates, in UTC", () => {
    // Read west of Greenwich, where 2 Jan 00:00 UTC is still 1 Jan: the UTC date must still read 2 Jan.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    renderBoards(
      makeDetails({
        leaderboards: [
          makeLeaderboard('Week', { startPeriod: '2026-01-02T00:00:00.000Z', endPeriod: '2026-01-08T23:30:00.000Z' }),
        ],
      }),
    );
    expect(screen.getByText(/^Week: today and the 6 days before, UTC \(/)).toHaveTextContent(/Jan 2, 2026|2 Jan 2026/);
    expect(screen.getByTestId('period-rule')).toHaveTextContent('Rounds count on the UTC day they ended');
  });

  it('says the minimum of the ratio boards, rounds and minutes', () => {
    renderBoards();
    const kd = screen.getByRole('region', { name: 'Top K/D' });
    expect(within(kd).getByText('At least 3 rounds and 30 min in the week')).toBeInTheDocument();
  });

  it('says when a server name has had several addresses, and that its history combines them', () => {
    renderBoards(
      makeDetails({
        addresses: [
          {
            serverGuid: 'new',
            ip: '192.0.2.1',
            port: 14567,
            firstSeen: '2025-12-01T00:00:00Z',
            lastSeen: '2026-01-08T00:00:00Z',
          },
          {
            serverGuid: 'old',
            ip: '198.51.100.9',
            port: 14568,
            firstSeen: '2025-06-01T00:00:00Z',
            lastSeen: '2025-11-30T00:00:00Z',
          },
        ],
      }),
    );
    expect(screen.getByTestId('addresses-note')).toHaveTextContent(
      'This server has used 2 addresses under this name. Its boards, rankings and activity combine them all (earlier: 198.51.100.9:14568)',
    );
  });

  it('says nothing about addresses for a server with one', () => {
    renderBoards();
    expect(screen.queryByTestId('addresses-note')).not.toBeInTheDocument();
  });
});

describe('the activity section states what its figures count', () => {
  it("gives the maps table's days and the definitions of its columns", () => {
    renderInsights(7);
    expect(screen.getByTestId('maps-period')).toHaveTextContent('Rounds that ended today and the 6 days before, UTC');
    expect(screen.getByTestId('maps-definitions')).toHaveTextContent(
      'Play time: minutes with at least one player on the map. Avg players: per poll over every poll of its rounds, empty ones as 0.',
    );
    expect(screen.getByText('Over every poll, empty ones as 0')).toBeInTheDocument();
    expect(screen.getByText('Most in one poll')).toBeInTheDocument();
  });

  it('says a day is today, and that no map had players when none had', () => {
    renderInsights(1, makeInsights(1, { maps: [] }));
    expect(screen.getByTestId('maps-period')).toHaveTextContent('Rounds that ended today, UTC');
    expect(screen.getByText('No map had players in this period')).toBeInTheDocument();
  });
});
