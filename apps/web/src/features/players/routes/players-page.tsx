import type { PlayersSortKey } from '@frontline/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-rules.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { isListUpdating, showListTop } from '../../../lib/list-display.ts';
import { useClampPage, useUrlQuery } from '../../../lib/use-url-query.ts';
import { usePlayersList } from '../api/players.ts';
import { EmptyNote, UpdatingOverlay } from '../components/player-ui.tsx';
import { PlayersTable } from '../components/players-table.tsx';
import {
  MAX_FILTER_LENGTH,
  nextPlayersSort,
  normaliseFilter,
  parsePlayersQuery,
  playersQueryParams,
  withFilter,
  withPage,
  withSort,
  type PlayersQuery,
} from '../lib/players-query.ts';
import { countOf } from '../../../lib/plural.ts';
import { playersOnlineSummary, usePlayersOnline } from '../../../lib/live-lists.ts';

/** Spec §8. */
const PLAYERS_ERROR_TEXT = 'Failed to fetch players data. Please try again.';
const NO_PLAYERS_TEXT = 'No players found';
const SEARCH_HINT_TITLE = 'Player Search';

/** /players (spec: site-statistics §2 "Find Players", §4 "Players page", §5, §8, §9). */
export function PlayersPage() {
  const { query, update } = useUrlQuery(parsePlayersQuery, playersQueryParams);
  const players = usePlayersList(query);
  const { data } = players;
  const now = useMinuteClock();
  const listRef = useRef<HTMLElement>(null);
  const headingId = useId();

  // A page past the end (a link from when more players were online) moves to the last page there is.
  useClampPage(query.page, data?.totalPages, data !== undefined && !players.isPlaceholderData, update);

  function goToPage(page: number) {
    update((current) => withPage(current, page, data?.totalPages ?? 0));
    showListTop(listRef.current);
  }

  const onSort = (sortBy: PlayersSortKey) => update((current) => withSort(current, nextPlayersSort(current, sortBy)));
  const onFilter = (text: string) => update((current) => withFilter(current, text), { replace: true });

  const filtered = query.playerName !== '';
  const updating = isListUpdating(players);
  // "Players online" is the server lists' count wherever it is shown (docs/formulas.md "Player count of a server").
  const playersOnline = usePlayersOnline();

  return (
    <>
      <PageHeader
        eyebrow="Players"
        title="Find Players"
        description="Search every player Frontline has seen on the three games, or see who is fighting right now."
      />
      {/* Sticky under the site header from 768 px, as the server browser's search is (phones scroll it away). */}
      <div
        data-testid="players-filter-bar"
        className="z-10 -mx-4 mb-4 border-b border-line bg-canvas/95 px-4 pt-1 pb-3 backdrop-blur supports-[backdrop-filter]:bg-canvas/80 md:sticky md:top-14 md:-mx-8 md:px-8 md:pt-3"
      >
        <PlayerFilter value={query.playerName} onChange={onFilter} />
      </div>

      <section ref={listRef} aria-labelledby={headingId} className="scroll-mt-32">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="heading-display text-lg text-ink">
            {filtered ? 'Search results' : 'Online now'}
          </h2>
          <p data-testid="players-count" className="tabular text-xs text-muted">
            {data && !players.isError ? summary(data.totalItems, query, playersOnline) : ''}
          </p>
        </div>
        <PlayersBody
          players={players}
          query={query}
          now={now}
          updating={updating}
          onSort={onSort}
          onClearFilter={() => onFilter('')}
        />
        {data && data.items.length > 0 && !players.isError && (
          <div className="mt-5 flex flex-col items-center gap-3">
            <Pagination currentPage={query.page} totalPages={data.totalPages} onPageChange={goToPage} />
          </div>
        )}
      </section>
    </>
  );
}

/** Searching: how many names match; online now: the players online, then the names listed (lib/live-lists.ts). */
function summary(total: number, query: PlayersQuery, playersOnline: number | null): string {
  if (query.playerName) return `${countOf(total, 'player')} matching “${query.playerName}”`;
  return playersOnlineSummary(playersOnline, total);
}

function PlayersBody({
  players,
  query,
  now,
  updating,
  onSort,
  onClearFilter,
}: {
  players: ReturnType<typeof usePlayersList>;
  query: PlayersQuery;
  now: Date;
  updating: boolean;
  onSort: (key: PlayersSortKey) => void;
  onClearFilter: () => void;
}) {
  const { data } = players;
  if (players.isError) {
    return (
      <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-4 py-8 text-center">
        <p className="text-sm font-semibold text-danger">{PLAYERS_ERROR_TEXT}</p>
        <button
          type="button"
          onClick={() => void players.refetch()}
          disabled={players.isFetching}
          className="mt-3 rounded-md border border-danger/40 px-3 py-1.5 text-xs font-semibold tracking-wide text-danger uppercase hover:bg-danger hover:text-accent-ink disabled:opacity-50"
        >
          {players.isFetching ? 'Retrying…' : 'Try again'}
        </button>
      </div>
    );
  }
  if (!data) return <LoadingBlock label="Loading players…" className="rounded-md border border-line bg-surface" />;

  if (data.items.length === 0) {
    if (query.playerName) {
      return (
        <EmptyNote
          hint={
            <button type="button" onClick={onClearFilter} className="text-accent hover:underline">
              Show who is online instead
            </button>
          }
        >
          {NO_PLAYERS_TEXT}
        </EmptyNote>
      );
    }
    return <SearchHint />;
  }

  return (
    <div className="relative overflow-hidden rounded-md border border-line bg-surface shadow-sm shadow-black/5">
      {updating && <UpdatingOverlay />}
      <PlayersTable players={data.items} sort={query} onSort={onSort} now={now} />
    </div>
  );
}

/** Spec §2: "Empty query with no results shows a 'Player Search' hint panel." */
function SearchHint() {
  return (
    <div
      data-testid="player-search-hint"
      className="hatched rounded-md border border-dashed border-line-strong px-4 py-8 text-center"
    >
      <h3 className="heading-display text-base text-ink">{SEARCH_HINT_TITLE}</h3>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">
        Nobody is online right now. Type a name, or part of one, in the box above to find any player Frontline has seen,
        online or not.
      </p>
    </div>
  );
}

/**
 * The filter box: the list follows 300 ms after the last keystroke (spec §2, §9). The URL is the state, so a
 * change from outside (Back, a link) is written back into the box unless the box is already ahead of it.
 */
function PlayerFilter({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const inputId = useId();
  if (shownValue !== value) {
    setShownValue(value);
    if (normaliseFilter(text) !== value) setText(value);
  }

  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });

  useEffect(() => {
    if (normaliseFilter(text) === value) return;
    const timer = setTimeout(() => latestOnChange.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="flex items-center gap-3">
      <label htmlFor={inputId} className="sr-only">
        Filter players by name
      </label>
      <div className="relative w-full md:max-w-md">
        <svg
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint"
        >
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4 4" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={MAX_FILTER_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="Filter players by name…"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the filter at once instead of waiting for the pause.
            if (event.key === 'Enter' && normaliseFilter(text) !== value) onChange(text);
          }}
          className="h-10 w-full rounded-md border border-line-strong bg-surface pr-9 pl-9 text-sm text-ink placeholder:text-faint focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text !== '' && (
          <button
            type="button"
            aria-label="Clear filter"
            onClick={() => {
              setText('');
              onChange('');
            }}
            className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded text-muted hover:bg-raised hover:text-ink"
          >
            <CloseIcon width={14} height={14} />
          </button>
        )}
      </div>
    </div>
  );
}
