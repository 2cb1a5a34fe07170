import type { PlayerSearchResult, PlayersSortKey } from '@frontline/contract';
import { Link } from 'react-router';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { formatKdRatio, formatPlayTime, formatRelativeTime, parseApiTimestamp } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import type { PlayersSort } from '../lib/players-query.ts';
import { OnlineBadge, SortableHeader } from './player-ui.tsx';
import { countOf } from '../../../lib/plural.ts';

/**
 * Find Players' table (spec: site-statistics §2 "paged table with sortable PLAYER and LAST SEEN. Rows link to
 * /players/{playerName}; a server link in the status column goes to /servers/{serverName}"). The name's link
 * covers the whole row; the server link sits above it, so both stay real links (middle-click, copy address).
 */

const COLUMN_LABELS: Record<PlayersSortKey, string> = { playerName: 'Player', lastSeen: 'Last seen' };

function PlayerStatus({ player }: { player: PlayerSearchResult }) {
  const server = player.currentServer;
  if (!player.isActive || !server) return <span className="text-xs text-faint">Offline</span>;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <OnlineBadge pulse={false} />
      <Link
        to={paths.server(server.serverName)}
        className="relative z-10 max-w-full truncate text-sm text-ink underline decoration-line-strong underline-offset-2 hover:text-accent hover:decoration-accent"
      >
        {server.serverName}
      </Link>
      <span className="tabular text-xs whitespace-nowrap text-muted">
        {server.mapName && <span className="capitalize">{formatMapName(server.mapName)} · </span>}
        <span
          title={`This session: ${countOf(server.sessionKills, 'kill')}, ${countOf(server.sessionDeaths, 'death')}`}
        >
          K/D {formatKdRatio(server.sessionKills, server.sessionDeaths)} ({server.sessionKills}/{server.sessionDeaths})
        </span>
      </span>
    </span>
  );
}

export function PlayersTable({
  players,
  sort,
  onSort,
  now,
}: {
  players: readonly PlayerSearchResult[];
  sort: PlayersSort;
  onSort: (key: PlayersSortKey) => void;
  now: Date;
}) {
  const header = (key: PlayersSortKey, className = '') => (
    <SortableHeader
      label={COLUMN_LABELS[key]}
      active={sort.sortBy === key}
      order={sort.sortOrder}
      onSort={() => onSort(key)}
      className={className}
    />
  );

  return (
    // Its own stacking context: the server links rise above their row's stretched link (z-10) inside the table
    // only, so they pass under the sticky filter bar when the page scrolls instead of drawing over it.
    <table className="isolate w-full table-fixed text-sm">
      <thead className="border-b border-line bg-sunken/60 text-[11px] text-muted">
        <tr>
          {header('playerName', 'w-[58%] sm:w-[30%]')}
          <th scope="col" className="hidden px-3 py-2 text-left font-semibold tracking-wider uppercase sm:table-cell">
            Status
          </th>
          <th
            scope="col"
            className="hidden w-28 px-3 py-2 text-right font-semibold tracking-wider whitespace-nowrap uppercase md:table-cell"
          >
            Play time
          </th>
          {header('lastSeen', 'w-[42%] sm:w-36')}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {players.map((player) => (
          <tr
            key={player.playerName}
            data-testid="player-row"
            className="relative align-top transition-colors hover:bg-raised"
          >
            <td className="px-3 py-2.5">
              <Link
                to={paths.player(player.playerName)}
                className="font-medium break-words text-ink after:absolute after:inset-0 hover:text-accent"
              >
                <PlayerNameText name={player.playerName} />
              </Link>
              <div className="mt-1 sm:hidden">
                <PlayerStatus player={player} />
              </div>
            </td>
            <td className="hidden px-3 py-2.5 sm:table-cell">
              <PlayerStatus player={player} />
            </td>
            <td className="tabular hidden px-3 py-2.5 text-right text-muted md:table-cell">
              {formatPlayTime(player.totalPlayTimeMinutes)}
            </td>
            <td className="tabular px-3 py-2.5 text-muted">
              <time dateTime={player.lastSeen} title={parseApiTimestamp(player.lastSeen).toLocaleString()}>
                {formatRelativeTime(player.lastSeen, now)}
              </time>
              <div className="mt-1 text-xs text-faint md:hidden">
                {formatPlayTime(player.totalPlayTimeMinutes)} played
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
