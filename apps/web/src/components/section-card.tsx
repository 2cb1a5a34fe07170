import { useId, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/** A titled card for one section of a profile page (server or player), so every section reads alike. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  className = '',
  bodyClassName = 'px-4 py-4',
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-md border border-line bg-surface shadow-sm shadow-black/5 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h2 id={headingId} className="heading-display text-base text-ink">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-xs text-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

/** An empty state: a dashed, hatched box with the message (and an optional hint under it). */
export function EmptyNote({ children, hint }: { children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="hatched rounded-md border border-dashed border-line-strong px-4 py-6 text-center">
      <p className="text-sm text-muted">{children}</p>
      {hint && <div className="mt-1 text-xs text-faint">{hint}</div>}
    </div>
  );
}

/** Shown over a block whose figures are being replaced (the old ones stay readable under it). */
export function UpdatingOverlay({ label = 'Updating...' }: { label?: string }) {
  return (
    <div className="pointer-events-none absolute inset-0 z-10 flex items-start justify-center rounded-md bg-surface/55 pt-8">
      <span
        role="status"
        className="inline-flex items-center gap-2 rounded-full border border-line bg-raised px-3 py-1.5 text-xs font-medium text-muted shadow-md"
      >
        <Spinner className="size-4" />
        {label}
      </span>
    </div>
  );
}
