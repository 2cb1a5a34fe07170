import { z } from 'zod';

/**
 * The server browser's calls (spec: site-statistics §3 Server, Live server, Busy indicator, Forecast,
 * Player history, Player search result; §7). Field names are the spec's.
 */

export const gameIdSchema = z.enum(['bf1942', 'fh2', 'bfvietnam']);

export const liveServerPlayerSchema = z.object({
  name: z.string(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  ping: z.number(),
  team: z.number(),
  teamLabel: z.string(),
  /** Bots are listed (they fill slots) but flagged. */
  aiBot: z.boolean(),
});

export const liveServerTeamSchema = z.object({
  index: z.number(),
  label: z.string(),
  tickets: z.number().nullable(),
});

/** One row of the server browser. */
export const liveServerSchema = z.object({
  /** Frontline's stable id of the server (from game, ip and port). */
  guid: z.string(),
  name: z.string(),
  ip: z.string(),
  port: z.number(),
  /** bf1942, fh2 or bfvietnam. */
  game: gameIdSchema,
  numPlayers: z.number(),
  maxPlayers: z.number(),
  mapName: z.string(),
  gameType: z.string(),
  /** Seconds; -1 when the game does not report it (hidden). */
  roundTimeRemain: z.number(),
  hasPassword: z.boolean(),
  /** IANA time zone, when known. */
  timezone: z.string().nullable(),
  /** ISO 3166-1 alpha-2, when known. */
  country: z.string().nullable(),
  joinLink: z.string().nullable(),
  discordUrl: z.string().nullable(),
  forumUrl: z.string().nullable(),
});

export const liveServersResponseSchema = z.object({
  servers: z.array(liveServerSchema),
  /** When the collector last listed this game successfully (UTC ISO), null if never. */
  lastUpdated: z.string().nullable(),
  /** True when that list is older than two poll intervals (the feed is failing). */
  stale: z.boolean(),
});

export const liveServerDetailSchema = liveServerSchema.extend({
  players: z.array(liveServerPlayerSchema),
  teams: z.array(liveServerTeamSchema),
});

export const busyLevelSchema = z.enum(['very_busy', 'busy', 'moderate', 'quiet', 'very_quiet', 'unknown']);

export const busyIndicatorResponseSchema = z.object({
  serverResults: z.array(
    z.object({
      serverGuid: z.string(),
      busyIndicator: z.object({
        busyLevel: busyLevelSchema,
        busyText: z.string(),
        typicalPlayers: z.number().nullable(),
        currentPlayers: z.number(),
      }),
      /** 24 entries, hour 0–23 UTC. */
      hourlyTimeline: z.array(
        z.object({
          hour: z.number(),
          typicalPlayers: z.number(),
          busyLevel: busyLevelSchema,
          isCurrentHour: z.boolean(),
        }),
      ),
    }),
  ),
  generatedAt: z.string(),
});

export const forecastEntrySchema = z.object({
  hourOfDay: z.number(),
  /** 1 = Monday … 7 = Sunday (ISO), UTC. */
  dayOfWeek: z.number(),
  predictedPlayers: z.number(),
  actualPlayers: z.number().nullable(),
  isCurrentHour: z.boolean(),
  busyLevel: busyLevelSchema,
});

export const landingSummaryResponseSchema = z.object({
  insights: z.object({
    generatedAt: z.string(),
    currentPlayers: z.number(),
    maxPredictedPlayers: z.number(),
    forecast: z.array(forecastEntrySchema),
  }),
});

export const playersOnlineHistoryResponseSchema = z.object({
  dataPoints: z.array(z.object({ timestamp: z.string(), totalPlayers: z.number() })),
  insights: z.object({
    peakPlayers: z.number(),
    lowestPlayers: z.number(),
    overallAverage: z.number(),
    rollingAverage: z.array(z.object({ timestamp: z.string(), average: z.number() })),
  }),
  period: z.string(),
  rollingWindowDays: z.number(),
});

export const playerSearchResultSchema = z.object({
  playerName: z.string(),
  totalPlayTimeMinutes: z.number(),
  lastSeen: z.string(),
  isActive: z.boolean(),
  currentServer: z
    .object({
      serverGuid: z.string(),
      serverName: z.string(),
      mapName: z.string(),
      sessionKills: z.number(),
      sessionDeaths: z.number(),
    })
    .nullable(),
});

export const playerSearchResponseSchema = z.object({ items: z.array(playerSearchResultSchema) });

export type LiveServer = z.infer<typeof liveServerSchema>;
export type LiveServersResponse = z.infer<typeof liveServersResponseSchema>;
export type LiveServerDetail = z.infer<typeof liveServerDetailSchema>;
export type BusyLevel = z.infer<typeof busyLevelSchema>;
export type BusyIndicatorResponse = z.infer<typeof busyIndicatorResponseSchema>;
export type ForecastEntry = z.infer<typeof forecastEntrySchema>;
export type LandingSummaryResponse = z.infer<typeof landingSummaryResponseSchema>;
export type PlayersOnlineHistoryResponse = z.infer<typeof playersOnlineHistoryResponseSchema>;
export type PlayerSearchResult = z.infer<typeof playerSearchResultSchema>;
export type PlayerSearchResponse = z.infer<typeof playerSearchResponseSchema>;
