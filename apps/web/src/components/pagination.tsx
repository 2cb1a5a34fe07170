import type { ReactNode } from 'react';

/** How many page numbers are shown at once (spec: "Pagination window 5"; achievements: current ± 2). */
export const PAGINATION_WINDOW = 5;

/**
 * The page numbers to show: a run of at most `size` pages around `current`, centred where possible and
 * shifted (not shrunk) at either end so there are always `size` numbers when there are that many pages.
 * An out-of-range `current` is clamped into 1..total first.
 */
export function pageWindow(current: number, total: number, size: number = PAGINATION_WINDOW): number[] {
  const lastPage = Math.floor(total);
  const count = Math.min(Math.floor(size), lastPage);
  if (!Number.isFinite(lastPage) || count < 1) return [];
  const clamped = Math.min(Math.max(Number.isFinite(current) ? Math.floor(current) : 1, 1), lastPage);
  // With an even size the extra page goes after the current one.
  const start = Math.max(1, Math.min(clamped - Math.floor((count - 1) / 2), lastPage - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}

export interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many page numbers to show (default 5). */
  window?: number;
  className?: string;
}

const BUTTON_BASE =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-40';
const BUTTON_IDLE = 'border-line bg-surface text-muted hover:border-line-strong hover:bg-raised hover:text-ink';
const BUTTON_CURRENT = 'border-accent bg-accent font-semibold text-accent-ink cursor-default';

function Chevron({ direction, double = false }: { direction: 'left' | 'right'; double?: boolean }) {
  const path = direction === 'left' ? 'M10 4L6 8l4 4' : 'M6 4l4 4-4 4';
  const offset = direction === 'left' ? 3 : -3;
  return (
    <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
      {double && <path d={path} strokeLinecap="round" strokeLinejoin="round" transform={`translate(${offset} 0)`} />}
    </svg>
  );
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`${BUTTON_BASE} ${BUTTON_IDLE}`}
    >
      {children}
    </button>
  );
}

/**
 * First, previous, up to five page numbers around the current page, next, last. Requests for pages outside
 * 1..totalPages, or for the page already shown, are dropped rather than passed on.
 */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  window: windowSize = PAGINATION_WINDOW,
  className = '',
}: PaginationProps) {
  if (!(totalPages > 1)) return null;

  const lastPage = Math.floor(totalPages);
  const onFirstPage = currentPage <= 1;
  const onLastPage = currentPage >= lastPage;

  // Steps from a stale page outside the range (e.g. after a filter shrank the results) land on the nearest real page.
  function goTo(page: number) {
    if (!Number.isInteger(page) || page < 1 || page > lastPage || page === currentPage) return;
    onPageChange(page);
  }

  return (
    <nav aria-label="Pagination" className={`flex flex-wrap items-center justify-center gap-1 ${className}`}>
      <StepButton label="First page" disabled={onFirstPage} onClick={() => goTo(1)}>
        <Chevron direction="left" double />
      </StepButton>
      <StepButton
        label="Previous page"
        disabled={onFirstPage}
        onClick={() => goTo(Math.min(currentPage - 1, lastPage))}
      >
        <Chevron direction="left" />
      </StepButton>
      <ul className="flex items-center gap-1">
        {pageWindow(currentPage, lastPage, windowSize).map((page) => {
          const isCurrent = page === currentPage;
          return (
            <li key={page}>
              <button
                type="button"
                aria-label={`Page ${page}`}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => goTo(page)}
                className={`${BUTTON_BASE} ${isCurrent ? BUTTON_CURRENT : BUTTON_IDLE}`}
              >
                {page}
              </button>
            </li>
          );
        })}
      </ul>
      <StepButton label="Next page" disabled={onLastPage} onClick={() => goTo(Math.max(currentPage + 1, 1))}>
        <Chevron direction="right" />
      </StepButton>
      <StepButton label="Last page" disabled={onLastPage} onClick={() => goTo(lastPage)}>
        <Chevron direction="right" double />
      </StepButton>
    </nav>
  );
}
