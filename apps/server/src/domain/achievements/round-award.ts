import type { AchievementTier } from '@frontline/contract';

/**
 * What a round's achievement rules produce: one award per player and achievement, ready for the round-closed
 * step to store (domain-facts §4: unique per player, achievement id and instant, so recomputing a round writes
 * the same rows).
 */

export interface RoundAward<AchievementId extends string, Metadata> {
  achievementId: AchievementId;
  playerName: string;
  value: number;
  tier: AchievementTier;
  /** ISO-8601 UTC, the round's end as stored: the same instant every time the round is recomputed. */
  achievedAt: string;
  /** PascalCase keys, as the established site's JSON and the spec's metadata fields spell them. */
  metadata: Metadata;
}
