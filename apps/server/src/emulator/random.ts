/**
 * The emulator's only source of randomness: a seeded sfc32 generator, so `--seed N` rebuilds the same world
 * on every machine and every run (Math.random cannot be seeded).
 *
 * Streams are keyed, not just seeded: `fork(label)` derives a child from the parent's key and the label only,
 * never from how many numbers the parent has drawn. Building the servers from `fork('servers')` and the
 * players from `fork('population')` therefore keeps every player the same when a server is added.
 */

const TWO_POW_32 = 4_294_967_296;

/** Above this mean Knuth's product method gets slow (about λ draws) and exp(-λ) loses precision. */
const POISSON_EXACT_LIMIT = 30;

/** Murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function mixBits(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a over UTF-16 code units, finalised so similar labels ("server-1", "server-2") land far apart. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return mixBits(h);
}

/** Any finite number as a 32-bit key, keeping the high bits of seeds beyond 2^32 instead of dropping them. */
function keyOfSeed(seed: number): number {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const whole = Math.trunc(seed);
  const low = whole >>> 0;
  const high = Math.floor(whole / TWO_POW_32) >>> 0;
  return mixBits(low ^ mixBits(high + 0x9e3779b9));
}

export class Random {
  /** What forks derive from; fixed for the life of the stream. */
  readonly #key: number;
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** Box–Muller makes normals in pairs; the second waits here for the next call. */
  #spareNormal: number | null = null;

  constructor(seed: number) {
    this.#key = keyOfSeed(seed);
    // splitmix32 expands the 32-bit key into sfc32's 128-bit state, so nearby seeds share no state words.
    let state = this.#key;
    const splitmix = (): number => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.#a = splitmix();
    this.#b = splitmix();
    this.#c = splitmix();
    this.#d = splitmix();
    // The first outputs of a fresh sfc32 still echo the seed words; the reference implementation discards 12.
    for (let i = 0; i < 12; i++) this.#nextUint32();
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.#nextUint32() / TWO_POW_32;
  }

  /** A uniform number in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** A uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) {
      throw new RangeError(`int(min, max) needs integers with min <= max, got ${min}, ${max}`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p (p <= 0 never, p >= 1 always). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() needs at least one item');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One item, drawn with probability proportional to its weight; items weighing 0 or less are never drawn. */
  weightedPick<T>(items: readonly T[], weightOf: (item: T) => number): T {
    let total = 0;
    const weights = new Array<number>(items.length);
    for (let i = 0; i < items.length; i++) {
      const weight = Math.max(0, weightOf(items[i]!));
      weights[i] = weight;
      total += weight;
    }
    if (!(total > 0) || !Number.isFinite(total)) {
      throw new RangeError('weightedPick() needs at least one item with a positive, finite weight');
    }
    let target = this.next() * total;
    let last = -1;
    for (let i = 0; i < items.length; i++) {
      const weight = weights[i]!;
      if (weight <= 0) continue;
      last = i;
      target -= weight;
      if (target < 0) return items[i]!;
    }
    // Rounding can leave a sliver of the total unspent; it belongs to the last item that can be drawn.
    return items[last]!;
  }

  /** A normal variate (Box–Muller). */
  normal(mean: number, sd: number): number {
    if (this.#spareNormal !== null) {
      const spare = this.#spareNormal;
      this.#spareNormal = null;
      return mean + sd * spare;
    }
    // 1 - next() lies in (0, 1], so the logarithm stays finite.
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.#spareNormal = radius * Math.sin(angle);
    return mean + sd * radius * Math.cos(angle);
  }

  /** A log-normal variate given its median (not its mean) and the sd of its logarithm. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }

  /** Events in one interval of a Poisson process with mean λ: exact up to λ = 30, normal approximation above. */
  poisson(lambda: number): number {
    if (!(lambda >= 0) || !Number.isFinite(lambda)) throw new RangeError(`poisson() needs λ >= 0, got ${lambda}`);
    if (lambda === 0) return 0;
    if (lambda > POISSON_EXACT_LIMIT) {
      return Math.max(0, Math.round(this.normal(lambda, Math.sqrt(lambda))));
    }
    const limit = Math.exp(-lambda);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count++;
      product *= this.next();
    }
    return count;
  }

  /** Fisher–Yates, in place; returns the same array for chaining. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const held = items[i]!;
      items[i] = items[j]!;
      items[j] = held;
    }
    return items;
  }

  /**
   * An independent child stream named by `label`: the same parent key and label always give the same child,
   * whatever the parent has drawn before or after.
   */
  fork(label: string): Random {
    return new Random(mixBits(this.#key ^ hashLabel(label)));
  }

  #nextUint32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }
}

/** A bare seeded source of numbers in [0, 1), for tests and benchmarks that need only `next()`. */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}
