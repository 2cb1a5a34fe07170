import { z } from 'zod';
import { achievementTierSchema } from './gamification.ts';
import { COMPARISON_BUCKETS } from './compare-constants.ts';
import { utcTimestamp } from './timestamps.ts';

/**
 * Two players side by side (issue 19; site-statistics §3 "Comparison response", "Activity hours response", §5
 * comparison rules, §7 `GET /stats/players/compare` and `…/compare/activity-hours`, §8 comparison messages). Every
 * list of two players' figures names player1 first. Rules: docs/formulas.md "Comparison".
 */

/** A player's figures over one window, one map or all time; play time in whole minutes. */
export const comparisonTotalsSchema = z.object({
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  playTimeMinutes: z.number(),
});

export const milestoneAchievementSchema = z.object({
  achievementId: z.string(),
  achievementName: z.string(),
  tier: achievementTierSchema,
  achievedAt: utcTimestamp,
  /** The mark reached (kills, hours or score). */
  value: z.number(),
});

export const comparisonResponseSchema = z.object({
  player1: z.string(),
  player2: z.string(),
  /** Kills ÷ minutes played, all time (on the chosen server with serverGuid), 3 decimals; 0 without minutes. */
  killRates: z.array(z.object({ playerName: z.string(), killRate: z.number() })),
  /**
   * Mean ping of the player's ping samples in finished rounds (on the chosen server with serverGuid), ms to 2
   * decimals; null when none was sampled (the page shows N/A).
   */
  averagePing: z.array(z.object({ playerName: z.string(), averagePing: z.number().nullable() })),
  /** One entry per bucket, in COMPARISON_BUCKETS order. */
  bucketTotals: z.array(
    z.object({
      bucket: z.enum(COMPARISON_BUCKETS),
      player1Totals: comparisonTotalsSchema,
      player2Totals: comparisonTotalsSchema,
    }),
  ),
  /**
   * Every map either player played, all time (on the chosen server with serverGuid); a player's totals are null
   * on a map they never played. Ordered by both players' score together, highest first, then map name.
   */
  mapPerformance: z.array(
    z.object({
      mapName: z.string(),
      player1Totals: comparisonTotalsSchema.nullable(),
      player2Totals: comparisonTotalsSchema.nullable(),
    }),
  ),
  /** Rounds both names played (on the chosen server with serverGuid), newest first, at most HEAD_TO_HEAD_LIMIT. */
  headToHead: z.array(
    z.object({
      roundId: z.string(),
      /** When the round started. */
      timestamp: utcTimestamp,
      mapName: z.string(),
      serverName: z.string(),
      serverGuid: z.string(),
      player1Score: z.number(),
      player1Kills: z.number(),
      player1Deaths: z.number(),
      player2Score: z.number(),
      player2Kills: z.number(),
      player2Deaths: z.number(),
    }),
  ),
  /**
   * 24 entries, hour 0–23 UTC, over today and the COMPARISON_HOURS_DAYS - 1 days before: each player's minutes
   * online (their sessions from first to last sighting, merged) and the minutes both were online at once.
   */
  hourlyOverlap: z.array(
    z.object({
      hour: z.number(),
      player1Minutes: z.number(),
      player2Minutes: z.number(),
      overlapMinutes: z.number(),
    }),
  ),
  /** Servers (addresses) both players have played on, all time; by name. country: 2 letters, null when unknown. */
  commonServers: z.array(z.object({ guid: z.string(), name: z.string(), country: z.string().nullable() })),
  /** The chosen server with serverGuid; null without it. */
  serverDetails: z.object({ guid: z.string(), name: z.string() }).nullable(),
  /** The player's milestone awards (kills, hours, score marks), lifetime on every server, newest first. */
  player1MilestoneAchievements: z.array(milestoneAchievementSchema),
  player2MilestoneAchievements: z.array(milestoneAchievementSchema),
});

export const activityHourSchema = z.object({ hour: z.number(), minutesActive: z.number() });

/**
 * Minutes played in each UTC hour of the day (24 entries, hour 0–23) over today and the COMPARISON_HOURS_DAYS - 1
 * days before, by the profile's Activity by Hour rule (a session's play time spread evenly from its start to its
 * last sighting), rounds being played included.
 */
export const activityHoursResponseSchema = z.object({
  player1: z.string(),
  player2: z.string(),
  player1ActivityHours: z.array(activityHourSchema),
  player2ActivityHours: z.array(activityHourSchema),
});

export type ComparisonTotals = z.infer<typeof comparisonTotalsSchema>;
export type ComparisonResponse = z.infer<typeof comparisonResponseSchema>;
export type MilestoneAchievement = z.infer<typeof milestoneAchievementSchema>;
export type ActivityHoursResponse = z.infer<typeof activityHoursResponseSchema>;
