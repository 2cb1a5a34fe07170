import type uPlot from 'uplot';
import type { ChartPalette } from './chart-palette.ts';

/**
 * The axes every uPlot chart of the site shares: time along x in the browser's zone, a count along y (spec:
 * site-statistics §9 "Chart ticks max 8; y headroom 10% or 5 players"). The server browser's history and the
 * server profile's activity charts read alike because both take their axes from here. Only uPlot's types are
 * imported: the library itself is loaded by useUplotChart.
 */

const MAX_CHART_TICKS = 8;
/** Minimum gaps between ticks in CSS pixels, before the max-8 rule widens them. */
const X_TICK_MIN_SPACE_PX = 72;
const Y_TICK_MIN_SPACE_PX = 28;
/** Fixed axis sizes, so the plot area (and anything aligned under it) stays put across redraws. */
const X_AXIS_SIZE_PX = 42;
const Y_AXIS_SIZE_PX = 44;
const AXIS_FONT_PX = 11;

/** Whole-number y steps: a fraction of a player is not a tick anyone wants. */
export const PLAYER_AXIS_INCREMENTS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000,
];

const Y_HEADROOM_RATIO = 0.1;
const Y_HEADROOM_MIN_PLAYERS = 5;

/** Top of a players axis: the highest value plus 10 % of it or 5 players, whichever is larger, rounded up. */
export function computeYAxisMax(highest: number): number {
  const top = Number.isFinite(highest) && highest > 0 ? highest : 0;
  return Math.ceil(top + Math.max(top * Y_HEADROOM_RATIO, Y_HEADROOM_MIN_PLAYERS));
}

/**
 * Minimum spacing between ticks, in CSS pixels, so that an axis of `plotSize` pixels never gets more than
 * 8 ticks: with a gap of at least size / (max − 1), at most max multiples of the step fit.
 */
function computeTickSpace(plotSize: number, minSpace: number): number {
  if (!(plotSize > 0)) return minSpace;
  return Math.max(minSpace, plotSize / (MAX_CHART_TICKS - 1));
}

/**
 * Thins a list of tick positions to at most 8, keeping every nth (the first always); dropped ones become null,
 * which is how uPlot's axis filters hide a tick. Calendar steps (months) are uneven, so the spacing rule alone
 * can let a ninth tick in.
 */
function limitTicks<T>(splits: readonly T[]): (T | null)[] {
  if (splits.length <= MAX_CHART_TICKS) return [...splits];
  const step = Math.ceil(splits.length / MAX_CHART_TICKS);
  return splits.map((value, index) => (index % step === 0 ? value : null));
}

const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_MONTH_APPROX = 28 * SECONDS_PER_DAY;

export interface TimeLabelOptions {
  locale?: string;
  /** Tests pin a zone; the page leaves it to the browser. */
  timeZone?: string;
}

/**
 * Labels for the x ticks at `splits` (unix seconds; null = hidden tick) with the step `incrSeconds`: times
 * of day for steps under a day, with the weekday and date under the first tick of each day; dates for daily
 * and weekly steps; months for longer ones; the year under the first label and wherever it changes.
 */
function formatTimeAxisValues(
  splits: readonly (number | null)[],
  incrSeconds: number,
  options: TimeLabelOptions = {},
): string[] {
  const { locale, timeZone } = options;
  const make = (format: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...format, timeZone });
  const time = make({ hour: '2-digit', minute: '2-digit' });
  const weekdayDate = make({ weekday: 'short', day: 'numeric' });
  const dayMonth = make({ day: 'numeric', month: 'short' });
  const month = make({ month: 'short' });
  const year = make({ year: 'numeric' });
  const calendarDay = make({ year: 'numeric', month: '2-digit', day: '2-digit' });

  let previousDay: string | null = null;
  let previousYear: string | null = null;
  return splits.map((split) => {
    if (split === null || !Number.isFinite(split)) return '';
    const date = new Date(split * 1000);
    if (incrSeconds < SECONDS_PER_DAY) {
      const day = calendarDay.format(date);
      const label = day === previousDay ? time.format(date) : `${time.format(date)}\n${weekdayDate.format(date)}`;
      previousDay = day;
      return label;
    }
    const yearText = year.format(date);
    const main = incrSeconds < SECONDS_PER_MONTH_APPROX ? dayMonth.format(date) : month.format(date);
    const label = yearText === previousYear ? main : `${main}\n${yearText}`;
    previousYear = yearText;
    return label;
  });
}

/** A time x axis and a count y axis in the theme's colours, each with at most 8 ticks. */
export function buildTimeAxes(
  palette: ChartPalette,
  { yIncrements, timeLabels }: { yIncrements: number[]; timeLabels?: TimeLabelOptions },
): uPlot.Axis[] {
  const font = `${AXIS_FONT_PX}px ${palette.fontFamily}`;
  const tickFilter = (_u: uPlot, splits: number[]) => limitTicks(splits);
  return [
    {
      stroke: palette.axis,
      font,
      size: X_AXIS_SIZE_PX,
      space: (_u, _axisIdx, _min, _max, plotDim) => computeTickSpace(plotDim, X_TICK_MIN_SPACE_PX),
      filter: tickFilter,
      values: (_u, splits, _axisIdx, _space, incr) => formatTimeAxisValues(splits, incr, timeLabels),
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
