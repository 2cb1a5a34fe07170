import { apiErrorSchema, healthResponseSchema } from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { pingDatabase } from '../../db/database.ts';
import { APP_VERSION } from '../../version.ts';

const unhealthyResponseSchema = apiErrorSchema.extend(healthResponseSchema.shape);

/** Liveness for load balancers and the operator: is the process up and does the database answer? */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: unhealthyResponseSchema } } },
    async (request, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: 'ok' as const, version: APP_VERSION, database: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database failed');
        return reply.status(503).send({
          error: 'service_unavailable',
          message: `The database is not answering: ${error instanceof Error ? error.message : String(error)}`,
          status: 'degraded' as const,
          version: APP_VERSION,
          database: 'error',
        });
      }
    },
  );
};
