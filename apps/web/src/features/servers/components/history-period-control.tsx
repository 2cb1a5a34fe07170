import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import { HISTORY_PERIOD_LABELS, LONGER_PERIODS, PRIMARY_PERIODS } from '../lib/history.ts';
import type { LongerPeriod, PeriodSelection, PrimaryPeriod } from '../lib/history.ts';

/**
 * The history panel's period choice (spec §2: "Period choices 1d, 3d, 7d and a 'More' menu with 1month,
 * 3months, thisyear, alltime (choosing one sets period 'longer')"): three buttons and a menu button that
 * reads the longer period once one is chosen.
 */

const segmentClass = (active: boolean) =>
  `rounded-md px-2 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors sm:px-3 ${
    active ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
  }`;

const MENU_ITEM = '[role="menuitemradio"]';

export function HistoryPeriodControl({
  selection,
  longerPeriod,
  onSelectPrimary,
  onSelectLonger,
}: {
  selection: PeriodSelection;
  longerPeriod: LongerPeriod;
  onSelectPrimary: (period: PrimaryPeriod) => void;
  onSelectLonger: (period: LongerPeriod) => void;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const longerSelected = selection === 'longer';

  useDismiss(rootRef, open, () => setOpen(false));

  // Focus the chosen period (or the first) so the menu works from the keyboard at once.
  useEffect(() => {
    if (!open) return;
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? menuRef.current?.querySelector<HTMLElement>(MENU_ITEM))?.focus();
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEM) ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else if (event.key === 'Escape') {
      // Handled here, before the dismiss hook sees it, to hand the focus back to the button.
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-line bg-canvas p-1">
        {PRIMARY_PERIODS.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={selection === choice}
            onClick={() => {
              setOpen(false);
              onSelectPrimary(choice);
            }}
            className={segmentClass(selection === choice)}
          >
            {HISTORY_PERIOD_LABELS[choice]}
          </button>
        ))}
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={longerSelected ? `More periods, ${HISTORY_PERIOD_LABELS[longerPeriod]} selected` : 'More periods'}
          data-selected={longerSelected || undefined}
          onClick={() => setOpen((value) => !value)}
          className={`inline-flex items-center gap-1 ${segmentClass(longerSelected)}`}
        >
          {longerSelected ? HISTORY_PERIOD_LABELS[longerPeriod] : 'More'}
          <ChevronDownIcon width={12} height={12} />
        </button>
      </div>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Longer periods"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full left-0 z-20 mt-1 min-w-40 rounded-md border border-line bg-raised p-1 shadow-lg"
        >
          {LONGER_PERIODS.map((choice) => {
            const checked = longerSelected && longerPeriod === choice;
            return (
              <button
                key={choice}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  onSelectLonger(choice);
                  buttonRef.current?.focus();
                }}
                className={`flex w-full items-center justify-between gap-3 rounded px-3 py-1.5 text-left text-sm ${
                  checked ? 'font-semibold text-accent' : 'text-ink'
                } hover:bg-sunken focus:bg-sunken focus:outline-none`}
              >
                {HISTORY_PERIOD_LABELS[choice]}
                {checked && <span aria-hidden="true">✓</span>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
