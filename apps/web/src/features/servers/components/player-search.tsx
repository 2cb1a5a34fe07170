import type { PlayerSearchResult } from '@frontline/contract';
import { useNavigate } from 'react-router';
import { SearchDropdown } from '../../../components/search-dropdown.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { searchPlayers } from '../api/player-search.ts';

export const NO_PLAYERS_TEXT = 'No players found';

function PlayerOption({ player }: { player: PlayerSearchResult }) {
  // The name as every screen shows it (decoded, from the API: the decoder stays out of this first bundle); the
  // stored one stays the link's identity.
  const shown = player.displayName || player.playerName;
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span
        aria-hidden="true"
        className={`size-1.5 shrink-0 rounded-full ${player.isActive ? 'bg-good' : 'bg-line-strong'}`}
      />
      <span className="truncate font-medium" title={shown}>
        {shown}
      </span>
      {/* Both give way when the row is too narrow, the server far more than the name, so a name stays readable. */}
      <span className="ml-auto shrink-[4] truncate text-xs text-muted">
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
 * choosing a result goes to /players/{playerName}; an empty trimmed search does nothing). Enter searches: it opens
 * Find Players with the typed text, unless the keyboard (or pointer) highlight is on a suggestion, which Enter then
 * opens, as a click would.
 */
export function PlayerSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <SearchDropdown<PlayerSearchResult>
      label="Search players"
      labelHidden
      placeholder="Search players…"
      search={searchPlayers}
      getKey={(player) => player.playerName}
      renderItem={(player) => <PlayerOption player={player} />}
      onSelect={(player) => void navigate(paths.player(player.playerName))}
      // The dropdown calls this with the trimmed text, never an empty one.
      onSubmit={(query) => void navigate(paths.players(query))}
      emptyText={NO_PLAYERS_TEXT}
      className={className}
    />
  );
}
