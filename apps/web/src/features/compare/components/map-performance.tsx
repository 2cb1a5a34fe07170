import type { ComparisonResponse, ComparisonTotals } from '@frontline/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { EmptyNote, SectionCard } from '../../../components/section-card.tsx';
import { ToneValue } from '../../../components/stat-ui.tsx';
import { formatKdRatio } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { kdTone, kdValue } from '../../../lib/tones.ts';
import {
  mapsWhereBothScored,
  nextMapSort,
  sortMapRows,
  type MapFigure,
  type MapSort,
  type MapSortKey,
} from '../lib/map-table.ts';
import { SIDE_STYLES, SideName, type Side } from './compare-ui.tsx';
import { countOf } from '../../../lib/plural.ts';

/**
 * Map Performance (spec: site-statistics §2 "sortable by map name and each player's score, kills, deaths, K/D;
 * toggle kills/deaths columns; toggle hide maps where either score is 0 or less"; §4 "first click on a column sorts
 * descending, then toggles"; §5 "Missing totals show N/A"). Every map either played, all time (on the chosen server
 * when one is chosen).
 */

const countFormat = new Intl.NumberFormat('en-US');
const NOT_AVAILABLE = 'N/A';

const FIGURE_LABELS: Record<MapFigure, string> = { score: 'Score', kills: 'Kills', deaths: 'Deaths', kd: 'K/D' };

export function MapPerformance({ result }: { result: ComparisonResponse }) {
  const [sort, setSort] = useState<MapSort | null>(null);
  const [showKillsDeaths, setShowKillsDeaths] = useState(true);
  const [bothScoredOnly, setBothScoredOnly] = useState(false);
  const figures: MapFigure[] = showKillsDeaths ? ['score', 'kills', 'deaths', 'kd'] : ['score', 'kd'];
  const rows = useMemo(
    () => sortMapRows(bothScoredOnly ? mapsWhereBothScored(result.mapPerformance) : result.mapPerformance, sort),
    [result.mapPerformance, bothScoredOnly, sort],
  );

  return (
    <SectionCard
      title="Map Performance"
      description={`${countOf(result.mapPerformance.length, 'map')} either player has played`}
      actions={
        <>
          <Toggle checked={showKillsDeaths} onChange={setShowKillsDeaths}>
            Kills &amp; deaths
          </Toggle>
          <Toggle checked={bothScoredOnly} onChange={setBothScoredOnly}>
            Hide maps where either score ≤ 0
          </Toggle>
        </>
      }
      bodyClassName="px-0 py-0"
    >
      {rows.length === 0 ? (
        <div className="p-4">
          <EmptyNote>
            {bothScoredOnly && result.mapPerformance.length > 0
              ? 'No map where both players scored.'
              : 'No maps played.'}
          </EmptyNote>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table data-testid="map-table" className="w-full min-w-max text-sm">
            <thead>
              <tr className="border-b border-line text-[11px] tracking-wider text-faint uppercase">
                <SortableHeader
                  label="Map"
                  sortKey="mapName"
                  sort={sort}
                  onSort={setSort}
                  rowSpan={2}
                  className="sticky left-0 bg-surface px-3 align-bottom"
                />
                {([1, 2] as const).map((side) => (
                  <th
                    key={side}
                    colSpan={figures.length}
                    scope="colgroup"
                    className={`border-l border-line px-3 pt-2 text-left font-normal normal-case`}
                  >
                    <SideName side={side} name={side === 1 ? result.player1 : result.player2} max={20} />
                  </th>
                ))}
              </tr>
              <tr className="border-b border-line text-[11px] tracking-wider text-faint uppercase">
                {([1, 2] as const).flatMap((side) =>
                  figures.map((figure, index) => (
                    <SortableHeader
                      key={`${side}:${figure}`}
                      label={FIGURE_LABELS[figure]}
                      fullLabel={`${side === 1 ? result.player1 : result.player2} ${FIGURE_LABELS[figure]}`}
                      sortKey={`player${side}:${figure}`}
                      sort={sort}
                      onSort={setSort}
                      align="right"
                      className={`px-2 ${index === 0 ? 'border-l border-line' : ''}`}
                    />
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.mapName}
                  data-testid="map-row"
                  className="border-b border-line last:border-b-0 hover:bg-sunken/50"
                >
                  <th
                    scope="row"
                    className="sticky left-0 bg-surface px-3 py-2 text-left font-semibold text-ink capitalize"
                  >
                    {formatMapName(row.mapName)}
                  </th>
                  {([1, 2] as const).flatMap((side) =>
                    figures.map((figure, index) => (
                      <FigureCell
                        key={`${side}:${figure}`}
                        side={side}
                        totals={side === 1 ? row.player1Totals : row.player2Totals}
                        figure={figure}
                        first={index === 0}
                      />
                    )),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}

function FigureCell({
  side,
  totals,
  figure,
  first,
}: {
  side: Side;
  totals: ComparisonTotals | null;
  figure: MapFigure;
  first: boolean;
}) {
  const border = first ? 'border-l border-line' : '';
  if (!totals) {
    return <td className={`px-2 py-2 text-right text-faint ${border}`}>{NOT_AVAILABLE}</td>;
  }
  let value;
  if (figure === 'kd') {
    value = (
      <ToneValue tone={kdTone(kdValue(totals.kills, totals.deaths))}>
        {formatKdRatio(totals.kills, totals.deaths)}
      </ToneValue>
    );
  } else {
    value = countFormat.format(totals[figure]);
  }
  return (
    <td
      className={`tabular px-2 py-2 text-right ${figure === 'score' ? `font-semibold ${SIDE_STYLES[side].text}` : 'text-ink'} ${border}`}
    >
      {value}
    </td>
  );
}

/** A column heading that sorts the table; `aria-sort` tells screen readers which way it is sorted. */
function SortableHeader({
  label,
  fullLabel,
  sortKey,
  sort,
  onSort,
  align = 'left',
  rowSpan,
  className = '',
}: {
  label: string;
  fullLabel?: string;
  sortKey: MapSortKey;
  sort: MapSort | null;
  onSort: (sort: MapSort) => void;
  align?: 'left' | 'right';
  rowSpan?: number;
  className?: string;
}) {
  const active = sort?.key === sortKey;
  const direction = active ? sort.direction : null;
  return (
    <th
      scope="col"
      rowSpan={rowSpan}
      aria-sort={direction === 'desc' ? 'descending' : direction === 'asc' ? 'ascending' : undefined}
      className={`${align === 'right' ? 'text-right' : 'text-left'} ${className}`}
    >
      <button
        type="button"
        title={`Sort by ${fullLabel ?? label}`}
        onClick={() => onSort(nextMapSort(sort, sortKey))}
        className={`inline-flex w-full items-center gap-1 py-2 font-semibold tracking-wider uppercase hover:text-ink ${
          align === 'right' ? 'justify-end' : 'justify-start'
        } ${active ? 'text-ink' : ''}`}
      >
        {label}
        <span aria-hidden="true" className="w-2 text-[9px]">
          {direction === 'desc' ? '▼' : direction === 'asc' ? '▲' : ''}
        </span>
      </button>
    </th>
  );
}

function Toggle({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-line bg-canvas px-2 py-1 text-xs font-medium text-muted select-none hover:text-ink has-[:checked]:text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-3.5 accent-[var(--fl-accent)]"
      />
      {children}
    </label>
  );
}
