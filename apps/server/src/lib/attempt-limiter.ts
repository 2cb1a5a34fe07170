import type { Clock } from './clock.ts';

/**
 * Counts attempts per key (an address) in a sliding window and says when a key has used up its allowance. Kept in
 * memory: one process serves the site (several instances would each count their own share). Keys whose window has
 * passed are dropped as new attempts arrive, so the map stays as small as the set of recent callers.
 */
export class AttemptLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #clock: Clock;
  readonly #attempts = new Map<string, number[]>();
  #lastSweep = 0;

  constructor({ limit, windowMs, clock }: { limit: number; windowMs: number; clock: Clock }) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#clock = clock;
  }

  /**
   * Records an attempt for `key`. Returns undefined when it is allowed, else the seconds until the oldest attempt
   * leaves the window (an over-limit attempt is not recorded, so hammering does not extend the wait).
   */
  attempt(key: string): number | undefined {
    const now = this.#clock();
    this.#sweep(now);
    const since = now - this.#windowMs;
    const times = (this.#attempts.get(key) ?? []).filter((time) => time > since);
    if (times.length >= this.#limit) {
      this.#attempts.set(key, times);
      return Math.max(1, Math.ceil(((times[0] ?? now) + this.#windowMs - now) / 1000));
    }
    times.push(now);
    this.#attempts.set(key, times);
    return undefined;
  }

  #sweep(now: number): void {
    if (now - this.#lastSweep < this.#windowMs) return;
    this.#lastSweep = now;
    for (const [key, times] of this.#attempts) {
      if ((times.at(-1) ?? 0) <= now - this.#windowMs) this.#attempts.delete(key);
    }
  }
}
