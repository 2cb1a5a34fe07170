import { lazy, Suspense, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import type { LiveGameId } from '../api/live-servers.ts';

// The chart (and uPlot) is another chunk, fetched the first time the panel opens: the page's own budget
// cannot carry it (DESIGN.md: /servers/bf1942 ≤ 110 kB gzip, charts lazy).
const PlayerActivityHistory = lazy(async () => ({
  default: (await import('./player-activity-history.tsx')).PlayerActivityHistory,
}));

/**
 * The collapsible 'Player Activity History' panel (spec §2), closed by default. Its content mounts on the
 * first open, which is when its data loads, and then stays mounted while closed so reopening is instant.
 */
export function ActivityHistoryPanel({ game }: { game: LiveGameId | 'all' }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const contentId = useId();

  return (
    <section className="mb-4 rounded-md border border-line bg-surface shadow-sm shadow-black/5">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => {
            setOpen((current) => !current);
            setOpened(true);
          }}
          className="flex w-full items-center gap-3 rounded-md px-4 py-2.5 text-left transition-colors hover:bg-raised/60"
        >
          <span className="heading-display text-sm text-ink">Player Activity History</span>
          <span className="hidden text-xs text-muted sm:inline">Players online over time, with trend</span>
          <ChevronDownIcon
            width={16}
            height={16}
            className={`ml-auto text-muted transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={contentId} hidden={!open} className="border-t border-line px-4 py-4">
        {opened && (
          <Suspense fallback={<LoadingBlock label="Loading activity history…" />}>
            <PlayerActivityHistory game={game} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
