import type { HistoryPeriod, PlayersOnlineHistoryResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { playersOnlineHistoryQueryOptions } from '../api/history.ts';
import {
  CHART_SERIES_LABELS,
  buildHistoryChartData,
  buildHistoryChartOptions,
  buildTrendStripGeometry,
  chartHeightFor,
  readChartPalette,
} from '../lib/history-chart.ts';
import type { PlotInset } from '../lib/history-chart.ts';
import {
  DEFAULT_HISTORY_PERIOD,
  DEFAULT_LONGER_PERIOD,
  DEFAULT_ROLLING_WINDOW_DAYS,
  HISTORY_PERIOD_DAYS,
  HISTORY_PERIOD_LABELS,
  LONGER_PERIODS,
  PRIMARY_PERIODS,
  ROLLING_WINDOW_OPTIONS,
  TREND_TOOLTIP_RADIUS_PX,
  buildHistoryChartModel,
  findNearestPointIndex,
  formatHistoryTime,
  formatPlayerCount,
  isHistoryPeriod,
  resolveHistoryPeriod,
} from '../lib/history.ts';
import type {
  HistoryChartModel,
  HistoryTarget,
  LongerPeriod,
  PeriodSelection,
  PointActivity,
  PrimaryPeriod,
  RollingWindowDays,
} from '../lib/history.ts';
import {
  TREND_DIRECTION_LABELS,
  computeRollingAverageChangePercent,
  determineTrendDirection,
  formatChangePercent,
} from '../lib/history-trend.ts';
import type { TrendDirection } from '../lib/history-trend.ts';

/**
 * The server browser's 'Player Activity History' panel (spec: site-statistics §2 "Server browser", §3 "Player
 * history", §4 "Trend direction", §8, §9). It brings uPlot with it, so the server browser loads it with
 * `React.lazy` when the panel is first opened: neither this file nor uPlot is in the page's initial bundle.
 */

export const HISTORY_ERROR_MESSAGE = 'Failed to load player history';
export const HISTORY_EMPTY_MESSAGE = 'No historical data available';

export interface PlayerActivityHistoryProps {
  /** A game, or 'all' for the three games summed. */
  game: HistoryTarget;
}

interface ShownData {
  target: HistoryTarget;
  response: PlayersOnlineHistoryResponse;
  period: HistoryPeriod;
}

export function PlayerActivityHistory({ game }: PlayerActivityHistoryProps) {
  const [selection, setSelection] = useState<PeriodSelection>(DEFAULT_HISTORY_PERIOD);
  const [longerPeriod, setLongerPeriod] = useState<LongerPeriod>(DEFAULT_LONGER_PERIOD);
  const [windowDays, setWindowDays] = useState<RollingWindowDays>(DEFAULT_ROLLING_WINDOW_DAYS);
  const period = resolveHistoryPeriod(selection, longerPeriod);

  const query = useQuery({
    ...playersOnlineHistoryQueryOptions(game, period, windowDays),
    // While another period or window loads, the current chart stays (dimmed) instead of a blank spinner;
    // never another game's chart, though.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === game ? previous : undefined),
  });

  // Spec §8: 'Failed to load player history' (history panel; data cleared only if empty). A failed request
  // keeps the last chart that loaded for this game on screen under the error, rather than blanking it.
  const [lastLoaded, setLastLoaded] = useState<ShownData | null>(null);
  if (query.data && !query.isPlaceholderData && lastLoaded?.response !== query.data) {
    setLastLoaded({ target: game, response: query.data, period });
  }
  const shown: ShownData | null = query.data
    ? {
        target: game,
        response: query.data,
        period: isHistoryPeriod(query.data.period) ? query.data.period : period,
      }
    : query.isError && lastLoaded?.target === game
      ? lastLoaded
      : null;

  const shownResponse = shown?.response;
  const model = useMemo(() => (shownResponse ? buildHistoryChartModel(shownResponse) : null), [shownResponse]);
  const updating = query.isFetching && (query.isPlaceholderData || query.isError);

  return (
    // No frame of its own: the server browser's collapsible panel around it is the frame.
    <section aria-label="Player Activity History">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodControl
          selection={selection}
          longerPeriod={longerPeriod}
          onSelectPrimary={setSelection}
          onSelectLonger={(chosen) => {
            setLongerPeriod(chosen);
            setSelection('longer');
          }}
        />
        <RollingWindowControl value={windowDays} onChange={setWindowDays} />
      </div>

      {query.isError && (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          <span>
            <span className="font-semibold">{HISTORY_ERROR_MESSAGE}</span>
            {shown && <span className="text-muted"> · showing the last data loaded</span>}
          </span>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="rounded-md border border-danger/40 px-2.5 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-danger hover:text-accent-ink disabled:opacity-50"
          >
            {query.isFetching ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      )}

      <div className="relative mt-4">
        {!shown && query.isPending && <LoadingState />}
        {shown && model && model.times.length === 0 && (
          <p className="hatched rounded-md border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
            {HISTORY_EMPTY_MESSAGE}
          </p>
        )}
        {shown && model && model.times.length > 0 && (
          <div aria-busy={updating} className={updating ? 'opacity-60' : undefined}>
            <HistoryContent
              model={model}
              period={shown.period}
              windowDays={shown.response.rollingWindowDays || windowDays}
            />
          </div>
        )}
        {shown && updating && (
          <div className="absolute top-2 right-2">
            <Spinner label="Updating player history" />
          </div>
        )}
      </div>
    </section>
  );
}

export default PlayerActivityHistory;

// ---------------------------------------------------------------------------------------------------------
// Controls

const segmentClass = (active: boolean) =>
  `rounded-md px-2 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors sm:px-3 ${
    active ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
  }`;

function PeriodControl({
  selection,
  longerPeriod,
  onSelectPrimary,
  onSelectLonger,
}: {
  selection: PeriodSelection;
  longerPeriod: LongerPeriod;
  onSelectPrimary: (period: PrimaryPeriod) => void;
  onSelectLonger: (period: LongerPeriod) => void;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const longerSelected = selection === 'longer';

  useEffect(() => {
    if (!open) return;
    // Spec §2: "A click elsewhere closes menus."
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    // Focus the chosen period (or the first) so the menu works from the keyboard at once.
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-line bg-canvas p-1">
        {PRIMARY_PERIODS.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={selection === choice}
            onClick={() => {
              setOpen(false);
              onSelectPrimary(choice);
            }}
            className={segmentClass(selection === choice)}
          >
            {HISTORY_PERIOD_LABELS[choice]}
          </button>
        ))}
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={longerSelected ? `More periods, ${HISTORY_PERIOD_LABELS[longerPeriod]} selected` : 'More periods'}
          data-selected={longerSelected || undefined}
          onClick={() => setOpen((value) => !value)}
          className={`inline-flex items-center gap-1 ${segmentClass(longerSelected)}`}
        >
          {longerSelected ? HISTORY_PERIOD_LABELS[longerPeriod] : 'More'}
          <svg viewBox="0 0 12 12" className="size-3" fill="none" aria-hidden="true">
            <path d="M3 4.5 6 7.5l3-3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Longer periods"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full left-0 z-20 mt-1 min-w-40 rounded-md border border-line bg-raised p-1 shadow-lg"
        >
          {LONGER_PERIODS.map((choice) => {
            const checked = longerSelected && longerPeriod === choice;
            return (
              <button
                key={choice}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  onSelectLonger(choice);
                  buttonRef.current?.focus();
                }}
                className={`flex w-full items-center justify-between gap-3 rounded px-3 py-1.5 text-left text-sm ${
                  checked ? 'font-semibold text-accent' : 'text-ink'
                } hover:bg-sunken focus:bg-sunken focus:outline-none`}
              >
                {HISTORY_PERIOD_LABELS[choice]}
                {checked && <span aria-hidden="true">✓</span>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

function RollingWindowControl({
  value,
  onChange,
}: {
  value: RollingWindowDays;
  onChange: (days: RollingWindowDays) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <span className="hidden text-xs text-muted sm:inline" aria-hidden="true">
        Rolling average
      </span>
      <div
        role="group"
        aria-label="Rolling average window"
        className="inline-flex rounded-lg border border-line bg-canvas p-1"
      >
        {ROLLING_WINDOW_OPTIONS.map((option) => (
          <button
            key={option.days}
            type="button"
            aria-pressed={value === option.days}
            onClick={() => onChange(option.days)}
            className={segmentClass(value === option.days)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// States

function Spinner({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <svg viewBox="0 0 16 16" fill="none" className="size-5 animate-spin text-accent" aria-hidden="true">
        <circle cx="8" cy="8" r="6" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
        <path d="M14 8a6 6 0 0 0-6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </span>
  );
}

function LoadingState() {
  return (
    <div className="flex h-[200px] items-center justify-center md:h-[260px]">
      <Spinner label="Loading player history" />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Chart, legend, trend strip and figures

const ACTIVITY_LABELS: Record<PointActivity, string> = { busy: 'Busy', quiet: 'Quiet', normal: '' };

function HistoryContent({
  model,
  period,
  windowDays,
}: {
  model: HistoryChartModel;
  period: HistoryPeriod;
  windowDays: number;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [inset, setInset] = useState<PlotInset>({ left: 0, right: 0 });
  const rollingPoints = useMemo(() => model.rolling.averages.map((average) => ({ average })), [model]);
  const change = computeRollingAverageChangePercent(rollingPoints);
  const direction = determineTrendDirection(rollingPoints);
  const hoveredTime = hovered === null ? undefined : model.times[hovered];
  const hoveredPlayers = hovered === null ? undefined : model.players[hovered];
  const hoveredActivity = hovered === null ? undefined : model.activity[hovered];

  return (
    <div>
      <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Peak" value={formatPlayerCount(model.peak)} tone="text-danger" />
        <Figure label="Lowest" value={formatPlayerCount(model.lowest)} tone="text-info" />
        <Figure label="Average" value={formatPlayerCount(model.average)} tone="text-olive" />
        <Figure
          label="Trend"
          value={formatChangePercent(change)}
          tone={TREND_TONES[direction]}
          note={TREND_DIRECTION_LABELS[direction]}
        />
      </dl>

      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="heading-display text-sm text-ink">Players Online</h3>
        <p className="tabular min-h-5 text-xs text-muted" aria-hidden="true">
          {hoveredTime !== undefined && hoveredPlayers !== undefined && (
            <>
              {formatHistoryTime(hoveredTime, period)} ·{' '}
              <span className="font-semibold text-ink">{formatPlayerCount(hoveredPlayers)} players</span>
              {hoveredActivity && hoveredActivity !== 'normal' && <> · {ACTIVITY_LABELS[hoveredActivity]}</>}
            </>
          )}
        </p>
      </div>

      <PlayersOnlineChart model={model} onHover={setHovered} onLayout={setInset} />
      <ChartLegend weekends={model.weekendBands.length > 0 && HISTORY_PERIOD_DAYS[period] <= WEEKEND_LEGEND_MAX_DAYS} />

      <TrendStrip
        model={model}
        period={period}
        windowDays={windowDays}
        direction={direction}
        change={change}
        inset={inset}
      />
    </div>
  );
}

const TREND_TONES: Record<TrendDirection, string> = {
  increasing: 'text-good',
  decreasing: 'text-danger',
  stable: 'text-muted',
};

function Figure({ label, value, tone, note }: { label: string; value: string; tone: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-canvas px-3 py-2">
      <dt className="text-[0.68rem] font-semibold tracking-[0.14em] text-muted uppercase">{label}</dt>
      {/* Wraps the note under a long value instead of pushing the page wider on a phone. */}
      <dd className={`tabular flex flex-wrap items-baseline gap-x-1.5 text-lg font-semibold break-all ${tone}`}>
        <span>{value}</span>
        {note && <span className="text-xs font-medium break-normal text-muted">{note}</span>}
      </dd>
    </div>
  );
}

/** Beyond about three months the weekend bands are too thin to draw (see MIN_WEEKEND_BAND_PX). */
const WEEKEND_LEGEND_MAX_DAYS = 90;

function ChartLegend({ weekends }: { weekends: boolean }) {
  const item = (label: string, swatch: string) => (
    <li className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={swatch} />
      {label}
    </li>
  );
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
      {item(CHART_SERIES_LABELS.players, 'h-0.5 w-4 rounded bg-accent')}
      {item(CHART_SERIES_LABELS.peak, 'w-4 border-t border-dashed border-danger')}
      {item(CHART_SERIES_LABELS.average, 'w-4 border-t border-dotted border-olive')}
      {item(CHART_SERIES_LABELS.lowest, 'w-4 border-t border-dashed border-info')}
      {item('Busy (≥120% of avg)', 'size-2 rounded-full bg-danger')}
      {item('Quiet (≤80% of avg)', 'size-2 rounded-full bg-info')}
      {weekends && item('Weekend (UTC)', 'h-3 w-4 rounded-sm bg-line')}
    </ul>
  );
}

type ThemeKey = 'dark' | 'light';

function subscribeToThemeClass(onChange: () => void): () => void {
  if (typeof MutationObserver !== 'function') return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function readThemeKey(): ThemeKey {
  return document.documentElement.classList.contains('dark-mode') ? 'dark' : 'light';
}

/** The theme as the root element's class says (`dark-mode` / `light-mode`), so canvases can redraw. */
function useThemeKey(): ThemeKey {
  return useSyncExternalStore(subscribeToThemeClass, readThemeKey, () => 'light');
}

/** Narrower than this the chart stops shrinking (and the panel scrolls) rather than crushing the axes. */
const MIN_CHART_WIDTH_PX = 240;

function PlayersOnlineChart({
  model,
  onHover,
  onLayout,
}: {
  model: HistoryChartModel;
  onHover: (index: number | null) => void;
  onLayout: (inset: PlotInset) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = () => ({
      width: Math.max(MIN_CHART_WIDTH_PX, Math.floor(container.clientWidth)),
      height: chartHeightFor(window.innerWidth),
    });
    // The palette is read now, from the theme in force; a theme change re-runs this effect (`theme`).
    const options = buildHistoryChartOptions(model, readChartPalette(), measure(), {
      onCursor: onHover,
      onLayout,
      pixelRatio: () => uPlot.pxRatio,
    });
    const chart = new uPlot(options, buildHistoryChartData(model), container);
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
      onHover(null);
    };
  }, [model, theme, onHover, onLayout]);

  return <div ref={containerRef} className="w-full overflow-hidden" aria-hidden="true" />;
}

function TrendStrip({
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
    // Spec §9: "Tooltip hover radius 25 px in trend strip".
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
              viewBox="0 0 1000 48"
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
                    Average {activeAverage !== undefined ? formatPlayerCount(activeAverage) : '—'} players
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
