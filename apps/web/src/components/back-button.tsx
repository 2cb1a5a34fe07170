import { Link } from 'react-router';
import { useBackNavigation } from '../lib/use-back-navigation.ts';
import { ArrowLeftIcon } from './icons.tsx';

export function BackButton({ fallback = '/', label = 'Back' }: { fallback?: string; label?: string }) {
  const goBack = useBackNavigation(fallback);
  return (
    <button
      type="button"
      onClick={goBack}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 -ml-2 text-sm font-medium text-muted transition-colors hover:bg-raised hover:text-accent"
    >
      <ArrowLeftIcon width={16} height={16} />
      {label}
    </button>
  );
}

/** A link up to the page this one belongs to (a server's rankings to its profile), whatever the history holds. */
export function ParentLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex max-w-full items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-muted transition-colors hover:bg-raised hover:text-accent"
    >
      <ArrowLeftIcon width={16} height={16} className="shrink-0" />
      <span className="truncate">{label}</span>
    </Link>
  );
}
