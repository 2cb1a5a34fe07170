import {
  DEFAULT_SESSIONS_PAGE_SIZE,
  MAX_ROUND_FILTER_PLAYERS,
  ROUNDS_SORT_KEYS,
  SESSIONS_PAGE_SIZES,
  apiErrorSchema,
  playerSessionsResponseSchema,
  roundFilterOptionsResponseSchema,
  roundReportResponseSchema,
  roundsListResponseSchema,
} from '@frontline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asServerGuid } from '../../domain/ids.ts';
import { sendError } from '../../http/errors.ts';
import { playerParamsSchema, roundParamsSchema, unknownPlayer, unknownRound } from '../../http/path-params.ts';
import type { RateLimitHook } from '../../http/rate-limit.ts';
import {
  MAX_PAGE,
  booleanFlag,
  numberFilter,
  oneOf,
  optionalText,
  positiveWholeNumber,
  sortOrder,
} from '../../http/query-rules.ts';
import { sendAnswer } from '../../http/send-json.ts';
import type { RoundsService } from './rounds.service.ts';

/**
 * `GET /stats/rounds`, `GET /stats/rounds/{roundId}/report` and `GET /stats/players/{playerName}/sessions`
 * (spec site-statistics §5 sessions query, §7; issue "Rounds"). Names and map names are matched exactly: the
 * screens link with the names the API gave them.
 */

const MAX_NAME_LENGTH = 256;
const MAX_FILTER_LENGTH = 200;

/** ISO-8601 date or date-time; without a zone it is UTC (§5 "Timestamps without trailing Z are UTC"). */
const timeFilter = z
  .string()
  .trim()
  .optional()
  .transform((text, context) => {
    if (text === undefined || text === '') return undefined;
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
    const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(zoned) ? Date.parse(zoned) : NaN;
    if (Number.isFinite(at)) return new Date(at).toISOString();
    context.addIssue({ code: 'custom', message: 'must be an ISO-8601 date or time, like 2026-11-21T18:00:00Z' });
    return z.NEVER;
  });

/** Repeated keys (`playerNames=a&playerNames=b`) arrive as an array, a single one as text. */
const playerNamesFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => [...new Set((value === undefined ? [] : [value].flat()).map((name) => name.trim()))])
  .transform((names) => names.filter(Boolean))
  .pipe(
    z
      .array(z.string().max(MAX_NAME_LENGTH, { error: `each name must be at most ${MAX_NAME_LENGTH} characters` }))
      .max(MAX_ROUND_FILTER_PLAYERS, { error: `at most ${MAX_ROUND_FILTER_PLAYERS} players` }),
  );

/** What both the rounds list and its filters' choices are narrowed by. */
const roundSubjectFields = {
  serverName: optionalText(MAX_FILTER_LENGTH),
  serverGuid: optionalText(MAX_FILTER_LENGTH).transform((guid) =>
    guid === undefined ? undefined : asServerGuid(guid),
  ),
  mapName: optionalText(MAX_FILTER_LENGTH),
  gameType: optionalText(MAX_FILTER_LENGTH),
  playerNames: playerNamesFilter,
};

const roundsQuerySchema = z
  .object({
    page: positiveWholeNumber(1, MAX_PAGE),
    pageSize: oneOf(SESSIONS_PAGE_SIZES, DEFAULT_SESSIONS_PAGE_SIZE),
    sortBy: z.enum(ROUNDS_SORT_KEYS, { error: `must be one of ${ROUNDS_SORT_KEYS.join(', ')}` }).default('startTime'),
    sortOrder: sortOrder.default('desc'),
    includePlayers: booleanFlag(true),
    onlySpecifiedPlayers: booleanFlag(false),
    /** Rounds no human was ever seen in (participant count 0) are listed only when asked. */
    includeEmpty: booleanFlag(false),
    ...roundSubjectFields,
    endTimeFrom: timeFilter,
    endTimeTo: timeFilter,
    minDuration: numberFilter,
    maxDuration: numberFilter,
  })
  .superRefine((query, context) => {
    if (query.endTimeFrom && query.endTimeTo && query.endTimeFrom > query.endTimeTo)
      context.addIssue({ code: 'custom', path: ['endTimeTo'], message: 'must not be before endTimeFrom' });
    if (query.minDuration !== undefined && query.maxDuration !== undefined && query.minDuration > query.maxDuration)
      context.addIssue({ code: 'custom', path: ['maxDuration'], message: 'must not be less than minDuration' });
  });

