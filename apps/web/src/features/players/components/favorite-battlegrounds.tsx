import { findGame, type PlayerServer } from '@frontline/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ToneValue } from '../../../components/stat-ui.tsx';
import { formatPlayTime, MISSING_VALUE, parseApiTimestamp } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { kdTone } from '../../../lib/tones.ts';
import { killRateTone } from '../lib/player-tones.ts';
import { EmptyNote } from './player-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

/** Cards shown before 'Show all': the most played servers are what the section is about. */
const SERVERS_SHOWN = 6;

const countFormat = new Intl.NumberFormat('en-US');

/**
 * Favorite Battlegrounds (spec: site-statistics §2 "Favorite Battlegrounds (servers)", §3 "Player server
 * entry"; the Map Performance modal opens from a server's 'View Maps'). Most played first, as the API sends.
 */
export function FavoriteBattlegrounds({
  servers,
  playerName,
  onViewMaps,
}: {
  servers: readonly PlayerServer[];
  playerName: string;
  onViewMaps: (server: PlayerServer) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? servers : servers.slice(0, SERVERS_SHOWN);
  return (
    <SectionCard
      title="Favorite Battlegrounds"
      description="Every server fought on, most played first; the round being played counts, best scores are finished rounds."
    >
      {servers.length === 0 ? (
        <EmptyNote>No server data available</EmptyNote>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((server) => (
              <ServerCard key={server.serverGuid} server={server} playerName={playerName} onViewMaps={onViewMaps} />
            ))}
          </ul>
          {servers.length > SERVERS_SHOWN && (
            <div className="mt-3 text-center">
              <button
                type="button"
                aria-expanded={showAll}
                onClick={() => setShowAll((open) => !open)}
                className="rounded-md border border-line-strong px-3 py-1.5 text-xs font-semibold tracking-wide text-ink uppercase transition-colors hover:border-accent hover:text-accent"
              >
                {showAll ? `Show top ${SERVERS_SHOWN}` : `Show all ${servers.length} servers`}
              </button>
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}

function ServerCard({
  server,
  playerName,
  onViewMaps,
}: {
  server: PlayerServer;
  playerName: string;
  onViewMaps: (server: PlayerServer) => void;
}) {
  const game = findGame(server.gameId);
  return (
    <li data-testid="favorite-server" className="flex min-w-0 flex-col rounded-md border border-line bg-raised p-3">
      <div className="flex items-start justify-between gap-2">
        <Link
          to={paths.server(server.serverName)}
          title={server.serverName}
          className="min-w-0 font-semibold break-words text-ink hover:text-accent"
        >
          {server.serverName}
        </Link>
        {game && (
          <span className="mt-0.5 inline-flex h-4 shrink-0 items-center rounded-[3px] bg-olive-soft px-1 text-[10px] leading-none font-semibold tracking-wide text-olive uppercase">
            {game.shortName}
          </span>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
        <Figure label="K/D">
          <ToneValue tone={kdTone(server.kdRatio)}>{server.kdRatio.toFixed(2)}</ToneValue>
        </Figure>
        <Figure label="Rounds">{countFormat.format(server.totalRounds)}</Figure>
        <Figure label="Kills/min">
          <ToneValue tone={killRateTone(server.killsPerMinute)}>{server.killsPerMinute.toFixed(2)}</ToneValue>
        </Figure>
        <Figure label="Kills">{countFormat.format(server.totalKills)}</Figure>
        <Figure label="Deaths">{countFormat.format(server.totalDeaths)}</Figure>
        <Figure label="Play time">{formatPlayTime(server.totalMinutes)}</Figure>
      </dl>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-2 border-t border-line pt-2.5">
        <div className="min-w-0 text-xs text-muted">
          <span className="font-semibold tracking-wider text-faint uppercase">Best score </span>
          {server.highestScoreRoundId ? (
            <Link
              to={paths.roundReport(server.highestScoreRoundId, [playerName])}
              className="tabular font-semibold text-ink underline decoration-line-strong underline-offset-2 hover:text-accent hover:decoration-accent"
              title={
                server.highestScoreStartTime
                  ? `Round report (${parseApiTimestamp(server.highestScoreStartTime).toLocaleString()})`
                  : 'Round report'
              }
            >
              {server.highestScore}
            </Link>
          ) : (
            // No finished round there with a score above 0: no best score (as Best Scores).
            <span className="tabular font-semibold text-ink">{server.highestScore ?? MISSING_VALUE}</span>
          )}
          {server.highestScoreMapName && (
            <span>
              {' '}
              on <span className="capitalize">{formatMapName(server.highestScoreMapName)}</span>
            </span>
          )}
        </div>
        <button
          type="button"
          onClick={() => onViewMaps(server)}
          aria-label={`View Maps of ${server.serverName}`}
          className="shrink-0 rounded-md border border-line-strong bg-surface px-2.5 py-1 text-xs font-semibold tracking-wide text-ink uppercase transition-colors hover:border-accent hover:text-accent"
        >
          View Maps
        </button>
      </div>
    </li>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] font-semibold tracking-wider text-faint uppercase">{label}</dt>
      <dd className="tabular font-semibold text-ink">{children}</dd>
    </div>
  );
}
