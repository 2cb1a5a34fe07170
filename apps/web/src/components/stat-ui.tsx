import type { ReactNode } from 'react';
import { TONE_TEXT_CLASSES, type Tone } from '../lib/tones.ts';

/** Small figures of the player, session and round screens: a figure in its tone colour, a labelled figure. */

/** A figure coloured by its band. */
export function ToneValue({ tone, children, className = '' }: { tone: Tone; children: ReactNode; className?: string }) {
  return <span className={`tabular ${TONE_TEXT_CLASSES[tone]} ${className}`}>{children}</span>;
}

/** A small labelled figure ("K 12"), for compact stat rows. */
export function StatPair({ label, children, title }: { label: string; children: ReactNode; title?: string }) {
  return (
    <span className="inline-flex items-baseline gap-1" title={title}>
      <span className="text-[10px] font-semibold tracking-wider text-faint uppercase">{label}</span>
      {children}
    </span>
  );
}
