import type uPlot from 'uplot';
import {
  X_AXIS_SIZE_PX,
  X_TICK_MIN_SPACE_PX,
  Y_AXIS_SIZE_PX,
  Y_TICK_MIN_SPACE_PX,
  formatTimeAxisValues,
  withAlpha,
  type ChartPalette,
  type TimeLabelOptions,
} from '../../servers/lib/history-chart.ts';
import { MAX_CHART_TICKS, Y_AXIS_INCREMENTS, computeTickSpace, limitTicks } from '../../servers/lib/history.ts';
import type { PingSeries, PlayerCountSeries } from './insights.ts';

/**
 * The two charts of the server profile's activity section as uPlot options: players online against the
 * period before, and ping (spec: site-statistics §2; §9 "Chart ticks max 8; y headroom 10% or 5 players; ping
 * headroom 10% or 10 ms"). Axes, tick rules and colours are the server browser's chart's, so the two read
 * alike. Only uPlot's types are imported: the library comes with the lazy chart component.
 */

export const INSIGHT_CHART_HEIGHT_PX = 220;
export const INSIGHT_CHART_HEIGHT_PHONE_PX = 180;
export const PING_CHART_HEIGHT_PX = 160;
const MOBILE_BREAKPOINT_PX = 768;
const AXIS_FONT_PX = 11;

export function insightChartHeight(viewportWidth: number, kind: 'players' | 'ping'): number {
  if (kind === 'ping') return PING_CHART_HEIGHT_PX;
  return viewportWidth < MOBILE_BREAKPOINT_PX ? INSIGHT_CHART_HEIGHT_PHONE_PX : INSIGHT_CHART_HEIGHT_PX;
}

export interface InsightChartHandlers {
  onCursor?: (index: number | null) => void;
  timeLabels?: TimeLabelOptions;
}

interface AxisSetup {
  palette: ChartPalette;
  handlers: InsightChartHandlers;
  yIncrements: number[];
}

function buildAxes({ palette, handlers, yIncrements }: AxisSetup): uPlot.Axis[] {
  const font = `${AXIS_FONT_PX}px ${palette.fontFamily}`;
  const tickFilter = (_u: uPlot, splits: number[]) => limitTicks(splits, MAX_CHART_TICKS);
  return [
    {
      stroke: palette.axis,
      font,
      size: X_AXIS_SIZE_PX,
      space: (_u, _axisIdx, _min, _max, plotDim) => computeTickSpace(plotDim, X_TICK_MIN_SPACE_PX),
      filter: tickFilter,
      values: (_u, splits, _axisIdx, _space, incr) => formatTimeAxisValues(splits, incr, handlers.timeLabels),
      grid: { stroke: palette.grid, width: 1, filter: tickFilter },
      ticks: { stroke: palette.grid, width: 1, size: 4, filter: tickFilter },
    },
    {
      stroke: palette.axis,
      font,
      size: Y_AXIS_SIZE_PX,
      incrs: yIncrements,
      space: (_u, _axisIdx, _min, _max, plotDim) => computeTickSpace(plotDim, Y_TICK_MIN_SPACE_PX),
      filter: tickFilter,
      grid: { stroke: palette.grid, width: 1, filter: tickFilter },
      ticks: { show: false },
    },
  ];
}

function baseOptions(
  size: { width: number; height: number },
  yMax: number,
  axes: uPlot.Axis[],
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
    axes,
    series: [{}, ...series],
    hooks: { setCursor: [(u) => handlers.onCursor?.(u.cursor.idx ?? null)] },
  };
}

/** Players online (solid, filled) over the period before (dashed), on one time axis. */
export function buildPlayerCountChartOptions(
  series: PlayerCountSeries,
  palette: ChartPalette,
  size: { width: number; height: number },
  handlers: InsightChartHandlers = {},
): uPlot.Options {
  return baseOptions(
    size,
    series.yMax,
    buildAxes({ palette, handlers, yIncrements: Y_AXIS_INCREMENTS }),
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
export const PING_AXIS_INCREMENTS = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000];

export function buildPingChartOptions(
  series: PingSeries,
  palette: ChartPalette,
  size: { width: number; height: number },
  handlers: InsightChartHandlers = {},
): uPlot.Options {
  return baseOptions(
    size,
    series.yMax,
    buildAxes({ palette, handlers, yIncrements: PING_AXIS_INCREMENTS }),
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
