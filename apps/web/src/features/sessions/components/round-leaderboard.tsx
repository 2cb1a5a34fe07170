import type { Session } from '@frontline/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { ToneValue } from '../../../components/stat-ui.tsx';
import { formatDuration, formatKdRatio } from '../../../lib/format.ts';
import { MEDAL_STYLES, medalOf } from '../../../lib/medals.ts';
import { paths } from '../../../lib/paths.ts';
import { kdTone, kdValue } from '../../../lib/tones.ts';
import { leaderboardRows, previewRows, type LeaderboardRow } from '../lib/round-groups.ts';
import { formatCount } from './sessions-ui.tsx';

/**
 * One round's leaderboard (spec: site-statistics §2 Server sessions "Each round has a leaderboard with medals,
 * player, score, K, D, K/D, time"; §5 K/D rule; §9 names at most 25 characters, durations 'Nh Mm' or '<1m').
 * Long rounds show their top ten (and any filtered-for player below them) until 'Show all'.
 */
export function RoundLeaderboard({
  players,
  highlighted,
  onlyHighlighted,
  caption,
}: {
  /** The round's sessions, best first, as the API sends them. */
  players: readonly Session[];
  /** The players the screen is filtered by. */
  highlighted: readonly string[];
  /** The list holds only the filtered-for players (onlySpecifiedPlayers): places are among them, no medals. */
  onlyHighlighted: boolean;
  caption: string;
}) {
  const [showAll, setShowAll] = useState(false);
  const rows = leaderboardRows(players, onlyHighlighted ? [] : highlighted);
  const preview = previewRows(rows);
  const shown = showAll ? rows : preview.rows;

  if (rows.length === 0)
    return <p className="px-3 py-4 text-sm text-muted italic">Empty round: no player was ever seen.</p>;

  return (
    <div>
      {onlyHighlighted && (
        <p className="px-3 pt-2 text-xs text-muted">Only the filtered players are listed; places are among them.</p>
      )}
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-[10px] tracking-wider text-faint uppercase">
          <tr className="border-b border-line">
            <th scope="col" className="w-10 py-2 pr-1 pl-2 text-center font-semibold sm:w-11 sm:pl-3">
              <abbr title="Place" className="no-underline">
                #
              </abbr>
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Player
            </th>
            <th scope="col" className="w-11 px-1 py-2 text-right font-semibold sm:w-16">
              Score
            </th>
            <th scope="col" className="w-8 px-1 py-2 text-right font-semibold sm:w-12">
              <abbr title="Kills" className="no-underline">
                K
              </abbr>
            </th>
            <th scope="col" className="w-8 px-1 py-2 text-right font-semibold sm:w-12">
              <abbr title="Deaths" className="no-underline">
                D
              </abbr>
            </th>
            <th scope="col" className="w-12 py-2 pr-2 pl-1 text-right font-semibold sm:w-14 sm:pr-1">
              K/D
            </th>
            <th scope="col" className="hidden w-20 py-2 pr-3 pl-1 text-right font-semibold sm:table-cell">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <LeaderboardTableRow
              key={row.session.sessionId}
              row={row}
              medals={!onlyHighlighted}
              afterGap={index > 0 && row.place !== (shown[index - 1]?.place ?? 0) + 1}
            />
          ))}
        </tbody>
      </table>
      {preview.hidden > 0 && (
        <div className="border-t border-line px-3 py-2 text-center">
          <button
            type="button"
            onClick={() => setShowAll((all) => !all)}
            aria-expanded={showAll}
            className="text-xs font-semibold tracking-wide text-accent uppercase hover:underline"
          >
            {showAll ? 'Show top players only' : `Show all ${formatCount(rows.length)} players`}
          </button>
        </div>
      )}
    </div>
  );
}

function LeaderboardTableRow({ row, medals, afterGap }: { row: LeaderboardRow; medals: boolean; afterGap: boolean }) {
  const { session, place, highlighted } = row;
  const medal = medals ? medalOf(place) : null;
  const kd = formatKdRatio(session.kills, session.deaths);
  const time = formatDuration(session.durationMinutes);
  return (
    <tr
      data-testid="leaderboard-row"
      data-player={session.playerName}
      data-highlighted={highlighted || undefined}
      className={`border-b border-line/60 last:border-b-0 ${afterGap ? 'border-t border-t-line-strong border-dashed' : ''} ${
        highlighted ? 'bg-accent-soft/70' : ''
      }`}
    >
      <td className="py-1.5 pr-1 pl-2 text-center sm:pl-3">
        {medal ? (
          <span
            aria-label={`${place}, ${MEDAL_STYLES[medal].label.toLowerCase()} medal`}
            className={`tabular inline-flex size-6 items-center justify-center rounded-full text-xs font-bold ring-1 ${MEDAL_STYLES[medal].disc}`}
          >
            {place}
          </span>
        ) : (
          <span className="tabular inline-flex size-6 items-center justify-center text-xs font-semibold text-muted">
            {place}
          </span>
        )}
      </td>
      {/* Phones: the name takes the width the figures leave and wraps rather than cutting (§9: 25 characters). */}
      <td className="px-2 py-1.5 leading-snug [overflow-wrap:anywhere]">
        <Link
          to={paths.player(session.playerName)}
          className={`font-semibold decoration-accent/60 underline-offset-2 hover:text-accent hover:underline ${
            highlighted ? 'text-accent' : 'text-ink'
          }`}
        >
          <PlayerNameText name={session.playerName} />
        </Link>
        {/* Phones have no Time column: the time goes under the name. */}
        <span className="tabular block text-[11px] text-muted sm:hidden">{time}</span>
      </td>
      <td className="tabular px-1 py-1.5 text-right font-semibold text-ink">{formatCount(session.score)}</td>
      <td className="tabular px-1 py-1.5 text-right text-ink">{formatCount(session.kills)}</td>
      <td className="tabular px-1 py-1.5 text-right text-muted">{formatCount(session.deaths)}</td>
      <td className="py-1.5 pr-2 pl-1 text-right sm:pr-1">
        <ToneValue tone={kdTone(kdValue(session.kills, session.deaths))}>{kd}</ToneValue>
      </td>
      <td className="tabular hidden py-1.5 pr-3 pl-1 text-right text-muted sm:table-cell">{time}</td>
    </tr>
  );
}
