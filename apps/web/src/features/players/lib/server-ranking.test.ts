import { describe, expect, it } from 'vitest';
import { pingTone, rankBarShare, topShare } from './server-ranking';

describe('server rankings figures', () => {
  it('states the rank as a share of the ranked players, rounded up', () => {
    expect(topShare(14, 137)).toBe('Top 11%');
    expect(topShare(1, 1000)).toBe('Top <1%');
    expect(topShare(1, 1)).toBe('Top 100%');
    expect(topShare(5, 0)).toBe('');
  });

  it('fills the bar for first place and keeps a sliver for the last', () => {
    expect(rankBarShare(1, 100)).toBe(1);
    expect(rankBarShare(100, 100)).toBe(0.03);
    expect(rankBarShare(51, 100)).toBeCloseTo(0.5);
  });

  it("colours ping by the spec's bands (§9 comparison: 'at most 50, at most 100')", () => {
    expect(pingTone(50)).toBe('good');
    expect(pingTone(51)).toBe('fair');
    expect(pingTone(100)).toBe('fair');
    expect(pingTone(101)).toBe('poor');
  });
});
