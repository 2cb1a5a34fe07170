import type { BusyLevel } from '@frontline/contract';
import { busyLevelStyle } from '../../lib/busy/busy.ts';

/** A busy level as a dot and a word in its colour (very busy red … very quiet grey). */
export function BusyBadge({ level, className = '' }: { level: BusyLevel; className?: string }) {
  const style = busyLevelStyle(level);
  return (
    <span
      data-busy-level={level}
      className={`inline-flex items-center gap-1.5 text-[11px] leading-none font-semibold tracking-wide whitespace-nowrap uppercase ${style.text} ${className}`}
    >
      <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${style.dot}`} />
      {style.label}
    </span>
  );
}
