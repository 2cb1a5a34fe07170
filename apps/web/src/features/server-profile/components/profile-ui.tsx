/**
 * The building blocks the server profile's sections share, so the sections read as one page (the ones other
 * screens use too are in components/error-box.tsx and components/segmented-control.tsx).
 */

export { EmptyNote, UpdatingOverlay } from '../../../components/section-card.tsx';

/** "1." "2." "3." in medal colours for the podium, plain after. */
export function RankBadge({ rank }: { rank: number }) {
  const medal =
    rank === 1
      ? 'bg-accent text-accent-ink'
      : rank === 2
        ? 'bg-line-strong text-ink'
        : rank === 3
          ? 'bg-warn/25 text-ink'
          : 'text-faint';
  return (
    <span
      className={`tabular inline-flex size-5 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${medal}`}
    >
      {rank}
    </span>
  );
}
