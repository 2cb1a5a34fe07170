import type { LiveServer } from '@frontline/contract';
import { useEffect, useId, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatHourLabel } from '../../../lib/format.ts';
import { useServerBusyIndicator } from '../api/busy-indicators.ts';
import type { BusyResult } from '../lib/busy.ts';
import { describeForecastBasis, hasMissingHours } from '../lib/forecast-basis.ts';
import { BusyBadge } from './busy-badge.tsx';
import { FORECAST_TITLE } from './activity-forecast.tsx';
import { HourlyBars } from './hourly-bars.tsx';

/**
 * What opens from a row: the Activity Forecast (popover or dialog) and the 24-hour timeline strip. A chunk
 * of its own, fetched the first time any row opens one, so the list's first load does not carry it.
 */

/**
 * A row's busy data: the list's top servers already have it; any other server's is fetched when its
 * forecast or timeline is first opened (one small call instead of asking for every server up front).
 */
export function useRowBusy(server: LiveServer, listed: BusyResult | undefined, utcHour: number, needed: boolean) {
  const own = useServerBusyIndicator(server.guid, utcHour, needed && listed === undefined);
  return { result: listed ?? own.result, isLoading: listed === undefined && own.isLoading };
}

/**
 * The forecast itself: busy level and text, what it rests on (how sure it is), players now against a typical
 * hour, and 24 hourly bars.
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
          <BusyBadge level={busyIndicator.busyLevel} />
          {busyIndicator.busyText && <span className="text-sm text-ink">{busyIndicator.busyText}</span>}
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

const POPOVER_WIDTH = 300;
const POPOVER_GAP = 8;
const VIEWPORT_MARGIN = 8;

/**
 * A floating panel next to `anchor`, rendered into document.body so the table's overflow cannot clip it.
 * Placed below the anchor, or above when there is no room below; kept inside the viewport horizontally.
 * Escape, or a press anywhere but the anchor and the panel, closes it (a touch screen has no hover-out); these
 * listeners live here, in the lazy chunk, as they are only needed while a popover is open.
 */
function Popover({
  anchor,
  panel,
  labelledBy,
  children,
  onClose,
  onPointerEnter,
  onPointerLeave,
}: {
  anchor: RefObject<HTMLElement | null>;
  panel: RefObject<HTMLDivElement | null>;
  labelledBy: string;
  children: ReactNode;
  onClose: () => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    function handlePress(event: Event) {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (anchor.current?.contains(target) || panel.current?.contains(target)) return;
      onClose();
    }
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('mousedown', handlePress);
    document.addEventListener('touchstart', handlePress, { passive: true });
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('mousedown', handlePress);
      document.removeEventListener('touchstart', handlePress);
    };
  }, [anchor, panel, onClose]);

  // Placed again after every render: the content grows when the forecast arrives, which can flip it above.
  useLayoutEffect(() => {
    function place() {
      const trigger = anchor.current?.getBoundingClientRect();
      const height = panel.current?.offsetHeight ?? 0;
      if (!trigger) return;
      const width = Math.min(POPOVER_WIDTH, window.innerWidth - 2 * VIEWPORT_MARGIN);
      const left = Math.min(
        Math.max(VIEWPORT_MARGIN, trigger.left + trigger.width / 2 - width / 2),
        window.innerWidth - width - VIEWPORT_MARGIN,
      );
      const roomBelow = window.innerHeight - trigger.bottom - POPOVER_GAP;
      const above = roomBelow < height && trigger.top - POPOVER_GAP - height > 0;
      const next = {
        top: (above ? trigger.top - POPOVER_GAP - height : trigger.bottom + POPOVER_GAP) + window.scrollY,
        left: left + window.scrollX,
      };
      setPosition((current) => (current && current.top === next.top && current.left === next.left ? current : next));
    }
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  });

  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={labelledBy}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      style={{
        position: 'absolute',
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        width: POPOVER_WIDTH,
        maxWidth: `calc(100vw - ${2 * VIEWPORT_MARGIN}px)`,
        visibility: position ? 'visible' : 'hidden',
      }}
      className="z-40 rounded-md border border-line border-t-2 border-t-accent bg-surface p-3 text-ink shadow-xl shadow-black/30"
    >
      {children}
    </div>,
    document.body,
  );
}

export interface ForecastDetailsProps {
  server: LiveServer;
  listed: BusyResult | undefined;
  utcHour: number;
  mode: 'popover' | 'modal';
  anchor: RefObject<HTMLElement | null>;
  panel: RefObject<HTMLDivElement | null>;
  onClose: () => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

/** The opened forecast: a popover beside the badge on a desktop, a dialog under 768 px. */
export function ForecastDetails({
  server,
  listed,
  utcHour,
  mode,
  anchor,
  panel,
  onClose,
  onPointerEnter,
  onPointerLeave,
}: ForecastDetailsProps) {
  const titleId = useId();
  const { result, isLoading } = useRowBusy(server, listed, utcHour, true);
  const content = <ForecastContent result={result} isLoading={isLoading} />;
  if (mode === 'modal') {
    return (
      <Modal open onClose={onClose} title={FORECAST_TITLE} size="sm">
        <p className="mb-3 truncate text-xs font-semibold text-muted">{server.name}</p>
        {content}
      </Modal>
    );
  }
  return (
    <Popover
      anchor={anchor}
      panel={panel}
      labelledBy={titleId}
      onClose={onClose}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <h3 id={titleId} className="heading-display text-sm text-ink">
        {FORECAST_TITLE}
      </h3>
      <p className="mb-2 truncate text-xs text-muted" title={server.name}>
        {server.name}
      </p>
      {content}
    </Popover>
  );
}

/** The strip under a row: that server's typical players for each UTC hour, bars 2–18 px coloured by busy level. */
export function ServerTimelineBody({
  server,
  listed,
  utcHour,
}: {
  server: LiveServer;
  listed: BusyResult | undefined;
  utcHour: number;
}) {
  const { result, isLoading } = useRowBusy(server, listed, utcHour, true);
  if (isLoading) {
    return (
      <div role="status" className="flex h-[18px] items-center gap-2 text-xs text-muted">
        <Spinner className="size-3.5" /> Loading timeline…
      </div>
    );
  }
  if (!result || result.hourlyTimeline.length === 0) {
    return <p className="text-xs text-muted">No timeline for this server yet.</p>;
  }
  return <HourlyBars timeline={result.hourlyTimeline} variant="timeline" />;
}
