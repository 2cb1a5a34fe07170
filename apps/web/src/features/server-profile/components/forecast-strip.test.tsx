import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBusyResult, makeTimeline } from '../../../lib/busy/test-fixtures.ts';
import { ForecastStrip } from './forecast-strip.tsx';

/**
 * The server profile's header forecast on a young install (issue "Numbers a player can trust": hours without
 * history are drawn as missing, and the forecast says how sure it is).
 */

function renderStrip(result: ReturnType<typeof makeBusyResult>) {
  render(
    <ForecastStrip serverName="Young server" result={result} isLoading={false} isError={false} onRetry={() => {}} />,
  );
  return screen.getByTestId('profile-forecast');
}

describe('ForecastStrip', () => {
  it('draws hours without history as hatched full-height columns, and an empty hour as the 2 px minimum', () => {
    const result = {
      ...makeBusyResult('g', { basis: 'overall', dataPoints: 6, historyDays: 0, typicalPlayers: null }),
      // Seen from 6 pm on only; 6 pm had nobody.
      hourlyTimeline: makeTimeline(20, (hour) => (hour < 18 ? null : hour === 18 ? 0 : hour)),
    };
    const strip = renderStrip(result);
    const bars = within(strip).getAllByTestId('forecast-bar');
    expect(bars).toHaveLength(24);
    const missing = bars.filter((bar) => bar.dataset.height === 'missing');
    expect(missing).toHaveLength(18);
    expect(missing.every((bar) => bar.className.includes('hatched') && bar.style.height === '20px')).toBe(true);
    expect(bars[18]).toHaveAttribute('data-height', '2');
    expect(bars[23]).toHaveAttribute('data-height', '20');
    expect(within(strip).getByTestId('forecast-confidence')).toHaveTextContent('Rough estimate · 6 hours of data');
    // Named by what it shows (the visible words in one run), then the hour now.
    expect(strip).toHaveAccessibleName(
      /^Activity Forecast: ?Typical day \(UTC\) ?\w[\w ]* ?Rough estimate · 6 hours of data\. Now 20 at 8pm UTC\. Open details$/,
    );
  });

  it('gives no figure for a current hour without history, rather than 0', () => {
    const result = { ...makeBusyResult('g'), hourlyTimeline: makeTimeline(5, (hour) => (hour === 5 ? null : 3)) };
    const strip = renderStrip(result);
    expect(strip).not.toHaveAccessibleName(/now \d/i);
    expect(within(strip).getAllByTestId('forecast-bar')[5]).toHaveAttribute('data-height', 'missing');
  });

  it('adds no note when the forecast rests on weeks of history', () => {
    const strip = renderStrip(makeBusyResult('g'));
    expect(within(strip).queryByTestId('forecast-confidence')).toBeNull();
    expect(strip).toHaveAccessibleName(/Now 20 at 8pm UTC\. Open details$/);
  });

  it('opens the Activity Forecast with the sentence on what it rests on', async () => {
    const user = userEvent.setup();
    const strip = renderStrip(makeBusyResult('g', { basis: 'hour', dataPoints: 9, historyDays: 10 }));
    await user.click(strip);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('forecast-basis')).toHaveTextContent(
      'Based on this hour on 9 past days (any weekday).',
    );
  });
});
