import type { BusyLevel } from '@frontline/contract';
import { busyLevelStyle } from '../../lib/busy/busy.ts';

/**
 * A server's busy level now as a dot and words in its colour (busier than usual red … quieter than usual grey): the
 * API's busyText when it sends one, else the level's own words, which are the same (lib/busy/busy.ts).
 */
export function BusyBadge({ level, text, className = '' }: { level: BusyLevel; text?: string; className?: string }) {
  const style = busyLevelStyle(level);
  return (
    <span
      data-busy-level={level}
      className={`inline-flex items-center gap-1.5 text-[11px] leading-none font-semibold tracking-wide whitespace-nowrap uppercase ${style.text} ${className}`}
    >
      <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${style.dot}`} />
      {text?.trim() || style.label}
    </span>
  );
}
