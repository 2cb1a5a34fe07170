import type { HistoryPeriod } from '@frontline/contract';
import { useId, useMemo, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { formatPlayerFigure } from '../../../lib/chart/player-figure.ts';
import {
  TREND_STRIP_VIEW_HEIGHT,
  TREND_STRIP_VIEW_WIDTH,
  buildTrendStripGeometry,
  type PlotInset,
} from '../lib/history-chart.ts';
import { TREND_TOOLTIP_RADIUS_PX, findNearestPointIndex, formatHistoryTime } from '../lib/history.ts';
import type { HistoryChartModel } from '../lib/history.ts';
import { TREND_DIRECTION_LABELS, TREND_TONES, formatChangePercent, type TrendDirection } from '../lib/history-trend.ts';

/**
 * The rolling-average trend strip under the Players Online chart (spec §2 "a rolling-average trend strip"; §4
 * "Trend direction"; §9 "Tooltip hover radius 25 px in trend strip"): plain SVG on the chart's time range,
 * lined up with its plot area, with a tooltip for the nearest point under the pointer or the arrow keys.
 */
export function HistoryTrendStrip({
  model,
  period,
  windowDays,
  direction,
  change,
  inset,
}: {
  model: HistoryChartModel;
  period: HistoryPeriod;
  windowDays: number;
  direction: TrendDirection;
  change: number | null;
  /** Where the chart's plot area sits, so the strip's time axis lines up with it. */
  inset: PlotInset;
}) {
  const [active, setActive] = useState<number | null>(null);
  const tooltipId = useId();
  const { times, averages } = model.rolling;
  const from = model.times[0] ?? times[0] ?? 0;
  const to = model.times[model.times.length - 1] ?? times[times.length - 1] ?? 0;
  const geometry = useMemo(() => buildTrendStripGeometry(times, averages, from, to), [times, averages, from, to]);
  const count = geometry.xFractions.length;
  const activeIndex = active !== null && active < count ? active : null;
  const activeX = activeIndex === null ? undefined : geometry.xFractions[activeIndex];
  const activeY = activeIndex === null ? undefined : geometry.yFractions[activeIndex];
  const activeTime = activeIndex === null ? undefined : times[activeIndex];
  const activeAverage = activeIndex === null ? undefined : averages[activeIndex];

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const positions = geometry.xFractions.map((fraction) => rect.left + fraction * rect.width);
    setActive(findNearestPointIndex(positions, event.clientX, TREND_TOOLTIP_RADIUS_PX));
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const last = count - 1;
    const next =
      event.key === 'ArrowRight'
        ? Math.min(last, (activeIndex ?? -1) + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, (activeIndex ?? count) - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape') {
      setActive(null);
    }
  };

  return (
    <div className="mt-4 border-t border-line pt-3">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-xs">
        <h4 className="font-semibold tracking-wide text-muted uppercase">Rolling average · {windowDays} days</h4>
        <p>
          <span className="text-muted">Trend: </span>
          <span className={`font-semibold ${TREND_TONES[direction]}`}>{TREND_DIRECTION_LABELS[direction]}</span>
          <span className="tabular text-muted"> ({formatChangePercent(change)})</span>
        </p>
      </div>
      {count < 2 ? (
        <p className="py-3 text-xs text-muted">Not enough data for a rolling average.</p>
      ) : (
        <div style={{ marginLeft: inset.left, marginRight: inset.right }}>
          <div
            role="group"
            tabIndex={0}
            aria-label={`Rolling average trend, ${windowDays} days. Arrow keys step through the values.`}
            aria-describedby={activeIndex === null ? undefined : tooltipId}
            data-testid="trend-strip"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
            onKeyDown={onKeyDown}
            onBlur={() => setActive(null)}
            className="relative h-12 cursor-crosshair rounded-sm bg-canvas"
          >
            <svg
              viewBox={`0 0 ${TREND_STRIP_VIEW_WIDTH} ${TREND_STRIP_VIEW_HEIGHT}`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
              aria-hidden="true"
            >
              <path d={geometry.areaPath} className="fill-olive-soft" />
              <path
                d={geometry.linePath}
                className="fill-none stroke-olive"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
              />
            </svg>
            {activeX !== undefined && activeY !== undefined && (
              <>
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute size-2 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-olive bg-surface"
                  style={{ left: `${activeX * 100}%`, top: `${activeY * 100}%` }}
                />
                <div
                  id={tooltipId}
                  role="tooltip"
                  className="tabular pointer-events-none absolute bottom-full z-10 mb-1.5 rounded-md border border-line bg-raised px-2 py-1 text-xs whitespace-nowrap text-ink shadow-md"
                  style={{
                    left: `${activeX * 100}%`,
                    // Kept inside the strip near its ends.
                    transform: `translateX(${activeX < 0.15 ? '0' : activeX > 0.85 ? '-100%' : '-50%'})`,
                  }}
                >
                  <span className="block text-muted">
                    {activeTime !== undefined ? formatHistoryTime(activeTime, period) : ''}
                  </span>
                  <span className="font-semibold">
                    Average {activeAverage !== undefined ? formatPlayerFigure(activeAverage) : '—'} players
                  </span>
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
