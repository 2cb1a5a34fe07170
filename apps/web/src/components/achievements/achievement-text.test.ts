import { describe, expect, it } from 'vitest';
import { achievementDescription, achievementTitle, metadataLines } from './achievement-text.ts';

describe('achievement text', () => {
  it('names an award from the catalogue, else by the name it was stored with', () => {
    expect(achievementTitle({ achievementId: 'kill_streak_15', achievementName: 'x' })).toBe('Killing Spree');
    expect(achievementTitle({ achievementId: 'retired_badge', achievementName: 'Old Badge' })).toBe('Old Badge');
    expect(achievementDescription('retired_badge')).toBeNull();
  });

  // §3 "metadata (JSON string)"; placement metadata "Kills, Deaths, Score, TeamLabel, ServerName".
  it('reads the stored figures as labelled lines, leaving out team numbers and the server', () => {
    const lines = metadataLines(
      JSON.stringify({ Team: 1, TeamLabel: 'Axis', ServerName: 'Alpha', Score: 1234, Kills: 1, Deaths: 1 }),
    );
    expect(lines).toEqual([
      { label: 'Team', value: 'Axis' },
      { label: 'Score', value: '1,234' },
      { label: 'Kills', value: '1' },
      { label: 'Deaths', value: '1' },
    ]);
  });

  // §3 "Team victory metadata: WinningTeamLabel, LosingTeamLabel, WinningTeamTickets, LosingTeamTickets, Kills,
  // Deaths, Score, ServerName, TeamContribution, TotalPlayers", as the round-closed step stores them, with the poll
  // counts its score is computed from.
  it('shows a team victory in words, never a field name, and leaves out the poll counts', () => {
    const victory = {
      WinningTeam: 1,
      WinningTeamLabel: 'NVA',
      WinningTeamTickets: 188,
      LosingTeam: 2,
      LosingTeamLabel: 'US',
      LosingTeamTickets: 183,
      ServerName: '[KGB] Jungle Warfare',
      Score: 2,
      Kills: 1,
      Deaths: 5,
      TotalPlayers: 2,
      ParticipationWeight: 1,
      TeamContribution: 0.95,
      PlayerObservations: 50,
      MaxPossibleObservations: 50,
      TeamObservations: 1,
      WasTeamSwitched: false,
    };
    const lines = metadataLines(JSON.stringify(victory));
    expect(lines).toEqual([
      { label: 'Winning team', value: 'NVA' },
      { label: 'Tickets left (winners)', value: '188' },
      { label: 'Losing team', value: 'US' },
      { label: 'Tickets left (losers)', value: '183' },
      { label: 'Score', value: '2' },
      { label: 'Kills', value: '1' },
      { label: 'Deaths', value: '5' },
      { label: 'Players in the round', value: '2' },
      { label: 'Time on the winning side', value: '100%' },
      { label: 'Time with the winners, against a typical winner', value: '95%' },
      { label: 'Switched sides', value: 'No' },
    ]);
    // No stored key is shown as it is: no label is written in PascalCase, camelCase or snake_case.
    for (const line of lines) expect(line.label).not.toMatch(/[a-z][A-Z]|_/);
  });

  it('shows the map of a map mastery badge by its name, not its folder id', () => {
    const lines = metadataLines(
      JSON.stringify({ map_name: 'battle_of_britain', rank: 3, players: 40, rounds: 12, top_percent: 10 }),
    );
    expect(lines).toEqual([
      { label: 'Map', value: 'Battle Of Britain' },
      { label: 'Rank on the map', value: '#3' },
      { label: 'Players ranked on the map', value: '40' },
      { label: 'Rounds', value: '12' },
      { label: 'Needed: top', value: '10 %' },
    ]);
  });

  it('labels snake_case figures in words and leaves out keys no rule writes', () => {
    expect(
      metadataLines(JSON.stringify({ previous_kills: 98, new_kills: 103, server_guid: 'abc', mystery_key: 7 })),
    ).toEqual([
      { label: 'Kills before the round', value: '98' },
      { label: 'Kills after the round', value: '103' },
    ]);
  });

  it('shows no lines for metadata that is not a JSON object', () => {
    expect(metadataLines('')).toEqual([]);
    expect(metadataLines('not json')).toEqual([]);
    expect(metadataLines('[1,2]')).toEqual([]);
  });
});
