import { apiErrorSchema, healthResponseSchema } from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version.ts';
import type { HealthService } from './health.service.ts';

const unhealthyResponseSchema = apiErrorSchema.extend(healthResponseSchema.shape);

/** Liveness for load balancers and the operator: is the process up and does the database answer? */
export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (app, { healthService }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: unhealthyResponseSchema } } },
    async (request, reply) => {
      const check = await healthService.checkHealth();
      if (check.healthy) return { status: 'ok' as const, version: APP_VERSION, database: 'ok' };
      request.log.error({ err: check.cause }, 'health check: database failed');
      return reply.status(503).send({
        error: 'service_unavailable',
        message: `The database is not answering: ${check.problem}`,
        status: 'degraded' as const,
        version: APP_VERSION,
        database: 'error',
      });
    },
  );
};
