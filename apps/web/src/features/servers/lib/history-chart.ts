import type uPlot from 'uplot';
import type { ChartSize } from '../../../lib/chart/use-uplot-chart.ts';
import { withAlpha, type ChartPalette } from '../../../lib/chart/chart-palette.ts';
import { PLAYER_AXIS_INCREMENTS, buildTimeAxes, type TimeLabelOptions } from '../../../lib/chart/time-axes.ts';
import { formatPlayerFigure } from '../../../lib/chart/player-figure.ts';
import { spreadLabelPositions } from './history.ts';
import type { HistoryChartModel } from './history.ts';

/**
 * The 'Players Online' chart as uPlot options (spec: site-statistics §2 "Server browser": "line chart 'Players
 * Online' with peak, lowest and average lines, weekend shading"; §9: "Chart ticks max 8; y headroom 10% or 5
 * players"). Only uPlot's types are imported here: the library itself is loaded by useUplotChart, and
 * everything here can be checked without a canvas.
 */

// ---------------------------------------------------------------------------------------------------------
// Data and options

/** The series after x, in the order of the data handed to uPlot. */
export const CHART_SERIES_LABELS = {
  players: 'Players',
  peak: 'Peak',
  lowest: 'Lowest',
  average: 'Average',
} as const;

const PLAYERS_SERIES_INDEX = 1;

/** x (unix seconds), players, and the peak, lowest and average as flat lines across the range. */
export function buildHistoryChartData(model: HistoryChartModel): uPlot.AlignedData {
  const flat = (value: number) => model.times.map(() => value);
  return [model.times, model.players, flat(model.peak), flat(model.lowest), flat(model.average)];
}

/** Spec §2 "line chart 'Players Online'": about 260 px high, lower on a phone (under 768 px). */
export const HISTORY_CHART_HEIGHT = { desktop: 260, phone: 200 } as const;

const LABEL_FONT_PX = 11;
/**
 * Narrower weekend bands than this would stripe the whole chart (a year or more of weekends); they are left
 * out. On a desktop width this keeps the shading up to about three months.
 */
export const MIN_WEEKEND_BAND_PX = 6;
/** Points closer than this are too dense for dots: busy and quiet runs become a thin strip at the bottom. */
const DENSE_POINT_SPACING_PX = 4;
const ACTIVITY_RUG_HEIGHT_PX = 3;

export interface PlotInset {
  /** CSS pixels from the chart's left edge to the plot area. */
  left: number;
  /** CSS pixels from the plot area to the chart's right edge. */
  right: number;
}

export interface HistoryChartHandlers {
  /** The hovered point's index, or null when the cursor leaves. */
  onCursor?: (index: number | null) => void;
  /** Where the plot area sits, after each layout (the trend strip aligns to it). */
  onLayout?: (inset: PlotInset) => void;
  /** Device pixels per CSS pixel (uPlot.pxRatio). */
  pixelRatio?: () => number;
  /** Time label options (tests pin the zone). */
  timeLabels?: TimeLabelOptions;
}

