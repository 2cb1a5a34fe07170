import type { PlayerSearchResult } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { BLUR_CLOSE_MS, SEARCH_DEBOUNCE_MS, isSearchableQuery } from '../../../lib/search-rules.ts';
import { searchPlayers } from '../api/compare.ts';

/**
 * One name of the comparison, with suggestions (spec: site-statistics §5 "Player search runs only at 2 or more
 * characters (debounce 300 ms); otherwise results cleared and dropdown closed. Comparison autocomplete same"; §9 blur
 * close 200 ms; §7 "search failures clear results silently").
 *
 * Not the shared SearchDropdown: that one keeps its text to itself, and this field's text is the page's (filled from
 * the address, read by the Compare button). SearchDropdown is in the first page's bundle, which is at its budget, so
 * it does not take a controlled mode; this field lives in the comparison's own chunk instead, and lets TanStack Query
 * drop stale answers and cancel superseded searches.
 */

const NO_PLAYERS_TEXT = 'No players found';

function useDebouncedValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function PlayerNameField({
  label,
  value,
  onChange,
  onSubmit,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter with no suggestion highlighted. */
  onSubmit: () => void;
  placeholder?: string;
}) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const typed = value.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searching = open && isSearchableQuery(typed) && isSearchableQuery(settled);
  const results = useQuery({
    queryKey: ['players', 'search', settled] as const,
    queryFn: ({ signal }) => searchPlayers(settled, signal),
    enabled: searching,
    staleTime: 30_000,
    retry: false,
  });
  const current = settled === typed && results.isSuccess;
  const items: PlayerSearchResult[] = searching && results.data ? results.data : [];
  const showEmpty = searching && current && items.length === 0;
  const optionsVisible = items.length > 0;
  const activeItem = optionsVisible ? items[activeIndex] : undefined;

  function choose(player: PlayerSearchResult) {
    setOpen(false);
    setActiveIndex(-1);
    onChange(player.playerName);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && optionsVisible) {
      event.preventDefault();
      const count = items.length;
      setActiveIndex((index) => (event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeItem) choose(activeItem);
      else {
        setOpen(false);
        onSubmit();
      }
    } else if (event.key === 'Escape' && (optionsVisible || showEmpty)) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    }
  }

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={inputId} className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={optionsVisible}
          aria-controls={listboxId}
          aria-activedescendant={activeItem ? `${baseId}-option-${activeIndex}` : undefined}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            setOpen(true);
            setActiveIndex(-1);
            onChange(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          onFocus={() => clearTimeout(blurTimer.current)}
          onBlur={() => {
            blurTimer.current = setTimeout(() => {
              setOpen(false);
              setActiveIndex(-1);
            }, BLUR_CLOSE_MS);
          }}
          className="h-10 w-full rounded-md border border-line bg-sunken px-3 pr-8 text-sm text-ink shadow-inner shadow-black/5 transition-colors outline-none placeholder:text-faint hover:border-line-strong focus:border-accent focus:ring-2 focus:ring-accent/25"
        />
        {searching && results.isFetching && (
          <span role="status" aria-label="Searching" className="absolute top-1/2 right-2.5 -translate-y-1/2">
            <Spinner className="size-4" />
          </span>
        )}
      </div>
      <div
        hidden={!optionsVisible && !showEmpty}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-md border border-line bg-raised shadow-lg shadow-black/25"
      >
        <ul
          id={listboxId}
          role="listbox"
          aria-label={label}
          hidden={!optionsVisible}
          className="max-h-72 overflow-y-auto py-1"
        >
          {items.map((player, index) => (
            <li
              key={player.playerName}
              id={`${baseId}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps focus in the input, so choosing with the mouse does not start the blur close.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => choose(player)}
              className={`flex cursor-pointer items-center gap-2 border-l-2 px-3 py-1.5 text-sm text-ink select-none ${
                index === activeIndex ? 'border-accent bg-accent-soft' : 'border-transparent'
              }`}
            >
              <span
                aria-hidden="true"
                className={`size-1.5 shrink-0 rounded-full ${player.isActive ? 'bg-good' : 'bg-line-strong'}`}
              />
              <PlayerNameText name={player.playerName} className="truncate font-medium" />
              <span className="ml-auto shrink-0 text-xs text-muted">
                {player.lastSeen ? formatRelativeTime(player.lastSeen) : ''}
              </span>
            </li>
          ))}
        </ul>
        {showEmpty && <p className="px-3 py-2.5 text-sm text-muted italic">{NO_PLAYERS_TEXT}</p>}
      </div>
    </div>
  );
}
