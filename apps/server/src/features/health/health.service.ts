import type { HealthRepository } from './health.repository.ts';

export type HealthCheck = { healthy: true } | { healthy: false; problem: string; cause: unknown };

/** Liveness for load balancers and the operator: the process is up (it answers), and the database answers. */
export function createHealthService({ healthRepository }: { healthRepository: HealthRepository }) {
  return {
    async checkHealth(): Promise<HealthCheck> {
      try {
        await healthRepository.ping();
        return { healthy: true };
      } catch (error) {
        return { healthy: false, problem: error instanceof Error ? error.message : String(error), cause: error };
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
