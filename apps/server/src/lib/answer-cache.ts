/**
 * Answers reused for a short time: many visitors ask the same question between two polls, and the figures
 * behind it change at most once per poll. Bounded: the oldest answers go when the cache holds more than
 * maxEntries, or (with `weigh`, for answers whose sizes differ by orders of magnitude) more than maxWeight.
 */
export class AnswerCache<Answer> {
  readonly #entries = new Map<string, { at: number; answer: Answer; weight: number }>();
  readonly #reuseMs: number;
  readonly #maxEntries: number;
  readonly #weigh: (answer: Answer) => number;
  readonly #maxWeight: number;
  #totalWeight = 0;
  readonly #pending = new Map<string, Promise<Answer | undefined>>();
  /** Bumped by clear(): a computation begun before it may have read what clear() said is out of date. */
  #generation = 0;

  constructor(options: {
    reuseMs: number;
    maxEntries: number;
    weigh?: (answer: Answer) => number;
    maxWeight?: number;
  }) {
    this.#reuseMs = options.reuseMs;
    this.#maxEntries = options.maxEntries;
    this.#weigh = options.weigh ?? (() => 0);
    this.#maxWeight = options.maxWeight ?? Infinity;
  }

  /** The answer stored under `key` less than reuseMs before `now` (unix ms); a clock gone backwards misses. */
  get(key: string, now: number): Answer | undefined {
    const entry = this.#entries.get(key);
    return entry && now >= entry.at && now - entry.at < this.#reuseMs ? entry.answer : undefined;
  }

  set(key: string, now: number, answer: Answer): void {
    this.#delete(key);
    const weight = this.#weigh(answer);
    this.#entries.set(key, { at: now, answer, weight });
    this.#totalWeight += weight;
    // The newest answer stays even if it alone is over maxWeight: it is the one being asked for.
    while (this.#entries.size > 1 && (this.#entries.size > this.#maxEntries || this.#totalWeight > this.#maxWeight)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
  }

  /**
   * Forgets every answer, when what they were computed from is known to have changed (a poll committed). A
   * computation still running keeps its waiters but is not stored: it may have read the data before the change.
   */
  clear(): void {
    this.#entries.clear();
    this.#pending.clear();
    this.#totalWeight = 0;
    this.#generation += 1;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#totalWeight -= entry.weight;
  }

  /**
   * The stored answer, else one computed now. Requests for the same key that arrive while it is being
   * computed wait for that computation instead of starting their own (a burst of visitors to a page that just
   * expired costs one computation). An undefined answer (say, "not found") is returned but not stored.
   */
  async reuse<Computed extends Answer | undefined>(
    key: string,
    now: number,
    compute: () => Promise<Computed>,
  ): Promise<Computed> {
    const cached = this.get(key, now);
    if (cached !== undefined) return cached as Computed;
    const pending = this.#pending.get(key);
    if (pending) return pending as Promise<Computed>;
    const generation = this.#generation;
    const computing = compute().then(
      (answer) => {
        if (generation !== this.#generation) return answer;
        this.#pending.delete(key);
        if (answer !== undefined) this.set(key, now, answer);
        return answer;
      },
      (error: unknown) => {
        if (generation === this.#generation) this.#pending.delete(key);
        throw error;
      },
    );
    this.#pending.set(key, computing);
    return computing;
  }
}
