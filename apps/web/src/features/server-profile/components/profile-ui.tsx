import type { ReactNode } from 'react';

/** The building blocks the server profile's sections share, so the sections read as one page. */

export { EmptyNote, UpdatingOverlay } from '../../../components/section-card.tsx';

export interface SegmentOption<T extends string | number> {
  value: T;
  label: string;
  title?: string;
}

/** A row of toggle buttons, one pressed (the server browser's period control, in the same look). */
export function SegmentedControl<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex max-w-full flex-wrap rounded-lg border border-line bg-canvas p-1"
    >
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={String(option.value)}
            type="button"
            aria-pressed={pressed}
            title={option.title}
            disabled={disabled}
            onClick={() => {
              if (!pressed) onChange(option.value);
            }}
            className={`rounded-md px-2 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors disabled:cursor-not-allowed sm:px-2.5 ${
              pressed ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink disabled:hover:text-muted'
            } ${disabled && !pressed ? 'opacity-60' : ''}`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

/** A failure in a red box, with a retry when there is something to retry. */
export function ErrorBox({
  message,
  onRetry,
  retrying = false,
  className = '',
  children,
}: {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center justify-between gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger ${className}`}
    >
      <span className="min-w-0">
        <span className="font-semibold">{message}</span>
        {children}
      </span>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="rounded-md border border-danger/40 px-2.5 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-danger hover:text-accent-ink disabled:opacity-50"
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}

/** "1." "2." "3." in medal colours for the podium, plain after. */
export function RankBadge({ rank }: { rank: number }) {
  const medal =
    rank === 1
      ? 'bg-accent text-accent-ink'
      : rank === 2
        ? 'bg-line-strong text-ink'
        : rank === 3
          ? 'bg-warn/25 text-warn'
          : 'text-faint';
  return (
    <span
      className={`tabular inline-flex size-5 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${medal}`}
    >
      {rank}
    </span>
  );
}
