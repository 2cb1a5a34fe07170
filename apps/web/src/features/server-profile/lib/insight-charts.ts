import type uPlot from 'uplot';
import { withAlpha, type ChartPalette } from '../../../lib/chart/chart-palette.ts';
import { PLAYER_AXIS_INCREMENTS, buildTimeAxes, type TimeLabelOptions } from '../../../lib/chart/time-axes.ts';
import type { ChartSize } from '../../../lib/chart/use-uplot-chart.ts';
import type { PingSeries, PlayerCountSeries } from './insights.ts';

/**
 * The two charts of the server profile's activity section as uPlot options: players online against the
 * period before, and ping (spec: site-statistics §2; §9 "Chart ticks max 8; y headroom 10% or 5 players; ping
 * headroom 10% or 10 ms"). The axes are the server browser chart's (lib/chart/time-axes.ts), so the two read
 * alike. Only uPlot's types are imported: the library comes through useUplotChart.
 */

/** Heights in CSS pixels; the ping chart is the same on a phone. */
export const PLAYER_COUNT_CHART_HEIGHT = { desktop: 220, phone: 180 } as const;
export const PING_CHART_HEIGHT = { desktop: 160, phone: 160 } as const;

export interface InsightChartHandlers {
  onCursor?: (index: number | null) => void;
  timeLabels?: TimeLabelOptions;
}

function baseOptions(
  size: ChartSize,
  yMax: number,
  yIncrements: number[],
  series: uPlot.Series[],
  palette: ChartPalette,
  handlers: InsightChartHandlers,
): uPlot.Options {
  return {
    width: size.width,
    height: size.height,
    // The section's own legend and readout name the series.
    legend: { show: false },
    padding: [12, 12, 0, 0],
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, width: 2, fill: palette.surface },
    },
    scales: { x: { time: true }, y: { auto: false, range: [0, yMax] } },
    axes: buildTimeAxes(palette, { yIncrements, timeLabels: handlers.timeLabels }),
    series: [{}, ...series],
    hooks: { setCursor: [(u) => handlers.onCursor?.(u.cursor.idx ?? null)] },
  };
}

/** Players online (solid, filled) over the period before (dashed), on one time axis. */
export function buildPlayerCountChartOptions(
  series: PlayerCountSeries,
  palette: ChartPalette,
  size: ChartSize,
  handlers: InsightChartHandlers = {},
): uPlot.Options {
  return baseOptions(
    size,
    series.yMax,
    PLAYER_AXIS_INCREMENTS,
    [
      {
        label: 'This period',
        stroke: palette.players,
        width: 2,
        fill: withAlpha(palette.players, 0.12),
        points: { show: false },
        spanGaps: false,
      },
      {
        label: 'Previous period',
        stroke: palette.axis,
        width: 1.5,
        dash: [5, 4],
        points: { show: false },
        spanGaps: false,
      },
    ],
    palette,
    handlers,
  );
}

/** Whole milliseconds, in steps a reader can add up. */
const PING_AXIS_INCREMENTS = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000];

export function buildPingChartOptions(
  series: PingSeries,
  palette: ChartPalette,
  size: ChartSize,
  handlers: InsightChartHandlers = {},
): uPlot.Options {
  return baseOptions(
    size,
    series.yMax,
    PING_AXIS_INCREMENTS,
    [
      {
        label: 'Ping',
        stroke: palette.lowest,
        width: 2,
        fill: withAlpha(palette.lowest, 0.1),
        points: { show: false },
      },
    ],
    palette,
    handlers,
  );
}

export function buildPlayerCountChartData(series: PlayerCountSeries): uPlot.AlignedData {
  return [series.times, series.current, series.previous];
}

export function buildPingChartData(series: PingSeries): uPlot.AlignedData {
  return [series.times, series.values];
}
