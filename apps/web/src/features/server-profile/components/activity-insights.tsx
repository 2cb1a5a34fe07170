import type { ServerInsightsResponse } from '@frontline/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatPlayTime } from '../../../lib/format.ts';
import { formatPlayerFigure } from '../../../lib/chart/player-figure.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import {
  INSIGHTS_ERROR_TEXT,
  INSIGHTS_PERIOD_ERROR_TEXT,
  INSIGHT_PERIODS,
  INSIGHT_PERIOD_LABELS,
  INSIGHT_PERIOD_TITLES,
  MAPS_TABLE_DEFINITIONS,
  NO_ACTIVITY_TEXT,
  PING_MODE_LABELS,
  buildPingSeries,
  buildPlayerCountSeries,
  changeDirection,
  formatBucketTime,
  formatChangePercent,
  formatShare,
  hasActivityData,
  hasPingData,
  insightPeriodTitle,
  mapsPeriodRule,
  previousPeriodAverage,
  type InsightDays,
  type PingMode,
} from '../lib/insights.ts';
import { PingChart, PlayerCountChart } from './insight-charts.tsx';
import { EmptyNote, UpdatingOverlay } from './profile-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

const ACTIVITY_TITLE = 'Player Activity';

const PERIOD_OPTIONS = INSIGHT_PERIODS.map((days) => ({
  value: days,
  label: INSIGHT_PERIOD_LABELS[days],
  title: INSIGHT_PERIOD_TITLES[days],
}));

const PING_OPTIONS = (['median', 'p95'] as const).map((mode) => ({ value: mode, label: PING_MODE_LABELS[mode] }));

