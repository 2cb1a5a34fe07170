import type { PlayerStatsResponse } from '@frontline/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header.tsx';

const NOW = new Date('2025-06-01T20:00:00Z');

function stats(playerName: string): PlayerStatsResponse {
  return {
    playerName,
    totalKills: 120,
    totalDeaths: 60,
    totalScore: 400,
    totalRounds: 12,
    totalPlayTimeMinutes: 300,
    firstPlayed: '2025-05-01T10:00:00Z',
    lastPlayed: '2025-06-01T19:00:00Z',
    isActive: false,
    currentServer: null,
    recentSessions: [],
    bestScores: { allTime: [], last30Days: [], thisWeek: [] },
    recentStats: {
      analysisPeriodStart: '2025-03-01T00:00:00Z',
      analysisPeriodEnd: '2025-06-01T20:00:00Z',
      totalRoundsAnalyzed: 0,
      kdRatioTrend: [],
      killRateTrend: [],
    },
    servers: [],
    insights: {
      startPeriod: '2025-05-25T00:00:00Z',
      endPeriod: '2025-06-01T20:00:00Z',
      activityByHour: [],
      serverRankings: [],
    },
  };
}

describe('ProfileHeader', () => {
  it('links Compare Player to /players/compare?player1={name} (spec: site-statistics §2 "Player profile")', () => {
    render(
      <MemoryRouter>
        <ProfileHeader stats={stats('Sgt Pepper & Co')} now={NOW} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Compare Player/ })).toHaveAttribute(
      'href',
      '/players/compare?player1=Sgt+Pepper+%26+Co',
    );
  });
});
