import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import type { GuideId } from './get-online-guides.tsx';
import { DownloadIcon } from './server-icons.tsx';

const GUIDE_MENU: readonly { id: GuideId; title: string; summary: string }[] = [
  { id: 'bf1942', title: 'Battlefield 1942', summary: 'v1.61 and a community patch' },
  { id: 'fh2', title: 'Forgotten Hope 2', summary: 'On Battlefield 2 v1.50' },
  { id: 'bfvietnam', title: 'Battlefield Vietnam', summary: 'v1.21' },
];

// The guides' text is only needed once someone asks for it: a chunk of its own keeps it off the first load.
const GuideDialog = lazy(async () => ({ default: (await import('./lazy-extras.ts')).GuideDialog }));

/**
 * 'Get Online' (spec §2): a menu of three installation guides, each opening in a dialog. A press outside
 * the menu or Escape closes it.
 */
export function GetOnlineMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [guide, setGuide] = useState<GuideId | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useDismiss(root, menuOpen, () => setMenuOpen(false));

  const chosen = GUIDE_MENU.find((item) => item.id === guide);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        onClick={() => setMenuOpen((open) => !open)}
        className="inline-flex h-9 items-center gap-2 rounded-md border border-line-strong bg-surface px-3 text-sm font-semibold text-ink shadow-sm transition-colors hover:border-accent hover:text-accent aria-expanded:border-accent"
      >
        <DownloadIcon width={15} height={15} />
        Get Online
        <ChevronDownIcon width={14} height={14} className={`transition-transform ${menuOpen ? 'rotate-180' : ''}`} />
      </button>
      {menuOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label="Installation guides"
          className="absolute left-0 z-30 mt-1.5 w-72 md:right-0 md:left-auto overflow-hidden rounded-md border border-line bg-raised py-1 shadow-xl shadow-black/25 transition duration-100 ease-out starting:-translate-y-1 starting:opacity-0"
        >
          <p className="px-3 pt-1.5 pb-1 text-[10px] font-semibold tracking-[0.2em] text-faint uppercase">
            Installation guides
          </p>
          {GUIDE_MENU.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              onClick={() => {
                setMenuOpen(false);
                setGuide(item.id);
              }}
              className="flex w-full flex-col items-start border-l-2 border-transparent px-3 py-2 text-left transition-colors hover:border-accent hover:bg-accent-soft focus-visible:border-accent focus-visible:bg-accent-soft"
            >
              <span className="text-sm font-semibold text-ink">{item.title}</span>
              <span className="text-xs text-muted">{item.summary}</span>
            </button>
          ))}
        </div>
      )}
      {chosen && (
        <Suspense fallback={<LoadingOverlay />}>
          <GuideDialog id={chosen.id} title={`Get online: ${chosen.title}`} onClose={() => setGuide(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** While a guide's chunk arrives: a dimmed screen with a spinner where the dialog will be. */
function LoadingOverlay() {
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
      <Spinner className="size-6" />
      <span className="sr-only">Loading guide…</span>
    </div>
  );
}
