/**
 * Remembers, per sign-in, whose it is while it is live, so an authenticated request costs no query most of the time
 * (DESIGN.md: "a token whose session was logged out is rejected, checked cheaply"). What is kept is the session's
 * owner, and every request compares it with the user its token names: a token naming a live sign-in of someone else
 * is refused, as the store would refuse it. A logout in this process is seen at once (`markRevoked`); one in another
 * process within `liveForMs`. Ended sign-ins are remembered until the cache is full: an ended sign-in never comes
 * back.
 */
export class SessionCheckCache {
  readonly #liveForMs: number;
  readonly #maxEntries: number;
  /** The owner's user id of a live sign-in, null for an ended one. */
  readonly #entries = new Map<string, { owner: number | null; checkedAt: number }>();

  constructor({ liveForMs, maxEntries }: { liveForMs: number; maxEntries: number }) {
    this.#liveForMs = liveForMs;
    this.#maxEntries = maxEntries;
  }

  /** The user whose live sign-in this is, null when it has ended; undefined when the store must be asked. */
  ownerOf(sessionId: string, now: number): number | null | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.owner === null) return null;
    return now - entry.checkedAt < this.#liveForMs ? entry.owner : undefined;
  }

  set(sessionId: string, owner: number | null, now: number): void {
    this.#entries.delete(sessionId);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(sessionId, { owner, checkedAt: now });
  }

  markRevoked(sessionId: string, now: number): void {
    this.set(sessionId, null, now);
  }
}
