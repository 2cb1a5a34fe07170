import { COMPARISON_HOURS_DAYS, type ComparisonResponse } from '@frontline/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { ErrorBox } from '../../../components/error-box.tsx';
import { EmptyNote, SectionCard } from '../../../components/section-card.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatHourLabel, formatPlayTime } from '../../../lib/format.ts';
import {
  HOUR_BANDS,
  formatUtcOffset,
  localOffsetMinutes,
  minutesByBand,
  toLocalHours,
  type HourBandName,
} from '../../../lib/local-hours.ts';
import { useActivityHours } from '../api/compare.ts';
import { COMPARISON_MESSAGES } from '../lib/compare-rules.ts';
import { SIDE_STYLES, SideName, type Side } from './compare-ui.tsx';

/**
 * Typical Online Hours (spec: site-statistics §2 "Typical Online Hours chart (individual or overlap view)"; §7 the
 * activity hours "fetched after a successful comparison"; §8 'Failed to fetch activity hours data' in the chart
 * area; §9 "Hour bands local: Early 00-08, Day 08-16, Night 16-24 (hours converted from UTC)"). The individual view
 * is each player's minutes by hour (the activity-hours call, every server); the overlap view is the minutes both
 * were online at once (the comparison's hourlyOverlap, on the chosen server when one is chosen).
 */

type HoursView = 'individual' | 'overlap';
const VIEWS = [
  { value: 'individual', label: 'Individual' },
  { value: 'overlap', label: 'Overlap' },
] as const;

const CHART_HEIGHT_PX = 120;
const LABEL_EVERY = 4;

interface Series {
  key: string;
  bar: string;
  minutes: number[];
}

export function OnlineHours({ result, offsetMinutes }: { result: ComparisonResponse; offsetMinutes?: number }) {
  const [view, setView] = useState<HoursView>('individual');
  const offset = useMemo(() => offsetMinutes ?? localOffsetMinutes(), [offsetMinutes]);
  const activity = useActivityHours(result.player1, result.player2, true);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offsetText = formatUtcOffset(offset);

  const overlap = useMemo(
    () => toLocalHours(result.hourlyOverlap, (entry) => entry.overlapMinutes, offset),
    [result.hourlyOverlap, offset],
  );
  const individual = useMemo(() => {
    const data = activity.data;
    if (!data?.player1ActivityHours || !data.player2ActivityHours) return null;
    return [
      toLocalHours(data.player1ActivityHours, (entry) => entry.minutesActive, offset),
      toLocalHours(data.player2ActivityHours, (entry) => entry.minutesActive, offset),
    ] as const;
  }, [activity.data, offset]);

  let body;
  if (view === 'overlap') {
    body = overlap.some((minutes) => minutes > 0) ? (
      <>
        <HourChart series={[{ key: 'overlap', bar: 'bg-good', minutes: overlap }]} label="Minutes online together" />
        <BandSummary rows={[{ label: <span className="font-semibold text-ink">Together</span>, minutes: overlap }]} />
      </>
    ) : (
      <EmptyNote>Never online at the same time in the last {COMPARISON_HOURS_DAYS} days.</EmptyNote>
    );
  } else if (activity.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted">
        <Spinner className="size-4" /> Loading online hours…
      </p>
    );
  } else if (activity.isError || !individual) {
    body = <ErrorBox message={COMPARISON_MESSAGES.activityHoursFailed} onRetry={() => void activity.refetch()} />;
  } else if (!individual.some((minutes) => minutes.some((value) => value > 0))) {
    body = <EmptyNote>No player activity data available</EmptyNote>;
  } else {
    const sides: Side[] = [1, 2];
    body = (
      <>
        <HourChart
          series={sides.map((side) => ({
            key: `player${side}`,
            bar: SIDE_STYLES[side].bar,
            minutes: individual[side - 1]!,
          }))}
          label="Minutes played by hour"
        />
        <BandSummary
          rows={sides.map((side) => ({
            label: <SideName side={side} name={side === 1 ? result.player1 : result.player2} max={18} />,
            minutes: individual[side - 1]!,
          }))}
        />
      </>
    );
  }

  return (
    <SectionCard
      title="Typical Online Hours"
      description={`Last ${COMPARISON_HOURS_DAYS} days, in your time (${zone && zone !== offsetText ? `${zone}, ${offsetText}` : offsetText}).`}
      actions={<SegmentedControl label="Online hours view" options={VIEWS} value={view} onChange={setView} />}
    >
      <div data-testid="online-hours" data-view={view}>
        {body}
      </div>
    </SectionCard>
  );
}

