import { GAMES, type GameId } from '@frontline/contract';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { formatGameType } from '../../../lib/map-and-mode.ts';
import type { SessionsPageSize, SortOrder } from '../lib/query-values.ts';
import {
  SERVER_SESSIONS_SORT_KEYS,
  hasActiveFilters,
  type ServerSessionsFilters,
  type ServerSessionsQuery,
  type ServerSessionsSortKey,
} from '../lib/server-sessions-query.ts';
import { mapLabel } from '../lib/session-titles.ts';
import { PlayerChipsFilter } from './player-chips-filter.tsx';
import { FieldSelect, PageSizeSelect } from './sessions-ui.tsx';

/** Spec §2 Server sessions "Show only filtered players in results". */
const ONLY_FILTERED_LABEL = 'Show only filtered players in results';
/** Rounds nobody played are hidden unless asked (issue: "Lists hide rounds nobody played unless asked"). */
export const SHOW_EMPTY_LABEL = 'Show empty rounds';

const GAME_SHORT_NAMES = new Map<string, string>(GAMES.map((game) => [game.id, game.shortName]));

const SORT_LABELS: Record<ServerSessionsSortKey, { label: string; desc: string; asc: string }> = {
  endTime: { label: 'End time', desc: 'Newest first', asc: 'Oldest first' },
  startTime: { label: 'Start time', desc: 'Newest first', asc: 'Oldest first' },
  durationMinutes: { label: 'Duration', desc: 'Longest first', asc: 'Shortest first' },
  participantCount: { label: 'Players', desc: 'Most first', asc: 'Fewest first' },
  mapName: { label: 'Map', desc: 'Z to A', asc: 'A to Z' },
  gameType: { label: 'Game type', desc: 'Z to A', asc: 'A to Z' },
};

/** The servers to choose from, by game (a server's sessions page can open another server's). */
export interface ServerChoiceGroup {
  gameId: GameId | null;
  serverNames: readonly string[];
}

export interface FilterOptions {
  maps: readonly string[];
  gameTypes: readonly string[];
  servers: readonly ServerChoiceGroup[];
}

/**
 * The filters and settings of the server sessions list (spec: site-statistics §2 Server sessions "Filters for
 * map, server, game type (options from loaded items), multi-player filter chips with autocomplete, and a
 * checkbox 'Show only filtered players in results' when players are selected"; §4 sort; §9 page sizes). The
 * server is the page's own: choosing another opens that server's sessions.
 */