export function buildHistoryChartOptions(
  model: HistoryChartModel,
  palette: ChartPalette,
  size: ChartSize,
  handlers: HistoryChartHandlers = {},
): uPlot.Options {
  const pixelRatio = handlers.pixelRatio ?? (() => 1);
  const referenceLine = (label: string, stroke: string, dash: number[]): uPlot.Series => ({
    label,
    stroke,
    width: 1.25,
    dash,
    points: { show: false },
  });

  return {
    width: size.width,
    height: size.height,
    // The component's own legend and readout say what the series are; uPlot's table legend is not used.
    legend: { show: false },
    padding: [12, 12, 0, 0],
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, width: 2, fill: palette.surface },
      // Hover marks the players line only: a dot on each flat reference line would be noise.
      dataIdx: (_u, seriesIdx, closestIdx) => (seriesIdx <= PLAYERS_SERIES_INDEX ? closestIdx : null),
    },
    scales: {
      x: { time: true },
      // Fixed range: 0 to the peak plus headroom (10 % or 5 players), never uPlot's own padding.
      y: { auto: false, range: [0, model.yMax] },
    },
    axes: buildTimeAxes(palette, { yIncrements: PLAYER_AXIS_INCREMENTS, timeLabels: handlers.timeLabels }),
    series: [
      {},
      {
        label: CHART_SERIES_LABELS.players,
        stroke: palette.players,
        width: 2,
        fill: withAlpha(palette.players, 0.12),
        points: { show: false },
      },
      referenceLine(CHART_SERIES_LABELS.peak, palette.peak, [6, 4]),
      referenceLine(CHART_SERIES_LABELS.lowest, palette.lowest, [6, 4]),
      referenceLine(CHART_SERIES_LABELS.average, palette.average, [2, 3]),
    ],
    hooks: {
      // Under everything else: drawClear runs right after the canvas is cleared.
      drawClear: [(u) => drawWeekendBands(u, model.weekendBands, withAlpha(palette.weekend, 0.5), pixelRatio())],
      draw: [
        (u) => drawActivityDots(u, model, palette, pixelRatio()),
        (u) => drawReferenceLabels(u, model, palette, pixelRatio()),
      ],
      setCursor: [(u) => handlers.onCursor?.(u.cursor.idx ?? null)],
      setSize: [
        (u) => {
          const ratio = pixelRatio();
          handlers.onLayout?.({
            left: u.bbox.left / ratio,
            right: Math.max(0, u.width - (u.bbox.left + u.bbox.width) / ratio),
          });
        },
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Drawing (canvas pixels throughout: valToPos(…, true) and bbox are in device pixels)

function drawWeekendBands(u: uPlot, bands: readonly [number, number][], colour: string, ratio: number): void {
  const { ctx, bbox } = u;
  const plotRight = bbox.left + bbox.width;
  ctx.save();
  ctx.fillStyle = colour;
  for (const [start, end] of bands) {
    const left = Math.max(Math.round(u.valToPos(start, 'x', true)), bbox.left);
    const right = Math.min(Math.round(u.valToPos(end, 'x', true)), plotRight);
    if (right - left < MIN_WEEKEND_BAND_PX * ratio) continue;
    ctx.fillRect(left, bbox.top, right - left, bbox.height);
  }
  ctx.restore();
}

/**
 * Busy and quiet points: small dots on the line where points are far enough apart; where they are dense
 * (a day of 5-minute buckets on a phone, years of days), dots would recolour the whole line, so the runs are
 * drawn as a thin strip along the bottom of the plot instead.
 */
function drawActivityDots(u: uPlot, model: HistoryChartModel, palette: ChartPalette, ratio: number): void {
  const { ctx, bbox } = u;
  const count = model.times.length;
  if (count === 0) return;
  const spacing = bbox.width / Math.max(1, count - 1) / ratio;
  const dense = spacing < DENSE_POINT_SPACING_PX;
  const radius = Math.min(3, Math.max(1.5, spacing * 0.4)) * ratio;
  const xAt = (index: number) => u.valToPos(model.times[index] ?? 0, 'x', true);
  const rugTop = bbox.top + bbox.height - ACTIVITY_RUG_HEIGHT_PX * ratio;
  ctx.save();
  for (let index = 0; index < count; index += 1) {
    const activity = model.activity[index];
    const players = model.players[index];
    if (activity === 'normal' || activity === undefined || players === undefined) continue;
    ctx.fillStyle = activity === 'busy' ? palette.busy : palette.quiet;
    const x = xAt(index);
    if (dense) {
      // From halfway to the previous point to halfway to the next: neighbouring runs join up.
      const left = index > 0 ? (xAt(index - 1) + x) / 2 : x;
      const right = index < count - 1 ? (x + xAt(index + 1)) / 2 : x;
      ctx.fillRect(left, rugTop, Math.max(right - left, ratio), ACTIVITY_RUG_HEIGHT_PX * ratio);
    } else {
      ctx.beginPath();
      ctx.arc(x, u.valToPos(players, 'y', true), radius, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.restore();
}

/** 'Peak 64', 'Average 31.5', 'Lowest 3' at the right end of their lines, kept apart when lines are close. */
function drawReferenceLabels(u: uPlot, model: HistoryChartModel, palette: ChartPalette, ratio: number): void {
  const { ctx, bbox } = u;
  const lines = [
    { text: `${CHART_SERIES_LABELS.peak} ${formatPlayerFigure(model.peak)}`, value: model.peak, colour: palette.peak },
    {
      text: `${CHART_SERIES_LABELS.average} ${formatPlayerFigure(model.average)}`,
      value: model.average,
      colour: palette.average,
    },
    {
      text: `${CHART_SERIES_LABELS.lowest} ${formatPlayerFigure(model.lowest)}`,
      value: model.lowest,
      colour: palette.lowest,
    },
  ];
  const fontPx = LABEL_FONT_PX * ratio;
  // Baselines just above each line.
  const baselines = lines.map((line) => u.valToPos(line.value, 'y', true) - 3 * ratio);
  const placed = spreadLabelPositions(
    baselines,
    fontPx + 2 * ratio,
    bbox.top + fontPx,
    bbox.top + bbox.height - 2 * ratio,
  );
  ctx.save();
  ctx.font = `600 ${fontPx}px ${palette.fontFamily}`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'alphabetic';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3 * ratio;
  ctx.strokeStyle = palette.surface;
  const x = bbox.left + bbox.width - 4 * ratio;
  lines.forEach((line, index) => {
    const y = placed[index] ?? 0;
    // A halo in the surface colour keeps the text legible where it crosses a line or the fill.
    ctx.strokeText(line.text, x, y);
    ctx.fillStyle = line.colour;
    ctx.fillText(line.text, x, y);
  });
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------------------
// The rolling-average trend strip (plain SVG under the chart, on the chart's time range).

/** The strip is drawn in a fixed viewBox and stretched to the plot's width (strokes do not scale). */
export const TREND_STRIP_VIEW_WIDTH = 1000;
export const TREND_STRIP_VIEW_HEIGHT = 48;
const TREND_STRIP_MARGIN = 4;

export interface TrendStripGeometry {
  /** Each point's position along the strip, 0 (left) to 1 (right). */
  xFractions: number[];
  /** Each point's height as a share of the strip's, 0 (top) to 1 (bottom), margins included. */
  yFractions: number[];
  linePath: string;
  areaPath: string;
}

/**
 * Places the rolling averages on the chart's time range `[from, to]`. The vertical range is the data's with
 * some room, and never narrower than ±10 % of the mean, so that a change the trend rule calls stable (under
 * 5 %) does not fill the strip from bottom to top.
 */
export function buildTrendStripGeometry(
  times: readonly number[],
  averages: readonly number[],
  from: number,
  to: number,
): TrendStripGeometry {
  const count = Math.min(times.length, averages.length);
  if (count === 0) return { xFractions: [], yFractions: [], linePath: '', areaPath: '' };
  const values = averages.slice(0, count);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const mean = values.reduce((sum, value) => sum + value, 0) / count;
  const pad = Math.max((high - low) * 0.15, Math.abs(mean) * 0.1, 0.5);
  const bottom = Math.min(low - pad, mean - Math.abs(mean) * 0.1);
  const top = Math.max(high + pad, mean + Math.abs(mean) * 0.1);
  const span = to - from;
  const xFractions = times
    .slice(0, count)
    .map((time) => (span > 0 ? Math.min(1, Math.max(0, (time - from) / span)) : 0.5));
  const usable = TREND_STRIP_VIEW_HEIGHT - 2 * TREND_STRIP_MARGIN;
  const yFractions = values.map((value) => {
    const share = top > bottom ? (top - value) / (top - bottom) : 0.5;
    return (TREND_STRIP_MARGIN + share * usable) / TREND_STRIP_VIEW_HEIGHT;
  });
  const coordinates = xFractions.map((x, index) => {
    const px = round2(x * TREND_STRIP_VIEW_WIDTH);
    const py = round2((yFractions[index] ?? 0.5) * TREND_STRIP_VIEW_HEIGHT);
    return `${px},${py}`;
  });
  const linePath = `M${coordinates.join('L')}`;
  const firstX = round2((xFractions[0] ?? 0) * TREND_STRIP_VIEW_WIDTH);
  const lastX = round2((xFractions[count - 1] ?? 0) * TREND_STRIP_VIEW_WIDTH);
  const areaPath = `${linePath}L${lastX},${TREND_STRIP_VIEW_HEIGHT}L${firstX},${TREND_STRIP_VIEW_HEIGHT}Z`;
  return { xFractions, yFractions, linePath, areaPath };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
