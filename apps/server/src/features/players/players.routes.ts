import {
  MAP_STATS_RANGES,
  PLAYERS_PAGE_SIZE,
  PLAYERS_SORT_KEYS,
  apiErrorSchema,
  mapStatsResponseSchema,
  playerStatsResponseSchema,
  playersListResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { sendError } from '../../http/errors.ts';
import { MAX_PAGE, booleanFlag, optionalText, positiveWholeNumber, sortOrder } from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import { createPlayerProfileService } from './player-profile.service.ts';

/**
 * The players list, the player profile and a player's maps on a server (spec site-statistics §7). Player names
 * arrive URL-decoded in the path and are matched exactly (a name is a player's only identity).
 */

const MAX_NAME_LENGTH = 256;
const MAX_FILTER_LENGTH = 100;

const listQuerySchema = z.object({
  page: positiveWholeNumber(1, MAX_PAGE),
  pageSize: positiveWholeNumber(PLAYERS_PAGE_SIZE, PLAYERS_PAGE_SIZE),
  sortBy: z.enum(PLAYERS_SORT_KEYS, { error: `must be one of ${PLAYERS_SORT_KEYS.join(', ')}` }).default('lastSeen'),
  sortOrder: sortOrder.default('desc'),
  playerName: optionalText(MAX_FILTER_LENGTH),
  isActive: booleanFlag(false),
});

/** A player's name in a path (also used by the rounds feature's player sessions). */
export const playerParamsSchema = z.object({
  playerName: z
    .string()
    .min(1, { error: 'must name a player' })
    .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` }),
});

const mapStatsParamsSchema = playerParamsSchema.extend({
  serverGuid: z.string().trim().min(1, { error: 'must name a server' }).max(128, { error: 'is too long' }),
});

const mapStatsQuerySchema = z.object({
  range: z.enum(MAP_STATS_RANGES, { error: `must be one of ${MAP_STATS_RANGES.join(', ')}` }).default('Last30Days'),
});

/** The 404 body for a player name never seen (also the rounds feature's player sessions). */
export function unknownPlayer(name: string) {
  return { error: 'not_found', message: `No player named '${name}' has been seen by Frontline` };
}

export interface PlayersRoutesOptions {
  database: Database;
  now?: () => Date;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers?: boolean;
}

export const playersRoutes: FastifyPluginAsyncZod<PlayersRoutesOptions> = async (app, options) => {
  const service = createPlayerProfileService(options.database.db, options.now);

  app.get(
    '/players',
    { schema: { querystring: listQuerySchema, response: { 200: playersListResponseSchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      // Who is online changes with every poll.
      const answer = await service.listPlayers(request.query);
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 10, encodeOnce: options.encodeSharedAnswers });
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
      const answer = await service.describePlayer(playerName);
      if (!answer) return sendError(reply, 404, unknownPlayer(playerName));
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30, encodeOnce: options.encodeSharedAnswers });
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
      const answer = await service.describeMapStats(playerName, serverGuid, request.query.range);
      if (!answer) {
        return sendError(reply, 404, {
          error: 'not_found',
          message: `No player named '${playerName}' or no server with guid '${serverGuid}' is known to Frontline`,
        });
      }
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60, encodeOnce: options.encodeSharedAnswers });
    },
  );
};
