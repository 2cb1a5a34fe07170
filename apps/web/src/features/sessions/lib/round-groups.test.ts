import { describe, expect, it } from 'vitest';
import { groupRoundsByMap, leaderboardRows, previewRows } from './round-groups.ts';
import { makeRound, makeSession } from './test-fixtures.ts';

describe("groupRoundsByMap (spec §2 'Sessions grouped by map then round')", () => {
  it('groups by map in the order maps first appear, each keeping the page order of its rounds', () => {
    const rounds = [
      makeRound('r1', [], { mapName: 'wake' }),
      makeRound('r2', [], { mapName: 'berlin' }),
      makeRound('r3', [], { mapName: 'wake' }),
      makeRound('r4', [], { mapName: 'kursk' }),
      makeRound('r5', [], { mapName: 'berlin' }),
    ];
    expect(
      groupRoundsByMap(rounds).map((group) => [group.mapName, group.rounds.map((round) => round.roundId)]),
    ).toEqual([
      ['wake', ['r1', 'r3']],
      ['berlin', ['r2', 'r5']],
      ['kursk', ['r4']],
    ]);
    expect(groupRoundsByMap([])).toEqual([]);
  });
});

describe('leaderboard rows', () => {
  const players = Array.from({ length: 14 }, (_, index) => makeSession(index + 1, { playerName: `P${index + 1}` }));

  it('places players in the order the API ranked them and marks the filtered-for ones', () => {
    const rows = leaderboardRows(players.slice(0, 3), ['P2']);
    expect(rows.map((row) => [row.place, row.session.playerName, row.highlighted])).toEqual([
      [1, 'P1', false],
      [2, 'P2', true],
      [3, 'P3', false],
    ]);
  });

  it('previews the top ten plus any filtered-for player below them', () => {
    const preview = previewRows(leaderboardRows(players, ['P13', 'P2']));
    expect(preview.rows.map((row) => row.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13]);
    expect(preview.hidden).toBe(3);
    expect(previewRows(leaderboardRows(players.slice(0, 4), []))).toMatchObject({ hidden: 0 });
  });
});
