import type { BestScore } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { viewAllLabel, visibleBestScores } from './best-scores';

// Spec §2 "Best Scores (tabs All Time, 30 Days, This Week; first 6 cards; 'View All N Scores' when more than 6)";
// §9 "Best Scores 6 cards".

const scores = (count: number): BestScore[] =>
  Array.from({ length: count }, (_, index) => ({
    roundId: `round-${index}`,
    score: 100 - index,
    kills: 10,
    deaths: 5,
    mapName: 'wake',
    serverName: 'Alpha',
    serverGuid: 'guid',
    timestamp: '2026-01-01T00:00:00Z',
  }));

describe('best scores', () => {
  it('shows the first 6 cards, or every card once expanded', () => {
    expect(visibleBestScores(scores(20), false)).toHaveLength(6);
    expect(visibleBestScores(scores(20), true)).toHaveLength(20);
    expect(visibleBestScores(scores(3), false)).toHaveLength(3);
  });

  it("offers 'View All N Scores' only when there are more than 6", () => {
    expect(viewAllLabel(20)).toBe('View All 20 Scores');
    expect(viewAllLabel(7)).toBe('View All 7 Scores');
    expect(viewAllLabel(6)).toBeNull();
    expect(viewAllLabel(0)).toBeNull();
  });
});
