import type { MapStat, MapStatsRange } from '@frontline/contract';
import { kdValue } from '../../../lib/tones.ts';

/**
 * The Map Performance modal's table (spec: site-statistics §2 "Map Performance modal": "time-range buttons";
 * "Sortable columns map, score, K/D, kills, deaths, sessions, time; default score descending ...; same column
 * toggles, new column starts descending. Map row links to sessions filtered by map and server"; §7 "range:
 * Last30Days, ThisYear, LastYear").
 */

export const MAP_SORT_KEYS = [
  'mapName',
  'totalScore',
  'kdRatio',
  'totalKills',
  'totalDeaths',
  'sessions',
  'time',
] as const;
export type MapSortKey = (typeof MAP_SORT_KEYS)[number];
export type MapSortOrder = 'asc' | 'desc';

export interface MapSort {
  key: MapSortKey;
  order: MapSortOrder;
}

export const DEFAULT_MAP_SORT: MapSort = { key: 'totalScore', order: 'desc' };
export const DEFAULT_MAP_RANGE: MapStatsRange = 'Last30Days';

export const MAP_RANGE_LABELS: Record<MapStatsRange, string> = {
  Last30Days: 'Last 30 Days',
  ThisYear: 'This Year',
  LastYear: 'Last Year',
};

export const MAP_COLUMN_LABELS: Record<MapSortKey, string> = {
  mapName: 'Map',
  totalScore: 'Score',
  kdRatio: 'K/D',
  totalKills: 'Kills',
  totalDeaths: 'Deaths',
  sessions: 'Sessions',
  time: 'Time',
};

/** §2: "same column toggles, new column starts descending" (the map column too: the spec makes no exception). */
export function nextMapSort(current: MapSort, key: MapSortKey): MapSort {
  if (current.key === key) return { key, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { key, order: 'desc' };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function numericValue(stat: MapStat, key: Exclude<MapSortKey, 'mapName'>): number {
  switch (key) {
    case 'totalScore':
      return stat.totalScore;
    case 'kdRatio':
      return kdValue(stat.totalKills, stat.totalDeaths);
    case 'totalKills':
      return stat.totalKills;
    case 'totalDeaths':
      return stat.totalDeaths;
    case 'sessions':
      return stat.sessionsPlayed;
    case 'time':
      return stat.totalPlayTimeMinutes;
  }
}

/** A sorted copy; ties keep the map names in alphabetical order whichever way the column runs. */
export function sortMapStats(stats: readonly MapStat[], sort: MapSort): MapStat[] {
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...stats].sort((a, b) => {
    const byName = collator.compare(a.mapName, b.mapName);
    if (sort.key === 'mapName') return direction * byName;
    return direction * (numericValue(a, sort.key) - numericValue(b, sort.key)) || byName;
  });
}
