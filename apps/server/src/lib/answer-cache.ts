/**
 * Answers reused for a short time: many visitors ask the same question between two polls, and the figures
 * behind it change at most once per poll. Bounded: the oldest answer goes when the cache is full.
 */
export class AnswerCache<Answer> {
  readonly #entries = new Map<string, { at: number; answer: Answer }>();
  readonly #reuseMs: number;
  readonly #maxEntries: number;

  constructor(options: { reuseMs: number; maxEntries: number }) {
    this.#reuseMs = options.reuseMs;
    this.#maxEntries = options.maxEntries;
  }

  /** The answer stored under `key` less than reuseMs before `now` (unix ms); a clock gone backwards misses. */
  get(key: string, now: number): Answer | undefined {
    const entry = this.#entries.get(key);
    return entry && now >= entry.at && now - entry.at < this.#reuseMs ? entry.answer : undefined;
  }

  set(key: string, now: number, answer: Answer): void {
    this.#entries.delete(key);
    this.#entries.set(key, { at: now, answer });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** The stored or freshly computed answer (computed at most once per key per reuse period and caller turn). */
  async reuse(key: string, now: number, compute: () => Promise<Answer>): Promise<Answer> {
    const cached = this.get(key, now);
    if (cached !== undefined) return cached;
    const answer = await compute();
    this.set(key, now, answer);
    return answer;
  }
}
