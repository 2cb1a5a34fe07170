import type uPlot from 'uplot';
import { useEffect, useRef, useState } from 'react';
import { useDarkMode } from '../theme.ts';
import { useIsMobile } from '../use-media-query.ts';
import { readChartPalette, type ChartPalette } from './chart-palette.ts';

/**
 * A uPlot chart in a box: uPlot is fetched the first time a chart needs it (or earlier, through loadUplot),
 * the chart fills its box's width and follows its size, and it is drawn again in the new colours when the
 * theme changes. The server browser's history and the server profile's activity charts both use it.
 */

type UplotClass = typeof uPlot;

let uplotLoading: Promise<UplotClass> | undefined;

/** Fetches uPlot once; a page calls it as soon as it knows a chart is coming, so the two downloads overlap. */
export function loadUplot(): Promise<UplotClass> {
  uplotLoading ??= import('./uplot.ts').then(
    (module) => module.default,
    (error: unknown) => {
      // A later chart may try again (the error boundary reloads a stale deploy's page once).
      uplotLoading = undefined;
      throw error;
    },
  );
  return uplotLoading;
}

export interface ChartSize {
  width: number;
  height: number;
}

/** Narrower than this the chart stops shrinking (its box scrolls) rather than crushing the axes. */
const MIN_CHART_WIDTH_PX = 240;

export interface UplotChartSpec {
  data: uPlot.AlignedData;
  /**
   * The options for the theme's colours and the box's size. The chart is made again whenever this function,
   * the data or the theme changes, so callers keep it stable (useMemo/useCallback).
   */
  buildOptions: (palette: ChartPalette, size: ChartSize, pixelRatio: () => number) => uPlot.Options;
  /** Heights in CSS pixels; phones are under the spec's 768 px breakpoint. */
  height: { desktop: number; phone: number };
  /** Called when a chart is taken down (a hovered point is no longer hovered). */
  onDestroy?: () => void;
}

export function useUplotChart({ data, buildOptions, height, onDestroy }: UplotChartSpec) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [UPlot, setUPlot] = useState<UplotClass | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // The palette is read from the theme's variables when drawing: a theme change draws again.
  const { isDark } = useDarkMode();
  const chartHeight = useIsMobile() ? height.phone : height.desktop;

  useEffect(() => {
    let current = true;
    loadUplot().then(
      (loaded) => current && setUPlot(() => loaded),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !UPlot) return;
    const measure = () => ({
      width: Math.max(MIN_CHART_WIDTH_PX, Math.floor(container.clientWidth)),
      height: chartHeight,
    });
    const chart = new UPlot(
      buildOptions(readChartPalette(), measure(), () => UPlot.pxRatio),
      data,
      container,
    );
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            // A closed (hidden) panel measures 0 wide: keep the last size until it is shown again.
            if (container.clientWidth === 0) return;
            const size = measure();
            if (size.width !== chart.width || size.height !== chart.height) chart.setSize(size);
          })
        : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      chart.destroy();
      onDestroy?.();
    };
  }, [UPlot, data, buildOptions, chartHeight, isDark, onDestroy]);

  // A failed download is thrown while rendering, so the route's error boundary handles it like any other.
  if (failure) throw failure.error;
  return { containerRef, loading: UPlot === null, height: chartHeight };
}
