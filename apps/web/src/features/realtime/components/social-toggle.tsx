import type { Ref } from 'react';
import { SquadIcon } from './realtime-icons.tsx';
import { countOf, pluralNoun } from '../../../lib/plural.ts';

/**
 * The social panel's toggle (spec §2 "A toggle button shows the online buddy count plus a badge for missed or
 * unread notifications"): a tab on the window's right edge, in the page's right margin (2 rem from 768 px up), so
 * it never covers the page or crowds the header.
 */
export function SocialToggle({
  ref,
  panelId,
  open,
  onlineCount,
  pendingCount,
  onToggle,
}: {
  ref: Ref<HTMLButtonElement>;
  panelId: string;
  open: boolean;
  /** Undefined until the dashboard data arrives. */
  onlineCount: number | undefined;
  pendingCount: number;
  onToggle: () => void;
}) {
  const label = [
    'Social panel',
    onlineCount === undefined ? null : `${countOf(onlineCount, 'buddy', 'buddies')} online`,
    pendingCount > 0 ? `${pendingCount} new ${pluralNoun(pendingCount, 'notification')}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      ref={ref}
      type="button"
      data-testid="social-toggle"
      aria-label={label}
      title={label}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
      className="fixed top-1/2 right-0 z-30 flex w-8 -translate-y-1/2 flex-col items-center gap-1 rounded-l-md border border-r-0 border-line-strong bg-raised py-2.5 text-muted shadow-lg shadow-black/20 transition-colors hover:text-accent aria-expanded:text-accent"
    >
      <SquadIcon size={18} />
      <span data-testid="online-count" className="tabular text-xs font-bold text-good">
        {onlineCount ?? '–'}
      </span>
      {pendingCount > 0 && (
        <span
          data-testid="pending-badge"
          className="tabular absolute -top-2 -left-2 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold text-white shadow motion-safe:animate-pulse"
        >
          {pendingCount}
        </span>
      )}
    </button>
  );
}
