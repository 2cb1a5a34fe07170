import { SESSIONS_PAGE_SIZES } from '@frontline/contract';
import { useId, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { isSessionsPageSize, type SessionsPageSize } from '../lib/query-values.ts';
import { countOf } from '../../../lib/plural.ts';

/** The building blocks both session screens share, so they read as one feature. */

/** Spec §8: "'Failed to fetch player sessions. Please try again.' with Try Again (lists cleared)". */
const SESSIONS_ERROR_TEXT = 'Failed to fetch player sessions. Please try again.';
/** Spec §8 empty states. */
const SESSIONS_EMPTY_TEXT = 'No Combat Records Found';

const FIELD_LABEL = 'mb-1 block text-xs font-semibold tracking-wide text-muted uppercase';
const FIELD_SELECT =
  'h-9 w-full min-w-0 rounded-md border border-line bg-surface pr-1 pl-2 text-sm text-ink outline-none hover:border-line-strong focus:border-accent focus:ring-2 focus:ring-accent/25';

const countFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return Number.isFinite(value) ? countFormat.format(value) : '-';
}

/** A labelled select of a filter or setting. */
export function FieldSelect({
  label,
  value,
  onChange,
  children,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={FIELD_SELECT}>
        {children}
      </select>
    </div>
  );
}

/** §9 "sessions default 10 (10/20/50)". */
export function PageSizeSelect({
  pageSize,
  onChange,
  className,
}: {
  pageSize: SessionsPageSize;
  onChange: (pageSize: SessionsPageSize) => void;
  className?: string;
}) {
  return (
    <FieldSelect
      label="Per page"
      value={String(pageSize)}
      className={className}
      onChange={(value) => {
        const size = Number(value);
        if (isSessionsPageSize(size)) onChange(size);
      }}
    >
      {SESSIONS_PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </FieldSelect>
  );
}

/** The failure of either list, with the spec's Try Again; nothing of the old list stays under it (§8). */
export function SessionsError({
  onRetry,
  retrying,
  detail,
}: {
  onRetry: () => void;
  retrying: boolean;
  detail?: ReactNode;
}) {
  return (
    <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-4 py-8 text-center">
      <p className="text-sm font-semibold text-danger">{SESSIONS_ERROR_TEXT}</p>
      {detail && <p className="mt-1 text-xs text-muted">{detail}</p>}
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-4 inline-flex h-9 items-center gap-2 rounded-md border border-danger/50 bg-surface px-4 text-xs font-bold tracking-wider text-danger uppercase transition-colors hover:bg-danger hover:text-accent-ink disabled:opacity-60"
      >
        {retrying && <Spinner className="size-3.5" />}
        Try Again
      </button>
    </div>
  );
}

export function SessionsEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="hatched rounded-md border border-dashed border-line-strong bg-surface px-4 py-12 text-center">
      <p className="heading-display text-lg text-ink">{SESSIONS_EMPTY_TEXT}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/**
 * A list whose subject does not exist (the API answered 404 for the server or player named in the address): not
 * an empty list, and no retry will change it.
 */
export function UnknownSubject({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      data-testid="unknown-subject"
      className="rounded-md border border-dashed border-line-strong bg-surface px-4 py-12 text-center"
    >
      <p className="heading-display text-lg text-ink">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm break-words text-muted">{children}</p>
    </div>
  );
}

/** "11–20 of 134 rounds": where the page sits in the whole list. */
export function RangeSummary({
  page,
  pageSize,
  shown,
  total,
  noun,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  noun: [singular: string, plural: string];
}) {
  const first = (page - 1) * pageSize + 1;
  return (
    <p className="tabular text-xs text-muted">
      {formatCount(first)}–{formatCount(first + shown - 1)} of {countOf(total, noun[0], noun[1])}
    </p>
  );
}

/** The green "Live" tag of a round or session still being played. */
export function LiveTag() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-good/15 px-2 py-0.5 text-[10px] font-bold tracking-wider text-good uppercase">
      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-good" />
      Live
    </span>
  );
}
