import type { MapStat } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_SORT, nextMapSort, sortMapStats } from './map-stats';

// Spec §2 "Map Performance modal": "Sortable columns map, score, K/D, kills, deaths, sessions, time; default score
// descending ...; same column toggles, new column starts descending. Map row links to sessions filtered by map
// and server."

function stat(mapName: string, extra: Partial<MapStat> = {}): MapStat {
  return {
    mapName,
    totalScore: 10,
    totalKills: 10,
    totalDeaths: 10,
    sessionsPlayed: 1,
    totalPlayTimeMinutes: 30,
    ...extra,
  };
}

const stats: MapStat[] = [
  stat('wake_island', { totalScore: 50, totalKills: 20, totalDeaths: 10, sessionsPlayed: 2, totalPlayTimeMinutes: 90 }),
  stat('berlin', { totalScore: 80, totalKills: 9, totalDeaths: 0, sessionsPlayed: 5, totalPlayTimeMinutes: 20 }),
  stat('El_Alamein', { totalScore: 50, totalKills: 30, totalDeaths: 40, sessionsPlayed: 1, totalPlayTimeMinutes: 200 }),
];

const names = (sorted: MapStat[]) => sorted.map((row) => row.mapName);

describe('map performance sort', () => {
  // The modal opening on this order is checked on the profile page (player-profile-page.test.tsx).
  it("opens on score descending (spec: 'default score descending')", () => {
    expect(names(sortMapStats(stats, DEFAULT_MAP_SORT))).toEqual(['berlin', 'El_Alamein', 'wake_island']);
  });

  it("toggles the same column and starts a new one descending (spec: 'same column toggles, new column starts descending')", () => {
    expect(nextMapSort(DEFAULT_MAP_SORT, 'totalScore')).toEqual({ key: 'totalScore', order: 'asc' });
    expect(nextMapSort({ key: 'totalScore', order: 'asc' }, 'totalScore')).toEqual({
      key: 'totalScore',
      order: 'desc',
    });
    expect(nextMapSort({ key: 'totalScore', order: 'asc' }, 'totalKills')).toEqual({
      key: 'totalKills',
      order: 'desc',
    });
    expect(nextMapSort(DEFAULT_MAP_SORT, 'mapName')).toEqual({ key: 'mapName', order: 'desc' });
  });

  it('sorts every column, ties by map name', () => {
    expect(names(sortMapStats(stats, { key: 'mapName', order: 'asc' }))).toEqual([
      'berlin',
      'El_Alamein',
      'wake_island',
    ]);
    expect(names(sortMapStats(stats, { key: 'mapName', order: 'desc' }))).toEqual([
      'wake_island',
      'El_Alamein',
      'berlin',
    ]);
    // berlin has no deaths: its K/D is its kills, 9.
    expect(names(sortMapStats(stats, { key: 'kdRatio', order: 'desc' }))).toEqual([
      'berlin',
      'wake_island',
      'El_Alamein',
    ]);
    expect(names(sortMapStats(stats, { key: 'totalKills', order: 'desc' }))).toEqual([
      'El_Alamein',
      'wake_island',
      'berlin',
    ]);
    expect(names(sortMapStats(stats, { key: 'totalDeaths', order: 'asc' }))).toEqual([
      'berlin',
      'wake_island',
      'El_Alamein',
    ]);
    expect(names(sortMapStats(stats, { key: 'sessions', order: 'desc' }))).toEqual([
      'berlin',
      'wake_island',
      'El_Alamein',
    ]);
    expect(names(sortMapStats(stats, { key: 'time', order: 'desc' }))).toEqual(['El_Alamein', 'wake_island', 'berlin']);
    expect(names(sortMapStats(stats, { key: 'totalScore', order: 'asc' }))).toEqual([
      'El_Alamein',
      'wake_island',
      'berlin',
    ]);
  });

  it('leaves the input unsorted', () => {
    const copy = [...stats];
    sortMapStats(stats, { key: 'time', order: 'asc' });
    expect(stats).toEqual(copy);
  });
});
