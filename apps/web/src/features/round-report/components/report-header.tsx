import type { RoundReportResponse } from '@frontline/contract';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { GameTag } from '../../../components/game-tag.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatDuration } from '../../../lib/format.ts';
import { formatGameType } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { mapTitle, roundMatchup } from '../lib/report-display.ts';
import { countOf, pluralNoun } from '../../../lib/plural.ts';

/** Spec §2 route table: "from the round report /servers". */
export const REPORT_BACK_FALLBACK = '/servers';
export const REPORT_EYEBROW = 'Round report';

/**
 * The report's heading (spec: site-statistics §2 "Round report": "back button, map, start time, server name
 * linking to /servers/{serverName}, team labels (default Team 1, Team 2) and tickets for two-team rounds (shown
 * only when both present and at least 0)").
 */
export function ReportHeader({
  report,
  highlighted,
}: {
  report: RoundReportResponse;
  /** The round's players the link highlights, as stored. */
  highlighted: readonly string[];
}) {
  const { round } = report;
  const matchup = roundMatchup(report);
  const gameType = formatGameType(round.gameType);
  return (
    <PageHeader
      back={<BackButton fallback={REPORT_BACK_FALLBACK} />}
      eyebrow={
        <span className="inline-flex items-center gap-2">
          {REPORT_EYEBROW} <GameTag game={round.gameId} />
        </span>
      }
      title={mapTitle(round.mapName)}
      description={
        <span className="flex flex-col gap-2">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <time dateTime={round.startTime} className="tabular">
              {formatDateTime(round.startTime)}
            </time>
            <Dot />
            <Link
              to={paths.server(round.serverName)}
              data-testid="report-server-link"
              className="min-w-0 font-semibold break-words text-ink decoration-accent/60 underline-offset-2 hover:text-accent hover:underline"
            >
              {round.serverName}
            </Link>
            {gameType && (
              <>
                <Dot />
                <span>{gameType}</span>
              </>
            )}
            <Dot />
            <span className="tabular">{round.isActive ? 'In progress' : formatDuration(round.durationMinutes)}</span>
            <Dot />
            <span className="tabular">{countOf(round.participantCount, 'player')}</span>
          </span>
          {highlighted.length > 0 && (
            <span data-testid="highlighted-players" className="flex flex-wrap items-center gap-1.5 text-xs">
              <span className="font-semibold tracking-wide text-faint uppercase">Highlighting</span>
              {highlighted.map((name) => (
                <span key={name} className="report-highlight-chip">
                  <PlayerNameText name={name} />
                </span>
              ))}
            </span>
          )}
        </span>
      }
      actions={
        matchup && (
          <div
            data-testid="report-matchup"
            aria-label="Teams"
            className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 rounded-md border border-line bg-surface px-4 py-2.5"
          >
            <TeamSide name={matchup.team1} tickets={matchup.tickets?.[0]} align="right" />
            <span className="heading-display text-xs text-faint">vs</span>
            <TeamSide name={matchup.team2} tickets={matchup.tickets?.[1]} align="left" />
          </div>
        )
      }
    />
  );
}

function Dot() {
  return (
    <span aria-hidden="true" className="text-faint">
      ·
    </span>
  );
}

function TeamSide({ name, tickets, align }: { name: string; tickets: number | undefined; align: 'left' | 'right' }) {
  return (
    <div className={`min-w-0 ${align === 'right' ? 'text-right' : 'text-left'}`}>
      <span className="heading-display block truncate text-sm text-ink" title={name}>
        {name}
      </span>
      {tickets !== undefined && (
        <span className="tabular block text-xl leading-tight font-bold text-accent">
          {tickets}
          <span className="sr-only"> {pluralNoun(tickets, 'ticket')}</span>
        </span>
      )}
    </div>
  );
}
