import { appInfoSchema, type SignInOptions } from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version.ts';

/** Facts about this deployment the web app shows (the demo notice) and tools read. */
export const appInfoRoutes: FastifyPluginAsyncZod<{ demoMode: boolean; signIn: SignInOptions }> = async (
  app,
  { demoMode, signIn },
) => {
  app.get('/app/info', { schema: { response: { 200: appInfoSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { version: APP_VERSION, demoMode, signIn };
  });
};
