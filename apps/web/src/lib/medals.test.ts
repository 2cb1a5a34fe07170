import { describe, expect, it } from 'vitest';
import { MEDAL_STYLES, medalOf } from './medals.ts';

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
