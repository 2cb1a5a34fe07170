import type { LiveServer } from '@frontline/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { BusyBadge } from '../../../components/forecast/busy-badge.tsx';
import { busyLevelStyle, FORECAST_TITLE, type BusyResult } from '../../../lib/busy/busy.ts';
import { ChartIcon } from './server-icons.tsx';

const ForecastDetails = lazy(async () => ({ default: (await import('./lazy-extras.ts')).ForecastDetails }));

const HOVER_CLOSE_MS = 150;

/**
 * The per-row forecast trigger: the busy badge when the row has one, else a "Forecast" chip. On a desktop
 * it opens a popover on hover or focus (spec §2 "hover popover on desktop"); under 768 px a tap opens a
 * modal ("modal when width is under 768"). A row past the list's top 10 shows the chip only until its busy
 * indicator arrives (fetched after the top 10's), or for good when it has no guid.
 */
export function ForecastTrigger({
  server,
  listed,
  utcHour,
}: {
  server: LiveServer;
  listed: BusyResult | undefined;
  utcHour: number;
}) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Escape and a press elsewhere close the popover: its listeners come with it, in the lazy chunk.

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    // A short grace period lets the pointer cross the gap from the badge to the popover.
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
  };

  const level = listed?.busyIndicator.busyLevel;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Ends with the badge's own words, as shown (WCAG 2.5.3: the visible label is part of the name).
        aria-label={`${FORECAST_TITLE} for ${server.name}${level ? `: ${[...new Set([listed?.busyIndicator.busyText, busyLevelStyle(level).label])].filter(Boolean).join(', ')}` : ''}`}
        onPointerEnter={isMobile ? undefined : (event) => event.pointerType === 'mouse' && show()}
        onPointerLeave={isMobile ? undefined : (event) => event.pointerType === 'mouse' && hideSoon()}
        onFocus={isMobile ? undefined : show}
        onBlur={isMobile ? undefined : hideSoon}
        onClick={show}
        className="inline-flex h-6 items-center gap-1 rounded px-1 text-[11px] text-muted transition-colors hover:bg-raised hover:text-ink aria-expanded:bg-raised"
      >
        {level ? (
          <BusyBadge level={level} text={listed?.busyIndicator.busyText} />
        ) : (
          <>
            <ChartIcon width={12} height={12} />
            <span className="font-medium tracking-wide uppercase">Forecast</span>
          </>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ForecastDetails
            server={server}
            listed={listed}
            utcHour={utcHour}
            mode={isMobile ? 'modal' : 'popover'}
            anchor={trigger}
            panel={panel}
            onClose={() => setOpen(false)}
            onPointerEnter={show}
            onPointerLeave={hideSoon}
          />
        </Suspense>
      )}
    </>
  );
}
