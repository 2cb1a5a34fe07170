import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { readChartPalette } from './chart-palette.ts';
import { PLAYER_AXIS_INCREMENTS, buildTimeAxes, computeYAxisMax, type TimeLabelOptions } from './time-axes.ts';

const unix = (iso: string) => Date.parse(iso) / 1000;
const chart = {} as uPlot;

function axesWith(timeLabels?: TimeLabelOptions) {
  const [x, y] = buildTimeAxes(readChartPalette(), { yIncrements: PLAYER_AXIS_INCREMENTS, timeLabels });
  if (!x || !y) throw new Error('two axes expected');
  return { x, y };
}

/** The gap uPlot keeps between ticks on an axis `plotSize` pixels long. */
function tickSpace(axis: uPlot.Axis, plotSize: number): number {
  const space = axis.space as (self: uPlot, i: number, min: number, max: number, dim: number) => number;
  return space(chart, 0, 0, 1, plotSize);
}

/** The ticks an axis shows of `splits`. */
function shownTicks(axis: uPlot.Axis, splits: number[]): (number | null)[] {
  const filter = axis.filter as (self: uPlot, splits: number[]) => (number | null)[];
  return filter(chart, splits);
}

function labels(splits: (number | null)[], incrSeconds: number): string[] {
  const values = axesWith({ locale: 'en-GB', timeZone: 'UTC' }).x.values as (
    self: uPlot,
    splits: (number | null)[],
    axisIdx: number,
    space: number,
    incr: number,
  ) => string[];
  return values(chart, splits, 0, 0, incrSeconds);
}

describe("y headroom (spec §9: 'y headroom 10% or 5 players')", () => {
  it('adds 10 % when that is more than 5 players', () => {
    expect(computeYAxisMax(100)).toBe(110);
    expect(computeYAxisMax(64)).toBe(71); // 64 + 6.4, rounded up
  });

  it('adds 5 players when 10 % is less', () => {
    expect(computeYAxisMax(20)).toBe(25);
    expect(computeYAxisMax(50)).toBe(55);
    expect(computeYAxisMax(0)).toBe(5);
  });

  it('treats a missing or negative peak as 0', () => {
    expect(computeYAxisMax(Number.NaN)).toBe(5);
    expect(computeYAxisMax(-3)).toBe(5);
  });
});

describe("ticks (spec §9: 'Chart ticks max 8')", () => {
  it('spaces ticks so that at most 8 fit on either axis', () => {
    const { x, y } = axesWith();
    for (const axis of [x, y]) {
      expect(tickSpace(axis, 1400)).toBe(200);
      // 8 ticks need 7 gaps; every step at least this far apart gives at most 8 multiples.
      expect(Math.floor(833 / tickSpace(axis, 833)) + 1).toBeLessThanOrEqual(8);
    }
  });

  it('keeps a minimum space between ticks on a short axis', () => {
    const { x, y } = axesWith();
    expect(tickSpace(x, 140)).toBe(72);
    expect(tickSpace(y, 0)).toBe(28);
  });

  it('thins a longer list of ticks to at most 8, keeping the first', () => {
    const { x, y } = axesWith();
    for (const axis of [x, y]) {
      const limited = shownTicks(
        axis,
        Array.from({ length: 13 }, (_, index) => index * 10),
      );
      expect(limited).toHaveLength(13);
      expect(limited.filter((value) => value !== null).length).toBeLessThanOrEqual(8);
      expect(limited[0]).toBe(0);
      expect(limited[1]).toBeNull();
      expect(shownTicks(axis, [1, 2, 3])).toEqual([1, 2, 3]);
      expect(
        shownTicks(
          axis,
          Array.from({ length: 9 }, (_, i) => i),
        ).filter((v) => v !== null),
      ).toEqual([0, 2, 4, 6, 8]);
    }
  });

  it('steps the players axis in whole players', () => {
    expect(axesWith().y.incrs).toEqual(expect.arrayContaining([1, 2, 5, 10]));
    expect(PLAYER_AXIS_INCREMENTS.every(Number.isInteger)).toBe(true);
  });
});

describe('time axis labels (in the browser’s zone; here pinned to UTC)', () => {
  it('shows times of day, with the date under the first tick of each day', () => {
    const splits = ['2025-06-14T18:00:00Z', '2025-06-14T21:00:00Z', '2025-06-15T00:00:00Z'].map(unix);
    expect(labels(splits, 3 * 3600)).toEqual(['18:00\nSat 14', '21:00', '00:00\nSun 15']);
  });

  it('shows dates for daily steps and months for longer ones, with the year where it starts or changes', () => {
    const days = ['2025-12-30T00:00:00Z', '2025-12-31T00:00:00Z', '2026-01-01T00:00:00Z'].map(unix);
    expect(labels(days, 86_400)).toEqual(['30 Dec\n2025', '31 Dec', '1 Jan\n2026']);
    const months = ['2025-11-01T00:00:00Z', '2025-12-01T00:00:00Z'].map(unix);
    expect(labels(months, 30 * 86_400)).toEqual(['Nov\n2025', 'Dec']);
  });

  it('leaves hidden ticks blank', () => {
    expect(labels([null, unix('2025-06-14T18:00:00Z')], 3600)).toEqual(['', '18:00\nSat 14']);
  });
});
