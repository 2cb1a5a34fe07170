import { formatHourLabel } from '../../lib/format.ts';
import { busyLevelStyle, type HourlyEntry } from '../../lib/busy/busy.ts';
import {
  FORECAST_BAR_MAX_PX,
  FORECAST_BAR_MIN_PX,
  TIMELINE_BAR_MAX_PX,
  TIMELINE_BAR_MIN_PX,
  barHeight,
  orderedTimeline,
  peakTypicalPlayers,
} from '../../lib/busy/hour-bars.ts';
import { describeTypicalHour } from '../../lib/busy/forecast-basis.ts';

/** Hour ticks under the bars: every 6 hours keeps 24 narrow columns readable. */
const TICK_HOURS = new Set([0, 6, 12, 18]);

function localHourLabel(utcHour: number): string {
  const date = new Date();
  date.setUTCHours(utcHour, 0, 0, 0);
  return formatHourLabel(date.getHours());
}

function describeHour(entry: HourlyEntry): string {
  return (
    `${formatHourLabel(entry.hour)} UTC (${localHourLabel(entry.hour)} your time): ${describeTypicalHour(entry)}` +
    (entry.isCurrentHour ? ', current hour' : '')
  );
}

/**
 * The 24 hours of a server's typical day, by UTC hour, as bars. `variant` sets the scale: the forecast's
 * bars are at least 8 px (spec §9 "Forecast bar height at least 8 px on the browser"), the row timeline's
 * 2 to 18 px ("timeline bars 2 to 18 px"). The current hour is highlighted in the accent colour. An hour
 * without history is a hatched full-height column: missing, where a 0-player hour is a minimum-height bar.
 */
export function HourlyBars({
  timeline,
  variant,
}: {
  timeline: readonly HourlyEntry[];
  variant: 'forecast' | 'timeline';
}) {
  const entries = orderedTimeline(timeline);
  const peak = peakTypicalPlayers(entries);
  const [minPx, maxPx] =
    variant === 'forecast' ? [FORECAST_BAR_MIN_PX, FORECAST_BAR_MAX_PX] : [TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX];

  return (
    <div>
      <ul aria-label="Typical players by hour (UTC)" className="flex items-end gap-px" style={{ height: `${maxPx}px` }}>
        {entries.map((entry) => {
          const height = barHeight(entry.typicalPlayers, peak, minPx, maxPx);
          const color =
            height === null
              ? 'hatched border-x border-t border-dashed border-line-strong/60'
              : variant === 'forecast'
                ? entry.isCurrentHour
                  ? 'bg-accent'
                  : 'bg-olive/70'
                : busyLevelStyle(entry.busyLevel).dot;
          return (
            <li
              key={entry.hour}
              aria-label={describeHour(entry)}
              aria-current={entry.isCurrentHour ? 'time' : undefined}
              title={describeHour(entry)}
              data-height={height ?? 'missing'}
              className={`min-w-0 flex-1 rounded-t-[2px] ${color} ${
                entry.isCurrentHour ? 'ring-2 ring-accent ring-offset-1 ring-offset-surface' : ''
              }`}
              style={{ height: `${height ?? maxPx}px` }}
            />
          );
        })}
      </ul>
      <div aria-hidden="true" className="mt-1 flex gap-px text-[10px] leading-none text-faint">
        {entries.map((entry) => (
          <span key={entry.hour} className="min-w-0 flex-1 overflow-visible whitespace-nowrap">
            {TICK_HOURS.has(entry.hour) ? formatHourLabel(entry.hour) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}