export function RoundFilters({
  serverName,
  query,
  options,
  onFilters,
  onAddPlayer,
  onRemovePlayer,
  onServer,
  onSort,
  onPageSize,
  onClear,
}: {
  serverName: string;
  query: ServerSessionsQuery;
  options: FilterOptions;
  onFilters: (change: Partial<ServerSessionsFilters>) => void;
  onAddPlayer: (playerName: string) => void;
  onRemovePlayer: (playerName: string) => void;
  onServer: (serverName: string) => void;
  onSort: (sortBy: ServerSessionsSortKey, sortOrder?: SortOrder) => void;
  onPageSize: (pageSize: SessionsPageSize) => void;
  onClear: () => void;
}) {
  const selectsId = useId();
  const sortId = useId();
  // Phones fold the selects away behind one button (the player search stays): they would fill the first screen.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const folded = phoneOpen ? '' : 'max-md:hidden';
  const selectFilters = (query.mapName ? 1 : 0) + (query.gameType ? 1 : 0);
  const sortLabels = SORT_LABELS[query.sortBy];

  return (
    <div className="rounded-md border border-line bg-surface p-3 shadow-sm shadow-black/5 sm:p-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <div className="min-w-0">
          <PlayerChipsFilter chosen={query.playerNames} onAdd={onAddPlayer} onRemove={onRemovePlayer} />
          {query.playerNames.length > 0 && (
            <Checkbox
              label={ONLY_FILTERED_LABEL}
              checked={query.onlySpecifiedPlayers}
              onChange={(onlySpecifiedPlayers) => onFilters({ onlySpecifiedPlayers })}
              className="mt-2"
            />
          )}
          <button
            type="button"
            aria-expanded={phoneOpen}
            aria-controls={`${selectsId} ${sortId}`}
            onClick={() => setPhoneOpen((open) => !open)}
            className="mt-3 inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-2.5 text-xs font-semibold tracking-wide text-muted uppercase hover:border-line-strong hover:text-ink md:hidden"
          >
            Filters &amp; sort
            {selectFilters > 0 && (
              <span className="tabular inline-flex size-4 items-center justify-center rounded-full bg-accent text-[10px] text-accent-ink">
                {selectFilters}
                <span className="sr-only"> active</span>
              </span>
            )}
            <ChevronDownIcon
              width={14}
              height={14}
              className={`transition-transform ${phoneOpen ? 'rotate-180' : ''}`}
            />
          </button>
        </div>
        <div id={selectsId} className={`grid grid-cols-2 gap-3 md:contents ${folded}`}>
          <FieldSelect label="Map" value={query.mapName} onChange={(mapName) => onFilters({ mapName })}>
            <option value="">All maps</option>
            {options.maps.map((map) => (
              <option key={map} value={map}>
                {mapLabel(map)}
              </option>
            ))}
          </FieldSelect>
          <FieldSelect label="Game type" value={query.gameType} onChange={(gameType) => onFilters({ gameType })}>
            <option value="">All game types</option>
            {options.gameTypes.map((gameType) => (
              <option key={gameType} value={gameType}>
                {formatGameType(gameType)}
              </option>
            ))}
          </FieldSelect>
          <FieldSelect label="Server" value={serverName} onChange={onServer} className="col-span-2 md:col-span-1">
            {options.servers.length === 1
              ? options.servers[0]?.serverNames.map((server) => (
                  <option key={server} value={server}>
                    {server}
                  </option>
                ))
              : options.servers.map((group) => (
                  <optgroup
                    key={group.gameId ?? ''}
                    label={group.gameId ? (GAME_SHORT_NAMES.get(group.gameId) ?? group.gameId) : 'Other'}
                  >
                    {group.serverNames.map((server) => (
                      <option key={server} value={server}>
                        {server}
                      </option>
                    ))}
                  </optgroup>
                ))}
          </FieldSelect>
        </div>
      </div>

      <div id={sortId} className={`mt-3 flex flex-wrap items-end gap-3 border-t border-line pt-3 ${folded}`}>
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_minmax(0,1fr)_4.5rem] gap-3 sm:max-w-lg">
          <FieldSelect
            label="Sort by"
            value={query.sortBy}
            onChange={(value) => {
              const sortBy = SERVER_SESSIONS_SORT_KEYS.find((key) => key === value);
              if (sortBy) onSort(sortBy);
            }}
          >
            {SERVER_SESSIONS_SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key].label}
              </option>
            ))}
          </FieldSelect>
          <FieldSelect
            label="Order"
            value={query.sortOrder}
            onChange={(value) => onSort(query.sortBy, value === 'asc' ? 'asc' : 'desc')}
          >
            <option value="desc">{sortLabels.desc}</option>
            <option value="asc">{sortLabels.asc}</option>
          </FieldSelect>
          <PageSizeSelect pageSize={query.pageSize} onChange={onPageSize} />
        </div>
        {/* A line of its own on phones, where the sort fields need the whole width. */}
        <Checkbox
          label={SHOW_EMPTY_LABEL}
          title="Rounds in which no player was ever seen"
          checked={query.includeEmpty}
          onChange={(includeEmpty) => onFilters({ includeEmpty })}
          className="h-9 w-full sm:w-auto"
        />
        {hasActiveFilters(query) && (
          <button
            type="button"
            onClick={onClear}
            className="ml-auto inline-flex h-9 items-center rounded-md border border-line px-3 text-xs font-semibold tracking-wide text-muted uppercase transition-colors hover:border-line-strong hover:bg-raised hover:text-ink"
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}

/** A checkbox with its label after it. */
function Checkbox({
  label,
  title,
  checked,
  onChange,
  className,
}: {
  label: string;
  title?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className: string;
}) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-accent"
      />
      <label htmlFor={id} className="text-sm text-ink" title={title}>
        {label}
      </label>
    </div>
  );
}
