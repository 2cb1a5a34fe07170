import { ACTIVITY_BY_HOUR_DAYS, type PlayerStatsResponse } from '@frontline/contract';
import { useMemo } from 'react';
import { formatPlayTime } from '../../../lib/format.ts';
import { utcDaysRule } from '../../../lib/utc-days.ts';
import { formatUtcOffset, localOffsetMinutes, peakLocalHour, toLocalHourBars } from '../lib/activity-hours.ts';
import { EmptyNote } from './player-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

/** Hours labelled under the bars: every third, so "12am 3am 6am …" fits a phone. */
const LABEL_EVERY = 3;
const BAR_AREA_PX = 96;

/**
 * When the player plays (spec: site-statistics §3 "activityByHour[hour in UTC, minutesActive]"; §9 "Hour
 * labels 12am/12pm style"; domain-facts §6 "last 7 days"): 24 bars in the visitor's own time, over the week
 * (today and the 6 days before, UTC days, the round being played included).
 */
export function ActivityByHour({ insights }: { insights: PlayerStatsResponse['insights'] }) {
  const offset = useMemo(() => localOffsetMinutes(), []);
  const bars = useMemo(() => toLocalHourBars(insights.activityByHour, offset), [insights.activityByHour, offset]);
  const peak = peakLocalHour(bars);
  const highest = peak?.minutesActive ?? 0;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offsetText = formatUtcOffset(offset);
  const zoneText = zone && zone !== offsetText ? `${zone}, ${offsetText}` : offsetText;

  return (
    <SectionCard
      title="Activity by Hour"
      description={`Minutes played in each hour of the day this week (${utcDaysRule(ACTIVITY_BY_HOUR_DAYS)}), shown in your time (${zoneText}).`}
    >
      {!peak ? (
        <EmptyNote>No player activity data available</EmptyNote>
      ) : (
        <figure>
          <div
            role="img"
            aria-label={`Most active around ${peak.label} (${formatPlayTime(peak.minutesActive)} this week)`}
            className="flex items-end gap-[2px] sm:gap-1"
            style={{ height: BAR_AREA_PX }}
          >
            {bars.map((bar) => {
              const height = highest > 0 ? Math.round((bar.minutesActive / highest) * BAR_AREA_PX) : 0;
              return (
                <div
                  key={bar.localHour}
                  data-testid="activity-hour"
                  title={`${bar.label}: ${formatPlayTime(bar.minutesActive)}`}
                  className="flex h-full min-w-0 flex-1 items-end"
                >
                  <div
                    className={`w-full rounded-t-[2px] ${bar === peak ? 'bg-accent' : 'bg-olive/70'}`}
                    style={{ height: bar.minutesActive > 0 ? Math.max(2, height) : 1 }}
                  />
                </div>
              );
            })}
          </div>
          <div aria-hidden="true" className="mt-1 flex gap-[2px] text-[10px] text-faint sm:gap-1">
            {bars.map((bar) => (
              <span key={bar.localHour} className="min-w-0 flex-1 overflow-visible whitespace-nowrap">
                {bar.localHour % LABEL_EVERY === 0 ? bar.label : ''}
              </span>
            ))}
          </div>
          <figcaption className="mt-2 text-xs text-muted">
            Most active around <span className="font-semibold text-ink">{peak.label}</span>.
          </figcaption>
        </figure>
      )}
    </SectionCard>
  );
}
