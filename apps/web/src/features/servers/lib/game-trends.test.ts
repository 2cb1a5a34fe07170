import type { ForecastEntry } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { forecastBars } from './game-trends.ts';

const entry = (offset: number, predictedPlayers: number | null): ForecastEntry => ({
  hourOfDay: (18 + offset) % 24,
  dayOfWeek: 1,
  predictedPlayers,
  actualPlayers: offset === 0 ? 40 : null,
  isCurrentHour: offset === 0,
  busyLevel: predictedPlayers === null ? 'unknown' : 'busy',
  basis: predictedPlayers === null ? 'none' : 'hour',
  dataPoints: predictedPlayers === null ? 0 : 10,
});

describe('forecastBars', () => {
  it('shows this hour and the next 8: players online now first, then the usual players, in whole players', () => {
    const forecast = Array.from({ length: 24 }, (_, offset) => entry(offset, 20 + offset * 2.4));
    const bars = forecastBars(forecast, 35);
    expect(bars).toHaveLength(9);
    expect(bars.map((bar) => bar.players)).toEqual([35, 22, 25, 27, 30, 32, 34, 37, 39]);
    expect(bars[0]?.entry.isCurrentHour).toBe(true);
    // Heights against the tallest shown.
    expect(bars.at(-1)?.fraction).toBe(1);
    expect(bars[0]?.fraction).toBeCloseTo(35 / 39);
  });

  it("leaves an hour never seen missing, never 0, and falls back on this hour's prediction until the list answers", () => {
    const bars = forecastBars([entry(0, 12), entry(1, null), entry(2, 0)], null);
    expect(bars.map((bar) => bar.players)).toEqual([12, null, 0]);
    expect(bars.map((bar) => bar.fraction)).toEqual([1, null, 0]);
  });

  it('draws nothing taller than nothing: an empty game has bars of height 0', () => {
    expect(forecastBars([entry(0, 0), entry(1, 0)], 0).map((bar) => bar.fraction)).toEqual([0, 0]);
  });
});
