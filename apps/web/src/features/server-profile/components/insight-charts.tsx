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

export function PlayerCountChart({
  series,
  onCursor,
  label,
}: {
  series: PlayerCountSeries;
  onCursor: (index: number | null) => void;
  label: string;
}) {
  const data = useMemo(() => buildPlayerCountChartData(series), [series]);
  const buildOptions = useCallback(
    (palette: ChartPalette, size: ChartSize): uPlot.Options =>
      buildPlayerCountChartOptions(series, palette, size, { onCursor }),
    [series, onCursor],
  );
  const clearCursor = useCallback(() => onCursor(null), [onCursor]);
  return (
    <InsightCanvas
      data={data}
      buildOptions={buildOptions}
      height={PLAYER_COUNT_CHART_HEIGHT}
      onDestroy={clearCursor}
      label={label}
    />
  );
}

export function PingChart({
  series,
  onCursor,
  label,
}: {
  series: PingSeries;
  onCursor: (index: number | null) => void;
  label: string;
}) {
  const data = useMemo(() => buildPingChartData(series), [series]);
  const buildOptions = useCallback(
    (palette: ChartPalette, size: ChartSize): uPlot.Options =>
      buildPingChartOptions(series, palette, size, { onCursor }),
    [series, onCursor],
  );
  const clearCursor = useCallback(() => onCursor(null), [onCursor]);
  return (
    <InsightCanvas
      data={data}
      buildOptions={buildOptions}
      height={PING_CHART_HEIGHT}
      onDestroy={clearCursor}
      label={label}
    />
  );
}
