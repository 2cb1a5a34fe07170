import { afterEach, describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import {
  CHART_COLOUR_TOKENS,
  FALLBACK_PALETTE,
  CHART_HEIGHT_PHONE_PX,
  CHART_HEIGHT_PX,
  TREND_STRIP_VIEW_HEIGHT,
  buildHistoryChartData,
  buildHistoryChartOptions,
  buildTrendStripGeometry,
  chartHeightFor,
  formatTimeAxisValues,
  readChartPalette,
  withAlpha,
} from './history-chart.ts';
import type { ChartPalette } from './history-chart.ts';
import type { HistoryChartModel } from './history.ts';

const unix = (iso: string) => Date.parse(iso) / 1000;

const palette: ChartPalette = FALLBACK_PALETTE;

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

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

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

describe('chart height', () => {
  it('is about 260 px, smaller under the 768 px phone breakpoint', () => {
    expect(chartHeightFor(1280)).toBe(CHART_HEIGHT_PX);
    expect(CHART_HEIGHT_PX).toBe(260);
    expect(chartHeightFor(767)).toBe(CHART_HEIGHT_PHONE_PX);
    expect(CHART_HEIGHT_PHONE_PX).toBeLessThan(CHART_HEIGHT_PX);
  });
});

describe('theme colours', () => {
  it('reads the tokens from the root element when drawing', () => {
    document.documentElement.style.setProperty('--fl-accent', '#e8a83e');
    document.documentElement.style.setProperty('--fl-danger', '#ef6a5f');
    const read = readChartPalette();
    expect(read.players).toBe('#e8a83e');
    expect(read.peak).toBe('#ef6a5f');
    expect(CHART_COLOUR_TOKENS.players).toBe('--fl-accent');
  });

  it('falls back to the light theme when the stylesheet is absent', () => {
    expect(readChartPalette().players).toBe('#9a5d08');
  });

  it('adds alpha to hex and rgb colours', () => {
    expect(withAlpha('#9a5d08', 0.12)).toBe('rgba(154, 93, 8, 0.12)');
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(withAlpha('rgb(1, 2, 3)', 0.3)).toBe('rgba(1, 2, 3, 0.3)');
    expect(withAlpha('oklch(70% 0.1 60)', 0.3)).toBe('oklch(70% 0.1 60)');
  });
});

describe('time axis labels', () => {
  const utc = { locale: 'en-GB', timeZone: 'UTC' };

  it('shows times of day, with the date under the first tick of each day', () => {
    const splits = ['2025-06-14T18:00:00Z', '2025-06-14T21:00:00Z', '2025-06-15T00:00:00Z'].map(unix);
    expect(formatTimeAxisValues(splits, 3 * 3600, utc)).toEqual(['18:00\nSat 14', '21:00', '00:00\nSun 15']);
  });

  it('shows dates for daily steps and months for longer ones, with the year where it starts or changes', () => {
    const days = ['2025-12-30T00:00:00Z', '2025-12-31T00:00:00Z', '2026-01-01T00:00:00Z'].map(unix);
    expect(formatTimeAxisValues(days, 86_400, utc)).toEqual(['30 Dec\n2025', '31 Dec', '1 Jan\n2026']);
    const months = ['2025-11-01T00:00:00Z', '2025-12-01T00:00:00Z'].map(unix);
    expect(formatTimeAxisValues(months, 30 * 86_400, utc)).toEqual(['Nov\n2025', 'Dec']);
  });

  it('leaves hidden ticks blank', () => {
    expect(formatTimeAxisValues([null, unix('2025-06-14T18:00:00Z')], 3600, utc)).toEqual(['', '18:00\nSat 14']);
  });
});

describe('trend strip geometry', () => {
  it('places points on the chart’s time range, left to right', () => {
    const geometry = buildTrendStripGeometry([100, 200, 300], [10, 20, 30], 100, 300);
    expect(geometry.xFractions).toEqual([0, 0.5, 1]);
    // Higher averages are higher up (smaller y).
    expect(geometry.yFractions[0]).toBeGreaterThan(geometry.yFractions[2] ?? 1);
    expect(geometry.linePath.startsWith('M0,')).toBe(true);
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
