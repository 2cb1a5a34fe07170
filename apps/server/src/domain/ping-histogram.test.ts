import { describe, expect, it } from 'vitest';
import { pingBinOf, pingPercentiles, type PingBin } from './ping-histogram.ts';
import { seededRandom } from '../emulator/random.ts';

// docs/formulas.md: "histograms of 10 ms bins … interpolated within the bin".
const BIN_MS = 10;

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** Raw pings shaped like a real server: most near a base, a long tail, now and then a huge outlier. */
function generatePings(random: () => number, count: number): number[] {
  const base = 20 + Math.floor(random() * 120);
  return Array.from({ length: count }, () => {
    const roll = random();
    if (roll < 0.03) return 500 + Math.floor(random() * 500);
    if (roll < 0.2) return base + Math.floor(-Math.log(1 - random()) * 80);
    return Math.max(0, base + Math.floor((random() - 0.5) * 30));
  });
}

/** Bins pings the way the collector does (collector-store.ts). */
function binPings(pings: readonly number[]): PingBin[] {
  const counts = new Map<number, number>();
  for (const ping of pings) {
    const bin = pingBinOf(ping);
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
  }
  return [...counts].map(([pingBin, samples]) => ({ pingBin, samples }));
}

/**
 * Brute force of the documented definition, by another route: the histogram's cumulative distribution
 * (samples spread evenly inside each bin) is evaluated directly, and the smallest ping where it reaches
 * the share is found by bisection.
 */
function bruteForcePercentile(bins: readonly PingBin[], share: number): number {
  const total = bins.reduce((sum, bin) => sum + bin.samples, 0);
  const samplesBelow = (ping: number): number =>
    bins.reduce((sum, bin) => {
      const covered = Math.min(Math.max((ping - bin.pingBin) / BIN_MS, 0), 1);
      return sum + covered * bin.samples;
    }, 0);
  let low = Math.min(...bins.map((bin) => bin.pingBin));
  let high = Math.max(...bins.map((bin) => bin.pingBin)) + BIN_MS;
  for (let step = 0; step < 80; step++) {
    const middle = (low + high) / 2;
    if (samplesBelow(middle) >= share * total - 1e-9) high = middle;
    else low = middle;
  }
  return high;
}

/** The exact nearest-rank percentile of the raw pings, which the histogram no longer has. */
function exactPercentile(pings: readonly number[], share: number): number {
  const sorted = [...pings].sort((a, b) => a - b);
  const value = sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
  if (value === undefined) throw new Error('no pings');
  return value;
}

// ---------------------------------------------------------------------------------------------------------

describe('pingBinOf', () => {
  it('counts a ping in the 10 ms bin it falls in, keyed by the lower bound', () => {
    expect([0, 9, 10, 47, 999].map(pingBinOf)).toEqual([0, 0, 10, 40, 990]);
  });
});

describe('pingPercentiles', () => {
  it('returns null when there are no samples', () => {
    expect(pingPercentiles([])).toBeNull();
    expect(
      pingPercentiles([
        { pingBin: 40, samples: 0 },
        { pingBin: 50, samples: 0 },
      ]),
    ).toBeNull();
  });

  it('places a lone sample at the middle of its bin for the median', () => {
    expect(pingPercentiles([{ pingBin: 40, samples: 1 }])).toEqual({ median: 45, p95: 49.5 });
    expect(pingPercentiles([{ pingBin: 0, samples: 1 }])).toEqual({ median: 5, p95: 9.5 });
  });

  it('spreads the samples of a single bin evenly across it', () => {
    expect(pingPercentiles([{ pingBin: 120, samples: 200 }])).toEqual({ median: 125, p95: 129.5 });
  });

  it('interpolates inside the bin that holds the percentile', () => {
    // 10 samples: the median (rank 5) is the 1st of 4 samples in [50, 60) → 52.5; p95 (rank 9.5) is half
    // of the way through the single sample of [300, 310) → 305.
    const bins = [
      { pingBin: 40, samples: 4 },
      { pingBin: 50, samples: 4 },
      { pingBin: 60, samples: 1 },
      { pingBin: 300, samples: 1 },
    ];
    expect(pingPercentiles(bins)).toEqual({ median: 52.5, p95: 305 });
  });

  it('puts a percentile that ends a bin at that bin’s upper bound, not inside the empty gap after it', () => {
    // 2 samples: the median (rank 1) is the end of the first bin; the gap up to 200 holds nobody.
    expect(
      pingPercentiles([
        { pingBin: 30, samples: 1 },
        { pingBin: 200, samples: 1 },
      ])?.median,
    ).toBe(40);
  });

  it('does not depend on the order of the bins or on repeated bins', () => {
    const ordered = [
      { pingBin: 30, samples: 5 },
      { pingBin: 40, samples: 7 },
      { pingBin: 90, samples: 2 },
    ];
    const shuffled = [
      { pingBin: 90, samples: 2 },
      { pingBin: 40, samples: 3 },
      { pingBin: 30, samples: 5 },
      { pingBin: 40, samples: 4 },
      { pingBin: 70, samples: 0 },
    ];
    expect(pingPercentiles(shuffled)).toEqual(pingPercentiles(ordered));
  });

  it('matches a brute-force computation on random histograms, and stays in the bin of the exact percentile', () => {
    const random = seededRandom(1942);
    for (let trial = 0; trial < 300; trial++) {
      const count = 1 + Math.floor(random() * (trial % 3 === 0 ? 5 : 800));
      const pings = generatePings(random, count);
      const bins = binPings(pings);
      const result = pingPercentiles(bins);
      if (result === null) throw new Error('a histogram with samples gave null');

      expect(result.median, `trial ${trial}`).toBeCloseTo(bruteForcePercentile(bins, 0.5), 6);
      expect(result.p95, `trial ${trial}`).toBeCloseTo(bruteForcePercentile(bins, 0.95), 6);
      expect(result.median).toBeLessThanOrEqual(result.p95);

      // Against the raw pings: the estimate lies in the 10 ms bin that holds the exact percentile.
      for (const [estimate, share] of [
        [result.median, 0.5],
        [result.p95, 0.95],
      ] as const) {
        const exactBin = pingBinOf(exactPercentile(pings, share));
        expect(estimate, `trial ${trial}, share ${share}`).toBeGreaterThanOrEqual(exactBin);
        expect(estimate, `trial ${trial}, share ${share}`).toBeLessThanOrEqual(exactBin + BIN_MS);
      }
    }
  });
});
