import { describe, expect, it } from 'vitest';
import { MEDAL_STYLES, RANK_BAND_STYLES, medalOf, rankBand } from './rank-bands.ts';

describe("rank bands (spec §2 Rankings 'edge colour by rank band (at most 10, 25, 50, beyond)')", () => {
  it('puts each rank in its band, the limits included', () => {
    expect([4, 10].map(rankBand)).toEqual(['top10', 'top10']);
    expect([11, 25].map(rankBand)).toEqual(['top25', 'top25']);
    expect([26, 50].map(rankBand)).toEqual(['top50', 'top50']);
    expect([51, 1000].map(rankBand)).toEqual(['beyond', 'beyond']);
  });

  it('gives no band to a rank that is not one', () => {
    expect(rankBand(0)).toBe('beyond');
    expect(rankBand(Number.NaN)).toBe('beyond');
  });

  it('colours every band edge differently', () => {
    const edges = Object.values(RANK_BAND_STYLES).map((style) => style.edge);
    expect(new Set(edges).size).toBe(edges.length);
    expect(RANK_BAND_STYLES.top10.edge).toBe('border-l-accent');
    expect(RANK_BAND_STYLES.beyond.edge).toBe('border-l-line-strong');
  });
});

describe("medals (spec §2 Rankings 'Ranks 1-3 large medal cards')", () => {
  it('gold, silver and bronze for 1, 2 and 3; none after', () => {
    expect([1, 2, 3].map(medalOf)).toEqual(['gold', 'silver', 'bronze']);
    expect(medalOf(4)).toBeNull();
    expect(medalOf(0)).toBeNull();
    expect(medalOf(1.5)).toBeNull();
  });

  it('has a distinct look per metal', () => {
    const discs = Object.values(MEDAL_STYLES).map((style) => style.disc);
    expect(new Set(discs).size).toBe(3);
  });
});
