import { apiErrorSchema, playerSearchResponseSchema } from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitHook } from '../../http/rate-limit.ts';
import type { PlayersService } from './players.service.ts';

/** Spec §9: search needs 2 characters and shows 10 results; 50 is plenty for any list that pages them. */
const MIN_QUERY_LENGTH = 2;
const MAX_QUERY_LENGTH = 100;
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

const PAGE_SIZE_RULE = `must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

const searchQuerySchema = z.object({
  query: z
    .string({ error: `is required: at least ${MIN_QUERY_LENGTH} characters of a player name` })
    .trim()
    .min(MIN_QUERY_LENGTH, `must be at least ${MIN_QUERY_LENGTH} characters (spaces around it do not count)`)
    .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_RULE })
    .int(PAGE_SIZE_RULE)
    .min(1, PAGE_SIZE_RULE)
    .max(MAX_PAGE_SIZE, PAGE_SIZE_RULE)
    .default(DEFAULT_PAGE_SIZE),
});

/** The player search box (spec §2 "Server browser", §7 `GET /stats/Players/search`). */
export const playersSearchRoutes: FastifyPluginAsyncZod<{
  playersService: PlayersService;
  /** A search looks for a part of a name in every name (LIKE): limited per address (http/rate-limit.ts). */
  rateLimit: RateLimitHook;
}> = async (app, { playersService, rateLimit }) => {
  app.get(
    // Matched however the client spells it: the router is case-insensitive (spec spells it /stats/Players/search).
    '/players/search',
    {
      onRequest: rateLimit,
      schema: { querystring: searchQuerySchema, response: { 200: playerSearchResponseSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      // Online status changes from poll to poll: a short cache only spares bursts of the same keystrokes.
      reply.header('cache-control', 'public, max-age=5');
      return playersService.searchPlayers({ text: request.query.query, pageSize: request.query.pageSize });
    },
  );
};
