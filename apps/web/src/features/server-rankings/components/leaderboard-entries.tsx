import type { ServerRanking } from '@frontline/contract';
import { Link } from 'react-router';
import { formatKdRatio, formatPlayTime, truncateName } from '../../../lib/format.ts';
import { MEDAL_STYLES, type Medal } from '../../../lib/medals.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { RANK_BAND_LABELS, RANK_BAND_STYLES, rankBand } from '../lib/rank-bands.ts';

/** The leaderboard's entries: medal cards for the podium, compact rows after it (spec §2 Rankings). */

const countFormat = new Intl.NumberFormat('en-US');

function formatCount(value: number): string {
  return Number.isFinite(value) ? countFormat.format(value) : '-';
}

/** The stored name is the link's identity; the decoded one is what is read (player-name.ts). */
function PlayerLink({ name, className }: { name: string; className: string }) {
  const shown = displayPlayerName(name);
  return (
    <Link to={paths.player(name)} title={shown} className={`normal-case ${className}`}>
      {truncateName(shown)}
    </Link>
  );
}

/** One figure with its label under it, as on the medal cards. */
function Stat({ label, value, stat }: { label: string; value: string; stat: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] font-semibold tracking-wider text-faint uppercase">{label}</dt>
      <dd data-stat={stat} className="tabular truncate text-sm font-semibold text-ink">
        {value}
      </dd>
    </div>
  );
}

export function MedalCard({ entry, medal }: { entry: ServerRanking; medal: Medal }) {
  const style = MEDAL_STYLES[medal];
  return (
    <li
      data-testid="ranking-entry"
      data-rank={entry.rank}
      data-medal={medal}
      className={`relative min-w-0 overflow-hidden rounded-lg border bg-surface p-4 shadow-sm shadow-black/5 ${style.card}`}
    >
      <div className="flex items-center gap-3">
        <span
          aria-label={`Rank ${entry.rank}, ${style.label.toLowerCase()} medal`}
          className={`tabular inline-flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold shadow-sm ring-2 ${style.disc}`}
        >
          {entry.rank}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-[10px] font-semibold tracking-[0.2em] text-muted uppercase">{style.label}</p>
          <PlayerLink
            name={entry.playerName}
            className="block truncate text-base font-bold text-ink decoration-accent/60 underline-offset-2 hover:text-accent hover:underline"
          />
        </div>
        <div className="shrink-0 text-right">
          <p data-stat="score" className={`tabular text-xl leading-none font-bold ${style.text}`}>
            {formatCount(entry.totalScore)}
          </p>
          <p className="mt-1 text-[10px] font-semibold tracking-wider text-faint uppercase">Score</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-4 gap-2 border-t border-line/70 pt-3">
        <Stat label="Kills" stat="kills" value={formatCount(entry.totalKills)} />
        <Stat label="Deaths" stat="deaths" value={formatCount(entry.totalDeaths)} />
        <Stat label="K/D" stat="kd" value={formatKdRatio(entry.totalKills, entry.totalDeaths)} />
        <Stat label="Time" stat="time" value={formatPlayTime(entry.totalPlayTimeMinutes)} />
      </dl>
    </li>
  );
}

/** Columns of the compact rows and their header, shared so the figures line up under their labels. */
const ROW_GRID =
  'grid grid-cols-[2rem_minmax(0,1fr)_auto] items-center gap-x-3 md:grid-cols-[3rem_minmax(0,1fr)_5.5rem_4.5rem_4.5rem_4.5rem_5.5rem]';

export function RankingRowsHeader() {
  return (
    <div
      aria-hidden="true"
      className={`${ROW_GRID} hidden border-l-4 border-l-transparent px-3 pb-1 text-[10px] font-semibold tracking-wider text-faint uppercase md:grid`}
    >
      <span className="text-right">Rank</span>
      <span>Soldier</span>
      <span className="text-right">Score</span>
      <span className="text-right">Kills</span>
      <span className="text-right">Deaths</span>
      <span className="text-right">K/D</span>
      <span className="text-right">Time</span>
    </div>
  );
}

/** `banded`: the left edge and rank in the band's colour (descending orders); plain otherwise. */
export function RankingRow({ entry, banded = true }: { entry: ServerRanking; banded?: boolean }) {
  const band = rankBand(entry.rank);
  const style = RANK_BAND_STYLES[banded ? band : 'beyond'];
  const kd = formatKdRatio(entry.totalKills, entry.totalDeaths);
  const time = formatPlayTime(entry.totalPlayTimeMinutes);
  return (
    <li
      data-testid="ranking-entry"
      data-rank={entry.rank}
      data-band={banded ? band : 'plain'}
      className={`${ROW_GRID} rounded-md border border-l-4 border-line bg-surface px-3 py-2 ${style.edge}`}
    >
      <span
        className={`tabular text-right text-sm font-bold ${style.rank}`}
        title={banded ? `${RANK_BAND_LABELS[band]}: rank ${entry.rank}` : `Rank ${entry.rank}`}
      >
        {entry.rank}
      </span>
      <div className="min-w-0">
        <PlayerLink
          name={entry.playerName}
          className="block truncate text-sm font-semibold text-ink decoration-accent/60 underline-offset-2 hover:text-accent hover:underline"
        />
        {/* Phones have no columns: the figures other than the score go under the name. */}
        <p className="tabular mt-0.5 truncate text-xs text-muted md:hidden">
          {/* Labels first: "121 K" would read as thousands. */}
          <span className="text-faint">K</span> {formatCount(entry.totalKills)} · <span className="text-faint">D</span>{' '}
          {formatCount(entry.totalDeaths)} · <span className="text-faint">K/D</span> {kd} · {time}
        </p>
      </div>
      <span className="tabular text-right text-sm font-bold text-ink">
        <span data-stat="score">{formatCount(entry.totalScore)}</span>
        <span className="sr-only"> score</span>
      </span>
      <span className="tabular hidden text-right text-sm text-ink md:block">
        <span data-stat="kills">{formatCount(entry.totalKills)}</span>
        <span className="sr-only"> kills</span>
      </span>
      <span className="tabular hidden text-right text-sm text-muted md:block">
        <span data-stat="deaths">{formatCount(entry.totalDeaths)}</span>
        <span className="sr-only"> deaths</span>
      </span>
      <span className="tabular hidden text-right text-sm text-ink md:block">
        <span className="sr-only">K/D </span>
        <span data-stat="kd">{kd}</span>
      </span>
      <span className="tabular hidden text-right text-sm text-muted md:block">
        <span data-stat="time">{time}</span>
        <span className="sr-only"> played</span>
      </span>
    </li>
  );
}
