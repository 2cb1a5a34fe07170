import type { LiveServerDetail } from '@frontline/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { SortArrowIcon } from '../../../components/small-icons.tsx';
import { MISSING_VALUE } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { formatPlayerCount } from '../../../lib/player-count.ts';
import { describeRoundTime } from '../../../lib/round-time.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import {
  DEFAULT_LIVE_SORT,
  LIVE_COLUMN_LABELS,
  LIVE_COLUMN_SHORT_LABELS,
  LIVE_SORT_KEYS,
  LIVE_TONE_CLASSES,
  deathsTone,
  groupPlayersByTeam,
  killsTone,
  nextLiveSort,
  pingTone,
  scoreTone,
  sortLivePlayers,
  type LivePlayer,
  type LiveSortKey,
  type LiveSortState,
  type TeamGroup,
} from '../lib/live-players.ts';
import { countOf } from '../../../lib/plural.ts';

/**
 * The live players panel (spec: site-statistics §2 "Live players panel: title the server name, map and time
 * remaining (hidden when -1); one table per team with header of team label and '{tickets} tickets'; columns
 * PLAYER, SCORE, KILLS, DEATHS, PING (ms) … Row click goes to the player page"; §9 "Live table colours").
 * One sort applies to every team's table, so comparing the teams stays easy.
 */
export function LivePlayersModal({
  live,
  open,
  onClose,
}: {
  live: LiveServerDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [sort, setSort] = useState<LiveSortState>(DEFAULT_LIVE_SORT);
  const groups = groupPlayersByTeam(live.players, live.teams);
  // Time remaining, hidden when -1 (spec §2); FH2, which has no clock, says how long the round has run instead.
  const round = describeRoundTime(live, useMinuteClock());

  return (
    <Modal open={open} onClose={onClose} title={live.name} size="xl">
      <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span>
          Map: <span className="font-semibold text-ink capitalize">{formatMapName(live.mapName) || MISSING_VALUE}</span>
        </span>
        {round.text !== MISSING_VALUE && (
          <span data-testid="time-remaining" title={round.title}>
            {round.elapsed ? 'Round: ' : 'Time remaining: '}
            <span className="tabular font-semibold text-ink">{round.text}</span>
          </span>
        )}
        <span className="tabular">
          {formatPlayerCount(live.numPlayers, live.botCount)}/{live.maxPlayers} players
        </span>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {groups.map((group) => (
          <TeamTable
            key={group.index}
            group={group}
            sort={sort}
            onSort={(key) => setSort((current) => nextLiveSort(current, key))}
          />
        ))}
      </div>
    </Modal>
  );
}

const NUMERIC_TONES: Record<Exclude<LiveSortKey, 'name'>, (value: number) => keyof typeof LIVE_TONE_CLASSES> = {
  score: scoreTone,
  kills: killsTone,
  deaths: deathsTone,
  ping: pingTone,
};

function TeamTable({
  group,
  sort,
  onSort,
}: {
  group: TeamGroup;
  sort: LiveSortState;
  onSort: (key: LiveSortKey) => void;
}) {
  const navigate = useNavigate();
  const rows = sortLivePlayers(group.players, sort);
  // Leaving the page unmounts the dialog with it, so there is nothing to close first.
  const open = (player: LivePlayer) => {
    if (!player.aiBot) void navigate(paths.player(player.name));
  };

  return (
    <section aria-label={group.label} className="min-w-0 rounded-md border border-line" data-testid="team-table">
      <header className="flex items-baseline justify-between gap-3 border-b border-line bg-sunken/50 px-3 py-2">
        <h3 className="heading-display truncate text-sm text-ink">{group.label}</h3>
        {group.tickets !== null && (
          <span className="tabular shrink-0 text-xs font-semibold text-accent">{countOf(group.tickets, 'ticket')}</span>
        )}
      </header>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[17rem] table-fixed border-collapse text-left text-sm">
          <thead className="text-[10px] text-muted">
            <tr className="border-b border-line">
              {LIVE_SORT_KEYS.map((key) => (
                <SortHeader key={key} column={key} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={LIVE_SORT_KEYS.length} className="px-3 py-3 text-center text-xs text-faint">
                  No players on this team
                </td>
              </tr>
            )}
            {rows.map((player) => (
              <tr
                key={player.name}
                data-testid="live-player-row"
                onClick={() => open(player)}
                className={`border-b border-line/60 last:border-b-0 ${
                  player.aiBot ? '' : 'cursor-pointer transition-colors hover:bg-raised'
                }`}
              >
                <td className="truncate py-1.5 pr-2 pl-3">
                  {player.aiBot ? (
                    <span className="text-muted">
                      {displayPlayerName(player.name)}{' '}
                      <span className="rounded bg-sunken px-1 text-[9px] font-semibold tracking-wider uppercase">
                        Bot
                      </span>
                    </span>
                  ) : (
                    <Link
                      to={paths.player(player.name)}
                      // The link handles its own clicks (a new tab with Ctrl, say); the row is for the rest of it.
                      onClick={(event) => event.stopPropagation()}
                      title={displayPlayerName(player.name)}
                      className="font-medium text-ink hover:text-accent hover:underline"
                    >
                      {displayPlayerName(player.name)}
                    </Link>
                  )}
                </td>
                {(['score', 'kills', 'deaths', 'ping'] as const).map((key) => (
                  <td
                    key={key}
                    className={`tabular px-1 py-1.5 text-right last:pr-3 sm:px-1.5 sm:last:pr-3 ${LIVE_TONE_CLASSES[NUMERIC_TONES[key](player[key])]}`}
                  >
                    {player[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Fixed widths for the figures, so the name column takes the rest and long names truncate. */
const COLUMN_WIDTHS: Record<LiveSortKey, string> = {
  name: '',
  score: 'w-[3.75rem]',
  kills: 'w-9 sm:w-[3.25rem]',
  deaths: 'w-9 sm:w-[3.9rem]',
  ping: 'w-14 sm:w-[5.25rem]',
};

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: LiveSortKey;
  sort: LiveSortState;
  onSort: (key: LiveSortKey) => void;
}) {
  const active = sort.key === column;
  const numeric = column !== 'name';
  const label = LIVE_COLUMN_LABELS[column];
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`py-1.5 font-semibold whitespace-nowrap ${COLUMN_WIDTHS[column]} ${
        numeric ? 'px-1 text-right last:pr-3 sm:px-1.5 sm:last:pr-3' : 'pr-2 pl-3'
      }`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        title={`Sort by ${label.toLowerCase()}`}
        className={`-mx-1 inline-flex items-center gap-0.5 rounded px-1 tracking-wide uppercase transition-colors hover:text-ink ${
          active ? 'text-accent' : ''
        } ${numeric ? 'flex-row-reverse' : ''}`}
      >
        {/* A phone has room for the site's short forms (K, D); the full name is still what is read out. */}
        <span aria-hidden="true" className="sm:hidden">
          {LIVE_COLUMN_SHORT_LABELS[column]}
        </span>
        <span className="sr-only sm:hidden">{label}</span>
        <span className="hidden sm:inline">{label}</span>
        <SortArrowIcon arrow={active ? sort.direction : null} width={11} height={11} />
      </button>
    </th>
  );
}
