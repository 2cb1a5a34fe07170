import type { PlayerSearchResult } from '@frontline/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SearchDropdown } from '../../../components/search-dropdown.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { searchPlayers } from '../api/player-search.ts';

export const NO_PLAYERS_TEXT = 'No players found';

function PlayerOption({ player }: { player: PlayerSearchResult }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span
        aria-hidden="true"
        className={`size-1.5 shrink-0 rounded-full ${player.isActive ? 'bg-good' : 'bg-line-strong'}`}
      />
      <span className="truncate font-medium">{player.playerName}</span>
      <span className="ml-auto shrink-0 truncate text-xs text-muted">
        {player.isActive && player.currentServer
          ? `on ${player.currentServer.serverName}`
          : player.lastSeen
            ? formatRelativeTime(player.lastSeen)
            : ''}
      </span>
    </span>
  );
}

/**
 * The header's player search (spec §2: results from 2 characters, 300 ms after typing, 'No players found';
 * choosing a result goes to /players/{playerName}; an empty trimmed search does nothing). Enter on typed
 * text goes to the best match (the first result), and does nothing when there is none.
 */
export function PlayerSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const latest = useRef<{ query: string; items: PlayerSearchResult[] } | null>(null);
  const submitting = useRef<AbortController | null>(null);
  useEffect(() => () => submitting.current?.abort(), []);

  const search = useCallback(async (query: string, signal: AbortSignal) => {
    const items = await searchPlayers(query, signal);
    latest.current = { query, items };
    return items;
  }, []);

  const goTo = (player: PlayerSearchResult) => void navigate(paths.player(player.playerName));

  async function submit(query: string) {
    if (query === '') return;
    let items = latest.current?.query === query ? latest.current.items : null;
    if (!items) {
      // Enter before the debounced search answered: ask now.
      submitting.current?.abort();
      const controller = new AbortController();
      submitting.current = controller;
      try {
        items = await searchPlayers(query, controller.signal);
      } catch {
        return;
      }
    }
    const first = items[0];
    if (first) goTo(first);
  }

  return (
    <SearchDropdown<PlayerSearchResult>
      label="Search players"
      labelHidden
      placeholder="Search players…"
      search={search}
      getKey={(player) => player.playerName}
      renderItem={(player) => <PlayerOption player={player} />}
      onSelect={goTo}
      onSubmit={(query) => void submit(query)}
      emptyText={NO_PLAYERS_TEXT}
      className={className}
    />
  );
}
