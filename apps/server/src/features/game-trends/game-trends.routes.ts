import {
  DEFAULT_GAME,
  GAMES,
  HISTORY_PERIODS,
  ROLLING_WINDOWS,
  apiErrorSchema,
  busyIndicatorResponseSchema,
  findGame,
  landingSummaryResponseSchema,
  playersOnlineHistoryResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asServerGuid } from '../../domain/ids.ts';
import { sendError } from '../../http/errors.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { GameTrendsService } from './game-trends.service.ts';

/**
 * Game trends (spec site-statistics §7): busy indicators for a batch of servers, the landing forecast of
 * a game and the players-online history of a game or a server. Registered under /stats.
 */

/** The browser asks in batches of 25 (spec §9); a bigger batch is a client bug, not a bigger answer. */
export const MAX_SERVER_GUIDS = 25;

const GAME_NAMES = GAMES.map((game) => game.id).join(', ');
const GAME_ALIASES = [...new Set(GAMES.flatMap((game) => [game.routeSlug, game.mode.toLowerCase()]))]
  .filter((alias) => !GAMES.some((game) => game.id === alias))
  .join(', ');
const GAME_PROBLEM = `must be one of ${GAME_NAMES} (or ${GAME_ALIASES})`;
const ROLLING_WINDOW_PROBLEM = `must be one of ${ROLLING_WINDOWS.join(', ')}`;
const ROLLING_WINDOW_TEXTS: readonly string[] = ROLLING_WINDOWS.map(String);

const serverGuidsSchema = z
  .union([z.string(), z.array(z.string())], {
    error: `is required: give one to ${MAX_SERVER_GUIDS} server guids, one serverGuids=… key each`,
  })
  // One key arrives as a string, repeated keys as an array.
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'must not be empty' })
          .max(128, { error: 'is too long' })
          .transform(asServerGuid),
      )
      .min(1, { error: 'must name at least one server guid' })
      .max(MAX_SERVER_GUIDS, { error: `must name at most ${MAX_SERVER_GUIDS} server guids per call` }),
  );

const busyIndicatorQuerySchema = z.object({ serverGuids: serverGuidsSchema });

const landingSummaryQuerySchema = z.object({
  game: z
    .string({ error: GAME_PROBLEM })
    .default(DEFAULT_GAME.id)
    .transform((key, context) => {
      const game = findGame(key);
      if (game) return game.id;
      context.addIssue({ code: 'custom', message: GAME_PROBLEM });
      return z.NEVER;
    }),
});

const historyParamsSchema = z.object({
  id: z.string().min(1, { error: 'must be a game or a server guid' }),
});

const historyQuerySchema = z.object({
  period: z.enum(HISTORY_PERIODS, { error: `must be one of ${HISTORY_PERIODS.join(', ')}` }).default('7d'),
  rollingWindowDays: z
    .string({ error: ROLLING_WINDOW_PROBLEM })
    .default('7')
    .refine((value) => ROLLING_WINDOW_TEXTS.includes(value), { error: ROLLING_WINDOW_PROBLEM })
    .transform(Number),
});

export interface GameTrendsRoutesOptions {
  gameTrendsService: GameTrendsService;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers: boolean;
}

export const gameTrendsRoutes: FastifyPluginAsyncZod<GameTrendsRoutesOptions> = async (
  app,
  { gameTrendsService: service, encodeSharedAnswers },
) => {
  app.get(
    '/GameTrends/busy-indicator',
    {
      schema: {
        querystring: busyIndicatorQuerySchema,
        response: { 200: busyIndicatorResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.describeBusyness(request.query.serverGuids);
      // Current players change with every poll; a minute keeps the list's refreshes cheap and recent enough.
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/GameTrends/landing-summary',
    {
      schema: {
        querystring: landingSummaryQuerySchema,
        response: { 200: landingSummaryResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.forecastGame(request.query.game);
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/LiveServers/:id/players-online-history',
    {
      schema: {
        params: historyParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: playersOnlineHistoryResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { period, rollingWindowDays } = request.query;
      const answer = await service.traceOnlinePlayers(id, period, rollingWindowDays);
      if (!answer) {
        return sendError(reply, 404, {
          error: 'not_found',
          message: `No game or server with this id: use ${GAME_NAMES} or a server guid`,
        });
      }
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 120, encodeOnce: encodeSharedAnswers });
    },
  );
};
