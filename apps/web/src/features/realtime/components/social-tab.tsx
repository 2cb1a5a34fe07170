import type { DashboardFavoriteServer, DashboardResponse, OfflineBuddy, OnlineBuddy } from '@frontline/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { JoinButton } from '../../../components/join-button.tsx';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatRelativeTime, formatSessionScore, truncateName } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { occupancyColourClass } from '../../../lib/occupancy.ts';
import { paths } from '../../../lib/paths.ts';
import { sessionDeathsTone, sessionKillsTone, sessionScoreTone } from '../../../lib/tones.ts';
import {
  fillPercent,
  isFavoriteOffline,
  sortOfflineBuddies,
  sortOnlineBuddies,
  UNKNOWN_MAP,
} from '../lib/social-lists.ts';
import { SquadIcon } from './realtime-icons.tsx';

/**
 * The Social tab (spec §2 "Social side panel"): online buddies with where and how they play and a way to join
 * them, offline buddies by last sighting, and the favourite servers with how full they are.
 */
export function SocialTab({ data, now }: { data: DashboardResponse; now: Date }) {
  const online = sortOnlineBuddies(data.onlineBuddies);
  const offline = sortOfflineBuddies(data.offlineBuddies);
  return (
    <div className="space-y-5">
      <PanelSection title="Online" count={online.length} testId="online-buddies">
        {online.length === 0 ? (
          <div
            data-testid="no-buddies-online"
            className="hatched rounded-md border border-dashed border-line-strong px-4 py-6 text-center"
          >
            <SquadIcon size={26} className="mx-auto mb-2 text-faint" />
            <p className="font-semibold text-ink">No buddies online</p>
            <p className="mt-1 text-xs text-muted">Check back later or add some friends!</p>
          </div>
        ) : (
          <ul className="space-y-2">
            {online.map((buddy) => (
              <OnlineBuddyRow key={buddy.playerName} buddy={buddy} />
            ))}
          </ul>
        )}
      </PanelSection>
      {offline.length > 0 && (
        <PanelSection title="Offline" count={offline.length} testId="offline-buddies">
          <ul className="divide-y divide-line rounded-md border border-line">
            {offline.map((buddy) => (
              <OfflineBuddyRow key={buddy.playerName} buddy={buddy} now={now} />
            ))}
          </ul>
        </PanelSection>
      )}
      {data.favoriteServers.length > 0 && (
        <PanelSection title="Favorite Servers" count={data.favoriteServers.length} testId="favorite-servers">
          <ul className="space-y-2">
            {data.favoriteServers.map((server) => (
              <FavoriteServerRow key={server.id} server={server} />
            ))}
          </ul>
        </PanelSection>
      )}
    </div>
  );
}

function PanelSection({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} aria-label={title}>
      <h3 className="mb-2 flex items-center gap-2 text-[11px] font-semibold tracking-[0.16em] text-faint uppercase">
        {title}
        <span className="tabular rounded-full bg-sunken px-1.5 text-[10px] tracking-normal text-muted">{count}</span>
      </h3>
      {children}
    </section>
  );
}

