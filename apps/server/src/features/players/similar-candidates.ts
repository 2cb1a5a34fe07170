import type { PreSortFacts } from '../../domain/similarity/rank-similar-players.ts';

/**
 * Every player's narrow similarity row, held in memory by each instance, so that a similar-players answer finds its
 * candidates without a query (docs/decisions/0025-similar-players-candidates-in-memory.md). The candidates of a
 * target are the players with at least `minPlayedMs` in their window on one of the target's servers; on the 30-day
 * demo that is about 1,400 players read from 8,000 (server, player) pairs, which the database took 15–25 ms to join
 * and group for every answer, and this walk well under a millisecond.
 *
 * Kept current by revision: the round-closed work gives every row it writes its batch's revision, greater with
 * every batch, and `refresh` reads only the rows written since the greatest revision it has seen (none when nothing
 * changed: one probe of an index). The first refresh reads every row.
 */

/** A player's narrow row: the funnel's facts, the played milliseconds in all and per server, and its revision. */
export interface CandidateRow {
  facts: Omit<PreSortFacts, 'sharedServerShare'>;
  playedMs: number;
  serverPlayedMs: Readonly<Record<string, number>>;
  revision: number;
}

export interface TargetShare {
  serverGuid: string;
  /** The target's share of play on the server (0..1). */
  share: number;
}

/** A server's players as arrays (their slots and played milliseconds there): what an answer walks. */
interface ServerPlayers {
  slots: Int32Array;
  playedMs: Float64Array;
}

export class SimilarCandidates {
  readonly #readChangedSince: (revision: number) => Promise<CandidateRow[]>;
  /** Each player's row at a slot of their own, for as long as the process runs. */
  readonly #rows: CandidateRow[] = [];
  readonly #slotOf = new Map<string, number>();
  /** Per server, the slot of each player who has played there in their window, with their played milliseconds. */
  readonly #byServer = new Map<string, Map<number, number>>();
  /** The same as arrays, built when an answer first walks the server after it changed. */
  readonly #serverArrays = new Map<string, ServerPlayers>();
  #revision = -1;
  #refreshing: Promise<void> | undefined;

  constructor(readChangedSince: (revision: number) => Promise<CandidateRow[]>) {
    this.#readChangedSince = readChangedSince;
  }

  /** Reads the rows written since the last refresh; callers that come while one is under way share it. */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#readChangedSince(this.#revision)
      .then((rows) => {
        for (const row of rows) this.#apply(row);
      })
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }

  /**
   * The players active since `fromWeek` with at least `minPlayedMs` on one of the target's servers, each with the
   * share of play both have on the same servers: Σ over those servers of the smaller of the two shares.
   */
  candidatesOf(targetShares: readonly TargetShare[], fromWeek: number, minPlayedMs: number): PreSortFacts[] {
    const rows = this.#rows;
    // Every share added is above 0 (a candidate has minutes there, the target more than 5): 0 is "not yet seen".
    const shared = new Float64Array(rows.length);
    const seen: number[] = [];
    for (const { serverGuid, share } of targetShares) {
      const players = this.#arraysOf(serverGuid);
      if (!players) continue;
      for (let index = 0; index < players.slots.length; index += 1) {
        const playedMs = players.playedMs[index]!;
        const slot = players.slots[index]!;
        const row = rows[slot]!;
        if (playedMs < minPlayedMs || row.facts.lastWeek < fromWeek) continue;
        if (shared[slot] === 0) seen.push(slot);
        shared[slot]! += Math.min(share, playedMs / row.playedMs);
      }
    }
    return seen.map((slot) => ({ ...rows[slot]!.facts, sharedServerShare: shared[slot]! }));
  }

  #arraysOf(serverGuid: string): ServerPlayers | undefined {
    let arrays = this.#serverArrays.get(serverGuid);
    if (!arrays) {
      const players = this.#byServer.get(serverGuid);
      if (!players) return undefined;
      arrays = { slots: Int32Array.from(players.keys()), playedMs: Float64Array.from(players.values()) };
      this.#serverArrays.set(serverGuid, arrays);
    }
    return arrays;
  }

  #apply(row: CandidateRow): void {
    const { playerName } = row.facts;
    let slot = this.#slotOf.get(playerName);
    if (slot === undefined) {
      slot = this.#rows.length;
      this.#slotOf.set(playerName, slot);
    } else {
      for (const serverGuid of Object.keys(this.#rows[slot]!.serverPlayedMs)) {
        this.#byServer.get(serverGuid)?.delete(slot);
        this.#serverArrays.delete(serverGuid);
      }
    }
    this.#rows[slot] = row;
    for (const [serverGuid, playedMs] of Object.entries(row.serverPlayedMs)) {
      let players = this.#byServer.get(serverGuid);
      if (!players) this.#byServer.set(serverGuid, (players = new Map<number, number>()));
      players.set(slot, playedMs);
      this.#serverArrays.delete(serverGuid);
    }
    this.#revision = Math.max(this.#revision, row.revision);
  }
}
