import { describe, expect, it } from 'vitest';
import { rankBand } from './rank-bands.ts';

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
});
