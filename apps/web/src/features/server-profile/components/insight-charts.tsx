import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useDarkMode } from '../../../lib/theme.ts';
import { readChartPalette, type ChartPalette } from '../../servers/lib/history-chart.ts';
import {
  buildPingChartData,
  buildPingChartOptions,
  buildPlayerCountChartData,
  buildPlayerCountChartOptions,
  insightChartHeight,
  type InsightChartHandlers,
} from '../lib/insight-charts.ts';
import type { PingSeries, PlayerCountSeries } from '../lib/insights.ts';

/**
 * The activity section's canvases. This module brings uPlot, so the profile loads it with React.lazy: the
 * page's figures and tables show while the chart code arrives.
 */

/** Narrower than this the chart stops shrinking (its box scrolls) rather than crushing the axes. */
const MIN_CHART_WIDTH_PX = 240;

type BuildOptions = (
  palette: ChartPalette,
  size: { width: number; height: number },
  handlers: InsightChartHandlers,
) => uPlot.Options;

function UPlotCanvas({
  data,
  buildOptions,
  kind,
  onCursor,
  label,
}: {
  data: uPlot.AlignedData;
  buildOptions: BuildOptions;
  kind: 'players' | 'ping';
  onCursor?: (index: number | null) => void;
  label: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  // The palette is read from the theme's variables when drawing; a theme change draws again.
  const { isDark } = useDarkMode();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = () => ({
      width: Math.max(MIN_CHART_WIDTH_PX, Math.floor(container.clientWidth)),
      height: insightChartHeight(window.innerWidth, kind),
    });
    const chart = new uPlot(buildOptions(readChartPalette(), measure(), { onCursor }), data, container);
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (container.clientWidth === 0) return;
            const size = measure();
            if (size.width !== chart.width || size.height !== chart.height) chart.setSize(size);
          })
        : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      chart.destroy();
      onCursor?.(null);
    };
  }, [data, buildOptions, kind, onCursor, isDark]);

  return <div ref={containerRef} role="img" aria-label={label} className="w-full overflow-hidden" />;
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
  const buildOptions = useMemo<BuildOptions>(
    () => (palette, size, handlers) => buildPlayerCountChartOptions(series, palette, size, handlers),
    [series],
  );
  return <UPlotCanvas data={data} buildOptions={buildOptions} kind="players" onCursor={onCursor} label={label} />;
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
  const buildOptions = useMemo<BuildOptions>(
    () => (palette, size, handlers) => buildPingChartOptions(series, palette, size, handlers),
    [series],
  );
  return <UPlotCanvas data={data} buildOptions={buildOptions} kind="ping" onCursor={onCursor} label={label} />;
}
