import { z } from 'zod';

/**
 * Similar players and alias detection (spec site-statistics §3 "Similar players response", §7, §8, §9; domain
 * facts §6; docs/decisions/0018-similar-players-and-aliases.md). Field names are the spec's.
 */

export const SIMILARITY_MODES = ['default', 'aliasdetection'] as const;
export type SimilarityMode = (typeof SIMILARITY_MODES)[number];

/** How many similar players one answer holds by default, and at most (domain facts §6: 1..50, 10 by default). */
export const SIMILAR_PLAYERS_DEFAULT_LIMIT = 10;
export const SIMILAR_PLAYERS_MAX_LIMIT = 50;

/** Spec §9: a similarity of at least 0.8 reads green, at least 0.6 amber, else red. */
export const SIMILARITY_THRESHOLDS = { high: 0.8, medium: 0.6 } as const;

export const similarPlayerStatsSchema = z.object({
  playerName: z.string(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  /** Minutes played in the window (the last 26 weeks of the player's play). */
  totalPlayTimeMinutes: z.number(),
  killDeathRatio: z.number(),
  killsPerMinute: z.number(),
  favoriteServerName: z.string().nullable(),
  favoriteServerPlayTimeMinutes: z.number(),
  gameIds: z.array(z.string()),
  /** UTC hours (0–23) the player is typically online, ascending. */
  typicalOnlineHours: z.array(z.number().int().min(0).max(23)),
  /** Average ping per server name (alias mode only; empty in default mode). */
  serverPings: z.record(z.string(), z.number()),
  /** Per map: how the player's kill and score rates compare with the map's average (alias mode only). */
  mapDominanceScores: z.record(z.string(), z.number()),
  /** Minutes both the target and this player were online at once in the last 13 weeks (0 for the target). */
  temporalOverlapMinutes: z.number(),
  /**
   * 0..1: how strongly "never online together" speaks for one person (decision 0018); weighed in alias mode only.
   * 0 for the target.
   */
  temporalNonOverlapScore: z.number().min(0).max(1),
});

export const similarPlayerSchema = similarPlayerStatsSchema.extend({
  similarityScore: z.number().min(0).max(1),
  similarityReasons: z.array(z.string()),
});

export const similarPlayersResponseSchema = z.object({
  targetPlayer: z.string(),
  mode: z.enum(SIMILARITY_MODES),
  targetPlayerStats: similarPlayerStatsSchema,
  similarPlayers: z.array(similarPlayerSchema),
});

export type SimilarPlayerStats = z.infer<typeof similarPlayerStatsSchema>;
export type SimilarPlayer = z.infer<typeof similarPlayerSchema>;
export type SimilarPlayersResponse = z.infer<typeof similarPlayersResponseSchema>;
