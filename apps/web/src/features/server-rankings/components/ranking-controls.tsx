import { RANKING_PAGE_SIZES, type RankingOrderBy } from '@frontline/contract';
import { useId } from 'react';
import { SortArrowIcon } from '../../../components/small-icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isRankingPageSize, type RankingPageSize, type RankingSort } from '../lib/rankings-query.ts';

/** The four sort buttons of the spec (§2 Rankings "Sort buttons Score, Kills, K/D, Time"). */
const SORT_BUTTONS: readonly { orderBy: RankingOrderBy; label: string; title: string }[] = [
  { orderBy: 'TotalScore', label: 'Score', title: 'Total score' },
  { orderBy: 'TotalKills', label: 'Kills', title: 'Total kills' },
  { orderBy: 'KDRatio', label: 'K/D', title: 'Kills per death' },
  { orderBy: 'TotalPlayTimeMinutes', label: 'Time', title: 'Play time' },
];

export function SortButtons({ sort, onSort }: { sort: RankingSort; onSort: (orderBy: RankingOrderBy) => void }) {
  return (
    <div
      role="group"
      aria-label="Sort by"
      className="flex w-full rounded-lg border border-line bg-canvas p-1 sm:w-auto"
    >
      {SORT_BUTTONS.map((button) => {
        const active = sort.orderBy === button.orderBy;
        const direction = active ? sort.orderDirection : null;
        const state = direction === 'asc' ? 'ascending' : 'descending';
        return (
          <button
            key={button.orderBy}
            type="button"
            aria-pressed={active}
            data-direction={direction ?? undefined}
            title={active ? `${button.title}, ${state}: click to reverse` : `Sort by ${button.title.toLowerCase()}`}
            onClick={() => onSort(button.orderBy)}
            className={`inline-flex flex-1 items-center justify-center gap-0.5 rounded-md px-2.5 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors sm:px-3 ${
              active ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
            }`}
          >
            {button.label}
            {direction && (
              <>
                <SortArrowIcon arrow={direction} width={13} height={13} className="-mr-1" />
                <span className="sr-only">({state})</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function PageSizeSelect({
  pageSize,
  onChange,
}: {
  pageSize: RankingPageSize;
  onChange: (pageSize: RankingPageSize) => void;
}) {
  const id = useId();
  return (
    <div className="inline-flex items-center gap-1.5 sm:gap-2">
      <label htmlFor={id} className="text-xs font-medium whitespace-nowrap text-muted">
        Per page
      </label>
      <select
        id={id}
        value={pageSize}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (isRankingPageSize(value)) onChange(value);
        }}
        className="h-8 rounded-md border border-line bg-surface pr-7 pl-2 text-sm text-ink outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
      >
        {RANKING_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

function RefreshIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={14}
      height={14}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6" />
    </svg>
  );
}

export const TOOL_BUTTON =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-line bg-surface px-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase transition-colors hover:border-line-strong hover:bg-raised hover:text-ink disabled:cursor-not-allowed disabled:opacity-50';

export function RefreshButton({
  onRefresh,
  refreshing,
  label = 'Refresh',
  className = TOOL_BUTTON,
  compact = false,
}: {
  onRefresh: () => void;
  refreshing: boolean;
  label?: string;
  className?: string;
  /** Icon only under 640 px, where the toolbar has no room for the word. */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      disabled={refreshing}
      title={compact ? label : undefined}
      className={className}
    >
      {refreshing ? <Spinner className="size-3.5" /> : <RefreshIcon />}
      <span className={compact ? 'max-sm:sr-only' : ''}>{label}</span>
    </button>
  );
}
