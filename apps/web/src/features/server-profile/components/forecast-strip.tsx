import { useState } from 'react';
import { ErrorBox } from '../../../components/error-box.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatHourLabel } from '../../../lib/format.ts';
import { BusyBadge } from '../../../components/forecast/busy-badge.tsx';
import { ForecastContent } from '../../../components/forecast/forecast-content.tsx';
import { FORECAST_TITLE, type BusyResult } from '../../../lib/busy/busy.ts';
import { describeForecastConfidence } from '../../../lib/busy/forecast-basis.ts';
import { PROFILE_FORECAST_BAR_MAX_PX, profileForecastBars } from '../lib/profile-display.ts';

/** Every 6 hours: 24 bars in a header's width have room for four labels. */
const TICK_HOURS = new Set([0, 6, 12, 18]);

const FORECAST_ERROR_TEXT = 'Failed to load server activity forecast.';

/**
 * The header's 24-hour forecast (spec: site-statistics §2 "24-hour busy forecast bar chart (click opens
 * modal)"; §8 "'Failed to load server activity forecast.' (red box in header)"; §9 "2 to 20 px on server
 * profile"). The bars are a button: one click opens the browser's Activity Forecast in a dialog. An hour without
 * history is a hatched column (missing, not 0 players); a forecast from less than weeks of history says so.
 */
export function ForecastStrip({
  serverName,
  result,
  isLoading,
  isError,
  onRetry,
}: {
  serverName: string;
  result: BusyResult | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const [open, setOpen] = useState(false);

  if (isError) return <ErrorBox message={FORECAST_ERROR_TEXT} onRetry={onRetry} className="text-xs" />;
  if (isLoading) {
    return (
      <div role="status" className="flex h-[52px] items-center gap-2 text-xs text-muted">
        <Spinner className="size-4" /> Loading forecast…
      </div>
    );
  }
  const timeline = result?.hourlyTimeline ?? [];
  if (timeline.length === 0) {
    return <p className="text-xs text-muted">No activity forecast yet: it needs a few days of history.</p>;
  }
  const bars = profileForecastBars(timeline);
  const current = bars.find((bar) => bar.entry.isCurrentHour)?.entry;
  const confidence = result ? describeForecastConfidence(result.busyIndicator) : null;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="profile-forecast"
        className="group block w-full rounded-md border border-line bg-canvas/60 px-2.5 pt-2 pb-1.5 text-left transition-colors hover:border-accent/60 hover:bg-raised"
      >
        {/* The button is named by what it shows, with the rest for screen readers only before and after it, so the
            visible words stay one run of its name (WCAG 2.5.3, label in name). */}
        <span className="mb-1.5 flex items-center justify-between gap-2">
          <span className="text-[10px] font-semibold tracking-[0.14em] text-muted uppercase group-hover:text-ink">
            <span className="sr-only">{FORECAST_TITLE}: </span>
            Typical day (UTC){' '}
          </span>
          {result && <BusyBadge level={result.busyIndicator.busyLevel} text={result.busyIndicator.busyText} />}
        </span>
        <span aria-hidden="true" className="flex items-end gap-[2px]" style={{ height: PROFILE_FORECAST_BAR_MAX_PX }}>
          {bars.map(({ entry, heightPx }) => (
            <span
              key={entry.hour}
              data-testid="forecast-bar"
              data-current={entry.isCurrentHour || undefined}
              data-height={heightPx ?? 'missing'}
              className={`min-w-0 flex-1 rounded-t-[1px] ${
                heightPx === null
                  ? `hatched border-x border-t border-dashed ${entry.isCurrentHour ? 'border-accent' : 'border-line-strong/60'}`
                  : entry.isCurrentHour
                    ? 'bg-accent'
                    : 'bg-olive/60 group-hover:bg-olive/80'
              }`}
              style={{ height: heightPx ?? PROFILE_FORECAST_BAR_MAX_PX }}
            />
          ))}
        </span>
        <span aria-hidden="true" className="mt-1 flex gap-[2px] text-[9px] leading-none text-faint">
          {bars.map(({ entry }) => (
            <span key={entry.hour} className="min-w-0 flex-1 overflow-visible whitespace-nowrap">
              {TICK_HOURS.has(entry.hour) ? formatHourLabel(entry.hour) : ''}
            </span>
          ))}
        </span>
        {confidence && (
          <span data-testid="forecast-confidence" className="mt-1 block truncate text-[10px] text-faint">
            {' '}
            {confidence}
          </span>
        )}
        <span className="sr-only">
          {current?.typicalPlayers != null
            ? `. Now ${Math.round(current.typicalPlayers)} at ${formatHourLabel(current.hour)} UTC`
            : ''}
          . Open details
        </span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={FORECAST_TITLE} size="sm">
        <p className="mb-3 truncate text-xs font-semibold text-muted" title={serverName}>
          {serverName}
        </p>
        <ForecastContent result={result} isLoading={false} />
      </Modal>
    </>
  );
}
