import { apiErrorSchema, healthResponseSchema } from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version.ts';
import type { HealthService } from './health.service.ts';

const unhealthyResponseSchema = apiErrorSchema.extend(healthResponseSchema.shape);

/**
 * For load balancers and the operator: 200 while the database answers and every game is being collected, 503 in
 * the error format (with the same figures) naming each problem otherwise.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (app, { healthService }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: unhealthyResponseSchema } } },
    async (request, reply) => {
      const check = await healthService.checkHealth();
      const figures = {
        version: APP_VERSION,
        database: check.databaseError === undefined ? 'ok' : 'error',
        collector: check.collector,
      };
      if (check.problems.length === 0) return { status: 'ok' as const, ...figures };
      request.log.error({ err: check.databaseError, problems: check.problems }, 'health check failed');
      return reply.status(503).send({
        error: 'service_unavailable',
        message: check.problems.join('; '),
        status: 'degraded' as const,
        ...figures,
      });
    },
  );
};
