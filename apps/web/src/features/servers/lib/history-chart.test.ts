import { describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import { readChartPalette } from '../../../lib/chart/chart-palette.ts';
import {
  TREND_STRIP_VIEW_HEIGHT,
  buildHistoryChartData,
  buildHistoryChartOptions,
  buildTrendStripGeometry,
} from './history-chart.ts';
import type { HistoryChartModel } from './history.ts';

// No stylesheet in tests: the light theme's colours.
const palette = readChartPalette();

const model: HistoryChartModel = {
  times: [100, 200, 300],
  players: [10, 20, 40],
  activity: ['quiet', 'normal', 'busy'],
  peak: 40,
  lowest: 10,
  average: 23.3,
  yMax: 45,
  weekendBands: [],
  rolling: { times: [100, 200, 300], averages: [20, 21, 22] },
};

describe('chart data', () => {
  it('is x, players, then the peak, lowest and average as flat lines', () => {
    expect(buildHistoryChartData(model)).toEqual([
      [100, 200, 300],
      [10, 20, 40],
      [40, 40, 40],
      [10, 10, 10],
      [23.3, 23.3, 23.3],
    ]);
  });
});

describe('chart options', () => {
  const options = buildHistoryChartOptions(model, palette, { width: 640, height: 260 });
  const fakeChart = {} as uPlot;

  it('has the players series and labelled peak, lowest and average lines in the theme colours', () => {
    expect(options.series.map((series) => series.label)).toEqual([undefined, 'Players', 'Peak', 'Lowest', 'Average']);
    expect(options.series.map((series) => series.stroke)).toEqual([
      undefined,
      palette.players,
      palette.peak,
      palette.lowest,
      palette.average,
    ]);
    // The reference lines are dashed; the data line is solid.
    expect(options.series[1]?.dash).toBeUndefined();
    for (const series of options.series.slice(2)) expect(series.dash?.length).toBeGreaterThan(0);
  });

  it("fixes the y scale at 0 to the peak plus headroom (spec §9 'y headroom 10% or 5 players')", () => {
    expect(options.scales?.y).toMatchObject({ auto: false, range: [0, 45] });
    expect(options.scales?.x).toMatchObject({ time: true });
  });

  it("keeps both axes to at most 8 ticks (spec §9 'Chart ticks max 8')", () => {
    for (const axis of options.axes ?? []) {
      const space = axis.space as (self: uPlot, i: number, min: number, max: number, dim: number) => number;
      expect(space(fakeChart, 0, 0, 1, 700)).toBe(100);
      const filter = axis.filter as (self: uPlot, splits: number[]) => (number | null)[];
      const shown = filter(
        fakeChart,
        Array.from({ length: 12 }, (_, i) => i),
      ).filter((value) => value !== null);
      expect(shown.length).toBeLessThanOrEqual(8);
    }
  });

  it('uses whole-player steps on the y axis', () => {
    expect(options.axes?.[1]?.incrs).toEqual(expect.arrayContaining([1, 2, 5, 10]));
    expect((options.axes?.[1]?.incrs as number[]).every(Number.isInteger)).toBe(true);
  });

  it('sizes the chart as asked, with uPlot’s own legend and zoom off', () => {
    expect(options).toMatchObject({ width: 640, height: 260, legend: { show: false } });
    expect(options.cursor?.drag).toMatchObject({ x: false, y: false });
  });

  it('marks hover on the players line only', () => {
    const dataIdx = options.cursor?.dataIdx;
    expect(dataIdx?.(fakeChart, 0, 5, 0)).toBe(5);
    expect(dataIdx?.(fakeChart, 1, 5, 0)).toBe(5);
    expect(dataIdx?.(fakeChart, 2, 5, 0)).toBeNull();
  });

  it('reports the hovered index and the plot area to the component', () => {
    const onCursor = vi.fn();
    const onLayout = vi.fn();
    const withHandlers = buildHistoryChartOptions(
      model,
      palette,
      { width: 640, height: 260 },
      {
        onCursor,
        onLayout,
        pixelRatio: () => 2,
      },
    );
    withHandlers.hooks?.setCursor?.[0]?.({ cursor: { idx: 2 } } as uPlot);
    expect(onCursor).toHaveBeenCalledWith(2);
    withHandlers.hooks?.setSize?.[0]?.({ width: 640, bbox: { left: 88, top: 0, width: 1144, height: 400 } } as uPlot);
    expect(onLayout).toHaveBeenCalledWith({ left: 44, right: 24 });
  });
});

describe('trend strip geometry', () => {
  it('places points on the chart’s time range, left to right', () => {
    const geometry = buildTrendStripGeometry([100, 200, 300], [10, 20, 30], 100, 300);
    expect(geometry.xFractions).toEqual([0, 0.5, 1]);
    // Higher averages are higher up (smaller y).
    expect(geometry.yFractions[0]).toBeGreaterThan(geometry.yFractions[2] ?? 1);
    expect(geometry.linePath.startsWith('M0,')).toBe(true);
    // The area closes along the strip's bottom edge.
    expect(geometry.areaPath.endsWith(`L0,${TREND_STRIP_VIEW_HEIGHT}Z`)).toBe(true);
  });

  it('does not blow a change of under 5 % up to the full height', () => {
    const geometry = buildTrendStripGeometry([0, 1], [100, 104], 0, 1);
    const rise = (geometry.yFractions[0] ?? 0) - (geometry.yFractions[1] ?? 0);
    expect(rise).toBeGreaterThan(0);
    expect(rise).toBeLessThan(0.5);
  });

  it('is empty without points, and centred for a single instant', () => {
    expect(buildTrendStripGeometry([], [], 0, 1).linePath).toBe('');
    expect(buildTrendStripGeometry([5], [3], 5, 5).xFractions).toEqual([0.5]);
  });
});
