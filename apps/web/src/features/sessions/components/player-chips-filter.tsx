import { MAX_ROUND_FILTER_PLAYERS, type PlayerSearchResult } from '@frontline/contract';
import { useCallback } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { SearchDropdown } from '../../../components/search-dropdown.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { searchPlayersExcept } from '../api/sessions.ts';

const NO_PLAYERS_TEXT = 'No players found';

/**
 * The multi-player filter (spec: site-statistics §2 Server sessions "multi-player filter chips with
 * autocomplete"; §5 search from 2 characters after 300 ms, "excludes already selected players, 10
 * suggestions"). A round matches when every chosen player fought in it; the API takes at most 10.
 */
export function PlayerChipsFilter({
  chosen,
  onAdd,
  onRemove,
}: {
  chosen: readonly string[];
  onAdd: (playerName: string) => void;
  onRemove: (playerName: string) => void;
}) {
  const full = chosen.length >= MAX_ROUND_FILTER_PLAYERS;
  const search = useCallback(
    (query: string, signal: AbortSignal) => searchPlayersExcept(query, chosen, signal),
    [chosen],
  );

  return (
    <div className="min-w-0">
      {full ? (
        <p className="mb-1 text-xs text-muted">
          At most {MAX_ROUND_FILTER_PLAYERS} players: remove one to add another.
        </p>
      ) : (
        <SearchDropdown<PlayerSearchResult>
          label="Players in the round"
          placeholder="Add a player…"
          search={search}
          getKey={(player) => player.playerName}
          renderItem={(player) => <Suggestion player={player} />}
          onSelect={(player) => onAdd(player.playerName)}
          emptyText={NO_PLAYERS_TEXT}
        />
      )}
      {chosen.length > 0 && (
        <ul aria-label="Chosen players" className="mt-2 flex flex-wrap gap-1.5">
          {chosen.map((name) => (
            <li
              key={name}
              data-testid="player-chip"
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-accent/50 bg-accent-soft py-0.5 pr-0.5 pl-2.5 text-xs font-semibold text-ink"
            >
              <PlayerNameText name={name} className="truncate" />
              <button
                type="button"
                aria-label={`Remove ${displayPlayerName(name)}`}
                onClick={() => onRemove(name)}
                className="inline-flex size-5 shrink-0 items-center justify-center rounded-full text-muted hover:bg-accent hover:text-accent-ink"
              >
                <CloseIcon width={12} height={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Suggestion({ player }: { player: PlayerSearchResult }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span
        aria-hidden="true"
        className={`size-1.5 shrink-0 rounded-full ${player.isActive ? 'bg-good' : 'bg-line-strong'}`}
      />
      <PlayerNameText name={player.playerName} className="truncate font-medium" />
      <span className="ml-auto shrink-0 text-xs text-muted">
        {player.lastSeen ? formatRelativeTime(player.lastSeen) : ''}
      </span>
    </span>
  );
}
