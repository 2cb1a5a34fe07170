import type { HealthResponse } from '@frontline/contract';
import type { CollectionStatusSource } from '../../domain/collection-status.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HealthRepository } from './health.repository.ts';

export type HealthCheck = {
  collector: HealthResponse['collector'];
  /** Why the service is not healthy (the database, or a game that has not been collected for too long). */
  problems: string[];
  /** What the database threw, for the log. */
  databaseError?: unknown;
};

export interface HealthServiceDeps {
  healthRepository: HealthRepository;
  /** Undefined when the collector is off here (another instance collects, or tests). */
  collection: CollectionStatusSource | undefined;
  /** A game whose polls have failed for longer than this is a problem (COLLECTOR_UNHEALTHY_AFTER_SECONDS). */
  unhealthyAfterMs: number;
  clock: Clock;
}

/**
 * For load balancers and the operator: the process answers, the database answers, and every game's feed has been
 * polled well recently. A feed outage shorter than `unhealthyAfterMs` is a gap the collector rides out, not a
 * failure of the service.
 */
export function createHealthService({ healthRepository, collection, unhealthyAfterMs, clock }: HealthServiceDeps) {
  return {
    async checkHealth(): Promise<HealthCheck> {
      const problems: string[] = [];
      let databaseError: unknown;
      try {
        await healthRepository.ping();
      } catch (error) {
        databaseError = error;
        problems.push(`The database is not answering: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!collection) return { collector: { status: 'off', games: [], worker: null }, problems, databaseError };

      const status = collection.collectionStatus();
      if (status.worker?.standby && status.worker.alive) {
        const { alive, restarts, problem } = status.worker;
        return {
          collector: { status: 'standby', games: [], worker: { alive, restarts, problem } },
          problems,
          databaseError,
        };
      }
      const now = clock();
      let failing = false;
      if (status.worker && !status.worker.alive) {
        failing = true;
        problems.push(`The collector is not running: ${status.worker.problem ?? 'no reason given'}`);
      }
      for (const game of status.games) {
        if (game.consecutiveFailures === 0) continue;
        const failingSinceMs = (game.lastGoodPollAt ?? status.startedAt).getTime();
        const minutes = Math.floor((now - failingSinceMs) / 60_000);
        if (now - failingSinceMs > unhealthyAfterMs) {
          failing = true;
          const since = game.lastGoodPollAt ? `for ${minutes} min` : `since start-up (${minutes} min)`;
          problems.push(`Collection of ${game.game} has failed ${since}: ${game.lastError ?? 'no reason given'}`);
        }
      }
      return {
        collector: {
          status: failing ? 'failing' : 'ok',
          games: status.games.map((game) => ({
            game: game.game,
            lastGoodPollAt: game.lastGoodPollAt?.toISOString() ?? null,
            consecutiveFailures: game.consecutiveFailures,
            lastError: game.lastError,
          })),
          worker: status.worker
            ? { alive: status.worker.alive, restarts: status.worker.restarts, problem: status.worker.problem }
            : null,
        },
        problems,
        databaseError,
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
