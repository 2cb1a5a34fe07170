import { z } from 'zod';
import { utcTimestamp } from './timestamps.ts';

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
  /** Bots are listed (they fill slots), also on a server with no people, but flagged. */
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
  /**
   * People playing (shared rule PLAYER COUNTS): the players Frontline tracks, bots left out (two people sharing a
   * name are two, as the tracker follows them). FULL and the sort by players use it.
   */
  numPlayers: z.number(),
  /** Bots in the listing (flagged by the feed or wearing a default bot name): shown as `16 + 4 bots`. */
  botCount: z.number(),
  maxPlayers: z.number(),
  mapName: z.string(),
  gameType: z.string(),
  /** Seconds; -1 when the game does not report it (hidden). */
  roundTimeRemain: z.number(),
  /**
   * When the current round began as Frontline saw it (UTC ISO): its first poll, so the round is at least this old.
   * Null when no round is open. Shown for games whose feed has no round clock (FH2), as how long it has run.
   */
  roundStartedAt: utcTimestamp.nullable(),
  /** Seconds a round may last as the server is set up (FH2 `timelimit`): not a countdown. Null when unknown or none. */
  roundTimeLimit: z.number().nullable(),
  hasPassword: z.boolean(),
  /** IANA time zone, when known. */
  timezone: z.string().nullable(),
  /** ISO 3166-1 alpha-2, when known. */
  country: z.string().nullable(),
  /**
   * The game's own launcher link (spec §9): the feed's, or for a passwordless FH2 server `bf2://ip:port?mod=fh2`
   * (the BF2 engine's scheme with the mod to start); null for a server without one (password protected).
   */
  joinLink: z.string().nullable(),
  discordUrl: z.string().nullable(),
  forumUrl: z.string().nullable(),
});

export const liveServersResponseSchema = z.object({
  servers: z.array(liveServerSchema),
  /** When the collector last listed this game successfully (UTC ISO), null if never. */
  lastUpdated: utcTimestamp.nullable(),
  /** True when that list is older than two poll intervals (the feed is failing). */
  stale: z.boolean(),
});

export const liveServerDetailSchema = liveServerSchema.extend({
  players: z.array(liveServerPlayerSchema),
  teams: z.array(liveServerTeamSchema),
});

export const busyLevelSchema = z.enum(['very_busy', 'busy', 'moderate', 'quiet', 'very_quiet', 'unknown']);

/**
 * What a forecast figure rests on, surest first: the same weekday and UTC hour (3 or more past hours), the
 * same UTC hour on any day, the server's whole rhythm (a rough estimate), or nothing (no history at all).
 */
export const forecastBasisSchema = z.enum(['weekday_hour', 'hour', 'overall', 'none']);

export const busyIndicatorResponseSchema = z.object({
  serverResults: z.array(
    z.object({
      serverGuid: z.string(),
      busyIndicator: z.object({
        busyLevel: busyLevelSchema,
        busyText: z.string(),
        /** Average human players of this hour in the past; null when this hour has no history. */
        typicalPlayers: z.number().nullable(),
        /** Human players now (bots excluded); 0 when the server is offline. */
        currentPlayers: z.number(),
        basis: forecastBasisSchema,
        /** How many past hours the level was compared with. */
        dataPoints: z.number(),
        /** Whole days since the server's first hour of history (within the last 60 days); 0 in its first day. */
        historyDays: z.number(),
      }),
      /** 24 entries, hour 0–23 UTC. */
      hourlyTimeline: z.array(
        z.object({
          hour: z.number(),
          /** Null for an hour with no history (drawn as missing, never as 0). */
          typicalPlayers: z.number().nullable(),
          /** `unknown` when typicalPlayers is null. */
          busyLevel: busyLevelSchema,
          isCurrentHour: z.boolean(),
          /** weekday_hour, hour or none. */
          basis: forecastBasisSchema,
          /** How many past hours typicalPlayers averages. */
          dataPoints: z.number(),
        }),
      ),
    }),
  ),
  generatedAt: utcTimestamp,
});

export const forecastEntrySchema = z.object({
  hourOfDay: z.number(),
  /** 1 = Monday … 7 = Sunday (ISO), UTC. */
  dayOfWeek: z.number(),
  /** Null for an hour with no history. */
  predictedPlayers: z.number().nullable(),
  actualPlayers: z.number().nullable(),
  isCurrentHour: z.boolean(),
  /** `unknown` when predictedPlayers is null. */
  busyLevel: busyLevelSchema,
  /** weekday_hour, hour or none. */
  basis: forecastBasisSchema,
  /** How many past days predictedPlayers averages. */
  dataPoints: z.number(),
});

export const landingSummaryResponseSchema = z.object({
  insights: z.object({
    generatedAt: utcTimestamp,
    currentPlayers: z.number(),
    maxPredictedPlayers: z.number(),
    forecast: z.array(forecastEntrySchema),
  }),
});

export const playersOnlineHistoryResponseSchema = z.object({
  dataPoints: z.array(z.object({ timestamp: utcTimestamp, totalPlayers: z.number() })),
  insights: z.object({
    peakPlayers: z.number(),
    lowestPlayers: z.number(),
    overallAverage: z.number(),
    rollingAverage: z.array(z.object({ timestamp: utcTimestamp, average: z.number() })),
  }),
  period: z.string(),
  rollingWindowDays: z.number(),
});

export const playerSearchResultSchema = z.object({
  /** The stored name: the player's identity (links, filters, keys). */
  playerName: z.string(),
  /**
   * The name to show: playerName decoded from legacy cp1251 mojibake (player-names.ts), else playerName itself.
   * Sent so the header search shows names without the decoder in the first bundle.
   */
  displayName: z.string(),
  totalPlayTimeMinutes: z.number(),
  lastSeen: utcTimestamp,
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
export type ForecastBasis = z.infer<typeof forecastBasisSchema>;
export type BusyIndicatorResponse = z.infer<typeof busyIndicatorResponseSchema>;
export type ForecastEntry = z.infer<typeof forecastEntrySchema>;
export type LandingSummaryResponse = z.infer<typeof landingSummaryResponseSchema>;
export type PlayersOnlineHistoryResponse = z.infer<typeof playersOnlineHistoryResponseSchema>;
export type PlayerSearchResult = z.infer<typeof playerSearchResultSchema>;
export type PlayerSearchResponse = z.infer<typeof playerSearchResponseSchema>;