export interface InsightsState {
  data: ServerInsightsResponse | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * Player activity analytics (spec: site-statistics §2 "player count history with comparison, ping by hour
 * with Median/P95 toggle when ping data exist, maps table with link to the server's sessions filtered by
 * mapName"; §4 "Switching insights period refetches insights only, with loading overlay and buttons
 * disabled"; §8 messages). A failed switch keeps the last figures that loaded, under the error.
 */
export function ActivityInsights({
  serverName,
  days,
  onDaysChange,
  insights,
}: {
  serverName: string;
  days: InsightDays;
  onDaysChange: (days: InsightDays) => void;
  insights: InsightsState;
}) {
  const [lastLoaded, setLastLoaded] = useState<ServerInsightsResponse | null>(null);
  if (insights.data && !insights.isPlaceholderData && lastLoaded !== insights.data) setLastLoaded(insights.data);

  const shown = insights.data ?? (insights.isError ? lastLoaded : null);
  const updating = insights.isFetching && insights.isPlaceholderData;
  const retrying = insights.isFetching && insights.isError;

  return (
    <SectionCard
      title={ACTIVITY_TITLE}
      description={shown ? insightPeriodTitle(shown.days) : undefined}
      actions={
        <SegmentedControl
          label="Activity period"
          options={PERIOD_OPTIONS}
          value={days}
          onChange={onDaysChange}
          disabled={updating}
        />
      }
    >
      {insights.isError && (
        <ErrorBox
          message={shown ? INSIGHTS_PERIOD_ERROR_TEXT : INSIGHTS_ERROR_TEXT}
          onRetry={insights.refetch}
          retrying={retrying}
          className="mb-4"
        >
          {shown && shown.days !== days && (
            <span className="text-muted"> Showing {insightPeriodTitle(shown.days).toLowerCase()}.</span>
          )}
        </ErrorBox>
      )}
      {!shown && insights.isPending && <LoadingBlock label="Loading player activity…" />}
      {shown && (
        <div className="relative" aria-busy={updating}>
          {updating && <UpdatingOverlay label={`Loading ${INSIGHT_PERIOD_TITLES[days].toLowerCase()}…`} />}
          {hasActivityData(shown) ? (
            <InsightsContent serverName={serverName} insights={shown} />
          ) : (
            <EmptyNote>{NO_ACTIVITY_TEXT}</EmptyNote>
          )}
        </div>
      )}
    </SectionCard>
  );
}

function InsightsContent({ serverName, insights }: { serverName: string; insights: ServerInsightsResponse }) {
  return (
    <div className="space-y-6">
      <Summary insights={insights} />
      <PlayerCountPanel insights={insights} />
      {hasPingData(insights) && <PingPanel insights={insights} />}
      <MapsTable serverName={serverName} days={insights.days} maps={insights.maps} />
    </div>
  );
}

function Figure({
  label,
  value,
  tone = 'text-ink',
  note,
  className = '',
}: {
  label: string;
  value: string;
  tone?: string;
  note?: ReactNode;
  /** Placement in the list's grid: each figure is a <div> directly in the <dl>, as a <dl> allows. */
  className?: string;
}) {
  return (
    <div className={`min-w-0 rounded-md border border-line bg-canvas px-3 py-2 ${className}`}>
      <dt className="text-[0.68rem] font-semibold tracking-[0.14em] text-muted uppercase">{label}</dt>
      <dd className={`tabular text-lg font-semibold ${tone}`}>{value}</dd>
      {note && <dd className="text-[11px] text-muted">{note}</dd>}
    </div>
  );
}

const CHANGE_TONES = { up: 'text-good', down: 'text-danger', flat: 'text-ink', unknown: 'text-muted' } as const;

function Summary({ insights }: { insights: ServerInsightsResponse }) {
  const { peakPlayerCount, averagePlayerCount, changePercentFromPreviousPeriod: change } = insights.playerCountSummary;
  const previous = previousPeriodAverage(averagePlayerCount, change);
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="activity-summary">
      <Figure
        label="Peak players"
        value={formatPlayerFigure(peakPlayerCount)}
        tone="text-danger"
        note="Most in one poll"
      />
      <Figure
        label="Average players"
        value={formatPlayerFigure(averagePlayerCount)}
        tone="text-accent"
        note="Over every poll, empty ones as 0"
      />
      <Figure
        className="col-span-2 sm:col-span-1"
        label="vs previous period"
        value={formatChangePercent(change)}
        tone={CHANGE_TONES[changeDirection(change)]}
        note={previous === null ? 'No earlier data to compare' : `Average then: ${formatPlayerFigure(previous)}`}
      />
    </dl>
  );
}

function PlayerCountPanel({ insights }: { insights: ServerInsightsResponse }) {
  const series = useMemo(
    () => buildPlayerCountSeries(insights.playerCountHistory, insights.playerCountHistoryComparison),
    [insights],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const time = hovered === null ? undefined : series.times[hovered];
  const current = hovered === null ? undefined : series.current[hovered];
  const previous = hovered === null ? undefined : series.previous[hovered];

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="heading-display text-sm text-ink">Players Online</h3>
        <p className="tabular min-h-5 text-xs text-muted" aria-hidden="true">
          {time !== undefined && (
            <>
              {formatBucketTime(time, insights.bucketMinutes)} ·{' '}
              <span className="font-semibold text-ink">
                {current === null || current === undefined ? '—' : formatPlayerFigure(current)} now
              </span>
              {' · '}
              {previous === null || previous === undefined ? '—' : formatPlayerFigure(previous)} before
            </>
          )}
        </p>
      </div>
      {series.times.length === 0 ? (
        <EmptyNote>No player counts in this period</EmptyNote>
      ) : (
        <PlayerCountChart
          series={series}
          onCursor={setHovered}
          label={`Players online over the period, peak ${formatPlayerFigure(insights.playerCountSummary.peakPlayerCount)}, against the period before`}
        />
      )}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4 rounded bg-accent" />
          This period
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-muted" />
          Previous period
        </li>
      </ul>
    </div>
  );
}

function PingPanel({ insights }: { insights: ServerInsightsResponse }) {
  const [mode, setMode] = useState<PingMode>('median');
  const series = useMemo(() => buildPingSeries(insights.pingByHour.data, mode), [insights, mode]);
  const [hovered, setHovered] = useState<number | null>(null);
  const time = hovered === null ? undefined : series.times[hovered];
  const value = hovered === null ? undefined : series.values[hovered];

  return (
    <div data-testid="ping-panel">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h3 className="heading-display text-sm text-ink">Ping (ms)</h3>
          <p className="tabular min-h-5 text-xs text-muted" aria-hidden="true">
            {time !== undefined && value !== undefined && (
              <>
                {formatBucketTime(time, insights.bucketMinutes)} ·{' '}
                <span className="font-semibold text-ink">{value} ms</span>
              </>
            )}
          </p>
        </div>
        <SegmentedControl label="Ping statistic" options={PING_OPTIONS} value={mode} onChange={setMode} />
      </div>
      <PingChart
        series={series}
        onCursor={setHovered}
        label={`${PING_MODE_LABELS[mode]} ping of the players over the period`}
      />
    </div>
  );
}

function MapsTable({
  serverName,
  days,
  maps,
}: {
  serverName: string;
  days: number;
  maps: ServerInsightsResponse['maps'];
}) {
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="heading-display text-sm text-ink">Maps</h3>
        <p className="text-xs text-muted" data-testid="maps-period">
          {mapsPeriodRule(days)}
        </p>
      </div>
      {maps.length === 0 ? (
        <EmptyNote>No map had players in this period</EmptyNote>
      ) : (
        <div className="rounded-md border border-line">
          <table className="w-full table-fixed border-collapse text-left text-sm" data-testid="maps-table">
            <thead className="bg-sunken/50 text-[10px] tracking-wider text-muted uppercase">
              <tr className="border-b border-line">
                <th scope="col" className="px-3 py-2 font-semibold">
                  Map
                </th>
                <th
                  scope="col"
                  className="w-12 px-1 py-2 text-right font-semibold sm:w-24"
                  title="Average players per poll, over every poll of the map's rounds"
                >
                  <span className="sm:hidden">Avg</span>
                  <span className="hidden sm:inline">Avg players</span>
                </th>
                <th
                  scope="col"
                  className="hidden w-16 px-1 py-2 text-right font-semibold sm:table-cell"
                  title="Most players in one poll"
                >
                  Peak
                </th>
                <th
                  scope="col"
                  className="w-16 px-1 py-2 text-right font-semibold sm:w-24"
                  title="Minutes with at least one player on the map"
                >
                  <span className="sm:hidden">Time</span>
                  <span className="hidden sm:inline">Play time</span>
                </th>
                <th
                  scope="col"
                  className="w-16 py-2 pr-3 pl-2 text-right font-semibold sm:w-36"
                  title="Share of play time"
                >
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {maps.map((map) => (
                <tr key={map.mapName} className="border-b border-line/60 last:border-b-0 hover:bg-raised/60">
                  <td className="px-3 py-1.5">
                    <Link
                      to={paths.serverSessions(serverName, map.mapName)}
                      title={`${map.mapName}: sessions on this server`}
                      className="font-medium text-ink capitalize hover:text-accent hover:underline"
                    >
                      {formatMapName(map.mapName)}
                    </Link>
                    {/* A phone has no room for the Peak column: the figure moves under the name. */}
                    <span className="tabular block text-[11px] text-muted sm:hidden">Peak {map.peakPlayerCount}</span>
                  </td>
                  <td className="tabular px-1 py-1.5 text-right">{formatPlayerFigure(map.averagePlayerCount)}</td>
                  <td className="tabular hidden px-1 py-1.5 text-right sm:table-cell">{map.peakPlayerCount}</td>
                  <td className="tabular px-1 py-1.5 text-right whitespace-nowrap">
                    {formatPlayTime(map.totalPlayTime)}
                  </td>
                  <td className="py-1.5 pr-3 pl-2">
                    <div className="flex items-center justify-end gap-2">
                      <span
                        aria-hidden="true"
                        className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-sunken sm:block"
                      >
                        <span
                          className="block h-full rounded-full bg-olive"
                          style={{ width: `${Math.min(100, Math.max(0, map.playTimePercentage))}%` }}
                        />
                      </span>
                      <span className="tabular text-right">{formatShare(map.playTimePercentage)}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-2 text-[11px] text-faint" data-testid="maps-definitions">
        {MAPS_TABLE_DEFINITIONS}
      </p>
    </div>
  );
}
