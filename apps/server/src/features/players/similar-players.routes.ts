import {
  SIMILARITY_MODES,
  SIMILAR_PLAYERS_DEFAULT_LIMIT,
  SIMILAR_PLAYERS_MAX_LIMIT,
  apiErrorSchema,
  similarPlayersResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../http/errors.ts';
import { playerParamsSchema, unknownPlayer } from '../../http/path-params.ts';
import type { RateLimitHook } from '../../http/rate-limit.ts';
import { positiveWholeNumber } from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { SimilarPlayersService } from './similar-players.service.ts';

/** GET /stats/players/{playerName}/similar (spec site-statistics §7; domain facts §6: limit 1..50, 10 by default). */

const similarQuerySchema = z.object({
  mode: z.enum(SIMILARITY_MODES, { error: `must be one of ${SIMILARITY_MODES.join(', ')}` }).default('default'),
  limit: positiveWholeNumber(SIMILAR_PLAYERS_DEFAULT_LIMIT, SIMILAR_PLAYERS_MAX_LIMIT),
});

export const similarPlayersRoutes: FastifyPluginAsyncZod<{
  similarPlayersService: SimilarPlayersService;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers: boolean;
  /** A call scores the player against everyone active on their servers: limited per address (http/rate-limit.ts). */
  rateLimit: RateLimitHook;
}> = async (app, { similarPlayersService, encodeSharedAnswers, rateLimit }) => {
  app.get(
    '/players/:playerName/similar',
    {
      onRequest: rateLimit,
      schema: {
        params: playerParamsSchema,
        querystring: similarQuerySchema,
        response: { 200: similarPlayersResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { playerName } = request.params;
      const answer = await similarPlayersService.findSimilarPlayers({ playerName, ...request.query });
      if (!answer) return sendError(reply, 404, unknownPlayer());
      // Features move only when one of the players' rounds closes; the service reuses an answer for a minute.
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 300, encodeOnce: encodeSharedAnswers });
    },
  );
};
