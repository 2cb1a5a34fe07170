import type { ReactNode } from 'react';
import { PlayerNameText } from '../../../components/player-name-text.tsx';

/** Pieces every section of the comparison shares: each player's colour, the WINNER badge, a figure row. */

export type Side = 1 | 2;

/** Player 1 in the site's accent (brass), player 2 in blue, the same in every section and chart. */
export const SIDE_STYLES: Record<Side, { text: string; bar: string; dot: string }> = {
  1: { text: 'text-accent', bar: 'bg-accent', dot: 'bg-accent' },
  2: { text: 'text-info', bar: 'bg-info', dot: 'bg-info' },
};

export function WinnerBadge() {
  return (
    <span
      data-testid="winner-badge"
      className="inline-flex items-center rounded-full bg-accent px-2 py-0.5 text-[10px] font-bold tracking-[0.18em] text-accent-ink uppercase shadow-sm"
    >
      Winner
    </span>
  );
}

/** A player's name with their colour's dot, as the legend of every two-player figure. */
export function SideName({ side, name, max }: { side: Side; name: string; max?: number }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${SIDE_STYLES[side].dot}`} />
      <PlayerNameText name={name} max={max} className="truncate font-semibold text-ink" />
    </span>
  );
}

/**
 * One figure of both players: player 1's value on the left, the label in the middle, player 2's on the right; the
 * better one (`better`) is marked, for the eye and for screen readers.
 */
export function FaceOffRow({
  label,
  hint,
  first,
  second,
  better,
  testId,
  below,
}: {
  label: string;
  hint?: string;
  first: ReactNode;
  second: ReactNode;
  better: Side | null;
  testId?: string;
  /** A picture of the two values under the row (decorative: the values say it). */
  below?: ReactNode;
}) {
  const cell = (side: Side, value: ReactNode) => (
    <dd
      data-testid={testId ? `${testId}-${side}` : undefined}
      data-better={better === side || undefined}
      className={`tabular flex items-center gap-1.5 text-lg font-semibold text-ink ${side === 1 ? 'order-1 justify-start' : 'order-3 justify-end'}`}
    >
      {side === 2 && better === 2 && <BetterMark />}
      {value}
      {side === 1 && better === 1 && <BetterMark />}
    </dd>
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 border-b border-line py-2.5 last:border-b-0">
      {/* The label first for screen readers (a dt before its dd), in the middle on screen. */}
      <dt className="order-2 text-center text-[11px] font-semibold tracking-wider text-faint uppercase">
        {label}
        {hint && <span className="block text-[10px] font-normal tracking-normal normal-case">{hint}</span>}
      </dt>
      {cell(1, first)}
      {cell(2, second)}
      {below && (
        <dd aria-hidden="true" className="order-4 col-span-3 -mt-1">
          {below}
        </dd>
      )}
    </div>
  );
}

function BetterMark() {
  return (
    <span title="Better" className="text-xs text-good">
      ▲<span className="sr-only"> better</span>
    </span>
  );
}
