import type { HistoryPeriod } from '@frontline/contract';
import type uPlot from 'uplot';
import { useCallback, useMemo } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import type { ChartPalette } from '../../../lib/chart/chart-palette.ts';
import { useUplotChart, type ChartSize } from '../../../lib/chart/use-uplot-chart.ts';
import {
  CHART_SERIES_LABELS,
  HISTORY_CHART_HEIGHT,
  buildHistoryChartData,
  buildHistoryChartOptions,
  type PlotInset,
} from '../lib/history-chart.ts';
import { HISTORY_PERIOD_DAYS, historyPointWords, type HistoryChartModel } from '../lib/history.ts';

/**
 * The 'Players Online' canvas of the history panel (spec §2: "line chart 'Players Online' with peak, lowest and
 * average lines, weekend shading") and its legend. The canvas is uPlot's, through useUplotChart; the legend is
 * plain HTML in the same colours.
 */
export function PlayersOnlineChart({
  model,
  onHover,
  onLayout,
}: {
  model: HistoryChartModel;
  /** The hovered point's index, null when none is. */
  onHover: (index: number | null) => void;
  /** Where the plot area sits after each layout (the trend strip lines up with it). */
  onLayout: (inset: PlotInset) => void;
}) {
  const data = useMemo(() => buildHistoryChartData(model), [model]);
  const buildOptions = useCallback(
    (palette: ChartPalette, size: ChartSize, pixelRatio: () => number): uPlot.Options =>
      buildHistoryChartOptions(model, palette, size, { onCursor: onHover, onLayout, pixelRatio }),
    [model, onHover, onLayout],
  );
  const clearHover = useCallback(() => onHover(null), [onHover]);
  const { containerRef, loading, height } = useUplotChart({
    data,
    buildOptions,
    height: HISTORY_CHART_HEIGHT,
    onDestroy: clearHover,
  });

  return (
    // The figures, the readout and the trend strip say in text what the canvas shows.
    <div
      ref={containerRef}
      aria-hidden="true"
      className={`w-full overflow-hidden ${loading ? 'flex items-center justify-center' : ''}`}
      style={loading ? { height: height } : undefined}
    >
      {loading && <Spinner />}
    </div>
  );
}

/** Beyond about three months the weekend bands are too thin to draw (see MIN_WEEKEND_BAND_PX). */
const WEEKEND_LEGEND_MAX_DAYS = 90;

export function PlayersOnlineLegend({ model, period }: { model: HistoryChartModel; period: HistoryPeriod }) {
  const weekends = model.weekendBands.length > 0 && HISTORY_PERIOD_DAYS[period] <= WEEKEND_LEGEND_MAX_DAYS;
  const item = (label: string, swatch: string) => (
    <li className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={swatch} />
      {label}
    </li>
  );
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
      {item(CHART_SERIES_LABELS.players, 'h-0.5 w-4 rounded bg-accent')}
      {item(
        `${CHART_SERIES_LABELS.peak} (highest ${historyPointWords(period)})`,
        'w-4 border-t border-dashed border-danger',
      )}
      {item(CHART_SERIES_LABELS.average, 'w-4 border-t border-dotted border-olive')}
      {item(
        `${CHART_SERIES_LABELS.lowest} (lowest ${historyPointWords(period)})`,
        'w-4 border-t border-dashed border-info',
      )}
      {item('Busy (≥120% of avg)', 'size-2 rounded-full bg-danger')}
      {item('Quiet (≤80% of avg)', 'size-2 rounded-full bg-info')}
      {weekends && item('Weekend (UTC)', 'h-3 w-4 rounded-sm bg-line')}
    </ul>
  );
}
