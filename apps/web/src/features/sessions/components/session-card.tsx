import type { Session } from '@frontline/contract';
import { Link } from 'react-router';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatDuration, formatKdRatio, formatRelativeTime } from '../../../lib/format.ts';
import { formatGameType, formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { kdTone, kdValue, sessionDeathsTone, sessionKillsTone, sessionScoreTone } from '../../../lib/tones.ts';
import { LiveTag, formatCount } from './sessions-ui.tsx';

/**
 * One session of a player's list (spec: site-statistics §2 Player sessions "cards (relative start, map, game
 * type, server link, K, D, S, duration, K/D). Card click opens the round report"; §9 "Session colours: kills at
 * 5/15/30, deaths 5/10/20, total 25/50/100", the bands the profile's Recent Battles use). The whole card is the
 * report link (stretched from the map name, so the server link inside stays a link of its own); the report
 * highlights this player.
 */
export function SessionCard({ session, now }: { session: Session; now: Date }) {
  const map = formatMapName(session.mapName);
  return (
    <li
      data-testid="session-card"
      data-round-id={session.roundId}
      className="group relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2.5 rounded-md border border-line bg-surface px-4 py-3 shadow-sm shadow-black/5 transition-colors focus-within:border-accent hover:border-accent/60 hover:bg-raised md:grid-cols-[minmax(0,1fr)_auto_7rem] md:items-center"
    >
      <div className="min-w-0">
        {/* Under the page's h1, with no heading between (headings go down one level at a time). */}
        <h2 className="truncate text-base font-semibold text-ink capitalize group-hover:text-accent">
          <Link
            to={paths.roundReport(session.roundId, [session.playerName])}
            aria-label={`Round report: ${map}, ${formatRelativeTime(session.startTime, now)}`}
            className="outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-accent"
          >
            {map}
          </Link>
        </h2>
        <p className="mt-0.5 flex min-w-0 items-baseline gap-2 text-xs text-muted">
          {session.gameType && (
            <span className="shrink-0 rounded-sm bg-sunken px-1.5 py-px text-[10px] font-semibold tracking-wider uppercase">
              {formatGameType(session.gameType)}
            </span>
          )}
          <Link
            to={paths.server(session.serverName)}
            title={session.serverName}
            className="relative z-10 min-w-0 truncate font-medium text-ink underline decoration-line-strong underline-offset-2 hover:text-accent hover:decoration-accent"
          >
            {session.serverName}
          </Link>
        </p>
      </div>
      <div className="col-start-2 row-start-1 flex flex-col items-end gap-1 md:col-start-3">
        <time dateTime={session.startTime} className="tabular text-xs font-medium text-muted">
          {formatRelativeTime(session.startTime, now)}
        </time>
        {session.isActive && <LiveTag />}
      </div>
      {/* From 768 px the figures sit in fixed columns between the name and the time, aligned from card to card. */}
      <div className="col-span-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm font-semibold md:col-span-1 md:col-start-2 md:row-start-1 md:grid md:grid-cols-[3.5rem_3.5rem_4rem_4.5rem_6rem] md:gap-x-3">
        <StatPair label="K" title="Kills">
          <ToneValue tone={sessionKillsTone(session.kills)}>{formatCount(session.kills)}</ToneValue>
        </StatPair>
        <StatPair label="D" title="Deaths">
          <ToneValue tone={sessionDeathsTone(session.deaths)}>{formatCount(session.deaths)}</ToneValue>
        </StatPair>
        <StatPair label="S" title="Score">
          <ToneValue tone={sessionScoreTone(session.score)}>{formatCount(session.score)}</ToneValue>
        </StatPair>
        <StatPair label="K/D">
          <ToneValue tone={kdTone(kdValue(session.kills, session.deaths))}>
            {formatKdRatio(session.kills, session.deaths)}
          </ToneValue>
        </StatPair>
        <StatPair label="Time" title="Time played">
          <span className="tabular text-ink">{formatDuration(session.durationMinutes)}</span>
        </StatPair>
      </div>
    </li>
  );
}
