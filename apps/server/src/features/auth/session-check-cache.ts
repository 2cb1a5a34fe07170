/**
 * Remembers, per sign-in, whether it is still live, so an authenticated request costs no query most of the time
 * (DESIGN.md: "a token whose session was logged out is rejected, checked cheaply"). A logout in this process is
 * seen at once (`markRevoked`); one in another process within `liveForMs`. Revocations are remembered until the
 * cache is full: a revoked sign-in never comes back.
 */
export class SessionCheckCache {
  readonly #liveForMs: number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { live: boolean; checkedAt: number }>();

  constructor({ liveForMs, maxEntries }: { liveForMs: number; maxEntries: number }) {
    this.#liveForMs = liveForMs;
    this.#maxEntries = maxEntries;
  }

  /** True or false when known; undefined when the store must be asked. */
  get(sessionId: string, now: number): boolean | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (!entry.live) return false;
    return now - entry.checkedAt < this.#liveForMs ? true : undefined;
  }

  set(sessionId: string, live: boolean, now: number): void {
    this.#entries.delete(sessionId);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(sessionId, { live, checkedAt: now });
  }

  markRevoked(sessionId: string, now: number): void {
    this.set(sessionId, false, now);
  }
}
