import {
  LEADERBOARD_PERIODS,
  type LeaderboardPeriod,
  type ServerDetailsResponse,
  type ServerLeaderboard,
} from '@frontline/contract';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatKdRatio, formatPlayTime, formatRelativeTime } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import {
  DEFAULT_LEADERBOARD_PERIOD,
  DEFAULT_PLACEMENT_VIEW,
  LEADERBOARD_PERIOD_LABELS,
  MIN_PLAYERS_OPTIONS,
  NO_PLACEMENTS_TEXT,
  PLACEMENT_EMPTY_HINT,
  PLACEMENT_VIEW_TITLES,
  combinedAddressesNote,
  findLeaderboard,
  hasPlacementData,
  isMinPlayersOption,
  leaderboardPeriodRule,
  noPlacementDataText,
  ratioBoardRule,
  resolvePlacementRows,
  type MinPlayersOption,
  type PlacementView,
} from '../lib/leaderboards.ts';
import { EmptyNote, RankBadge, UpdatingOverlay } from './profile-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { countOf } from '../../../lib/plural.ts';

const LEADERBOARDS_TITLE = 'Player Statistics & Rankings';

/**
 * 'Player Statistics & Rankings' (spec: site-statistics §2 "Player Statistics & Rankings (link to rankings plus
 * leaderboards)"; §3 leaderboards by period; §4 tabs, placement views, minimum players).
 */
export function LeaderboardsSection({
  details,
  minPlayers,
  onMinPlayersChange,
  updating,
}: {
  details: ServerDetailsResponse;
  minPlayers: MinPlayersOption;
  onMinPlayersChange: (value: MinPlayersOption) => void;
  /** The details are being fetched again (a new minimum): the boards stay, dimmed. */
  updating: boolean;
}) {
  const [period, setPeriod] = useState<LeaderboardPeriod>(DEFAULT_LEADERBOARD_PERIOD);
  const board = findLeaderboard(details.leaderboards, period);
  const tabsId = useId();
  const addressesNote = combinedAddressesNote(details.addresses);

  return (
    <SectionCard
      title={LEADERBOARDS_TITLE}
      description={board ? leaderboardPeriodRule(board) : undefined}
      actions={
        <Link
          to={paths.serverRankings(details.serverName)}
          className="inline-flex h-8 items-center rounded-md border border-line-strong px-3 text-xs font-semibold tracking-wide text-ink uppercase transition-colors hover:border-accent hover:text-accent"
        >
          Full rankings →
        </Link>
      }
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <PeriodTabs id={tabsId} value={period} onChange={setPeriod} />
        <p className="text-xs text-muted" data-testid="period-rule">
          Rounds count on the UTC day they ended; the boards show closed rounds.
        </p>
      </div>
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${period}`} className="relative mt-4">
        {updating && <UpdatingOverlay label="Updating…" />}
        {board ? <Boards board={board} /> : <EmptyNote>No statistics for this period yet</EmptyNote>}
        {hasPlacementData(details.leaderboards) && (
          <Placements
            board={board}
            minPlayers={minPlayers}
            shownMinPlayers={details.minPlayersForWeighting}
            onMinPlayersChange={onMinPlayersChange}
            disabled={updating}
          />
        )}
      </div>
      {addressesNote && (
        <p
          className="mt-4 rounded-md border border-line bg-canvas/50 px-3 py-2 text-xs text-muted"
          data-testid="addresses-note"
        >
          {addressesNote}
        </p>
      )}
    </SectionCard>
  );
}

function PeriodTabs({
  id,
  value,
  onChange,
}: {
  id: string;
  value: LeaderboardPeriod;
  onChange: (period: LeaderboardPeriod) => void;
}) {
  // Arrow keys move between tabs, as a tab list's keyboard pattern expects.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = LEADERBOARD_PERIODS.indexOf(value);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = LEADERBOARD_PERIODS[(index + step + LEADERBOARD_PERIODS.length) % LEADERBOARD_PERIODS.length];
    if (next) {
      onChange(next);
      document.getElementById(`${id}-${next}`)?.focus();
    }
  };
  return (
    <div
      role="tablist"
      aria-label="Leaderboard period"
      onKeyDown={onKeyDown}
      className="inline-flex rounded-lg border border-line bg-canvas p-1"
    >
      {LEADERBOARD_PERIODS.map((period) => {
        const selected = period === value;
        return (
          <button
            key={period}
            id={`${id}-${period}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(period)}
            className={`rounded-md px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors ${
              selected ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
            }`}
          >
            {LEADERBOARD_PERIOD_LABELS[period]}
          </button>
        );
      })}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The four boards

