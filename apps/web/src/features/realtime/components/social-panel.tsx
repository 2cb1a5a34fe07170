import type { DashboardResponse } from '@frontline/contract';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import { DASHBOARD_FAILED_MESSAGE } from '../api/social-dashboard.ts';
import { markAllViewed, missedCount } from '../lib/notifications-store.ts';
import { useBodyScrollLock } from '../../../lib/body-scroll-lock.ts';
import { useNotifications } from '../lib/use-notifications.ts';
import { NotificationsTab } from './notifications-tab.tsx';
import { SocialTab } from './social-tab.tsx';

export type PanelTab = 'social' | 'notifications';

const TABS: readonly { id: PanelTab; label: string }[] = [
  { id: 'social', label: 'Social' },
  { id: 'notifications', label: 'Notifications' },
];

/** What the panel shows of GET /stats/auth/dashboard. */
export interface DashboardView {
  data: DashboardResponse | undefined;
  /** The last request failed (with no earlier answer to show, the panel says so). */
  failed: boolean;
  retry: () => void;
}

/**
 * The social side panel (spec §2): Social and Notifications tabs. While it is open the page behind does not
 * scroll; a press outside it or Escape closes it (lib/use-dismiss.ts), and focus goes back to its toggle.
 */
export function SocialPanel({
  id,
  tab,
  onTabChange,
  onClose,
  dashboard,
  toggleRef,
}: {
  id: string;
  tab: PanelTab;
  onTabChange: (tab: PanelTab) => void;
  onClose: () => void;
  dashboard: DashboardView;
  toggleRef: RefObject<HTMLElement | null>;
}) {
  const panelRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Partial<Record<PanelTab, HTMLButtonElement | null>>>({});
  const notifications = useNotifications();
  const now = useMinuteClock();
  const missed = missedCount(notifications);

  function close() {
    const focusInside = panelRef.current?.contains(document.activeElement) ?? false;
    onClose();
    if (focusInside) toggleRef.current?.focus();
  }

  useDismiss(panelRef, true, close, toggleRef);
  useBodyScrollLock(true);

  // The panel opens with its selected tab focused, so the keyboard continues there (only on opening: a tab chosen
  // later has the focus already).
  const openingTab = useRef(tab);
  useEffect(() => {
    tabRefs.current[openingTab.current]?.focus();
  }, []);

  // Spec §4: "Opening the Notifications tab marks all recent notifications as viewed"; one arriving while the tab
  // is open is seen as it arrives.
  useEffect(() => {
    if (tab === 'notifications') markAllViewed();
  }, [tab, notifications.recent]);

  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'social' ? 'notifications' : 'social';
    onTabChange(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <aside
      id={id}
      ref={panelRef}
      aria-label="Social panel"
      data-testid="social-panel"
      className="fixed inset-y-0 right-0 z-40 flex w-[23rem] max-w-full flex-col border-l border-line bg-surface text-ink shadow-2xl shadow-black/40 motion-safe:transition motion-safe:duration-200 motion-safe:ease-out motion-safe:starting:translate-x-full"
    >
      <div className="flex h-14 shrink-0 items-center justify-between gap-3 border-b border-line px-4">
        <h2 className="heading-display text-lg text-ink">Squad &amp; alerts</h2>
        <button
          type="button"
          aria-label="Close social panel"
          onClick={close}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-ink"
        >
          <CloseIcon width={18} height={18} />
        </button>
      </div>
      <div role="tablist" aria-label="Social panel" className="flex shrink-0 gap-1 border-b border-line px-3">
        {TABS.map((entry) => {
          const selected = entry.id === tab;
          return (
            <button
              key={entry.id}
              ref={(element) => {
                tabRefs.current[entry.id] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${entry.id}`}
              aria-selected={selected}
              aria-controls={`${id}-tabpanel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTabChange(entry.id)}
              onKeyDown={handleTabKey}
              className={`-mb-px inline-flex h-10 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold transition-colors ${
                selected ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-ink'
              }`}
            >
              {entry.label}
              {entry.id === 'notifications' && missed > 0 && (
                <span
                  data-testid="missed-badge"
                  aria-label={`${missed} missed`}
                  className="tabular inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold text-white"
                >
                  {missed}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        id={`${id}-tabpanel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-4"
      >
        {tab === 'notifications' ? (
          <NotificationsTab recent={notifications.recent} now={now} />
        ) : dashboard.data ? (
          <SocialTab data={dashboard.data} now={now} />
        ) : dashboard.failed ? (
          <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-4 py-4 text-sm text-danger">
            <p>{DASHBOARD_FAILED_MESSAGE}</p>
            <button
              type="button"
              onClick={dashboard.retry}
              className="mt-3 inline-flex h-8 items-center rounded-md border border-danger/40 px-3 text-xs font-semibold hover:bg-danger/10"
            >
              Try again
            </button>
          </div>
        ) : (
          <LoadingBlock label="Loading your squad…" />
        )}
      </div>
    </aside>
  );
}
