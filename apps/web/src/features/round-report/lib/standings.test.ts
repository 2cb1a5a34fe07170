import { describe, expect, it } from 'vitest';
import { teamStandings } from './standings.ts';
import { round, snapshot } from './test-fixtures.ts';

// Spec site-statistics §3 "Standings (derived): per team teamName, totalKills, totalScore, players (playerName,
// rank, score, kills, deaths)"; §2 "grouped per team with team kills (K) and points (P)".

describe('teamStandings', () => {
  it('groups a scoreboard per team with its kills and points, players best first', () => {
    const { entries } = snapshot(60, [
      ['Bob', 2, 70, 5, 1],
      ['Ann', 1, 50, 9, 2],
      ['Dan', 2, 20, 1, 4],
      ['Cid', 1, 10, 2, 0],
    ]);
    const teams = teamStandings(entries, round());
    expect(
      teams.map((team) => [team.teamName, team.totalKills, team.totalScore, team.players.map((p) => p.playerName)]),
    ).toEqual([
      ['Axis', 11, 60, ['Ann', 'Cid']],
      ['Allies', 6, 90, ['Bob', 'Dan']],
    ]);
    // Ranks are the whole server's: the medals go to the top three overall.
    expect(teams[0]?.players.map((player) => player.rank)).toEqual([2, 4]);
  });

  it('keeps the sides in order (1, 2, others) whatever their points', () => {
    const { entries } = snapshot(0, [
      ['Spec', 0, 99, 9, 0],
      ['Bob', 2, 50, 5, 0],
      ['Ann', 1, 1, 0, 0],
      ['Eve', 3, 0, 0, 0],
    ]);
    expect(teamStandings(entries, round()).map((team) => team.teamName)).toEqual([
      'Axis',
      'Allies',
      'Team 0',
      'Team 3',
    ]);
  });

  it("names a side by its players' label, else the round's label, else 'Team 1' / 'Team 2'", () => {
    const entries = snapshot(0, [
      ['Ann', 1, 1, 0, 0],
      ['Bob', 2, 1, 0, 0],
    ]).entries.map((entry) => ({ ...entry, teamLabel: '' }));
    expect(teamStandings(entries, round()).map((team) => team.teamName)).toEqual(['Axis', 'Allies']);
    expect(teamStandings(entries, round({ team1Label: '', team2Label: ' ' })).map((team) => team.teamName)).toEqual([
      'Team 1',
      'Team 2',
    ]);
  });

  it('has no teams for an empty scoreboard', () => {
    expect(teamStandings([], round())).toEqual([]);
  });
});
