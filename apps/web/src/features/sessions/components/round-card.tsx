import type { RoundWithPlayers } from '@frontline/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatDuration, formatRelativeTime } from '../../../lib/format.ts';
import { formatGameType } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { RoundLeaderboard } from './round-leaderboard.tsx';
import { LiveTag } from './sessions-ui.tsx';
import { countOf } from '../../../lib/plural.ts';

/** Tickets are shown only when the server reported both (spec §2 Round report "shown only when both present"). */
function ticketsText(round: RoundWithPlayers): string | null {
  const { tickets1, tickets2 } = round;
  if (tickets1 === null || tickets2 === null || tickets1 < 0 || tickets2 < 0) return null;
  return `${round.team1Label || 'Team 1'} ${tickets1} – ${tickets2} ${round.team2Label || 'Team 2'}`;
}

/**
 * One round of the server's list: when it started, how long it ran, who played, and its leaderboard, which
 * folds away with the header (spec §4 "groups collapse by toggle"). The report link carries the filtered-for
 * players, so the report highlights them.
 */
export function RoundCard({
  round,
  highlighted,
  onlyHighlighted,
  now,
}: {
  round: RoundWithPlayers;
  highlighted: readonly string[];
  onlyHighlighted: boolean;
  now: Date;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const started = formatRelativeTime(round.startTime, now);
  const tickets = ticketsText(round);

  return (
    <li data-testid="round" data-round-id={round.roundId} className="rounded-md border border-line bg-surface">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="group flex min-w-0 flex-[1_1_16rem] items-start gap-2 text-left"
        >
          <ChevronDownIcon
            width={16}
            height={16}
            className={`mt-0.5 shrink-0 text-muted transition-transform group-hover:text-accent ${open ? '' : '-rotate-90'}`}
          />
          <span className="min-w-0">
            <span className="block text-sm font-semibold text-ink group-hover:text-accent">
              Started <time dateTime={round.startTime}>{started}</time>
              <span className="sr-only"> ({open ? 'hide' : 'show'} leaderboard)</span>
            </span>
            <span className="tabular mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted">
              <span>{formatDateTime(round.startTime)}</span>
              {round.gameType && <span>· {formatGameType(round.gameType)}</span>}
              <span>· {formatDuration(round.durationMinutes)}</span>
              <span>· {countOf(round.participantCount, 'player')}</span>
              {tickets && <span>· {tickets}</span>}
            </span>
          </span>
        </button>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {round.isActive && <LiveTag />}
          <Link
            to={paths.roundReport(round.roundId, highlighted)}
            className="inline-flex h-8 items-center rounded-md border border-line-strong px-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink uppercase transition-colors hover:border-accent hover:text-accent"
          >
            View Round Report
          </Link>
        </div>
      </div>
      <div id={bodyId} hidden={!open} className="border-t border-line">
        {open && (
          <RoundLeaderboard
            players={round.players}
            highlighted={highlighted}
            onlyHighlighted={onlyHighlighted}
            caption={`Leaderboard of the round started ${started}`}
          />
        )}
      </div>
    </li>
  );
}
