import type { ReactNode } from 'react';

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
