import { z } from 'zod';
import { ACHIEVEMENT_TIERS, ACHIEVEMENT_TYPES, BADGE_CATEGORIES } from './achievements.ts';
import { utcTimestamp } from './timestamps.ts';

/**
 * The achievements API (issue 18; site-statistics §3 "Gamification response", "Achievement", "Badge definition",
 * §5 achievements query, §7 calls, §9 page sizes). The catalogue itself is plain data in achievements.ts; these are
 * the answers' shapes.
 */

export const achievementTierSchema = z.enum(ACHIEVEMENT_TIERS);

/** One award: who earned what, when, and in which round. */
export const achievementSchema = z.object({
  achievementId: z.string(),
  achievementType: z.enum(ACHIEVEMENT_TYPES),
  achievementName: z.string(),
  tier: achievementTierSchema,
  /** The threshold (streaks, milestones), the place (placements) or the score × 100 (team victories). */
  value: z.number(),
  achievedAt: utcTimestamp,
  mapName: z.string(),
  serverGuid: z.string(),
  serverName: z.string(),
  /** The round it was earned in (milestones and badges: the round of the session that earned them). */
  roundId: z.string(),
  playerName: z.string(),
  /** The rule's own figures, a JSON object as a string (§3: "metadata (JSON string)"). */
  metadata: z.string(),
});

/** One id the player owns: its latest award and how many times it was earned. */
export const ownedBadgeSchema = achievementSchema.extend({ count: z.number() });

/** One life's streak in one round: the kill_streak awards of that life, grouped. */
export const streakEntrySchema = z.object({
  /** The streak reached (kills in a row). */
  streakCount: z.number(),
  /** The first and the last award instants of the streak (the 5-kill mark and the highest mark reached). */
  streakStart: utcTimestamp,
  streakEnd: utcTimestamp,
  serverGuid: z.string(),
  serverName: z.string(),
  mapName: z.string(),
  roundId: z.string(),
  /** True while the streak's round is still being played. */
  isActive: z.boolean(),
});

export const bestStreaksSchema = z.object({
  /** 0 when the player has no streak of 5 or more. */
  bestSingleRoundStreak: z.number(),
  bestStreakDate: utcTimestamp.nullable(),
  bestStreakMap: z.string().nullable(),
  bestStreakServer: z.string().nullable(),
  /** Newest first, at most 16 (§9: "16 shown as records"). */
  recentStreaks: z.array(streakEntrySchema),
});

export const gamificationResponseSchema = z.object({
  playerName: z.string(),
  /** Milestones owned, newest first. */
  milestones: z.array(achievementSchema),
  /** Every id the player owns, once, newest first (the profile's collection). */
  allBadges: z.array(ownedBadgeSchema),
  /** The newest team victories (at most 20). */
  teamVictories: z.array(achievementSchema),
  /** The newest awards of any kind (at most 20). */
  recentAchievements: z.array(achievementSchema),
  bestStreaks: bestStreaksSchema,
  /**
   * The lifetime totals the milestones are counted on (closed rounds whose achievements are computed), for the
   * next-milestone progress.
   */
  milestoneTotals: z.object({ kills: z.number(), score: z.number(), playTimeMinutes: z.number() }),
});

export const achievementsPageResponseSchema = z.object({
  items: z.array(achievementSchema),
  page: z.number(),
  pageSize: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
  /** Every id the player owns (whatever the filters), for the achievement filter. */
  playerAchievementLabels: z.array(z.object({ achievementId: z.string(), displayName: z.string() })),
  /** Every map the player earned something on (whatever the filters), for the map filter. */
  playerMaps: z.array(z.string()),
});

/** A round's awards, for the round report. */
export const roundAchievementsResponseSchema = z.object({
  roundId: z.string(),
  items: z.array(achievementSchema),
});

export const badgeDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(BADGE_CATEGORIES),
  tier: achievementTierSchema,
  requirements: z.record(z.string(), z.unknown()),
});

export const initialDataResponseSchema = z.object({ badgeDefinitions: z.array(badgeDefinitionSchema) });

export type Achievement = z.infer<typeof achievementSchema>;
export type OwnedBadge = z.infer<typeof ownedBadgeSchema>;
export type StreakEntry = z.infer<typeof streakEntrySchema>;
export type GamificationResponse = z.infer<typeof gamificationResponseSchema>;
export type AchievementsPageResponse = z.infer<typeof achievementsPageResponseSchema>;
export type RoundAchievementsResponse = z.infer<typeof roundAchievementsResponseSchema>;
export type InitialDataResponse = z.infer<typeof initialDataResponseSchema>;
