/**
 * A map that keeps at most `capacity` entries: reading or writing an entry makes it the most recent, and adding
 * one past the capacity drops the least recent. For caches of parsed rows whose working set is far smaller than
 * the table (a backlog's players), where the rest must not grow the heap without bound.
 */
export class RecentMap<Key, Value> {
  readonly #entries = new Map<Key, Value>();
  readonly #capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity ${capacity} is not a whole number ≥ 1`);
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: Key): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // A Map iterates in insertion order: moved to the end, the entry is the last to be dropped.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const [oldest] = this.#entries.keys();
      this.#entries.delete(oldest as Key);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
