import { z } from 'zod';
import { utcTimestamp } from './timestamps.ts';
import { gameIdSchema, playerSearchResultSchema } from './live-servers.ts';

/**
 * The players list, the player profile and a player's map statistics on one server (spec: site-statistics
 * §3 Player search result, Player stats, Session entry, Best score, Player server entry, Player insights,
 * Map stat; §5; §7; §9). Field names are the spec's; comments state the rule where the spec leaves it open.
 */

export const playersListResponseSchema = z.object({
  items: z.array(playerSearchResultSchema),
  currentPage: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
});

export const currentSessionSchema = z.object({
  serverGuid: z.string(),
  serverName: z.string(),
  gameId: gameIdSchema,
  mapName: z.string(),
  roundId: z.string(),
  startTime: utcTimestamp,
  sessionKills: z.number(),
  sessionDeaths: z.number(),
  sessionScore: z.number(),
});

export const profileSessionSchema = z.object({
  sessionId: z.number(),
  roundId: z.string(),
  serverName: z.string(),
  serverGuid: z.string(),
  gameId: gameIdSchema,
  mapName: z.string(),
  gameType: z.string(),
  startTime: utcTimestamp,
  lastSeen: utcTimestamp,
  isActive: z.boolean(),
  totalScore: z.number(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  /** Minutes observed playing. */
  playTimeMinutes: z.number(),
});

export const bestScoreSchema = z.object({
  roundId: z.string(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  mapName: z.string(),
  serverName: z.string(),
  serverGuid: z.string(),
  /** When the session was last seen (its round's end for closed rounds). */
  timestamp: utcTimestamp,
});

export const trendPointSchema = z.object({
  /** A UTC day (00:00). */
  timestamp: utcTimestamp,
  value: z.number(),
});

export const playerServerSchema = z.object({
  serverGuid: z.string(),
  serverName: z.string(),
  gameId: gameIdSchema,
  /** Kills / deaths to 2 decimals; the kills when deaths is 0. */
  kdRatio: z.number(),
  totalRounds: z.number(),
  /** 3 decimals. */
  killsPerMinute: z.number(),
  /** The best finished round there with a score above 0 (as Best Scores); null without one. */
  highestScore: z.number().nullable(),
  highestScoreRoundId: z.string().nullable(),
  highestScoreMapName: z.string().nullable(),
  highestScoreStartTime: utcTimestamp.nullable(),
  bestScoreDate: utcTimestamp.nullable(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  totalMinutes: z.number(),
});

export const playerStatsResponseSchema = z.object({
  playerName: z.string(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  totalScore: z.number(),
  /**
   * Rounds played: one per round the player was seen in (a name seen twice in a round is one player), the rounds
   * still being played included. Kills, deaths, score and play time are the sums over the same rounds.
   */
  totalRounds: z.number(),
  /** Minutes observed playing (polls that saw the player), rounds still being played included. */
  totalPlayTimeMinutes: z.number(),
  /** The first time Frontline saw the player in any server's poll (UTC ISO). */
  firstPlayed: utcTimestamp,
  /** The last time Frontline saw the player (UTC ISO). */
  lastPlayed: utcTimestamp,
  /** Seen in an open session within the last 5 minutes. */
  isActive: z.boolean(),
  currentServer: currentSessionSchema.nullable(),
  /** The last 10 sessions, newest first. */
  recentSessions: z.array(profileSessionSchema),
  /**
   * Single finished rounds, best first, at most BEST_SCORES_PER_WINDOW each. thisWeek: rounds that ended today (UTC)
   * or in the 6 days before; last30Days: today or the 29 days before; a round counts on the UTC day it ended.
   */
  bestScores: z.object({
    allTime: z.array(bestScoreSchema),
    last30Days: z.array(bestScoreSchema),
    thisWeek: z.array(bestScoreSchema),
  }),
  /**
   * One point per UTC day played, today and the RECENT_STATS_DAYS - 1 days before; the rounds still being played
   * count on today. analysisPeriodStart is the first of those days, or the day the player was first seen when
   * later; totalRoundsAnalyzed the rounds of the points.
   */
  recentStats: z.object({
    analysisPeriodStart: utcTimestamp,
    analysisPeriodEnd: utcTimestamp,
    totalRoundsAnalyzed: z.number(),
    kdRatioTrend: z.array(trendPointSchema),
    killRateTrend: z.array(trendPointSchema),
  }),
  /**
   * Every server address played, most played first: its rounds, kills, deaths and minutes include the rounds still
   * being played there; the highest score is a finished round's.
   */
  servers: z.array(playerServerSchema),
  insights: z.object({
    startPeriod: utcTimestamp,
    endPeriod: utcTimestamp,
    /**
     * Minutes played in each UTC hour of the day over today and the ACTIVITY_BY_HOUR_DAYS - 1 days before (from
     * startPeriod, 00:00 UTC), rounds being played included; 24 entries, hour 0–23.
     */
    activityByHour: z.array(z.object({ hour: z.number(), minutesActive: z.number() })),
    /**
     * The server rankings' rank by total score (1 = best, ties sharing) among the players ranked on the server
     * name (MINIMUM_TO_RANK of finished rounds, every address of the name); servers where the player is not ranked
     * are left out; best rank first, one entry per server name.
     */
    serverRankings: z.array(
      z.object({
        serverGuid: z.string(),
        serverName: z.string(),
        rank: z.number(),
        totalRankedPlayers: z.number(),
        /** Mean ping of the player's observations on that server, ms (2 decimals); null without pings. */
        averagePing: z.number().nullable(),
      }),
    ),
  }),
});

export const mapStatSchema = z.object({
  mapName: z.string(),
  totalScore: z.number(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  sessionsPlayed: z.number(),
  totalPlayTimeMinutes: z.number(),
});

export const mapStatsResponseSchema = z.array(mapStatSchema);

export type PlayersListResponse = z.infer<typeof playersListResponseSchema>;
export type CurrentSession = z.infer<typeof currentSessionSchema>;
export type ProfileSession = z.infer<typeof profileSessionSchema>;
export type BestScore = z.infer<typeof bestScoreSchema>;
export type PlayerServer = z.infer<typeof playerServerSchema>;
export type PlayerStatsResponse = z.infer<typeof playerStatsResponseSchema>;
export type MapStat = z.infer<typeof mapStatSchema>;
export type MapStatsResponse = z.infer<typeof mapStatsResponseSchema>;
