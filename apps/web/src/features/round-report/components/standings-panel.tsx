import type { RoundSummary } from '@frontline/contract';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/icons.tsx';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { MEDAL_STYLES, medalOf } from '../../../lib/medals.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { sessionKillsTone } from '../../../lib/tones.ts';
import { formatOffset, offsetMs } from '../lib/report-display.ts';
import { teamStandings, type StandingLine, type TeamStanding } from '../lib/standings.ts';

/** The replay's ladder at its current step. */
const LIVE_STANDINGS_TITLE = 'Live Standings';
/** Everyone who played a finished round. */
const FINAL_STANDINGS_TITLE = 'Final Standings';
/** Everyone who has played a round still being played: nothing is final yet. */
const STANDINGS_SO_FAR_TITLE = 'Standings So Far';
const LEFT_TAG = 'Left';

/** The panel's title: the replay's ladder, else the round's standings, final only once the round has ended. */
function standingsTitle(live: boolean, roundIsActive: boolean): string {
  if (live) return LIVE_STANDINGS_TITLE;
  return roundIsActive ? STANDINGS_SO_FAR_TITLE : FINAL_STANDINGS_TITLE;
}

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The standings panel (spec: site-statistics §2 "Round report": "Standings panel 'Live or Final Standings' with
 * Live Ladder toggle, grouped per team with team kills (K) and points (P); table rank (top 3 medals), player,
 * PTS, K, D; kill counts colour-graded"; §9 "Session colours: kills at 5/15/30"). With the live ladder on, the
 * panel shows the scoreboard of the replay's current step (whom that poll saw); off, the round's standings:
 * everyone who played it with their session totals, ranked over all of them (so the medals go to the best three
 * of the round, gone or not), those not in the last poll marked 'Left'. A round still being played has
 * standings so far, not final ones. A player's name tracks them in the console (clicking the tracked name again
 * stops tracking); the arrow beside it opens the profile.
 */
export function StandingsPanel({
  round,
  entries,
  live,
  onLiveChange,
  atTime,
  highlighted,
  tracked,
  onTrack,
}: {
  round: RoundSummary;
  /** The replay step's scoreboard with the live ladder on, else the report's final standings. */
  entries: readonly StandingLine[];
  live: boolean;
  onLiveChange: (live: boolean) => void;
  /** The round time the shown scoreboard is from ('12:30'). */
  atTime: string;
  highlighted: ReadonlySet<string>;
  tracked: ReadonlySet<string>;
  onTrack: (playerName: string | null) => void;
}) {
  const teams = teamStandings(entries, round);
  const anyLeft = !live && entries.some((entry) => 'left' in entry && entry.left);
  return (
    <SectionCard
      title={standingsTitle(live, round.isActive)}
      description={
        live
          ? `At ${atTime} into the round`
          : round.isActive
            ? 'Everyone who has played so far, with their totals at the latest poll'
            : 'Everyone who played, with their totals for the round'
      }
      actions={
        <button
          type="button"
          role="switch"
          aria-checked={live}
          onClick={() => onLiveChange(!live)}
          className="inline-flex items-center gap-2 rounded-md px-1 py-0.5 text-xs font-semibold tracking-wide text-muted uppercase hover:text-ink"
        >
          <span aria-hidden="true" className="report-switch" data-on={live} />
          Live Ladder
        </button>
      }
      bodyClassName="divide-y divide-line"
    >
      {teams.map((team) => (
        <TeamTable
          key={team.team}
          team={team}
          highlighted={highlighted}
          tracked={tracked}
          onTrack={onTrack}
          round={round}
        />
      ))}
      {!live && (
        <p data-testid="standings-note" className="px-3 py-2.5 text-xs text-muted sm:px-5">
          A player who left and came back counts every stint.
          {anyLeft &&
            (round.isActive
              ? ` ${LEFT_TAG}: not in the latest poll.`
              : ` ${LEFT_TAG}: gone before the end; their totals are those they left with.`)}
        </p>
      )}
    </SectionCard>
  );
}

