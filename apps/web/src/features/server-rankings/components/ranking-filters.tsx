import { useEffect, useId, useRef, useState } from 'react';
import {
  EMPTY_FILTERS,
  MAX_NAME_FILTER_LENGTH,
  NUMBER_FILTER_KEYS,
  hasActiveFilters,
  parseNumberFilter,
  sameFilters,
  type NumberFilterKey,
  type RankingFilters,
} from '../lib/rankings-query.ts';

/** Spec §9: "Rankings filter debounce 500 ms". */
const FILTER_DEBOUNCE_MS = 500;

type Draft = Record<keyof RankingFilters, string>;

function draftOf(filters: RankingFilters): Draft {
  const draft: Draft = { ...EMPTY_DRAFT, playerName: filters.playerName };
  for (const key of NUMBER_FILTER_KEYS) draft[key] = filters[key] === null ? '' : String(filters[key]);
  return draft;
}

function filtersOf(draft: Draft): RankingFilters {
  const filters: RankingFilters = { ...EMPTY_FILTERS, playerName: draft.playerName };
  for (const key of NUMBER_FILTER_KEYS) filters[key] = parseNumberFilter(draft[key]);
  return filters;
}

const EMPTY_DRAFT: Draft = {
  playerName: '',
  minScore: '',
  minKills: '',
  minDeaths: '',
  minKdRatio: '',
  minPlayTimeMinutes: '',
};

interface NumberField {
  key: NumberFilterKey;
  label: string;
  step: string;
  /** Shown only while set: the spec's panel has four filters, the API two more that links may carry. */
  onlyWhenSet?: boolean;
}

const NUMBER_FIELDS: readonly NumberField[] = [
  { key: 'minScore', label: 'Min Score', step: '1' },
  { key: 'minKills', label: 'Min Kills', step: '1' },
  { key: 'minPlayTimeMinutes', label: 'Min Play Time (min)', step: '1' },
  { key: 'minDeaths', label: 'Min Deaths', step: '1', onlyWhenSet: true },
  { key: 'minKdRatio', label: 'Min K/D', step: '0.01', onlyWhenSet: true },
];

const INPUT =
  'h-9 w-full min-w-0 rounded-md border border-line bg-surface px-2.5 text-sm text-ink outline-none placeholder:text-faint focus:border-accent focus:ring-2 focus:ring-accent/25';

/**
 * The collapsible filter panel (spec §2 Rankings "Collapsible filters: Soldier Name, Min Score, Min Kills,
 * Min Play Time (min), Reset Filters"; §4 "Text and number filters debounced 500 ms and reset to page 1").
 * Fields keep what is typed; the screen gets the filters 500 ms after the last keystroke. Filters that
 * change from outside (Back, a link, Reset) replace what the fields show.
 */
export function RankingFiltersPanel({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: RankingFilters;
  onChange: (filters: RankingFilters) => void;
}) {
  const fieldId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The debounced commit runs after later renders (a sort chosen meanwhile): it must call the newest handler,
  // which writes the filters into the newest URL, and compare with the newest filters.
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });

  // Adjusted while rendering, not in an effect, so the fields never show one frame of stale text.
  const [shownFilters, setShownFilters] = useState(filters);
  if (!sameFilters(shownFilters, filters)) {
    setShownFilters(filters);
    // What the fields hold already means these filters (the panel's own commit, "Bob " for "Bob"): keep it.
    if (!sameFilters(filtersOf(draft), filters)) setDraft(draftOf(filters));
  }

  function edit(key: keyof RankingFilters, value: string) {
    const next = { ...draft, [key]: value };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const nextFilters = filtersOf(next);
      if (!sameFilters(nextFilters, latest.current.filters)) latest.current.onChange(nextFilters);
    }, FILTER_DEBOUNCE_MS);
  }

  function reset() {
    clearTimeout(timer.current);
    setDraft(EMPTY_DRAFT);
    onChange(EMPTY_FILTERS);
  }

  const anyFilter = hasActiveFilters(filtersOf(draft)) || hasActiveFilters(filters);
  const visibleFields = NUMBER_FIELDS.filter((field) => !field.onlyWhenSet || filters[field.key] !== null);

  return (
    <div id={id} role="region" aria-label="Filters" className="border-t border-line px-3 py-3 sm:px-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))]">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <label htmlFor={`${fieldId}-name`} className="mb-1 block text-xs font-medium text-muted">
            Soldier Name
          </label>
          <input
            id={`${fieldId}-name`}
            type="search"
            value={draft.playerName}
            maxLength={MAX_NAME_FILTER_LENGTH}
            placeholder="Part of a name"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => edit('playerName', event.target.value)}
            className={INPUT}
          />
        </div>
        {visibleFields.map((field) => (
          <div key={field.key} className="min-w-0">
            <label htmlFor={`${fieldId}-${field.key}`} className="mb-1 block truncate text-xs font-medium text-muted">
              {field.label}
            </label>
            <input
              id={`${fieldId}-${field.key}`}
              type="number"
              inputMode={field.step === '1' ? 'numeric' : 'decimal'}
              min={0}
              step={field.step}
              value={draft[field.key]}
              placeholder="Any"
              onChange={(event) => edit(field.key, event.target.value)}
              className={`${INPUT} tabular`}
            />
          </div>
        ))}
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button
            type="button"
            onClick={reset}
            disabled={!anyFilter}
            className="h-9 w-full rounded-md border border-line-strong px-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink uppercase transition-colors hover:bg-raised disabled:cursor-not-allowed disabled:opacity-40"
          >
            Reset Filters
          </button>
        </div>
      </div>
    </div>
  );
}
