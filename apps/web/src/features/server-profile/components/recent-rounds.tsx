import type { RecentRound } from '@frontline/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { formatRoundDuration } from '../lib/profile-display.ts';
import { EmptyNote } from './profile-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { countOf } from '../../../lib/plural.ts';

const RECENT_ROUNDS_TITLE = 'Recent Rounds';
const NO_RECENT_ROUNDS_TEXT = 'No recent rounds';

/**
 * Spec §2 "Recent Rounds (View All Sessions link)"; each round opens its report. The API lists the latest rounds
 * somebody played, latest-ended first, as the sessions page does: rounds in which no player was ever seen are
 * left out (the sessions page shows them on request).
 */
export function RecentRounds({ serverName, rounds }: { serverName: string; rounds: readonly RecentRound[] }) {
  return (
    <SectionCard
      title={RECENT_ROUNDS_TITLE}
      description="Latest rounds with players"
      actions={
        <Link
          to={paths.serverSessions(serverName)}
          className="inline-flex h-8 items-center rounded-md border border-line-strong px-3 text-xs font-semibold tracking-wide text-ink uppercase transition-colors hover:border-accent hover:text-accent"
        >
          View All Sessions →
        </Link>
      }
    >
      {rounds.length === 0 ? (
        <EmptyNote>{NO_RECENT_ROUNDS_TEXT}</EmptyNote>
      ) : (
        <ul className="-my-1 divide-y divide-line/70">
          {rounds.map((round) => (
            <li key={round.roundId}>
              <Link
                to={paths.roundReport(round.roundId)}
                data-testid="recent-round"
                className="-mx-2 flex items-center gap-3 rounded-md px-2 py-2 transition-colors hover:bg-raised"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-ink capitalize">{formatMapName(round.mapName)}</p>
                  <p className="truncate text-xs text-muted" title={formatDateTime(round.startTime)}>
                    Started {formatRelativeTime(round.startTime)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  {round.isActive ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-good/15 px-2 py-0.5 text-[10px] font-bold tracking-wider text-good uppercase">
                      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-good" />
                      Live
                    </span>
                  ) : (
                    <span className="tabular text-sm text-ink">
                      {formatRoundDuration(round.startTime, round.endTime)}
                    </span>
                  )}
                  <p className="tabular text-xs text-muted">{countOf(round.participantCount, 'player')}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
