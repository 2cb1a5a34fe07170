import type { GameId } from '@frontline/contract';
import type { CollectionStatus } from '../../domain/collection-status.ts';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import type { TrackerEvent } from '../tracker/tracker-events.ts';

/**
 * What the collector's worker thread and the HTTP thread say to each other. The worker owns the feed client, the
 * tracker and every write; the HTTP thread keeps a copy of what it needs to answer (each game's live list, the
 * collection status) and republishes the tracker's events on its own bus. Only plain data crosses (structured
 * clone): times travel as unix ms.
 */

/** Everything the worker needs to start: the same settings the in-process collector had. */
export interface CollectorWorkerSettings {
  databasePath: string;
  /** PostgreSQL instead of the file at databasePath. */
  postgres?: { url: string; schema: string };
  bflistBaseUrl: string;
  games: GameId[];
  pollIntervalMs: number;
  logLevel: string;
}

export interface LiveListMessage {
  game: GameId;
  at: number;
  servers: ServerSnapshot[];
  /** Why the list is not current although it is the newest one kept (a gap, a list cut off); absent when fresh. */
  staleReason?: string;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export type WorkerToHost =
  /** After each cycle: the lists that changed since the last message, and the status. */
  | { type: 'cycle'; lists: LiveListMessage[]; status: SerializedCollectionStatus }
  /** committedAt: when its poll's transaction committed, in ms since the epoch (sub-millisecond; any thread's clock). */
  | { type: 'event'; event: TrackerEvent; committedAt: number }
  | { type: 'log'; level: LogLevel; payload: Record<string, unknown>; message: string }
  /** Another instance collects (it holds the collector's lock); this worker asks again every half interval. */
  | { type: 'standby' }
  | { type: 'stopped' };

export type HostToWorker = { type: 'stop' };

/** CollectionStatus with its dates as unix ms. */
export interface SerializedCollectionStatus {
  startedAt: number;
  games: { game: GameId; lastGoodPollAt: number | null; consecutiveFailures: number; lastError: string | null }[];
}

export function serializeStatus(status: CollectionStatus): SerializedCollectionStatus {
  return {
    startedAt: status.startedAt.getTime(),
    games: status.games.map((game) => ({ ...game, lastGoodPollAt: game.lastGoodPollAt?.getTime() ?? null })),
  };
}

export function deserializeStatus(status: SerializedCollectionStatus): CollectionStatus {
  return {
    startedAt: new Date(status.startedAt),
    games: status.games.map((game) => ({
      ...game,
      lastGoodPollAt: game.lastGoodPollAt === null ? null : new Date(game.lastGoodPollAt),
    })),
  };
}
