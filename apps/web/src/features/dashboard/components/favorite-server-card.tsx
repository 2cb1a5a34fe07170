import type { FavoriteServer } from '@frontline/contract';
import { Link } from 'react-router';
import { GameTag } from '../../../components/game-tag.tsx';
import { JoinButton } from '../../../components/join-button.tsx';
import { truncateName } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { OCCUPANCY_LABELS } from '../../../lib/occupancy.ts';
import { paths } from '../../../lib/paths.ts';
import { FILL_BADGE_CLASSES, serverFill } from '../lib/dashboard-lists.ts';
import { CardFrame, RemoveButton } from './dashboard-ui.tsx';

/**
 * A favourite server (spec §2 Cards: "A favourite server with no currentMap is offline and shows 'Server Offline'
 * and 'OFFLINE'"; the fill badge's intensity steps with how full it is), with its join button while online.
 */
export function FavoriteServerCard({ server, onRemove }: { server: FavoriteServer; onRemove: () => void }) {
  const fill = serverFill(server);
  return (
    <CardFrame testId="favorite-server-card">
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <GameTag game={server.gameId} />
          <Link
            to={paths.server(server.serverName)}
            data-testid="card-name"
            title={server.serverName}
            className="truncate font-semibold text-ink hover:text-accent"
          >
            {truncateName(server.serverName)}
          </Link>
        </div>
        <p data-testid="server-map" className="mt-1 text-xs text-muted capitalize">
          {server.currentMap === null ? 'Server Offline' : formatMapName(server.currentMap)}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {fill === 'offline' ? (
            <span
              data-testid="fill-badge"
              data-fill="offline"
              className="inline-flex h-6 items-center rounded border border-line bg-sunken px-2 text-[11px] font-bold tracking-wider text-faint"
            >
              OFFLINE
            </span>
          ) : (
            <>
              <span
                data-testid="fill-badge"
                data-fill={fill}
                title={OCCUPANCY_LABELS[fill]}
                className={`tabular inline-flex h-6 items-center rounded border px-2 text-xs font-bold ${FILL_BADGE_CLASSES[fill]}`}
              >
                {server.activeSessions}/{server.maxPlayers}
              </span>
              <JoinButton
                server={{
                  name: server.serverName,
                  joinLink: server.joinLink,
                  numPlayers: server.activeSessions,
                  maxPlayers: server.maxPlayers,
                  hasPassword: false,
                }}
                className="h-6 min-w-14 px-2.5 text-[11px]"
              />
            </>
          )}
        </div>
      </div>
      <RemoveButton name={server.serverName} onClick={onRemove} />
    </CardFrame>
  );
}