/**
 * The choices of the filters are read through indexes per server or per player, so the call must name one: over
 * every round of every server they would be a scan of the whole table.
 */
const filterOptionsQuerySchema = z.object(roundSubjectFields).superRefine((query, context) => {
  if (query.serverName === undefined && query.serverGuid === undefined && query.playerNames.length === 0)
    context.addIssue({
      code: 'custom',
      path: ['serverName'],
      message: 'name a server (serverName or serverGuid) or playerNames',
    });
});

/** A filter naming a server nobody has seen is a wrong address, not an empty list. The name sent is not repeated. */
function unknownServer(filter: { serverName?: string; serverGuid?: string }) {
  const parameter = filter.serverName !== undefined ? 'serverName' : 'serverGuid';
  return { error: 'not_found', message: `${parameter} names no server Frontline knows` };
}

const playerSessionsQuerySchema = z.object({
  map: optionalText(MAX_FILTER_LENGTH),
  server: optionalText(MAX_FILTER_LENGTH),
  page: positiveWholeNumber(1, MAX_PAGE),
  pageSize: oneOf(SESSIONS_PAGE_SIZES, DEFAULT_SESSIONS_PAGE_SIZE),
});

export const roundsRoutes: FastifyPluginAsyncZod<{
  roundsService: RoundsService;
  /** Production: answers the service reuses are sent encoded once, without the per-request schema check. */
  encodeSharedAnswers: boolean;
  /**
   * Every route here is limited per address (http/rate-limit.ts): a report decodes a round's whole timeline, and the
   * lists intersect players' rounds or page deep into a server's, each query different enough to miss the caches.
   */
  rateLimit: RateLimitHook;
}> = async (app, { roundsService, encodeSharedAnswers: encodeOnce, rateLimit }) => {
  app.get(
    '/rounds',
    {
      onRequest: rateLimit,
      schema: {
        querystring: roundsQuerySchema,
        response: { 200: roundsListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const {
        page,
        pageSize,
        sortBy,
        sortOrder,
        includePlayers,
        onlySpecifiedPlayers,
        minDuration,
        maxDuration,
        ...filter
      } = request.query;
      const answer = await roundsService.listRounds({
        page,
        pageSize,
        sortBy,
        sortOrder,
        includePlayers,
        onlySpecifiedPlayers,
        filter: { ...filter, minDurationMinutes: minDuration, maxDurationMinutes: maxDuration },
      });
      if (!answer) return sendError(reply, 404, unknownServer(filter));
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 10, encodeOnce });
    },
  );

  app.get(
    '/rounds/filter-options',
    {
      onRequest: rateLimit,
      schema: {
        querystring: filterOptionsQuerySchema,
        response: {
          200: roundFilterOptionsResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await roundsService.listFilterOptions({ ...request.query, includeEmpty: false });
      if (!answer) return sendError(reply, 404, unknownServer(request.query));
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 60, encodeOnce });
    },
  );

  app.get(
    '/rounds/:roundId/report',
    {
      onRequest: rateLimit,
      schema: {
        params: roundParamsSchema,
        response: { 200: roundReportResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { roundId } = request.params;
      const answer = await roundsService.describeRound(roundId);
      if (!answer) {
        return sendError(reply, 404, unknownRound());
      }
      // A closed round never changes again; a live one gains a poll every 30 s.
      return sendAnswer(request, reply, answer, { maxAgeSeconds: answer.round.isActive ? 10 : 3600, encodeOnce });
    },
  );

  app.get(
    '/players/:playerName/sessions',
    {
      onRequest: rateLimit,
      schema: {
        params: playerParamsSchema,
        querystring: playerSessionsQuerySchema,
        response: { 200: playerSessionsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { playerName } = request.params;
      const { map, server, page, pageSize } = request.query;
      const answer = await roundsService.listPlayerSessions({
        playerName,
        mapName: map,
        serverName: server,
        page,
        pageSize,
      });
      if (!answer) return sendError(reply, 404, unknownPlayer());
      return sendAnswer(request, reply, answer, { maxAgeSeconds: 10, encodeOnce });
    },
  );
};
