import { useId } from 'react';
import { SortArrowIcon } from '../../../components/small-icons.tsx';
import { SORT_KEYS, SORT_LABELS, initialDirection, isSortKey, type SortState } from '../lib/server-sort.ts';

/**
 * The sort of small screens, where cards have no column headers (spec §2 "sort control"). Choosing a key
 * starts it in its own direction, as a header click would (§4); the arrow flips it.
 */
export function SortControl({
  sort,
  onChange,
  className = '',
}: {
  sort: SortState;
  onChange: (sort: SortState) => void;
  className?: string;
}) {
  const id = useId();
  const descending = sort.direction === 'desc';
  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        Sort servers by
      </label>
      <select
        id={id}
        value={sort.key}
        onChange={(event) => {
          const key = event.target.value;
          if (isSortKey(key)) onChange({ key, direction: initialDirection(key) });
        }}
        className="h-9 min-w-0 rounded-md border border-line bg-surface pr-7 pl-2 text-sm text-ink outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onChange({ key: sort.key, direction: descending ? 'asc' : 'desc' })}
        aria-label={descending ? 'Sorted descending; sort ascending' : 'Sorted ascending; sort descending'}
        title={descending ? 'Descending' : 'Ascending'}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-line bg-surface text-muted transition-colors hover:text-ink"
      >
        <SortArrowIcon arrow={sort.direction} width={16} height={16} />
      </button>
    </div>
  );
}
