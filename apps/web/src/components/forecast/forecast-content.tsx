import { formatHourLabel } from '../../lib/format.ts';
import type { BusyResult } from '../../lib/busy/busy.ts';
import { describeForecastBasis, hasMissingHours } from '../../lib/busy/forecast-basis.ts';
import { Spinner } from '../spinner.tsx';
import { BusyBadge } from './busy-badge.tsx';
import { HourlyBars } from './hourly-bars.tsx';

/**
 * The Activity Forecast itself, wherever it opens (a row of the server browser, the server profile's header):
 * busy level and text, what it rests on (how sure it is), players now against a typical hour, and 24 hourly
 * bars. Only lazy chunks and the profile use it, so the server list's first bundle does not carry it.
 */
export function ForecastContent({ result, isLoading }: { result: BusyResult | undefined; isLoading: boolean }) {
  if (isLoading) {
    return (
      <div role="status" className="flex items-center gap-2 py-6 text-sm text-muted">
        <Spinner className="size-4" /> Loading forecast…
      </div>
    );
  }
  if (!result || result.hourlyTimeline.length === 0) {
    return <p className="py-4 text-sm text-muted">No forecast for this server yet: it needs a few days of history.</p>;
  }
  const { busyIndicator } = result;
  const current = result.hourlyTimeline.find((entry) => entry.isCurrentHour);
  return (
    <div className="space-y-3">
      <div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <BusyBadge level={busyIndicator.busyLevel} text={busyIndicator.busyText} />
        </div>
        <p data-testid="forecast-basis" className="mt-1 text-xs text-muted">
          {describeForecastBasis(busyIndicator)}
        </p>
      </div>
      <dl className="tabular grid grid-cols-2 gap-2 text-xs">
        <div className="rounded border border-line bg-sunken/40 px-2 py-1.5">
          <dt className="text-muted" title="People playing now; bots are not counted">
            Players now
          </dt>
          <dd className="text-base font-semibold text-ink">{busyIndicator.currentPlayers}</dd>
        </div>
        <div className="rounded border border-line bg-sunken/40 px-2 py-1.5">
          <dt className="text-muted">Typical this hour</dt>
          <dd className="text-base font-semibold text-ink">
            {busyIndicator.typicalPlayers === null ? '–' : Math.round(busyIndicator.typicalPlayers)}
          </dd>
        </div>
      </dl>
      <HourlyBars timeline={result.hourlyTimeline} variant="forecast" />
      <p className="text-[11px] text-faint">
        Typical players by hour, in UTC{current ? `; now ${formatHourLabel(current.hour)} UTC is highlighted` : ''}.
        {hasMissingHours(result.hourlyTimeline) && ' Hatched hours have no data yet.'}
      </p>
    </div>
  );
}
