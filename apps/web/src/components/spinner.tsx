/** The loading indicators of every screen: the one spinner, alone or with a label. */

/** The spinner, in the accent colour; inside a button, `colour=""` leaves it the button's text colour. */
export function Spinner({ className = 'size-5', colour = 'text-accent' }: { className?: string; colour?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="none" className={`animate-spin ${colour} ${className}`} aria-hidden="true">
      <circle cx="8" cy="8" r="6" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      <path d="M14 8a6 6 0 0 0-6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner with a label, for a region that is loading. */
export function LoadingBlock({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-2.5 py-10 text-sm text-muted ${className}`}>
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
