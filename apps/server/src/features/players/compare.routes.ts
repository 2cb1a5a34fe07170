import {
  COMPARISON_NOT_FOUND_MESSAGE,
  COMPARISON_SAME_PLAYER_MESSAGE,
  activityHoursResponseSchema,
  apiErrorSchema,
  comparisonResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asServerGuid } from '../../domain/ids.ts';
import { sendError } from '../../http/errors.ts';
import type { RateLimitHook } from '../../http/rate-limit.ts';
import { playerParamsSchema } from '../../http/path-params.ts';
import { optionalText } from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { ComparisonRefusal, CompareService } from './compare.service.ts';

/**
 * `GET /stats/players/compare` and `GET /stats/players/compare/activity-hours` (issue 19; site-statistics §5
 * "Comparison needs both names non-blank after trimming", §7, §8). Names are trimmed, as every name in a query
 * is, then matched exactly; the same name twice is refused with 400 and the words the page shows for it
 * (docs/formulas.md "Comparison").
 */

const MAX_GUID_LENGTH = 128;

/** A name in the query: required, trimmed, then the profile path's rule (not blank, at most 256 characters). */
const playerNameQuery = z.string({ error: 'must name a player' }).trim().pipe(playerParamsSchema.shape.playerName);

const activityHoursQuerySchema = z.object({ player1: playerNameQuery, player2: playerNameQuery });

const comparisonQuerySchema = activityHoursQuerySchema.extend({
  // Blank means all servers (§5 "Blank filter values omitted"); the All Servers button sends none.
  serverGuid: optionalText(MAX_GUID_LENGTH).transform((guid) => (guid === undefined ? undefined : asServerGuid(guid))),
});

/** A player compared with himself: nothing to compare (every round of his would be "head to head"). */
function samePlayerRefusal(query: { player1: string; player2: string }) {
  if (query.player1 !== query.player2) return undefined;
  return {
    error: 'bad_request',
    message: COMPARISON_SAME_PLAYER_MESSAGE,
    details: [{ parameter: 'player2', problem: 'names the same player as player1' }],
  };
}

/** The §8 message (the page shows it as it is), with the parameter whose name was not found in `details`. */
function refusalBody(refusal: ComparisonRefusal) {
  if (refusal.kind === 'unknownServer') {
    return {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'Invalid query parameter: serverGuid is not a server Frontline knows',
        details: [{ parameter: 'serverGuid', problem: 'is not a server Frontline knows' }],
      },
    };
  }
  const details = refusal.players.map(({ parameter }) => ({
    parameter,
    problem: 'no player with this name has been seen by Frontline',
  }));
  const which = details.map((detail) => `${detail.parameter}: ${detail.problem}`).join('; ');
  return { status: 404, body: { error: 'not_found', message: `${COMPARISON_NOT_FOUND_MESSAGE} (${which})`, details } };
}

export const compareRoutes: FastifyPluginAsyncZod<{
  compareService: CompareService;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers: boolean;
  /** Each call reads two players' figures, maps and sessions: limited per address (http/rate-limit.ts). */
  rateLimit: RateLimitHook;
}> = async (app, { compareService, encodeSharedAnswers, rateLimit }) => {
  app.get(
    '/players/compare',
    {
      onRequest: rateLimit,
      schema: {
        querystring: comparisonQuerySchema,
        response: { 200: comparisonResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const samePlayer = samePlayerRefusal(request.query);
      if (samePlayer) return sendError(reply, 400, samePlayer);
      const answer = await compareService.compare(request.query);
      if ('kind' in answer) {
        const { status, body } = refusalBody(answer);
        return sendError(reply, status, body);
      }
      // As the profile's: figures of closed rounds change every few minutes.
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30, encodeOnce: encodeSharedAnswers });
    },
  );

  app.get(
    '/players/compare/activity-hours',
    {
      onRequest: rateLimit,
      schema: {
        querystring: activityHoursQuerySchema,
        response: { 200: activityHoursResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const samePlayer = samePlayerRefusal(request.query);
      if (samePlayer) return sendError(reply, 400, samePlayer);
      const answer = await compareService.activityHours(request.query.player1, request.query.player2);
      if ('kind' in answer) {
        const { status, body } = refusalBody(answer);
        return sendError(reply, status, body);
      }
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 30, encodeOnce: encodeSharedAnswers });
    },
  );
};
