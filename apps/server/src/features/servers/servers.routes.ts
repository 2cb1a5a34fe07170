import {
  DEFAULT_INSIGHT_DAYS,
  DEFAULT_MIN_PLAYERS_FOR_WEIGHTING,
  DEFAULT_RANKING_PAGE_SIZE,
  INSIGHT_DAYS,
  MIN_PLAYERS_FOR_WEIGHTING_OPTIONS,
  RANKING_ORDER_BY,
  RANKING_PAGE_SIZES,
  apiErrorSchema,
  serverDetailsResponseSchema,
  serverInsightsResponseSchema,
  serverRankingsResponseSchema,
  serverSearchResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../http/errors.ts';
import type { RateLimitHook } from '../../http/rate-limit.ts';
import {
  MAX_PAGE,
  minimumFilter,
  oneOf,
  optionalText,
  positiveWholeNumber,
  sortOrder,
} from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { ServersService } from './servers.service.ts';

/**
 * Server profile, insights, rankings and search (spec site-statistics §7; §5 rankings query). Registered under
 * /stats. Server names arrive URL-decoded in the path.
 */

const MAX_NAME_LENGTH = 200;
const MAX_FILTER_LENGTH = 100;
const MAX_SEARCH_PAGE_SIZE = 100;

const serverNameParamsSchema = z.object({
  serverName: z
    .string()
    .trim()
    .min(1, { error: 'must name a server' })
    .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` }),
});

const detailsQuerySchema = z.object({
  minPlayersForWeighting: oneOf(MIN_PLAYERS_FOR_WEIGHTING_OPTIONS, DEFAULT_MIN_PLAYERS_FOR_WEIGHTING),
});

const insightsQuerySchema = z.object({ days: oneOf(INSIGHT_DAYS, DEFAULT_INSIGHT_DAYS) });

const rankingsQuerySchema = z.object({
  page: positiveWholeNumber(1, MAX_PAGE),
  pageSize: oneOf(RANKING_PAGE_SIZES, DEFAULT_RANKING_PAGE_SIZE),
  orderBy: z.enum(RANKING_ORDER_BY, { error: `must be one of ${RANKING_ORDER_BY.join(', ')}` }).default('TotalScore'),
  orderDirection: sortOrder.default('desc'),
  playerName: optionalText(MAX_FILTER_LENGTH),
  minScore: minimumFilter,
  minKills: minimumFilter,
  minDeaths: minimumFilter,
  minKdRatio: minimumFilter,
  minPlayTimeMinutes: minimumFilter,
});

const searchQuerySchema = z.object({
  query: z
    .string({ error: 'is required: part of a server name' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(MAX_FILTER_LENGTH, { error: `must be at most ${MAX_FILTER_LENGTH} characters` }),
  page: positiveWholeNumber(1, MAX_PAGE),
  pageSize: positiveWholeNumber(10, MAX_SEARCH_PAGE_SIZE),
});

export interface ServersRoutesOptions {
  serversService: ServersService;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers: boolean;
  /** The search, limited per address with the player search (http/rate-limit.ts). */
  limitSearches: RateLimitHook;
}

export const serversRoutes: FastifyPluginAsyncZod<ServersRoutesOptions> = async (
  app,
  { serversService: service, encodeSharedAnswers, limitSearches },
) => {
  // The name sent is not repeated (issue 20).
  const unknownServer = () => ({ error: 'not_found', message: 'No server with this name is known to Frontline' });

  // Registered before /servers/:serverName; the router prefers the static path anyway.
  app.get(
    '/servers/search',
    {
      onRequest: limitSearches,
      schema: {
        querystring: searchQuerySchema,
        response: { 200: serverSearchResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { query, page, pageSize } = request.query;
      const answer = await service.searchServers(query, page, pageSize);
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 10, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/servers/:serverName',
    {
      schema: {
        params: serverNameParamsSchema,
        querystring: detailsQuerySchema,
        response: { 200: serverDetailsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { serverName } = request.params;
      const answer = await service.describeServer(serverName, request.query.minPlayersForWeighting);
      if (!answer) return sendError(reply, 404, unknownServer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/servers/:serverName/insights',
    {
      schema: {
        params: serverNameParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: serverInsightsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { serverName } = request.params;
      const answer = await service.describeInsights(serverName, request.query.days);
      if (!answer) return sendError(reply, 404, unknownServer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 120, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/servers/:serverName/rankings',
    {
      schema: {
        params: serverNameParamsSchema,
        querystring: rankingsQuerySchema,
        response: { 200: serverRankingsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { serverName } = request.params;
      const answer = await service.rankPlayers(serverName, request.query);
      if (!answer) return sendError(reply, 404, unknownServer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30, encodeOnce: encodeSharedAnswers });
    },
  );
};
