import { z } from 'zod';
import { gameIdSchema } from './live-servers.ts';
import { utcTimestamp } from './timestamps.ts';

/** How one game's collection is going (spec: none; the operator's view of the collector). */
export const gameCollectionSchema = z.object({
  game: gameIdSchema,
  /** When the game's last good list was polled; null until one was. */
  lastGoodPollAt: utcTimestamp.nullable(),
  consecutiveFailures: z.number(),
  /** Why the latest poll failed; null after a good one. */
  lastError: z.string().nullable(),
});

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.string(),
  collector: z.object({
    /**
     * `failing`: a game's polls have failed for longer than the configured time; `off`: no collector runs here;
     * `standby`: another instance collects, and this one takes over if that one goes (PostgreSQL).
     */
    status: z.enum(['ok', 'failing', 'off', 'standby']),
    games: z.array(gameCollectionSchema),
    /**
     * The collector's worker thread: whether it is running as it should, how often it was started again after
     * dying or stalling, and what happened to it last (null while it runs). Null when no collector runs here.
     */
    worker: z.object({ alive: z.boolean(), restarts: z.number(), problem: z.string().nullable() }).nullable(),
  }),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
