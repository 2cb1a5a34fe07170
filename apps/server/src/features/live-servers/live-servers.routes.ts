import {
  apiErrorSchema,
  findGame,
  GAMES,
  liveServerDetailSchema,
  liveServersResponseSchema,
} from '@frontline/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../http/errors.ts';
import { sendSharedJson } from '../../http/send-json.ts';
import type { LiveServersService } from './live-servers.service.ts';

const GAME_IDS: readonly string[] = GAMES.map((game) => game.id);
const GAME_ALIASES = [...new Set(GAMES.flatMap((game) => [game.routeSlug, game.mode.toLowerCase()]))].filter(
  (alias) => !GAME_IDS.includes(alias),
);
const GAME_NAMES = `${GAME_IDS.join(', ')} (aliases ${GAME_ALIASES.join(', ')})`;

/** Any name the product uses for a game (`bfv`, `42`, `FH2`, …), read as its id. */
const gameParamSchema = z.string().transform((value, context) => {
  const game = findGame(value);
  if (game === undefined) {
    // The rule, not the text sent (issue 20: an error repeats nothing of the request).
    context.addIssue({ code: 'custom', message: `must be one of ${GAME_NAMES}` });
    return z.NEVER;
  }
  return game.id;
});

const portParamSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, 'must be a whole number from 1 to 65535')
  .transform(Number)
  .refine((port) => port >= 1 && port <= 65535, 'must be a whole number from 1 to 65535');

const listParamsSchema = z.object({ game: gameParamSchema });
const serverParamsSchema = z.object({
  game: gameParamSchema,
  ip: z.string().min(1, 'must name the server address'),
  port: portParamSchema,
});

export interface LiveServersRoutesOptions {
  /** Shared with the page renderer, which preloads the list's busy indicators (app.ts). */
  liveServersService: LiveServersService;
  /** Production: send the shared list encoded once per list, skipping the per-request schema check. */
  encodeSharedAnswers: boolean;
}

/**
 * A fresh list may be cached briefly by browsers and proxies (the collector polls every 30 s anyway); a stale one
 * must not be, so the next request can show the recovered list at once.
 */
function setLiveCacheHeader(reply: FastifyReply, stale: boolean): void {
  reply.header('cache-control', stale ? 'no-cache' : 'public, max-age=5');
}

/** The server browser's live list and one live server with its players (spec §2, §3, §7). */
export const liveServersRoutes: FastifyPluginAsyncZod<LiveServersRoutesOptions> = async (
  app,
  { liveServersService: service, encodeSharedAnswers },
) => {
  app.get(
    '/liveservers/:game/servers',
    { schema: { params: listParamsSchema, response: { 200: liveServersResponseSchema } } },
    async (request, reply) => {
      const list = await service.listLiveServers(request.params.game);
      setLiveCacheHeader(reply, list.stale);
      return encodeSharedAnswers ? sendSharedJson(request, reply, list) : list;
    },
  );

  app.get(
    '/liveservers/:game/:ip/:port',
    { schema: { params: serverParamsSchema, response: { 200: liveServerDetailSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { game, ip, port } = request.params;
      const found = await service.findLiveServer(game, ip, port);
      if (found === undefined) {
        return sendError(reply, 404, {
          error: 'not_found',
          message: 'No server at this ip and port is listed by the live feed of this game right now',
        });
      }
      setLiveCacheHeader(reply, found.stale);
      return found.server;
    },
  );
};
