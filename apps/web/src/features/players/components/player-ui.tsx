import type { ReactNode } from 'react';
import { SortArrowIcon } from '../../../components/small-icons.tsx';

/**
 * The building blocks the players screens share, so the sections read as one page (the ones other screens use
 * too are in components/player-name-text.tsx and components/stat-ui.tsx).
 */

export { EmptyNote, UpdatingOverlay } from '../../../components/section-card.tsx';

/** A column header that sorts: the whole label is the button, the arrow shows the direction. */
export function SortableHeader({
  label,
  active,
  order,
  onSort,
  align = 'left',
  className = '',
}: {
  label: string;
  active: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
  align?: 'left' | 'right';
  className?: string;
}) {
  return (
    <th
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-2 font-semibold whitespace-nowrap ${align === 'right' ? 'text-right' : 'text-left'} ${className}`}
    >
      <button
        type="button"
        onClick={onSort}
        className={`-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 tracking-wider uppercase transition-colors hover:text-ink ${
          align === 'right' ? 'flex-row-reverse' : ''
        } ${active ? 'text-accent' : ''}`}
      >
        {label}
        <SortArrowIcon arrow={active ? order : null} width={13} height={13} />
      </button>
    </th>
  );
}

/** The green "Online" pill; its dot pulses only where one player is shown (a list of pulsing dots is noise). */
export function OnlineBadge({ children = 'Online', pulse = true }: { children?: ReactNode; pulse?: boolean }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-good/40 bg-good/10 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-good uppercase">
      <span aria-hidden="true" className="relative flex size-1.5">
        {pulse && <span className="absolute inline-flex size-full animate-ping rounded-full bg-good opacity-60" />}
        <span className="relative inline-flex size-1.5 rounded-full bg-good" />
      </span>
      {children}
    </span>
  );
}
