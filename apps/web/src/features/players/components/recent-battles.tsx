import type { ProfileSession } from '@frontline/contract';
import { Link } from 'react-router';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatKdRatio, formatRelativeTime, parseApiTimestamp } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { kdTone, kdValue, sessionDeathsTone, sessionKillsTone, sessionScoreTone } from '../../../lib/tones.ts';
import { EmptyNote } from './player-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

/**
 * Recent Battles (spec: site-statistics §2 "Recent Battles (server link, Online tag, K/D, K, D, S, start time
 * linking to round report else player page, map)"; §9 "Session colours: kills at 5/15/30, deaths 5/10/20,
 * total 25/50/100"). Every session has a round, so the start time always opens its report.
 */
export function RecentBattles({
  sessions,
  playerName,
  now,
}: {
  sessions: readonly ProfileSession[];
  playerName: string;
  now: Date;
}) {
  return (
    <SectionCard
      title="Recent Battles"
      description="The last rounds fought, newest first."
      bodyClassName=""
      actions={
        <Link
          to={paths.playerSessions(playerName)}
          className="inline-flex h-8 items-center rounded-md border border-line-strong px-3 text-xs font-semibold tracking-wide text-ink uppercase transition-colors hover:border-accent hover:text-accent"
        >
          View All Sessions →
        </Link>
      }
    >
      {sessions.length === 0 ? (
        <div className="p-4">
          <EmptyNote>No recent rounds</EmptyNote>
        </div>
      ) : (
        <ol className="divide-y divide-line">
          {sessions.map((session) => (
            <li key={session.sessionId} data-testid="recent-battle" className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link
                  to={paths.server(session.serverName)}
                  className="min-w-0 truncate font-semibold text-ink hover:text-accent"
                  title={session.serverName}
                >
                  {session.serverName}
                </Link>
                {session.isActive && (
                  <span className="rounded-sm bg-good/15 px-1.5 py-px text-[10px] font-bold tracking-wider text-good uppercase">
                    Online
                  </span>
                )}
              </div>
              <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1.5 text-sm">
                <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-muted">
                  <span className="capitalize">{formatMapName(session.mapName)}</span>
                  <span aria-hidden="true" className="text-faint">
                    ·
                  </span>
                  <Link
                    to={paths.roundReport(session.roundId, [playerName])}
                    className="tabular text-xs underline decoration-line-strong underline-offset-2 hover:text-accent hover:decoration-accent"
                    title={`Round report (started ${parseApiTimestamp(session.startTime).toLocaleString()})`}
                  >
                    <time dateTime={session.startTime}>{formatRelativeTime(session.startTime, now)}</time>
                  </Link>
                </span>
                <span className="flex flex-wrap items-baseline gap-x-3 font-semibold">
                  <StatPair label="K/D">
                    <ToneValue tone={kdTone(kdValue(session.totalKills, session.totalDeaths))}>
                      {formatKdRatio(session.totalKills, session.totalDeaths)}
                    </ToneValue>
                  </StatPair>
                  <StatPair label="K" title="Kills">
                    <ToneValue tone={sessionKillsTone(session.totalKills)}>{session.totalKills}</ToneValue>
                  </StatPair>
                  <StatPair label="D" title="Deaths">
                    <ToneValue tone={sessionDeathsTone(session.totalDeaths)}>{session.totalDeaths}</ToneValue>
                  </StatPair>
                  <StatPair label="S" title="Score">
                    <ToneValue tone={sessionScoreTone(session.totalScore)}>{session.totalScore}</ToneValue>
                  </StatPair>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
