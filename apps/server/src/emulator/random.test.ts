import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

const DRAWS = 100_000;

function drawMany(random: Random, count: number, draw: (random: Random) => number): number[] {
  return Array.from({ length: count }, () => draw(random));
}

function meanOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function varianceOf(values: readonly number[]): number {
  const mean = meanOf(values);
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

describe('Random', () => {
  it('gives the same sequence for the same seed', () => {
    const first = drawMany(new Random(1942), 1000, (random) => random.next());
    const second = drawMany(new Random(1942), 1000, (random) => random.next());
    expect(second).toEqual(first);
  });

  it('gives different sequences for different seeds, including neighbouring and very large ones', () => {
    const seeds = [0, 1, 2, 42, 2 ** 32, 2 ** 32 + 1, -1, Number.MAX_SAFE_INTEGER];
    const sequences = seeds.map((seed) => drawMany(new Random(seed), 8, (random) => random.next()).join(','));
    expect(new Set(sequences).size).toBe(seeds.length);
  });

  it('rejects seeds that are not finite numbers', () => {
    expect(() => new Random(Number.NaN)).toThrow(RangeError);
    expect(() => new Random(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('next() stays in [0, 1) with a uniform mean and variance', () => {
    const values = drawMany(new Random(7), DRAWS, (random) => random.next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(meanOf(values)).toBeCloseTo(0.5, 2);
    expect(varianceOf(values)).toBeCloseTo(1 / 12, 2);
  });

  it('float(min, max) stays in [min, max)', () => {
    const values = drawMany(new Random(8), 10_000, (random) => random.float(-3, 5));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(-3);
    expect(Math.max(...values)).toBeLessThan(5);
    expect(meanOf(values)).toBeCloseTo(1, 1);
  });

  it('int(min, max) includes both ends and hits every value about equally often', () => {
    const counts = new Map<number, number>();
    const random = new Random(9);
    for (let i = 0; i < DRAWS; i++) {
      const value = random.int(-2, 7);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6, 7]);
    for (const count of counts.values()) expect(Math.abs(count - DRAWS / 10)).toBeLessThan(DRAWS / 10 / 20);
    expect(new Random(1).int(5, 5)).toBe(5);
  });

  it('int(min, max) rejects reversed or fractional bounds', () => {
    const random = new Random(1);
    expect(() => random.int(3, 2)).toThrow(RangeError);
    expect(() => random.int(0.5, 2)).toThrow(RangeError);
  });

  it('chance(p) is true about p of the time, never for 0 and always for 1', () => {
    const random = new Random(10);
    const hits = drawMany(random, DRAWS, (r) => (r.chance(0.3) ? 1 : 0));
    expect(meanOf(hits)).toBeCloseTo(0.3, 2);
    expect(drawMany(random, 1000, (r) => (r.chance(0) ? 1 : 0)).every((hit) => hit === 0)).toBe(true);
    expect(drawMany(random, 1000, (r) => (r.chance(1) ? 1 : 0)).every((hit) => hit === 1)).toBe(true);
  });

  it('pick() draws every item about equally often and refuses an empty list', () => {
    const random = new Random(11);
    const items = ['wake', 'berlin', 'kursk', 'midway'] as const;
    const counts = new Map<string, number>();
    for (let i = 0; i < DRAWS; i++) {
      const item = random.pick(items);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    for (const item of items) expect(Math.abs((counts.get(item) ?? 0) / DRAWS - 0.25)).toBeLessThan(0.01);
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('weightedPick() follows the weights, never draws weightless items, and refuses all-zero weights', () => {
    const random = new Random(12);
    const items = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 3 },
      { id: 'never', weight: 0 },
      { id: 'negative', weight: -5 },
      { id: 'c', weight: 6 },
    ];
    const counts = new Map<string, number>();
    for (let i = 0; i < DRAWS; i++) {
      const item = random.weightedPick(items, (candidate) => candidate.weight);
      counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    }
    expect((counts.get('a') ?? 0) / DRAWS).toBeCloseTo(0.1, 2);
    expect((counts.get('b') ?? 0) / DRAWS).toBeCloseTo(0.3, 2);
    expect((counts.get('c') ?? 0) / DRAWS).toBeCloseTo(0.6, 2);
    expect(counts.has('never')).toBe(false);
    expect(counts.has('negative')).toBe(false);
    expect(() => random.weightedPick(items, () => 0)).toThrow(RangeError);
    expect(() => random.weightedPick([], () => 1)).toThrow(RangeError);
  });

  it('normal(mean, sd) has the asked mean and standard deviation', () => {
    const values = drawMany(new Random(13), DRAWS, (random) => random.normal(50, 8));
    expect(Math.abs(meanOf(values) - 50)).toBeLessThan(0.1);
    expect(Math.abs(Math.sqrt(varianceOf(values)) - 8)).toBeLessThan(0.1);
    // About 68 % within one standard deviation.
    const within = values.filter((value) => Math.abs(value - 50) < 8).length / values.length;
    expect(within).toBeCloseTo(0.6827, 2);
  });

  it('logNormal(median, sigma) has the asked median and mean median·e^(σ²/2)', () => {
    const values = drawMany(new Random(14), DRAWS, (random) => random.logNormal(55, 0.6));
    const sorted = [...values].sort((a, b) => a - b);
    expect(Math.abs(sorted[DRAWS / 2]! / 55 - 1)).toBeLessThan(0.02);
    expect(Math.abs(meanOf(values) / (55 * Math.exp(0.18)) - 1)).toBeLessThan(0.02);
    expect(sorted[0]).toBeGreaterThan(0);
  });

  it.each([0.05, 0.5, 4, 17, 29.5, 30.5, 120])(
    'poisson(%d) has mean and variance λ and only whole numbers',
    (lambda) => {
      const values = drawMany(new Random(15), DRAWS, (random) => random.poisson(lambda));
      expect(values.every((value) => Number.isInteger(value) && value >= 0)).toBe(true);
      const tolerance = 4 * Math.sqrt(lambda / DRAWS) + 0.01 * lambda;
      expect(Math.abs(meanOf(values) - lambda)).toBeLessThan(tolerance);
      expect(Math.abs(varianceOf(values) / lambda - 1)).toBeLessThan(0.04);
    },
  );

  it('poisson() of 0 is 0 and a negative mean is refused', () => {
    const random = new Random(16);
    expect(random.poisson(0)).toBe(0);
    expect(() => random.poisson(-1)).toThrow(RangeError);
    expect(() => random.poisson(Number.NaN)).toThrow(RangeError);
  });

  it('shuffle() permutes in place, deterministically per seed, and reaches every order of a short list', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = new Random(17).shuffle([...items]);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    expect(new Random(17).shuffle([...items])).toEqual(shuffled);

    const array = [1, 2, 3];
    expect(new Random(1).shuffle(array)).toBe(array);

    const random = new Random(18);
    const orders = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const order = random.shuffle(['a', 'b', 'c']).join('');
      orders.set(order, (orders.get(order) ?? 0) + 1);
    }
    expect(orders.size).toBe(6);
    for (const count of orders.values()) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  describe('fork()', () => {
    it('gives the same child for the same label, however much the parent has drawn', () => {
      const parent = new Random(1942);
      const early = drawMany(parent.fork('population'), 100, (random) => random.next());
      drawMany(parent, 5000, (random) => random.next());
      const late = drawMany(parent.fork('population'), 100, (random) => random.next());
      expect(late).toEqual(early);
      expect(drawMany(new Random(1942).fork('population'), 100, (random) => random.next())).toEqual(early);
    });

    it('does not disturb the parent stream', () => {
      const plain = new Random(5);
      const forked = new Random(5);
      forked.fork('servers').next();
      expect(drawMany(forked, 50, (random) => random.next())).toEqual(drawMany(plain, 50, (random) => random.next()));
    });

    it('gives different streams for different labels, different parents and from the parent itself', () => {
      const parent = new Random(3);
      const streams = [
        parent.fork('servers'),
        parent.fork('population'),
        parent.fork('server-1'),
        parent.fork('server-2'),
        parent.fork(''),
        new Random(4).fork('servers'),
        parent.fork('servers').fork('servers'),
        new Random(3),
      ].map((random) => drawMany(random, 8, (r) => r.next()).join(','));
      expect(new Set(streams).size).toBe(streams.length);
    });

    it('nests deterministically and depends on the order of labels', () => {
      const ab = drawMany(new Random(9).fork('a').fork('b'), 20, (random) => random.next());
      expect(drawMany(new Random(9).fork('a').fork('b'), 20, (random) => random.next())).toEqual(ab);
      expect(drawMany(new Random(9).fork('b').fork('a'), 20, (random) => random.next())).not.toEqual(ab);
    });

    it('children are uncorrelated with each other and with the parent', () => {
      const parent = new Random(21);
      const children = [parent.fork('x'), parent.fork('y')];
      const a = drawMany(children[0]!, 20_000, (random) => random.next());
      const b = drawMany(children[1]!, 20_000, (random) => random.next());
      const p = drawMany(parent, 20_000, (random) => random.next());
      const correlation = (xs: number[], ys: number[]): number => {
        const mx = meanOf(xs);
        const my = meanOf(ys);
        let sxy = 0;
        let sxx = 0;
        let syy = 0;
        for (let i = 0; i < xs.length; i++) {
          sxy += (xs[i]! - mx) * (ys[i]! - my);
          sxx += (xs[i]! - mx) ** 2;
          syy += (ys[i]! - my) ** 2;
        }
        return sxy / Math.sqrt(sxx * syy);
      };
      expect(Math.abs(correlation(a, b))).toBeLessThan(0.03);
      expect(Math.abs(correlation(a, p))).toBeLessThan(0.03);
    });
  });
});
