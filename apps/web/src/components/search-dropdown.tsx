import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { BLUR_CLOSE_MS, SEARCH_DEBOUNCE_MS, isSearchableQuery } from '../lib/search-rules';
import { Spinner } from './spinner.tsx';
import { countOf } from '../lib/plural.ts';

export interface SearchDropdownItemState {
  /** The option is the keyboard/pointer-highlighted one. */
  active: boolean;
}

export interface SearchDropdownProps<T> {
  label: string;
  /** Keep the label for screen readers only (e.g. a header search box with a placeholder). */
  labelHidden?: boolean;
  placeholder?: string;
  /** Runs the search. Called with the trimmed query; the signal aborts when a newer search supersedes it. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  renderItem: (item: T, state: SearchDropdownItemState) => ReactNode;
  onSelect: (item: T) => void;
  /**
   * Text to leave in the input after an item is chosen (e.g. the chosen player's name in an add form).
   * Without it the input is cleared, as suits a search box that navigates away.
   */
  getItemLabel?: (item: T) => string;
  /** Shown when a completed search found nothing, e.g. 'No players found'. */
  emptyText: string;
  /** Enter with no highlighted option submits the trimmed text (never an empty one). */
  onSubmit?: (query: string) => void;
  autoFocus?: boolean;
  /**
   * The results take their place in the page's flow under the input, pushing what follows down, instead of floating
   * over it. For a search inside a dialog: its scrolling body would clip a floating list, and its footer cover it.
   */
  resultsInFlow?: boolean;
  id?: string;
  className?: string;
  inputClassName?: string;
}

// pending: waiting out the debounce; loading: request in flight; done: the latest search answered;
// failed: it failed (shown as nothing at all: the specs say search failures clear results silently).
type SearchStatus = 'idle' | 'pending' | 'loading' | 'done' | 'failed';

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint"
      aria-hidden="true"
    >
      <circle cx="8.5" cy="8.5" r="5.25" />
      <path d="M12.5 12.5L17 17" strokeLinecap="round" />
    </svg>
  );
}

function announceResults(count: number, emptyText: string): string {
  if (count === 0) return emptyText;
  return `${countOf(count, 'result')} available`;
}

/**
 * A search box with a results list (an ARIA combobox). Searches at 2+ characters, 300 ms after the last
 * keystroke; only the newest search's answer is ever shown. The list closes 200 ms after the input loses
 * focus, so a click on a result still lands.
 */
