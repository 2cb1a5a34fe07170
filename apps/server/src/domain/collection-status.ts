import type { GameId } from '@frontline/contract';

/**
 * How collection is going, per game: what the collector (the write side) tells the health check (the read side)
 * without either importing the other.
 */
export interface GameCollectionStatus {
  game: GameId;
  /** When the game's last good list was polled; null until one was. */
  lastGoodPollAt: Date | null;
  /** Polls in a row that failed (0 after a good one). */
  consecutiveFailures: number;
  /** Why the latest failed poll failed; null after a good one. */
  lastError: string | null;
}

export interface CollectionStatus {
  /** When collection started: a game never polled well has been failing since then. */
  startedAt: Date;
  games: GameCollectionStatus[];
  /**
   * Set while the thread that collects is not running as it should (it died, or stopped answering, and is being
   * restarted): what happened. Absent when it runs, or when collection runs in the caller's own thread.
   */
  workerProblem?: string;
}

export interface CollectionStatusSource {
  collectionStatus(): CollectionStatus;
}
