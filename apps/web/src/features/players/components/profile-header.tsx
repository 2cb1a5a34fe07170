import { findGame, type PlayerStatsResponse } from '@frontline/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import {
  formatKdRatio,
  formatPlayTime,
  formatRelativeTime,
  formatSessionScore,
  parseApiTimestamp,
} from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName, playerInitial } from '../../../lib/player-name.ts';
import { kdTone, kdValue, sessionDeathsTone, sessionKillsTone, sessionScoreTone } from '../../../lib/tones.ts';
import { OnlineBadge } from './player-ui.tsx';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The profile's header (spec: site-statistics §2 "Header: initial avatar, name, green Online badge when
 * isActive linking to current server; session K/D, K, D, score when present; total play time; last played
 * relative; Compare Player link to /players/compare?player1={name}").
 */
export function ProfileHeader({ stats, now }: { stats: PlayerStatsResponse; now: Date }) {
  const shownName = displayPlayerName(stats.playerName);
  const current = stats.isActive ? stats.currentServer : null;
  return (
    <header className="mb-6 md:mb-8">
      <div className="mb-3">
        <BackButton fallback={paths.players()} />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-72 items-start gap-4">
          <span
            aria-hidden="true"
            className="heading-display flex size-14 shrink-0 items-center justify-center rounded-md border border-accent/40 bg-accent-soft text-2xl text-accent md:size-16 md:text-3xl"
          >
            {playerInitial(stats.playerName)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="mb-1 text-xs font-semibold tracking-[0.2em] text-accent uppercase">Player profile</p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <h1 className="heading-display min-w-0 text-2xl break-words text-ink normal-case md:text-3xl">
                {shownName}
              </h1>
              {current ? (
                <Link
                  to={paths.server(current.serverName)}
                  title={`Playing on ${current.serverName}`}
                  className="rounded-full hover:brightness-110 focus-visible:outline-offset-1"
                >
                  <OnlineBadge>Online</OnlineBadge>
                </Link>
              ) : (
                stats.isActive && <OnlineBadge>Online</OnlineBadge>
              )}
            </div>
            {shownName !== stats.playerName && (
              <p className="mt-0.5 text-xs text-faint">
                As the server reports it: <span className="font-mono">{stats.playerName}</span>
              </p>
            )}
            <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
              <HeaderFact label="Play time">{formatPlayTime(stats.totalPlayTimeMinutes)}</HeaderFact>
              <HeaderFact label="First played">
                <time
                  dateTime={stats.firstPlayed}
                  title={parseApiTimestamp(stats.firstPlayed).toLocaleString()}
                  className="text-ink"
                >
                  {formatDate(stats.firstPlayed)}
                </time>
              </HeaderFact>
              <HeaderFact label="Last played">
                <time
                  dateTime={stats.lastPlayed}
                  title={parseApiTimestamp(stats.lastPlayed).toLocaleString()}
                  className="text-ink"
                >
                  {formatRelativeTime(stats.lastPlayed, now)}
                </time>
              </HeaderFact>
            </dl>
          </div>
        </div>
        <Link
          to={paths.compare(stats.playerName)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm font-semibold text-ink shadow-sm transition-colors hover:border-accent hover:text-accent"
        >
          <span aria-hidden="true" className="text-accent">
            ⇄
          </span>
          Compare Player
        </Link>
      </div>

      {current && (
        <div
          data-testid="live-session"
          className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-good/30 bg-good/5 px-3 py-2 text-sm"
        >
          <span className="min-w-0 text-muted">
            Playing on{' '}
            <Link to={paths.server(current.serverName)} className="font-semibold text-ink hover:text-accent">
              {current.serverName}
            </Link>
            {current.mapName && (
              <>
                {' '}
                · <span className="capitalize">{formatMapName(current.mapName)}</span>
              </>
            )}
            {findGame(current.gameId) && <span className="text-faint"> · {findGame(current.gameId)?.shortName}</span>}
          </span>
          <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-semibold">
            <StatPair label="K/D">
              <ToneValue tone={kdTone(kdValue(current.sessionKills, current.sessionDeaths))}>
                {formatKdRatio(current.sessionKills, current.sessionDeaths)}
              </ToneValue>
            </StatPair>
            <StatPair label="K">
              <ToneValue tone={sessionKillsTone(current.sessionKills)}>{current.sessionKills}</ToneValue>
            </StatPair>
            <StatPair label="D">
              <ToneValue tone={sessionDeathsTone(current.sessionDeaths)}>{current.sessionDeaths}</ToneValue>
            </StatPair>
            <StatPair label="Score">
              <ToneValue tone={sessionScoreTone(current.sessionScore)}>
                {formatSessionScore(current.sessionScore)}
              </ToneValue>
            </StatPair>
          </span>
        </div>
      )}

      <dl className="mt-4 grid grid-cols-3 gap-px overflow-hidden rounded-md border border-line bg-line sm:grid-cols-5">
        <TotalTile label="K/D">
          <ToneValue tone={kdTone(kdValue(stats.totalKills, stats.totalDeaths))}>
            {formatKdRatio(stats.totalKills, stats.totalDeaths)}
          </ToneValue>
        </TotalTile>
        <TotalTile label="Kills">{countFormat.format(stats.totalKills)}</TotalTile>
        <TotalTile label="Deaths">{countFormat.format(stats.totalDeaths)}</TotalTile>
        <TotalTile label="Score">{countFormat.format(stats.totalScore)}</TotalTile>
        <TotalTile label="Rounds" className="col-span-2 sm:col-span-1">
          {countFormat.format(stats.totalRounds)}
        </TotalTile>
      </dl>
    </header>
  );
}

function HeaderFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-xs tracking-wide text-faint uppercase">{label}</dt>
      <dd className="tabular font-semibold text-ink">{children}</dd>
    </div>
  );
}

function TotalTile({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`bg-surface px-3 py-2.5 ${className}`}>
      <dt className="text-[10px] font-semibold tracking-wider text-faint uppercase">{label}</dt>
      <dd className="tabular mt-0.5 text-lg font-semibold text-ink">{children}</dd>
    </div>
  );
}