export function SearchDropdown<T>({
  label,
  labelHidden = false,
  placeholder,
  search,
  getKey,
  renderItem,
  onSelect,
  getItemLabel,
  emptyText,
  onSubmit,
  autoFocus,
  resultsInFlow = false,
  id,
  className = '',
  inputClassName = '',
}: SearchDropdownProps<T>) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [query, setQuery] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The request whose answer may still be shown; any other answer is stale and dropped.
  const currentRequest = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(
    () => () => {
      clearTimeout(debounceTimer.current);
      clearTimeout(blurTimer.current);
      currentRequest.current?.abort();
      currentRequest.current = null;
    },
    [],
  );

  const searchable = isSearchableQuery(query);
  const showEmpty = status === 'done' && items.length === 0;
  const listVisible = open && searchable && (items.length > 0 || showEmpty);
  const optionsVisible = listVisible && items.length > 0;
  const activeItem = optionsVisible ? items[activeIndex] : undefined;

  function cancelSearch() {
    clearTimeout(debounceTimer.current);
    debounceTimer.current = undefined;
    currentRequest.current?.abort();
    currentRequest.current = null;
  }

  function runSearch(trimmedQuery: string) {
    const controller = new AbortController();
    currentRequest.current = controller;
    setStatus('loading');

    let request: Promise<T[]>;
    try {
      request = search(trimmedQuery, controller.signal);
    } catch (error) {
      request = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }

    request.then(
      (found) => {
        if (currentRequest.current !== controller) return;
        currentRequest.current = null;
        setItems(found);
        setStatus('done');
        setActiveIndex(-1);
      },
      () => {
        if (currentRequest.current !== controller) return;
        currentRequest.current = null;
        setItems([]);
        setStatus('failed');
        setActiveIndex(-1);
      },
    );
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setQuery(value);
    setActiveIndex(-1);
    cancelSearch();

    if (!isSearchableQuery(value)) {
      setItems([]);
      setStatus('idle');
      setOpen(false);
      return;
    }

    // Earlier results stay on screen while the next search waits, which avoids the list flickering
    // shut on every keystroke; the "nothing found" line waits for the new answer.
    setStatus('pending');
    setOpen(true);
    const trimmed = value.trim();
    debounceTimer.current = setTimeout(() => {
      debounceTimer.current = undefined;
      runSearch(trimmed);
    }, SEARCH_DEBOUNCE_MS);
  }

  function selectItem(item: T) {
    cancelSearch();
    setOpen(false);
    setActiveIndex(-1);
    if (getItemLabel) {
      setQuery(getItemLabel(item));
      setStatus(items.length > 0 ? 'done' : 'idle');
    } else {
      setQuery('');
      setItems([]);
      setStatus('idle');
    }
    onSelect(item);
  }

  function highlight(index: number) {
    setActiveIndex(index);
    const option = listRef.current?.children[index];
    if (option instanceof HTMLElement && typeof option.scrollIntoView === 'function') {
      option.scrollIntoView({ block: 'nearest' });
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = items.length;

    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0 || !searchable) return;
        event.preventDefault();
        const current = optionsVisible ? activeIndex : -1;
        const next = event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1;
        setOpen(true);
        highlight(next);
        return;
      }
      case 'Enter': {
        if (activeItem !== undefined) {
          event.preventDefault();
          selectItem(activeItem);
          return;
        }
        if (!onSubmit) return;
        event.preventDefault();
        const trimmed = query.trim();
        if (trimmed === '') return;
        cancelSearch();
        setOpen(false);
        setActiveIndex(-1);
        onSubmit(trimmed);
        return;
      }
      case 'Escape': {
        if (!listVisible) return;
        // Claimed, so a surrounding dialog does not close on the same keypress.
        event.preventDefault();
        setOpen(false);
        setActiveIndex(-1);
        return;
      }
      default:
        return;
    }
  }

  function handleFocus() {
    clearTimeout(blurTimer.current);
    blurTimer.current = undefined;
    setOpen(true);
  }

  function handleBlur() {
    clearTimeout(blurTimer.current);
    blurTimer.current = setTimeout(() => {
      blurTimer.current = undefined;
      setOpen(false);
      setActiveIndex(-1);
    }, BLUR_CLOSE_MS);
  }

  return (
    <div className={`relative ${className}`}>
      <label
        htmlFor={inputId}
        className={labelHidden ? 'sr-only' : 'mb-1 block text-xs font-semibold tracking-wide text-muted uppercase'}
      >
        {label}
      </label>
      <div className="relative">
        <SearchIcon />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={optionsVisible}
          aria-controls={listboxId}
          aria-activedescendant={activeItem !== undefined ? optionId(activeIndex) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          autoFocus={autoFocus}
          placeholder={placeholder}
          value={query}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={handleFocus}
          onBlur={handleBlur}
          className={`h-9 w-full rounded-md border border-line bg-sunken pr-8 pl-8 text-sm text-ink shadow-inner shadow-black/5 transition-colors outline-none placeholder:text-faint hover:border-line-strong focus:border-accent focus:ring-2 focus:ring-accent/25 ${inputClassName}`}
        />
        {status === 'loading' && (
          <span role="status" aria-label="Searching" className="absolute top-1/2 right-2.5 -translate-y-1/2">
            <Spinner className="size-4" />
          </span>
        )}
      </div>
      <div
        hidden={!listVisible}
        className={`${resultsInFlow ? '' : 'absolute inset-x-0 top-full z-40 '}mt-1 overflow-hidden rounded-md border border-line bg-raised shadow-lg shadow-black/25 transition duration-100 ease-out starting:-translate-y-1 starting:opacity-0`}
      >
        <ul
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-label={label}
          hidden={!optionsVisible}
          className="max-h-72 overflow-y-auto py-1"
        >
          {optionsVisible &&
            items.map((item, index) => {
              const active = index === activeIndex;
              return (
                <li
                  key={getKey(item)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={active}
                  // Keeps focus in the input, so choosing with the mouse does not start the blur close.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (!active) setActiveIndex(index);
                  }}
                  onClick={() => selectItem(item)}
                  className={`flex cursor-pointer items-center gap-2 border-l-2 px-3 py-1.5 text-sm text-ink select-none ${
                    active ? 'border-accent bg-accent-soft' : 'border-transparent'
                  }`}
                >
                  {renderItem(item, { active })}
                </li>
              );
            })}
        </ul>
        {showEmpty && (
          <p aria-hidden="true" className="px-3 py-2.5 text-sm text-muted italic">
            {emptyText}
          </p>
        )}
      </div>
      {/* Present from the start so screen readers announce what a search found (or that it found nothing). */}
      <div aria-live="polite" className="sr-only">
        {listVisible && status === 'done' ? announceResults(items.length, emptyText) : ''}
      </div>
    </div>
  );
}