function Boards({ board }: { board: ServerLeaderboard }) {
  const minRounds = ratioBoardRule(board);
  return (
    <div className="grid gap-3 md:grid-cols-2 2xl:grid-cols-4">
      <Board title="Most Active" unit="Time played" empty="No one has played in this period yet">
        {board.mostActivePlayersByTime.map((entry, index) => (
          <BoardRow
            key={entry.playerName}
            rank={index + 1}
            playerName={entry.playerName}
            detail={`${countOf(entry.totalKills, 'kill')} · ${countOf(entry.totalDeaths, 'death')}`}
            value={formatPlayTime(entry.minutesPlayed)}
          />
        ))}
      </Board>
      <Board title="Top Scores" unit="Score in one round" empty="No scores in this period yet">
        {board.topScores.map((entry, index) => (
          <BoardRow
            key={`${entry.roundId}:${entry.playerName}`}
            rank={index + 1}
            playerName={entry.playerName}
            detail={
              <Link
                to={paths.roundReport(entry.roundId, [entry.playerName])}
                title={`Round report · ${formatDateTime(entry.timestamp)}`}
                className="hover:text-accent hover:underline"
              >
                <span className="capitalize">{formatMapName(entry.mapName)}</span> ·{' '}
                {formatRelativeTime(entry.timestamp)}
              </Link>
            }
            value={String(entry.score)}
          />
        ))}
      </Board>
      <Board title="Top K/D" unit="Kills per death" note={minRounds} empty="No one has played enough rounds yet">
        {board.topKDRatios.map((entry, index) => (
          <BoardRow
            key={entry.playerName}
            rank={index + 1}
            playerName={entry.playerName}
            detail={`${countOf(entry.kills, 'kill')} · ${countOf(entry.deaths, 'death')} · ${countOf(entry.totalRounds, 'round')}`}
            value={formatKdRatio(entry.kills, entry.deaths)}
          />
        ))}
      </Board>
      <Board title="Top Kill Rate" unit="Kills per minute" note={minRounds} empty="No one has played enough rounds yet">
        {board.topKillRates.map((entry, index) => (
          <BoardRow
            key={entry.playerName}
            rank={index + 1}
            playerName={entry.playerName}
            detail={`${countOf(entry.kills, 'kill')} · ${countOf(entry.totalRounds, 'round')}`}
            value={entry.killRate.toFixed(2)}
          />
        ))}
      </Board>
    </div>
  );
}

/** On a phone the four boards stack; each shows its first rows until asked for the rest. */
const PHONE_BOARD_ROWS = 5;

function Board({
  title,
  unit,
  note,
  empty,
  children,
}: {
  title: string;
  unit: string;
  note?: string;
  empty: string;
  children: ReactNode[];
}) {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(false);
  const collapsed = isMobile && !expanded && children.length > PHONE_BOARD_ROWS;
  const rows = collapsed ? children.slice(0, PHONE_BOARD_ROWS) : children;
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-md border border-line bg-canvas/50"
      data-testid="leaderboard"
    >
      <header className="flex items-baseline justify-between gap-2 border-b border-line px-3 py-2">
        <h3 className="heading-display text-sm text-ink">{title}</h3>
        <span className="truncate text-[10px] tracking-wide text-muted uppercase">{unit}</span>
      </header>
      {note && <p className="border-b border-line/60 px-3 py-1 text-[11px] text-faint">{note}</p>}
      {children.length === 0 ? (
        <p className="px-3 py-5 text-center text-xs text-muted">{empty}</p>
      ) : (
        <ol className="divide-y divide-line/60">{rows}</ol>
      )}
      {collapsed && (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          className="w-full border-t border-line/60 px-3 py-1.5 text-xs font-semibold text-accent hover:bg-raised"
        >
          Show all {children.length}
        </button>
      )}
    </section>
  );
}

