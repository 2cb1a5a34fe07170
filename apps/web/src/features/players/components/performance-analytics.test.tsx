import type { PlayerStatsResponse } from '@frontline/contract';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const recentStats: PlayerStatsResponse['recentStats'] = {
  analysisPeriodStart: '2026-11-21T00:00:00.000Z',
  analysisPeriodEnd: '2026-11-24T18:00:00.000Z',
  totalRoundsAnalyzed: 5,
  // One point per UTC day played, stamped at the day's 00:00 UTC (docs/formulas.md "Performance Analytics").
  kdRatioTrend: [
    { timestamp: '2026-11-21T00:00:00.000Z', value: 1.2 },
    { timestamp: '2026-11-24T00:00:00.000Z', value: 2.4 },
  ],
  killRateTrend: [{ timestamp: '2026-11-24T00:00:00.000Z', value: 0.7 }],
};

describe('PerformanceAnalytics for a visitor west of Greenwich (UTC−8)', () => {
  // Set before the component's module loads, as its date formats take the zone they are built in.
  beforeAll(() => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('names each point by its UTC day, the day its description starts from ("since Nov 21"), not the day before', async () => {
    expect(new Date('2026-11-21T00:00:00.000Z').getDate()).toBe(20); // the zone is in force
    const { PerformanceAnalytics } = await import('./performance-analytics.tsx');
    render(<PerformanceAnalytics recentStats={recentStats} />);
    expect(screen.getByText(/^5 rounds since Nov 21, 2026 \(UTC days/)).toBeInTheDocument();
    const kd = screen.getByRole('img', { name: /^K\/D ratio by day/ });
    expect(kd).toHaveTextContent('Nov 21');
    expect(kd).toHaveTextContent('Nov 24');
    expect(kd).not.toHaveTextContent('Nov 20');
    expect(kd.querySelector('circle title')).toHaveTextContent('Nov 21: 1.20');
  });
});
