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

export interface WorkerStatus {
  /** False while it is dead or stalled and being started again. */
  alive: boolean;
  /** How many times it was started again after dying or stalling. */
  restarts: number;
  /** What happened to it, while it is not alive; null while it runs. */
  problem: string | null;
  /** Alive but not collecting: another instance holds the collector's lock (PostgreSQL, several instances). */
  standby: boolean;
}

export interface CollectionStatus {
  /** When collection started: a game never polled well has been failing since then. */
  startedAt: Date;
  games: GameCollectionStatus[];
  /** The thread that collects, when collection runs in a thread of its own (absent: in the caller's). */
  worker?: WorkerStatus;
}

export interface CollectionStatusSource {
  collectionStatus(): CollectionStatus;
}
