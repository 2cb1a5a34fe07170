import type { LiveServer } from '@frontline/contract';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import type { BusyResult } from '../../../lib/busy/busy.ts';
import { TimelineIcon } from './server-icons.tsx';

const ServerTimelineBody = lazy(async () => ({
  default: (await import('./lazy-extras.ts')).ServerTimelineBody,
}));

/** The per-row switch of the 24-hour timeline overlay (spec §2 "Server timeline overlay toggles per server"). */
export function TimelineToggle({
  server,
  open,
  onToggle,
  controls,
}: {
  server: LiveServer;
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      title={open ? 'Hide 24-hour timeline' : 'Show 24-hour timeline'}
      className="inline-flex h-6 items-center gap-1 rounded px-1 text-[11px] font-medium tracking-wide text-muted uppercase transition-colors hover:bg-raised hover:text-ink aria-pressed:bg-accent-soft aria-pressed:text-accent"
    >
      <TimelineIcon width={12} height={12} />
      <span>24h</span>
      <span className="sr-only"> timeline of {server.name}</span>
    </button>
  );
}

/** The strip under a row: that server's typical players for each UTC hour (bars from the lazy details chunk). */
export function ServerTimeline({
  id,
  server,
  listed,
  utcHour,
}: {
  id: string;
  server: LiveServer;
  listed: BusyResult | undefined;
  utcHour: number;
}) {
  return (
    <div id={id} data-testid="server-timeline" className="max-w-xl">
      <p className="mb-1.5 text-[10px] font-semibold tracking-[0.15em] text-faint uppercase">24-hour activity · UTC</p>
      <Suspense
        fallback={
          <div role="status" className="flex h-[18px] items-center gap-2 text-xs text-muted">
            <Spinner className="size-3.5" /> Loading timeline…
          </div>
        }
      >
        <ServerTimelineBody server={server} listed={listed} utcHour={utcHour} />
      </Suspense>
    </div>
  );
}
