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
