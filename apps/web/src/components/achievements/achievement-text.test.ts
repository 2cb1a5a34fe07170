import { describe, expect, it } from 'vitest';
import { achievementDescription, achievementTitle, metadataLabel, metadataLines } from './achievement-text.ts';

describe('achievement text', () => {
  it('names an award from the catalogue, else by the name it was stored with', () => {
    expect(achievementTitle({ achievementId: 'kill_streak_15', achievementName: 'x' })).toBe('Killing Spree');
    expect(achievementTitle({ achievementId: 'retired_badge', achievementName: 'Old Badge' })).toBe('Old Badge');
    expect(achievementDescription('retired_badge')).toBeNull();
  });

  // §3 "metadata (JSON string)"; placement metadata "Kills, Deaths, Score, TeamLabel, ServerName".
  it('reads the stored figures as labelled lines, leaving out team numbers and the server', () => {
    const lines = metadataLines(
      JSON.stringify({ Team: 1, TeamLabel: 'Axis', ServerName: 'Alpha', Score: 1234, previous_kills: 98 }),
    );
    expect(lines).toEqual([
      { label: 'Team label', value: 'Axis' },
      { label: 'Score', value: '1,234' },
      { label: 'Previous kills', value: '98' },
    ]);
    expect(metadataLabel('WinningTeamTickets')).toBe('Winning team tickets');
  });

  it('shows no lines for metadata that is not a JSON object', () => {
    expect(metadataLines('')).toEqual([]);
    expect(metadataLines('not json')).toEqual([]);
    expect(metadataLines('[1,2]')).toEqual([]);
  });
});