function OnlineBuddyRow({ buddy }: { buddy: OnlineBuddy }) {
  return (
    <li data-testid="online-buddy" className="rounded-md border border-line bg-raised p-3">
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className="mt-1.5 size-2 shrink-0 rounded-full bg-good shadow-[0_0_0_3px] shadow-good/20"
        />
        <div className="min-w-0 flex-1">
          <Link
            to={paths.player(buddy.playerName)}
            data-testid="buddy-name"
            className="block truncate font-semibold text-ink hover:text-accent"
          >
            <PlayerNameText name={buddy.playerName} />
          </Link>
          <p className="mt-1.5 truncate text-xs text-muted">
            <Link
              to={paths.server(buddy.serverName)}
              title={buddy.serverName}
              className="font-medium text-good hover:underline"
            >
              {truncateName(buddy.serverName)}
            </Link>
          </p>
          <p data-testid="buddy-map" className="truncate text-xs text-muted capitalize">
            {buddy.currentMap ? formatMapName(buddy.currentMap) : UNKNOWN_MAP}
          </p>
        </div>
        <JoinButton
          server={{
            name: buddy.serverName,
            joinLink: buddy.joinLink,
            numPlayers: 0,
            maxPlayers: 0,
            hasPassword: false,
          }}
          className="h-6 min-w-12 px-2 text-[11px]"
        />
      </div>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 pl-4 text-xs" data-testid="buddy-figures">
        <StatPair label="Score" title={String(buddy.currentScore)}>
          <ToneValue tone={sessionScoreTone(buddy.currentScore)}>{formatSessionScore(buddy.currentScore)}</ToneValue>
        </StatPair>
        <StatPair label="K">
          <ToneValue tone={sessionKillsTone(buddy.currentKills)}>{buddy.currentKills}</ToneValue>
        </StatPair>
        <StatPair label="D">
          <ToneValue tone={sessionDeathsTone(buddy.currentDeaths)}>{buddy.currentDeaths}</ToneValue>
        </StatPair>
      </p>
    </li>
  );
}

function OfflineBuddyRow({ buddy, now }: { buddy: OfflineBuddy; now: Date }) {
  return (
    <li data-testid="offline-buddy" className="flex items-center gap-2 px-3 py-2 text-sm">
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-line-strong" />
      <Link
        to={paths.player(buddy.playerName)}
        data-testid="buddy-name"
        className="min-w-0 flex-1 truncate font-medium text-ink hover:text-accent"
      >
        <PlayerNameText name={buddy.playerName} />
      </Link>
      <span data-testid="last-seen" className="shrink-0 text-xs text-faint">
        {buddy.lastSeen === null ? 'Not seen yet' : formatRelativeTime(buddy.lastSeen, now)}
      </span>
    </li>
  );
}

function FavoriteServerRow({ server }: { server: DashboardFavoriteServer }) {
  const offline = isFavoriteOffline(server);
  return (
    <li data-testid="favorite-server" className="rounded-md border border-line bg-raised p-3">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Link
            to={paths.server(server.serverName)}
            title={server.serverName}
            data-testid="server-name"
            className="block truncate font-semibold text-ink hover:text-accent"
          >
            {truncateName(server.serverName)}
          </Link>
          <p data-testid="server-map" className="truncate text-xs text-muted capitalize">
            {server.currentMap ? formatMapName(server.currentMap) : UNKNOWN_MAP}
          </p>
        </div>
        {offline ? (
          <span
            data-testid="server-badge"
            className="inline-flex h-6 shrink-0 items-center rounded border border-line bg-sunken px-2 text-[11px] font-bold tracking-wider text-faint"
          >
            OFFLINE
          </span>
        ) : (
          <>
            <span
              data-testid="server-badge"
              className={`tabular inline-flex h-6 shrink-0 items-center rounded border border-line bg-sunken px-2 text-xs font-bold ${occupancyColourClass(server.currentPlayers, server.maxPlayers)}`}
            >
              {server.currentPlayers}/{server.maxPlayers}
            </span>
            <JoinButton
              server={{
                name: server.serverName,
                joinLink: server.joinLink,
                numPlayers: server.currentPlayers,
                maxPlayers: server.maxPlayers,
                hasPassword: false,
              }}
              className="h-6 min-w-12 px-2 text-[11px]"
            />
          </>
        )}
      </div>
      {/* Spec §9 "Server fill colours by occupancy: 90%+ red, 70%+ orange, 30%+ green, else grey". */}
      <div
        role="meter"
        aria-label={`${server.serverName}: players`}
        aria-valuemin={0}
        aria-valuemax={server.maxPlayers}
        aria-valuenow={offline ? 0 : server.currentPlayers}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-sunken"
      >
        <div
          data-testid="fill-bar"
          className={`h-full rounded-full bg-current ${occupancyColourClass(server.currentPlayers, server.maxPlayers)}`}
          style={{ width: `${fillPercent(server)}%` }}
        />
      </div>
    </li>
  );
}
