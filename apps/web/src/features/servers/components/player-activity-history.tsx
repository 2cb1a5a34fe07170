import type { HistoryPeriod, PlayersOnlineHistoryResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { loadUplot } from '../../../lib/chart/use-uplot-chart.ts';
import { formatPlayerFigure } from '../../../lib/chart/player-figure.ts';
import { playersOnlineHistoryQueryOptions } from '../api/history.ts';
import type { PlotInset } from '../lib/history-chart.ts';
import {
  buildHistoryChartModel,
  DEFAULT_HISTORY_PERIOD,
  DEFAULT_LONGER_PERIOD,
  DEFAULT_ROLLING_WINDOW_DAYS,
  formatHistoryTime,
  historyPointWords,
  isHistoryPeriod,
  resolveHistoryPeriod,
  ROLLING_WINDOW_OPTIONS,
} from '../lib/history.ts';
import type {
  HistoryChartModel,
  HistoryTarget,
  LongerPeriod,
  PeriodSelection,
  PointActivity,
  RollingWindowDays,
} from '../lib/history.ts';
import { computeRollingAverageChangePercent, determineTrendDirection } from '../lib/history-trend.ts';
import { HistoryFigures } from './history-figures.tsx';
import { HistoryPeriodControl } from './history-period-control.tsx';
import { HistoryTrendStrip } from './history-trend-strip.tsx';
import { PlayersOnlineChart, PlayersOnlineLegend } from './players-online-chart.tsx';
import { pluralNoun } from '../../../lib/plural.ts';

/**
 * The server browser's 'Player Activity History' panel (spec: site-statistics §2 "Server browser", §3 "Player
 * history", §4 "Trend direction", §8, §9): the period and rolling-window controls, the states, and the
 * figures, chart and trend strip of the history shown. The server browser loads it with `React.lazy` when the
 * panel is first opened, and uPlot comes after it: neither is in the page's initial bundle.
 */

const ROLLING_WINDOW_CHOICES = ROLLING_WINDOW_OPTIONS.map((option) => ({ value: option.days, label: option.label }));

interface ShownData {
  target: HistoryTarget;
  response: PlayersOnlineHistoryResponse;
  period: HistoryPeriod;
}

export function PlayerActivityHistory({ game }: { game: HistoryTarget }) {
  const [selection, setSelection] = useState<PeriodSelection>(DEFAULT_HISTORY_PERIOD);
  const [longerPeriod, setLongerPeriod] = useState<LongerPeriod>(DEFAULT_LONGER_PERIOD);
  const [windowDays, setWindowDays] = useState<RollingWindowDays>(DEFAULT_ROLLING_WINDOW_DAYS);
  const period = resolveHistoryPeriod(selection, longerPeriod);

  // The chart library downloads while the history does, rather than after it.
  useEffect(() => {
    loadUplot().catch(() => {
      // The chart reports a failed download when it mounts (to the page's error boundary).
    });
  }, []);

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
        <HistoryPeriodControl
          selection={selection}
          longerPeriod={longerPeriod}
          onSelectPrimary={setSelection}
          onSelectLonger={(chosen) => {
            setLongerPeriod(chosen);
            setSelection('longer');
          }}
        />
        <div className="flex items-center gap-2">
          <span className="hidden text-xs text-muted sm:inline" aria-hidden="true">
            Rolling average
          </span>
          <SegmentedControl
            label="Rolling average window"
            options={ROLLING_WINDOW_CHOICES}
            value={windowDays}
            onChange={setWindowDays}
          />
        </div>
      </div>

      {query.isError && (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          <span>
            <span className="font-semibold">Failed to load player history</span>
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
        {!shown && query.isPending && (
          <div className="flex h-[200px] items-center justify-center md:h-[260px]">
            <span role="status" aria-label="Loading player history">
              <Spinner />
            </span>
          </div>
        )}
        {shown && model && model.times.length === 0 && (
          <p className="hatched rounded-md border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
            No historical data available
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
            <span role="status" aria-label="Updating player history">
              <Spinner />
            </span>
          </div>
        )}
      </div>
    </section>
  );
}

const ACTIVITY_LABELS: Record<PointActivity, string> = { busy: 'Busy', quiet: 'Quiet', normal: '' };

/** Figures, chart (with the hovered point under its title), legend and trend strip of one history. */
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
      <HistoryFigures model={model} period={period} direction={direction} change={change} />

      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div>
          <h3 className="heading-display text-sm text-ink">Players Online</h3>
          <p data-testid="history-point-note" className="text-[11px] text-muted">
            Each point is a {historyPointWords(period)} of the players polled.
          </p>
        </div>
        <p className="tabular min-h-5 text-xs text-muted" aria-hidden="true">
          {hoveredTime !== undefined && hoveredPlayers !== undefined && (
            <>
              {formatHistoryTime(hoveredTime, period)} ·{' '}
              <span className="font-semibold text-ink">
                {formatPlayerFigure(hoveredPlayers)} {pluralNoun(hoveredPlayers, 'player')}
              </span>{' '}
              ({historyPointWords(period)})
              {hoveredActivity && hoveredActivity !== 'normal' && <> · {ACTIVITY_LABELS[hoveredActivity]}</>}
            </>
          )}
        </p>
      </div>

      <PlayersOnlineChart model={model} onHover={setHovered} onLayout={setInset} />
      <PlayersOnlineLegend model={model} period={period} />

      <HistoryTrendStrip
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
