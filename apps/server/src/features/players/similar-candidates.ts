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

export class SimilarCandidates {
  readonly #readChangedSince: (revision: number) => Promise<CandidateRow[]>;
  readonly #byName = new Map<string, CandidateRow>();
  /** Per server, the played milliseconds of each player who has played there in their window. */
  readonly #byServer = new Map<string, Map<string, number>>();
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
    const shared = new Map<string, number>();
    for (const { serverGuid, share } of targetShares) {
      for (const [playerName, playedMs] of this.#byServer.get(serverGuid) ?? []) {
        if (playedMs < minPlayedMs) continue;
        const row = this.#byName.get(playerName);
        if (!row || row.facts.lastWeek < fromWeek) continue;
        shared.set(playerName, (shared.get(playerName) ?? 0) + Math.min(share, playedMs / row.playedMs));
      }
    }
    return [...shared].map(([playerName, sharedServerShare]) => ({
      ...this.#byName.get(playerName)!.facts,
      sharedServerShare,
    }));
  }

  #apply(row: CandidateRow): void {
    const { playerName } = row.facts;
    const before = this.#byName.get(playerName);
    if (before) {
      for (const serverGuid of Object.keys(before.serverPlayedMs)) this.#byServer.get(serverGuid)?.delete(playerName);
    }
    this.#byName.set(playerName, row);
    for (const [serverGuid, playedMs] of Object.entries(row.serverPlayedMs)) {
      let players = this.#byServer.get(serverGuid);
      if (!players) this.#byServer.set(serverGuid, (players = new Map<string, number>()));
      players.set(playerName, playedMs);
    }
    this.#revision = Math.max(this.#revision, row.revision);
  }
}
