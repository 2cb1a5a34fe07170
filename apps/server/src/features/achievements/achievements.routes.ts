import {
  ACHIEVEMENT_PAGE_SIZES,
  DEFAULT_ACHIEVEMENT_PAGE_SIZE,
  achievementsPageResponseSchema,
  apiErrorSchema,
  gamificationResponseSchema,
  initialDataResponseSchema,
  roundAchievementsResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../http/errors.ts';
import { playerParamsSchema, roundParamsSchema, unknownPlayer, unknownRound } from '../../http/path-params.ts';
import { MAX_PAGE, oneOf, optionalText, positiveWholeNumber, sortOrder } from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { AchievementsService } from './achievements.service.ts';
import { isTimeZone } from './award-groups.ts';

/**
 * `GET /stats/gamification/player/{name}`, `GET /stats/gamification/achievements`,
 * `GET /stats/gamification/round/{roundId}` and `GET /stats/app/initialdata` (issue 18; site-statistics §5, §7).
 */

const MAX_NAME_LENGTH = 256;
const MAX_FILTER_LENGTH = 100;
/** The longest IANA names are about 30 characters (America/Argentina/ComodRivadavia). */
const MAX_TIME_ZONE_LENGTH = 64;

const achievementsQuerySchema = z.object({
  playerName: z
    .string({ error: 'must name a player' })
    .trim()
    .min(1, { error: 'must name a player' })
    .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` }),
  page: positiveWholeNumber(1, MAX_PAGE),
  pageSize: oneOf(ACHIEVEMENT_PAGE_SIZES, DEFAULT_ACHIEVEMENT_PAGE_SIZE),
  sortBy: z.enum(['AchievedAt'], { error: 'must be AchievedAt' }).default('AchievedAt'),
  sortOrder: sortOrder.default('desc'),
  mapName: optionalText(MAX_FILTER_LENGTH),
  achievementId: optionalText(MAX_FILTER_LENGTH),
  /** The visitor's zone: a card is one id's awards on one calendar day there (docs/formulas.md). */
  timeZone: z
    .string()
    .trim()
    .max(MAX_TIME_ZONE_LENGTH, { error: `must be at most ${MAX_TIME_ZONE_LENGTH} characters`, abort: true })
    .refine(isTimeZone, { error: 'must be an IANA time zone name, such as Europe/Berlin' })
    .default('UTC'),
});

export const achievementsRoutes: FastifyPluginAsyncZod<{ achievementsService: AchievementsService }> = async (
  app,
  { achievementsService },
) => {
  app.get('/app/initialdata', { schema: { response: { 200: initialDataResponseSchema } } }, async (_request, reply) => {
    // The catalogue changes only with a release (issue 18: "cached for an hour").
    reply.header('cache-control', 'public, max-age=3600');
    return achievementsService.initialData();
  });

  app.get(
    '/gamification/player/:playerName',
    {
      schema: {
        params: playerParamsSchema,
        response: { 200: gamificationResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { playerName } = request.params;
      const answer = await achievementsService.describePlayer(playerName);
      if (!answer) return sendError(reply, 404, unknownPlayer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60 });
    },
  );

  app.get(
    '/gamification/achievements',
    {
      schema: {
        querystring: achievementsQuerySchema,
        response: { 200: achievementsPageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { playerName, mapName, achievementId, page, pageSize, sortOrder: order, timeZone } = request.query;
      const answer = await achievementsService.listAchievements(
        { playerName, mapName, achievementId },
        { page, pageSize, sortOrder: order, timeZone },
      );
      if (!answer) return sendError(reply, 404, unknownPlayer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60 });
    },
  );

  app.get(
    '/gamification/round/:roundId',
    {
      schema: {
        params: roundParamsSchema,
        response: { 200: roundAchievementsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { roundId } = request.params;
      const answer = await achievementsService.roundAchievements(roundId);
      if (!answer) return sendError(reply, 404, unknownRound());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30 });
    },
  );
};
