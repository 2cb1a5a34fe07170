import type { LiveServerDetail, ServerDetailsResponse } from '@frontline/contract';
import type { ReactNode } from 'react';
import { BackButton } from '../../../components/back-button.tsx';
import { CountryFlag } from '../../../components/country-flag.tsx';
import { GameTag } from '../../../components/game-tag.tsx';
import { JoinButton } from '../../../components/join-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { DiscordIcon, ForumIcon } from '../../../components/small-icons.tsx';
import { countryDisplayName } from '../../../lib/country.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { MISSING_VALUE } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { formatPlayerCount } from '../../../lib/player-count.ts';
import { describeRoundTime } from '../../../lib/round-time.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import type { BusyResult } from '../../../lib/busy/busy.ts';
import { safeWebUrl } from '../../../lib/safe-url.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { formatDateRange, formatRegion } from '../lib/profile-display.ts';
import { backFallbackPath } from '../lib/server-game.ts';
import { ForecastStrip } from './forecast-strip.tsx';

export interface ForecastState {
  result: BusyResult | undefined;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * The top of the profile (spec: site-statistics §2 "Server profile": "server name, region, country name …,
 * local time from the timezone with UTC offset, chat-community and forum links if present, date range
 * (startPeriod to endPeriod), 24-hour busy forecast bar chart (click opens modal). Players Online button (only
 * when players exist) opens a live server modal; Join Server opens the join link in a new window").
 */
export function ProfileHeader({
  details,
  live,
  forecast,
  onOpenPlayers,
}: {
  details: ServerDetailsResponse;
  /** The live listing, once loaded; fresher than the details for players and the join link. */
  live: LiveServerDetail | undefined;
  forecast: ForecastState;
  onOpenPlayers: () => void;
}) {
  // People and bots apart (shared rule PLAYER COUNTS); a server with only bots still opens its roster.
  const listed = live !== undefined && live.players.length > 0;
  return (
    <>
      <PageHeader
        back={<BackButton fallback={backFallbackPath(details.gameId)} />}
        eyebrow={
          <span className="inline-flex items-center gap-2">
            Server profile <GameTag game={details.gameId} />
          </span>
        }
        title={details.serverName}
        actions={
          <>
            {listed && (
              <button
                type="button"
                onClick={onOpenPlayers}
                aria-haspopup="dialog"
                className="inline-flex h-9 items-center gap-2 rounded-md border border-accent/60 bg-accent-soft px-3.5 text-sm font-semibold text-ink transition-colors hover:border-accent hover:bg-raised"
              >
                <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-good" />
                Players Online
                <span className="tabular rounded bg-surface px-1.5 text-xs text-accent">
                  {formatPlayerCount(live.numPlayers, live.botCount)}
                </span>
              </button>
            )}
            <JoinButton
              className="h-9 px-4 text-sm"
              label="Join Server"
              fullLabel="Full"
              server={{
                name: details.serverName,
                joinLink: live?.joinLink ?? details.joinLink,
                numPlayers: live?.numPlayers ?? details.numPlayers,
                maxPlayers: live?.maxPlayers ?? details.maxPlayers,
                hasPassword: live?.hasPassword ?? false,
              }}
            />
          </>
        }
      />
      <div className="mb-6 grid gap-4 rounded-md border border-line bg-surface p-4 shadow-sm shadow-black/5 md:grid-cols-[minmax(0,1fr)_17rem] lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ServerFacts details={details} live={live} />
        <div className="min-w-0">
          <ForecastStrip
            serverName={details.serverName}
            result={forecast.result}
            isLoading={forecast.isLoading}
            isError={forecast.isError}
            onRetry={forecast.retry}
          />
        </div>
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] font-semibold tracking-[0.14em] text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function ServerFacts({ details, live }: { details: ServerDetailsResponse; live: LiveServerDetail | undefined }) {
  const now = useMinuteClock();
  const clock = serverClock(details.timezone, now);
  const country = countryDisplayName(details.countryCode, details.country);
  const region = formatRegion(details.region);
  const discord = safeWebUrl(live?.discordUrl ?? details.discordUrl);
  const forum = safeWebUrl(live?.forumUrl ?? details.forumUrl);
  // The live listing's count when it is at hand; else the details' (the same people count, bots not known).
  const count = formatPlayerCount(live?.numPlayers ?? details.numPlayers, live?.botCount ?? 0);
  const maxPlayers = live?.maxPlayers ?? details.maxPlayers;
  const round = live ? describeRoundTime(live, now) : undefined;
  const mapName = live?.mapName ?? details.currentMap;
  const online = live !== undefined || details.isOnline;
  const linkClass =
    'inline-flex items-center gap-1.5 rounded text-ink underline decoration-line-strong underline-offset-2 hover:text-accent hover:decoration-accent';

  return (
    <dl className="grid min-w-0 grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
      <Fact label="Location">
        {country || region ? (
          <>
            {country && (
              <span className="inline-flex items-center gap-1.5">
                <CountryFlag code={details.countryCode} title={country} />
                {country}
              </span>
            )}
            {region && <span className="block text-xs text-muted">{region}</span>}
          </>
        ) : (
          <span className="text-faint">Unknown</span>
        )}
      </Fact>
      <Fact label="Local time">
        {clock ? (
          <span className="tabular" title={details.timezone ?? undefined} data-testid="server-local-time">
            {clock.time} <span className="text-muted">({clock.offsetLabel})</span>
          </span>
        ) : (
          <span className="text-faint">Unknown</span>
        )}
      </Fact>
      <Fact label="Now">
        {online ? (
          <span>
            <span className="capitalize">{formatMapName(mapName) || 'Unknown map'}</span>
            <span className="tabular text-muted" data-testid="server-now-players">
              {' '}
              · {count}/{maxPlayers} players
            </span>
            {round && round.text !== MISSING_VALUE && (
              <span className="tabular text-muted" title={round.title} data-testid="server-now-round">
                {' '}
                · {round.text}
                {round.elapsed ? '' : ' left'}
              </span>
            )}
          </span>
        ) : (
          <span className="text-muted">Offline</span>
        )}
      </Fact>
      <Fact label="Tracked">
        <span
          className="tabular"
          title={`${formatDateTime(details.startPeriod)} – ${formatDateTime(details.endPeriod)}`}
        >
          {formatDateRange(details.startPeriod, details.endPeriod)}
        </span>
      </Fact>
      <Fact label="Address">
        <span className="font-mono text-xs break-all text-muted">
          {details.serverIp}:{details.serverPort}
        </span>
      </Fact>
      {(discord || forum) && (
        <Fact label="Community">
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            {discord && (
              <a href={discord} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <DiscordIcon /> Discord
              </a>
            )}
            {forum && (
              <a href={forum} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <ForumIcon /> Forum
              </a>
            )}
          </span>
        </Fact>
      )}
    </dl>
  );
}
