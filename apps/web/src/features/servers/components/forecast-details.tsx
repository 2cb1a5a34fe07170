import type { LiveServer } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { ForecastContent } from '../../../components/forecast/forecast-content.tsx';
import { HourlyBars } from '../../../components/forecast/hourly-bars.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FORECAST_TITLE, type BusyResult } from '../../../lib/busy/busy.ts';
import { busyIndicatorQueryKey, fetchBusyIndicators } from '../../../lib/busy/busy-indicators.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';

/**
 * What opens from a row: the Activity Forecast (popover or dialog) and the 24-hour timeline strip. A chunk
 * of its own, fetched the first time any row opens one, so the list's first load does not carry it.
 */

/**
 * A row's busy data: the list's top servers already have it; any other server's is fetched when its
 * forecast or timeline is first opened (one small call instead of asking for every server up front).
 */
function useRowBusy(server: LiveServer, listed: BusyResult | undefined, utcHour: number) {
  const guids = listed === undefined && server.guid ? [server.guid] : [];
  const own = useQuery({
    queryKey: busyIndicatorQueryKey(guids, { utcHour }),
    queryFn: ({ signal }) => fetchBusyIndicators(guids, signal),
    enabled: guids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return {
    result: listed ?? own.data?.find((item) => item.serverGuid === server.guid),
    isLoading: listed === undefined && own.isLoading,
  };
}

const POPOVER_WIDTH = 300;
const POPOVER_GAP = 8;
const VIEWPORT_MARGIN = 8;

/**
 * A floating panel next to `anchor`, rendered into document.body so the table's overflow cannot clip it.
 * Placed below the anchor, or above when there is no room below; kept inside the viewport horizontally.
 * Escape, or a press anywhere but the anchor and the panel, closes it (a touch screen has no hover-out).
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

  useDismiss(panel, true, onClose, anchor);

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
  const { result, isLoading } = useRowBusy(server, listed, utcHour);
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
  const { result, isLoading } = useRowBusy(server, listed, utcHour);
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