function TeamTable({
  team,
  highlighted,
  tracked,
  onTrack,
  round,
}: {
  team: TeamStanding;
  highlighted: ReadonlySet<string>;
  tracked: ReadonlySet<string>;
  onTrack: (playerName: string | null) => void;
  round: RoundSummary;
}) {
  return (
    <div data-testid="standings-team" className="px-2 py-3 sm:px-4">
      <div className="mb-1.5 flex items-baseline justify-between gap-3 px-1">
        <h3 className="heading-display min-w-0 truncate text-sm text-ink" title={team.teamName}>
          {team.teamName}
        </h3>
        <span className="flex shrink-0 gap-3 text-xs font-semibold">
          <StatPair label="K" title="Team kills">
            <span className="tabular text-ink" data-testid="team-kills">
              {countFormat.format(team.totalKills)}
            </span>
          </StatPair>
          <StatPair label="P" title="Team points">
            <span className="tabular text-ink" data-testid="team-points">
              {countFormat.format(team.totalScore)}
            </span>
          </StatPair>
        </span>
      </div>
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{team.teamName} players</caption>
        <thead>
          <tr className="text-[10px] tracking-wider text-faint uppercase">
            <th scope="col" className="w-9 px-1 py-1 text-left font-semibold">
              <span className="sr-only">Rank</span>#
            </th>
            <th scope="col" className="px-1 py-1 text-left font-semibold">
              Player
            </th>
            <th scope="col" className="w-12 px-1 py-1 text-right font-semibold">
              PTS
            </th>
            <th scope="col" className="w-9 px-1 py-1 text-right font-semibold">
              K
            </th>
            <th scope="col" className="w-9 px-1 py-1 text-right font-semibold">
              D
            </th>
          </tr>
        </thead>
        <tbody>
          {team.players.map((entry) => (
            <StandingRow
              key={entry.playerName}
              entry={entry}
              highlighted={highlighted.has(entry.playerName)}
              tracked={tracked.has(entry.playerName)}
              onTrack={onTrack}
              round={round}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StandingRow({
  entry,
  highlighted,
  tracked,
  onTrack,
  round,
}: {
  entry: StandingLine;
  highlighted: boolean;
  tracked: boolean;
  onTrack: (playerName: string | null) => void;
  round: RoundSummary;
}) {
  const shown = displayPlayerName(entry.playerName);
  const left = 'left' in entry && entry.left;
  return (
    <tr
      data-testid="standing-row"
      data-player={entry.playerName}
      data-highlighted={highlighted || undefined}
      data-tracked={tracked || undefined}
      data-left={left || undefined}
      className="report-standing-row"
    >
      <td className="px-1 py-1">
        <RankMark rank={entry.rank} />
      </td>
      <td className="px-1 py-1">
        <span className="flex min-w-0 items-center gap-1">
          <button
            type="button"
            aria-pressed={tracked}
            title={tracked ? 'Stop tracking' : `Track ${shown} in the console`}
            onClick={() => onTrack(tracked ? null : shown)}
            className="min-w-0 text-left leading-snug font-medium [overflow-wrap:anywhere] text-ink hover:text-accent"
          >
            <PlayerNameText name={entry.playerName} />
          </button>
          {highlighted && <span className="sr-only">(highlighted)</span>}
          {left && (
            <span
              data-testid="left-tag"
              title={`${round.isActive ? 'Not in the latest poll' : 'Left before the end'}: last seen ${formatOffset(
                offsetMs(round.startTime, entry.lastSeen),
              )} into the round`}
              className="shrink-0 rounded-sm bg-sunken px-1 py-px text-[9px] font-bold tracking-wider text-muted uppercase"
            >
              {LEFT_TAG}
            </span>
          )}
          <Link
            to={paths.player(entry.playerName)}
            aria-label={`Open ${shown}'s profile`}
            className="inline-flex size-5 shrink-0 items-center justify-center rounded text-faint hover:bg-raised hover:text-accent"
          >
            <LineIcon size={13}>
              <path d="M9 7h8v8M17 7 7 17" />
            </LineIcon>
          </Link>
        </span>
      </td>
      <td className="tabular px-1 py-1 text-right font-semibold text-ink">{entry.score}</td>
      <td className="px-1 py-1 text-right">
        <ToneValue tone={sessionKillsTone(entry.kills)} className="font-semibold">
          {entry.kills}
        </ToneValue>
      </td>
      <td className="tabular px-1 py-1 text-right text-muted">{entry.deaths}</td>
    </tr>
  );
}

/** Ranks 1 to 3 in the leaderboard's medal discs, the rest as plain figures. */
function RankMark({ rank }: { rank: number }) {
  const medal = medalOf(rank);
  if (!medal) return <span className="tabular pl-1 text-xs text-faint">{rank}</span>;
  const style = MEDAL_STYLES[medal];
  return (
    <span
      aria-label={`Rank ${rank}, ${style.label.toLowerCase()} medal`}
      className={`tabular inline-flex size-6 items-center justify-center rounded-full text-[11px] font-bold ring-1 ${style.disc}`}
    >
      {rank}
    </span>
  );
}
