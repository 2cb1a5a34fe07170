import type { WebSocket } from '@fastify/websocket';
import { apiErrorSchema, HUB_PATH } from '@frontline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf } from '../http/bearer-token.ts';
import { sendError } from '../http/errors.ts';
import type { HubUser } from './hub-connection.ts';
import { HubRefusal, type HubService } from './hub.service.ts';

/**
 * The hub's two HTTP doors (reference/signalr-wire.md): POST /hub/negotiate, then the WebSocket at /hub. Both want
 * the access token, from the bearer header (Node clients) or the `access_token` query (browsers cannot set headers
 * on a WebSocket); without a good one the negotiate answers 401 and no socket opens. Registered at the root: the hub
 * is not under /stats.
 */

export interface HubRoutesOptions {
  hubService: HubService;
  /** The user of a token, or a throw when it is missing its signature, expired or logged out. */
  authenticate: (accessToken: string) => Promise<HubUser>;
}

const MAX_TOKEN_LENGTH = 4096;

const hubQuerySchema = z.object({
  access_token: z.string().max(MAX_TOKEN_LENGTH, { error: 'is too long' }).optional(),
  /** The negotiation's connection token (absent when the client skips negotiation). */
  id: z.string().max(100, { error: 'is too long' }).optional(),
  negotiateVersion: z.string().max(10, { error: 'is too long' }).optional(),
});

type HubQuery = z.infer<typeof hubQuerySchema>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The hub user and the token they connected with (set by the hub's preValidation). */
    hubUser: { user: HubUser; accessToken: string } | undefined;
  }
}

const negotiateResponseSchema = z.object({
  negotiateVersion: z.literal(1),
  connectionId: z.string(),
  connectionToken: z.string(),
  availableTransports: z.array(z.object({ transport: z.string(), transferFormats: z.array(z.string()) })),
});

export const hubRoutes: FastifyPluginAsyncZod<HubRoutesOptions> = async (app, { hubService, authenticate }) => {
  app.decorateRequest('hubUser', undefined);

  /** Decides who is connecting, before anything else happens; refusals are 401 in the one error format. */
  async function requireHubUser(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const accessToken = bearerTokenOf(request) ?? (request.query as HubQuery).access_token;
    if (!accessToken) {
      return sendError(reply, 401, {
        error: 'unauthorized',
        message: 'Authentication required: send the access token as a bearer or as the access_token query.',
      });
    }
    try {
      request.hubUser = { user: await authenticate(accessToken), accessToken };
    } catch {
      return sendError(reply, 401, { error: 'unauthorized', message: 'The access token is invalid or has expired.' });
    }
    return undefined;
  }

  function refuse(reply: FastifyReply, error: unknown) {
    if (!(error instanceof HubRefusal)) throw error;
    return sendError(reply, error.status, { error: error.code, message: error.message });
  }

  app.post(
    `${HUB_PATH}/negotiate`,
    {
      schema: {
        querystring: hubQuerySchema,
        response: { 200: negotiateResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
        hide: true,
      },
      preValidation: requireHubUser,
    },
    async (request, reply) => {
      const { user } = request.hubUser!;
      try {
        const { connectionId, connectionToken } = hubService.negotiate(user);
        return {
          negotiateVersion: 1 as const,
          connectionId,
          connectionToken,
          // JSON is text; WebSockets only (issue 17): no Server-Sent Events, no long polling.
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
        };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.route({
    method: 'GET',
    url: HUB_PATH,
    schema: { querystring: hubQuerySchema, hide: true },
    preValidation: async (request, reply) => {
      const refused = await requireHubUser(request, reply);
      if (refused || !request.ws) return refused;
      try {
        hubService.admit(request.hubUser!.user, request.query.id);
      } catch (error) {
        return refuse(reply, error);
      }
      return undefined;
    },
    // A plain GET (no upgrade) has nothing to get.
    handler: async (_request, reply) =>
      sendError(reply, 400, { error: 'bad_request', message: 'The hub speaks WebSocket only: upgrade the request.' }),
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const { user, accessToken } = request.hubUser!;
      hubService.accept(socket, user, accessToken);
    },
  });
};
