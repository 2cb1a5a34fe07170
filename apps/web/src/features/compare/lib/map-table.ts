import type { ComparisonResponse, ComparisonTotals } from '@frontline/contract';
import { kdValue } from '../../../lib/tones.ts';

/**
 * The Map Performance table's sorting and filter (spec: site-statistics §2 "Map Performance table (sortable by map
 * name and each player's score, kills, deaths, K/D; toggle kills/deaths columns; toggle hide maps where either score
 * is 0 or less)"; §4 "Sort: first click on a column sorts descending, then toggles"; §5 "Missing totals show N/A").
 */

export type MapRow = ComparisonResponse['mapPerformance'][number];

export type MapFigure = 'score' | 'kills' | 'deaths' | 'kd';
export type MapSortKey = 'mapName' | `player${1 | 2}:${MapFigure}`;
export type SortDirection = 'asc' | 'desc';
export interface MapSort {
  key: MapSortKey;
  direction: SortDirection;
}

/** §4: a new column starts descending; the same column again turns it round. */
export function nextMapSort(current: MapSort | null, key: MapSortKey): MapSort {
  if (current?.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: 'desc' };
}

export function figureValue(totals: ComparisonTotals | null, figure: MapFigure): number | null {
  if (!totals) return null;
  return figure === 'kd' ? kdValue(totals.kills, totals.deaths) : totals[figure];
}

function totalsOf(row: MapRow, side: 1 | 2): ComparisonTotals | null {
  return side === 1 ? row.player1Totals : row.player2Totals;
}

/** Rows in the chosen order; without a sort, the answer's (both players' score together, highest first). Maps a
 * player never played (N/A) go last either way, since they have no figure to rank. */
export function sortMapRows(rows: readonly MapRow[], sort: MapSort | null): MapRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  if (sort.key === 'mapName') {
    return [...rows].sort((a, b) => sign * a.mapName.localeCompare(b.mapName));
  }
  const [player, figure] = sort.key.split(':') as [`player${1 | 2}`, MapFigure];
  const side = player === 'player1' ? 1 : 2;
  return [...rows].sort((a, b) => {
    const first = figureValue(totalsOf(a, side), figure);
    const second = figureValue(totalsOf(b, side), figure);
    if (first === null || second === null) return (first === null ? 1 : 0) - (second === null ? 1 : 0);
    return sign * (first - second) || a.mapName.localeCompare(b.mapName);
  });
}

/**
 * §2 "hide maps where either score is 0 or less": a map one of them never played has no score above 0, so it goes
 * too (the filter keeps the maps where both scored).
 */
export function mapsWhereBothScored(rows: readonly MapRow[]): MapRow[] {
  return rows.filter((row) => (row.player1Totals?.score ?? 0) > 0 && (row.player2Totals?.score ?? 0) > 0);
}
