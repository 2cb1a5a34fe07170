import type uPlot from 'uplot';
import { useCallback, useMemo } from 'react';
import { LoadingBlock } from '../../../components/spinner.tsx';
import type { ChartPalette } from '../../../lib/chart/chart-palette.ts';
import { useUplotChart, type ChartSize, type UplotChartSpec } from '../../../lib/chart/use-uplot-chart.ts';
import {
  PING_CHART_HEIGHT,
  PLAYER_COUNT_CHART_HEIGHT,
  buildPingChartData,
  buildPingChartOptions,
  buildPlayerCountChartData,
  buildPlayerCountChartOptions,
} from '../lib/insight-charts.ts';
import type { PingSeries, PlayerCountSeries } from '../lib/insights.ts';

/** The activity section's canvases, drawn by uPlot through useUplotChart (fetched when the first one mounts). */

function InsightCanvas({ label, ...spec }: UplotChartSpec & { label: string }) {
  const { containerRef, loading, height } = useUplotChart(spec);
  return (
    <div
      ref={containerRef}
      role="img"
      aria-label={label}
      className="w-full overflow-hidden"
      style={loading ? { height: height } : undefined}
    >
      {loading && <LoadingBlock label="Loading chart…" className="h-full py-0" />}
    </div>
  );
}

interface ChartProps<Series> {
  series: Series;
  onCursor: (index: number | null) => void;
  label: string;
}

/** A series drawn by its own data and options builders (the player count and the ping charts differ only there). */
function SeriesChart<Series>({
  series,
  onCursor,
  label,
  toData,
  toOptions,
  height,
}: ChartProps<Series> & {
  toData: (series: Series) => uPlot.AlignedData;
  toOptions: (
    series: Series,
    palette: ChartPalette,
    size: ChartSize,
    handlers: { onCursor: (index: number | null) => void },
  ) => uPlot.Options;
  height: UplotChartSpec['height'];
}) {
  const data = useMemo(() => toData(series), [series, toData]);
  const buildOptions = useCallback(
    (palette: ChartPalette, size: ChartSize): uPlot.Options => toOptions(series, palette, size, { onCursor }),
    [series, onCursor, toOptions],
  );
  const clearCursor = useCallback(() => onCursor(null), [onCursor]);
  return (
    <InsightCanvas data={data} buildOptions={buildOptions} height={height} onDestroy={clearCursor} label={label} />
  );
}

export function PlayerCountChart(props: ChartProps<PlayerCountSeries>) {
  return (
    <SeriesChart
      {...props}
      toData={buildPlayerCountChartData}
      toOptions={buildPlayerCountChartOptions}
      height={PLAYER_COUNT_CHART_HEIGHT}
    />
  );
}

export function PingChart(props: ChartProps<PingSeries>) {
  return (
    <SeriesChart {...props} toData={buildPingChartData} toOptions={buildPingChartOptions} height={PING_CHART_HEIGHT} />
  );
}
