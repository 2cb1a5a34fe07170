import { describe, expect, it } from 'vitest';
import { mapsWhereBothScored, nextMapSort, sortMapRows } from './map-table.ts';
import { makeComparison } from './test-fixtures.ts';

const rows = makeComparison().mapPerformance;
const names = (list: readonly { mapName: string }[]) => list.map((row) => row.mapName);

describe('Map Performance table', () => {
  it('§4 "first click on a column sorts descending, then toggles"; another column starts descending again', () => {
    const first = nextMapSort(null, 'player1:score');
    expect(first).toEqual({ key: 'player1:score', direction: 'desc' });
    const second = nextMapSort(first, 'player1:score');
    expect(second).toEqual({ key: 'player1:score', direction: 'asc' });
    expect(nextMapSort(second, 'player1:score').direction).toBe('desc');
    expect(nextMapSort(second, 'mapName')).toEqual({ key: 'mapName', direction: 'desc' });
  });

  it('keeps the answer order without a sort', () => {
    expect(names(sortMapRows(rows, null))).toEqual(['el_alamein', 'berlin', 'wake', 'stalingrad']);
  });

  it("sorts by map name and by each player's score, kills, deaths and K/D", () => {
    expect(names(sortMapRows(rows, { key: 'mapName', direction: 'desc' }))).toEqual([
      'wake',
      'stalingrad',
      'el_alamein',
      'berlin',
    ]);
    expect(names(sortMapRows(rows, { key: 'mapName', direction: 'asc' }))).toEqual([
      'berlin',
      'el_alamein',
      'stalingrad',
      'wake',
    ]);
    expect(names(sortMapRows(rows, { key: 'player1:kills', direction: 'desc' }))).toEqual([
      'el_alamein',
      'berlin',
      'wake',
      'stalingrad',
    ]);
    expect(names(sortMapRows(rows, { key: 'player1:deaths', direction: 'asc' }))).toEqual([
      'stalingrad',
      'berlin',
      'el_alamein',
      'wake',
    ]);
    // K/D: kills when deaths is 0 (§5), so stalingrad's 20 kills and no deaths lead player 2's K/D.
    expect(names(sortMapRows(rows, { key: 'player2:kd', direction: 'desc' }))).toEqual([
      'stalingrad',
      'berlin',
      'el_alamein',
      'wake',
    ]);
  });

  it('puts a map the player never played (N/A) last in either direction', () => {
    expect(names(sortMapRows(rows, { key: 'player2:score', direction: 'desc' })).at(-1)).toBe('wake');
    expect(names(sortMapRows(rows, { key: 'player2:score', direction: 'asc' })).at(-1)).toBe('wake');
  });

  it('§2 "hide maps where either score is 0 or less" (a map one never played has no score above 0)', () => {
    expect(names(mapsWhereBothScored(rows))).toEqual(['el_alamein', 'berlin']);
  });
});