function BoardRow({
  rank,
  playerName,
  detail,
  value,
}: {
  rank: number;
  playerName: string;
  detail: ReactNode;
  value: string;
}) {
  return (
    <li className="flex items-center gap-2.5 px-3 py-1.5">
      <RankBadge rank={rank} />
      <div className="min-w-0 flex-1">
        <Link
          to={paths.player(playerName)}
          title={displayPlayerName(playerName)}
          className="block truncate text-sm font-medium text-ink hover:text-accent hover:underline"
        >
          {displayPlayerName(playerName)}
        </Link>
        <div className="mt-1.5 truncate text-[11px] text-muted">{detail}</div>
      </div>
      <span className="tabular shrink-0 text-sm font-semibold text-accent">{value}</span>
    </li>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Placements

const VIEW_OPTIONS = (['weighted', 'all'] as const).map((view) => ({
  value: view,
  label: PLACEMENT_VIEW_TITLES[view],
  title:
    view === 'weighted'
      ? 'Only rounds with at least the minimum number of players'
      : 'Every round with a scoring top three',
}));

function Placements({
  board,
  minPlayers,
  shownMinPlayers,
  onMinPlayersChange,
  disabled,
}: {
  board: ServerLeaderboard | undefined;
  minPlayers: MinPlayersOption;
  /** The minimum the shown standings were counted with (the select may be ahead while they load). */
  shownMinPlayers: number;
  onMinPlayersChange: (value: MinPlayersOption) => void;
  disabled: boolean;
}) {
  const [view, setView] = useState<PlacementView>(DEFAULT_PLACEMENT_VIEW);
  const selectId = useId();
  const result = resolvePlacementRows(board, view);

  return (
    <section aria-label="Placements" className="mt-5 rounded-md border border-line" data-testid="placements">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line bg-sunken/40 px-3 py-2">
        <div className="min-w-0">
          <h3 className="heading-display text-sm text-ink">Placements</h3>
          <p className="text-[11px] text-muted">
            {view === 'weighted'
              ? `Top three finishes in rounds with at least ${shownMinPlayers} players`
              : 'Top three finishes in every round'}{' '}
            · ranked by points: 3 for 1st, 2 for 2nd, 1 for 3rd
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl label="Placement view" options={VIEW_OPTIONS} value={view} onChange={setView} />
          <label htmlFor={selectId} className="text-xs text-muted">
            Min. players
          </label>
          <select
            id={selectId}
            value={minPlayers}
            disabled={disabled}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (isMinPlayersOption(value)) onMinPlayersChange(value);
            }}
            className="h-8 rounded-md border border-line-strong bg-raised px-2 text-sm text-ink disabled:opacity-60"
          >
            {MIN_PLAYERS_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="p-3">
        {result.kind === 'none' && <EmptyNote>{NO_PLACEMENTS_TEXT}</EmptyNote>}
        {result.kind === 'empty-view' && <EmptyNote hint={PLACEMENT_EMPTY_HINT}>{noPlacementDataText(view)}</EmptyNote>}
        {result.kind === 'rows' && (
          <div>
            {result.fellBack && (
              <p className="mb-2 text-xs text-muted">No High-Stakes standings in this answer: showing All Rounds.</p>
            )}
            <table className="w-full table-fixed border-collapse text-left text-sm">
              <thead className="text-[10px] tracking-wider text-muted uppercase">
                <tr className="border-b border-line">
                  <th scope="col" className="w-7 py-1.5 font-semibold sm:w-8">
                    #
                  </th>
                  <th scope="col" className="py-1.5 pr-2 font-semibold">
                    Player
                  </th>
                  <th scope="col" className="w-8 px-1 py-1.5 text-right font-semibold sm:w-14" title="First places">
                    1st
                  </th>
                  <th scope="col" className="w-8 px-1 py-1.5 text-right font-semibold sm:w-14" title="Second places">
                    2nd
                  </th>
                  <th scope="col" className="w-8 px-1 py-1.5 text-right font-semibold sm:w-14" title="Third places">
                    3rd
                  </th>
                  <th scope="col" className="w-12 py-1.5 pl-1 text-right font-semibold sm:w-20">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr
                    key={row.playerName}
                    className="border-b border-line/60 last:border-b-0"
                    data-testid="placement-row"
                  >
                    <td className="py-1.5">
                      <RankBadge rank={row.rank} />
                    </td>
                    <td className="truncate py-1.5 pr-2">
                      <Link
                        to={paths.player(row.playerName)}
                        title={displayPlayerName(row.playerName)}
                        className="font-medium text-ink hover:text-accent hover:underline"
                      >
                        {displayPlayerName(row.playerName)}
                      </Link>
                    </td>
                    <td className="tabular px-1 py-1.5 text-right text-accent">{row.firstPlaces}</td>
                    <td className="tabular px-1 py-1.5 text-right text-ink">{row.secondPlaces}</td>
                    <td className="tabular px-1 py-1.5 text-right text-warn">{row.thirdPlaces}</td>
                    <td className="tabular py-1.5 pl-1 text-right font-semibold text-ink">{row.placementPoints}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