/** 24 local hours, midnight first, with the three bands shaded behind the bars. */
function HourChart({ series, label }: { series: readonly Series[]; label: string }) {
  const highest = Math.max(1, ...series.flatMap((entry) => entry.minutes));
  return (
    <figure aria-label={label}>
      <div className="relative" style={{ height: CHART_HEIGHT_PX }}>
        <div aria-hidden="true" className="absolute inset-0 flex">
          {HOUR_BANDS.map((band, index) => (
            <span
              key={band.name}
              className={`flex-1 border-r border-dashed border-line last:border-r-0 ${index === 1 ? 'bg-line/25' : ''}`}
            />
          ))}
        </div>
        <div className="relative flex h-full items-end gap-[2px] sm:gap-1">
          {Array.from({ length: 24 }, (_, hour) => (
            <div
              key={hour}
              data-testid="online-hour"
              data-hour={hour}
              title={`${formatHourLabel(hour)}: ${series.map((entry) => formatPlayTime(entry.minutes[hour] ?? 0)).join(' · ')}`}
              className="flex h-full min-w-0 flex-1 items-end gap-px"
            >
              {series.map((entry) => {
                const minutes = entry.minutes[hour] ?? 0;
                return (
                  <span
                    key={entry.key}
                    data-minutes={minutes}
                    className={`min-w-0 flex-1 rounded-t-[2px] ${entry.bar}`}
                    style={{ height: minutes > 0 ? Math.max(2, Math.round((minutes / highest) * CHART_HEIGHT_PX)) : 0 }}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-[2px] text-[10px] text-faint sm:gap-1">
        {Array.from({ length: 24 }, (_, hour) => (
          <span key={hour} className="min-w-0 flex-1 overflow-visible whitespace-nowrap">
            {hour % LABEL_EVERY === 0 ? formatHourLabel(hour) : ''}
          </span>
        ))}
      </div>
      <div className="mt-1 flex text-[11px] font-semibold tracking-wider text-muted uppercase">
        {HOUR_BANDS.map((band) => (
          <span key={band.name} className="flex-1 text-center">
            {band.name}{' '}
            <span className="font-normal tracking-normal text-faint normal-case">
              {String(band.from).padStart(2, '0')}–{String(band.to).padStart(2, '0')}
            </span>
          </span>
        ))}
      </div>
    </figure>
  );
}

/** Minutes per band for each row, the row's busiest band in bold. */
function BandSummary({ rows }: { rows: readonly { label: ReactNode; minutes: readonly number[] }[] }) {
  return (
    <table className="mt-4 w-full text-sm">
      <thead>
        <tr className="text-[11px] tracking-wider text-faint uppercase">
          <th scope="col" className="py-1 text-left font-semibold">
            <span className="sr-only">Player</span>
          </th>
          {HOUR_BANDS.map((band) => (
            <th key={band.name} scope="col" className="py-1 text-right font-semibold">
              {band.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const totals = minutesByBand(row.minutes);
          const busiest = busiestBand(totals);
          return (
            <tr key={index} data-testid="band-row" className="border-t border-line">
              <th scope="row" className="w-2/5 max-w-0 py-1.5 pr-2 text-left font-normal">
                {row.label}
              </th>
              {HOUR_BANDS.map((band) => (
                <td
                  key={band.name}
                  data-band={band.name}
                  className={`tabular py-1.5 pl-3 text-right whitespace-nowrap ${band.name === busiest ? 'font-semibold text-ink' : 'text-muted'}`}
                >
                  {formatPlayTime(totals[band.name])}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function busiestBand(totals: Record<HourBandName, number>): HourBandName | null {
  let best: HourBandName | null = null;
  for (const band of HOUR_BANDS)
    if (totals[band.name] > 0 && (!best || totals[band.name] > totals[best])) best = band.name;
  return best;
}
