import { RecentMap } from '../../lib/recent-map.ts';

/**
 * Per-player rows that the round-closed queue advances many times in one transaction (similarity states, badge
 * progress; docs/decisions/0024-round-closed-backlog.md): each player is read once and kept parsed between batches
 * (up to `keep` players), changed in memory, and written once by `flush` before the transaction commits; `discard`,
 * after a rollback, forgets all of it. Only the queue writes these rows, and one collector at a time runs it
 * (decision 0023), so what is kept is what the database holds.
 */
export class PlayerBatch<Stored, Pending> {
  readonly #pending = new Map<string, Pending>();
  readonly #stored: RecentMap<string, Stored>;
  readonly #read: (playerName: string) => Stored;
  readonly #start: (stored: Stored) => Pending;
  readonly #write: (playerName: string, pending: Pending) => Stored;

  constructor(options: {
    keep: number;
    /** The player's row as the database holds it, parsed. */
    read: (playerName: string) => Stored;
    /** What the batch changes, from the stored row (which must stay as it is: it may be kept). */
    start: (stored: Stored) => Pending;
    /** Writes the changed row and returns it as now stored. */
    write: (playerName: string, pending: Pending) => Stored;
  }) {
    this.#stored = new RecentMap(options.keep);
    this.#read = options.read;
    this.#start = options.start;
    this.#write = options.write;
  }

  /** The player as the batch has left it so far. */
  get(playerName: string): Pending {
    let pending = this.#pending.get(playerName);
    if (pending === undefined) {
      pending = this.#start(this.#stored.get(playerName) ?? this.#read(playerName));
      this.#pending.set(playerName, pending);
    }
    return pending;
  }

  flush(): void {
    for (const [playerName, pending] of this.#pending) this.#stored.set(playerName, this.#write(playerName, pending));
    this.#pending.clear();
  }

  discard(): void {
    this.#pending.clear();
    // What the failed batch flushed is not in the database after all.
    this.#stored.clear();
  }
}
