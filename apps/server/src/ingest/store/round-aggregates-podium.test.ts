import { describe, expect, it } from 'vitest';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { useTestDatabase } from '../../test/test-database.ts';

/**
 * A round's podium (round-aggregates.ts): the scorers by score, then kills, then fewer deaths, then name, the name
 * compared as SQLite orders text (by code point, where JavaScript's < compares UTF-16 units: U+FF21 'Ａ' comes
 * before U+1F600 '😀' for SQLite, after it for <).
 */

describe('the podium of a round', () => {
  const database = useTestDatabase();

  function placesAfter(sessions: { name: string; score: number; kills: number; deaths: number }[]) {
    const { sqlite } = database();
    insertServer(sqlite, {
      serverGuid: 'g',
      name: 'S',
      firstSeen: '2026-01-01T00:00:00.000Z',
      lastSeen: '2026-01-02T00:00:00.000Z',
    });
    insertRound(sqlite, {
      roundKey: 1,
      serverGuid: 'g',
      mapName: 'wake',
      start: '2026-01-01T20:00:00.000Z',
      end: '2026-01-01T20:30:00.000Z',
      sessions: sessions.map((session) => ({ ...session, minutes: 30 })),
    });
    const read = (table: string) =>
      sqlite
        .prepare(`select player_name, first_places, second_places, third_places from ${table} order by player_name`)
        .all()
        .map((row) => ({ ...row }));
    const days = read('server_placement_days');
    expect(read('server_placement_totals')).toEqual(days);
    return days;
  }

  it('ranks score, then kills, then fewer deaths', () => {
    expect(
      placesAfter([
        { name: 'Fewer kills', score: 20, kills: 4, deaths: 1 },
        { name: 'More deaths', score: 20, kills: 5, deaths: 3 },
        { name: 'Best', score: 21, kills: 0, deaths: 9 },
        { name: 'Fewer deaths', score: 20, kills: 5, deaths: 2 },
        { name: 'No score', score: 0, kills: 9, deaths: 0 },
      ]),
    ).toEqual([
      { player_name: 'Best', first_places: 1, second_places: 0, third_places: 0 },
      { player_name: 'Fewer deaths', first_places: 0, second_places: 1, third_places: 0 },
      { player_name: 'More deaths', first_places: 0, second_places: 0, third_places: 1 },
    ]);
  });

  it('breaks a full tie by name in SQLite’s order of text, code point by code point', () => {
    const tie = { score: 12, kills: 6, deaths: 2 };
    expect(
      placesAfter([
        { name: '😀 smile', ...tie },
        { name: 'Zed', ...tie },
        { name: 'Ａce', ...tie },
        { name: 'Ann', ...tie },
      ]),
    ).toEqual([
      { player_name: 'Ann', first_places: 1, second_places: 0, third_places: 0 },
      { player_name: 'Zed', first_places: 0, second_places: 1, third_places: 0 },
      { player_name: 'Ａce', first_places: 0, second_places: 0, third_places: 1 },
    ]);
  });

  it('is empty when nobody scored', () => {
    expect(placesAfter([{ name: 'Idle', score: 0, kills: 0, deaths: 0 }])).toEqual([]);
  });
});
