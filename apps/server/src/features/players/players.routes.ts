import {
  GAMES,
  MAP_STATS_RANGES,
  findGame,
  PLAYERS_PAGE_SIZE,
  PLAYERS_SORT_KEYS,
  apiErrorSchema,
  mapStatsResponseSchema,
  playerStatsResponseSchema,
  playersListResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asServerGuid } from '../../domain/ids.ts';
import { sendError } from '../../http/errors.ts';
import { playerParamsSchema, unknownPlayer } from '../../http/path-params.ts';
import type { RateLimitHook } from '../../http/rate-limit.ts';
import { MAX_PAGE, booleanFlag, optionalText, positiveWholeNumber, sortOrder } from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { PlayerProfileService } from './player-profile.service.ts';

/** The players list, the player profile and a player's maps on a server (spec site-statistics §7). */

const MAX_FILTER_LENGTH = 100;

const GAME_PROBLEM = `must be one of ${GAMES.map((game) => game.id).join(', ')}`;

const listQuerySchema = z
  .object({
    page: positiveWholeNumber(1, MAX_PAGE),
    pageSize: positiveWholeNumber(PLAYERS_PAGE_SIZE, PLAYERS_PAGE_SIZE),
    sortBy: z.enum(PLAYERS_SORT_KEYS, { error: `must be one of ${PLAYERS_SORT_KEYS.join(', ')}` }).default('lastSeen'),
    sortOrder: sortOrder.default('desc'),
    playerName: optionalText(MAX_FILTER_LENGTH),
    isActive: booleanFlag(false),
    /** The players online on one game (the server browser's Playing Now); a game or its route alias. */
    game: optionalText(MAX_FILTER_LENGTH).transform((key, context) => {
      if (key === undefined) return undefined;
      const game = findGame(key);
      if (game) return game.id;
      context.addIssue({ code: 'custom', message: GAME_PROBLEM });
      return z.NEVER;
    }),
  })
  .superRefine((query, context) => {
    // A game is known for the players online only (their open session's server): everyone else has played many.
    if (query.game !== undefined && !query.isActive)
      context.addIssue({
        code: 'custom',
        path: ['game'],
        message: 'needs isActive=true (it filters the players online)',
      });
  });

const mapStatsParamsSchema = playerParamsSchema.extend({
  serverGuid: z
    .string()
    .trim()
    .min(1, { error: 'must name a server' })
    .max(128, { error: 'is too long' })
    .transform(asServerGuid),
});

const mapStatsQuerySchema = z.object({
  range: z.enum(MAP_STATS_RANGES, { error: `must be one of ${MAP_STATS_RANGES.join(', ')}` }).default('Last30Days'),
});

export const playersRoutes: FastifyPluginAsyncZod<{
  playerProfileService: PlayerProfileService;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers: boolean;
  /**
   * The list filtered by `playerName` is a name search (a part of a name looked for in every name): limited per
   * address with the other searches (http/rate-limit.ts). The list without it is a page of an index, not limited.
   */
  limitSearches: RateLimitHook;
}> = async (app, { playerProfileService, encodeSharedAnswers, limitSearches }) => {
  app.get(
    '/players',
    {
      // After validation, when the filter is known to be there (blank counts as none).
      preHandler: async (request, reply) =>
        request.query.playerName === undefined ? undefined : limitSearches(request, reply),
      schema: {
        querystring: listQuerySchema,
        response: { 200: playersListResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Who is online changes with every poll.
      const answer = await playerProfileService.listPlayers(request.query);
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 10, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/players/:playerName',
    {
      schema: {
        params: playerParamsSchema,
        response: { 200: playerStatsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { playerName } = request.params;
      const answer = await playerProfileService.describePlayer(playerName);
      if (!answer) return sendError(reply, 404, unknownPlayer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/players/:playerName/server/:serverGuid/mapstats',
    {
      schema: {
        params: mapStatsParamsSchema,
        querystring: mapStatsQuerySchema,
        response: { 200: mapStatsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { playerName, serverGuid } = request.params;
      const answer = await playerProfileService.describeMapStats(playerName, serverGuid, request.query.range);
      if (!answer) {
        return sendError(reply, 404, {
          error: 'not_found',
          message: 'No player with this name, or no server with this guid, is known to Frontline',
        });
      }
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60, encodeOnce: encodeSharedAnswers });
    },
  );
};
