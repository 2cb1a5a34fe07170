/**
 * What a round's achievement rules produce: one award per player and achievement, ready for the round-closed
 * step to store (domain-facts §4: unique per player, achievement id and instant, so recomputing a round writes
 * the same rows).
 */

/**
 * The badge tiers of domain-facts §4 ("Tiers: bronze, silver, gold, legend").
 * TODO(issue 18): replace with `AchievementTier` of the badge catalogue (packages/contract/src/achievements.ts)
 * once that is committed; it is being written alongside this module.
 */
export type BadgeTier = 'bronze' | 'silver' | 'gold' | 'legend';

export interface RoundAward<AchievementId extends string, Metadata> {
  achievementId: AchievementId;
  playerName: string;
  value: number;
  tier: BadgeTier;
  /** ISO-8601 UTC, the round's end as stored: the same instant every time the round is recomputed. */
  achievedAt: string;
  /** PascalCase keys, as the established site's JSON and the spec's metadata fields spell them. */
  metadata: Metadata;
}
