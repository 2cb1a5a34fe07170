import { knownTier, type KnownTier } from './tiers.ts';

/**
 * Which drawing a badge gets: one per family of the catalogue (packages/contract/src/achievements.ts), the tier
 * giving its colour and frame. Read from the id alone, so an award is drawn before (or without) the catalogue.
 */

export const BADGE_FAMILIES = [
  'kill_streak',
  'sharpshooter',
  'elite_warrior',
  'map_mastery',
  'consistency',
  'milestone_kills',
  'milestone_playtime',
  'milestone_score',
  'social',
  'placement',
  'team_victory',
] as const;
export type BadgeFamily = (typeof BADGE_FAMILIES)[number];

const FAMILY_BY_PREFIX: readonly [prefix: string, family: BadgeFamily][] = [
  ['kill_streak_', 'kill_streak'],
  ['sharpshooter_', 'sharpshooter'],
  ['elite_warrior_', 'elite_warrior'],
  ['total_kills_', 'milestone_kills'],
  ['milestone_playtime_', 'milestone_playtime'],
  ['total_score_', 'milestone_score'],
  ['round_placement_', 'placement'],
  ['team_victory', 'team_victory'],
];

const FAMILY_BY_ID: Readonly<Record<string, BadgeFamily>> = {
  map_specialist: 'map_mastery',
  map_dominator: 'map_mastery',
  map_legend: 'map_mastery',
  consistent_killer: 'consistency',
  comeback_king: 'consistency',
  rock_solid: 'consistency',
  server_regular: 'social',
  night_owl: 'social',
  early_bird: 'social',
  marathon_warrior: 'social',
};

/** The family of an achievement id, or null when Frontline has no drawing for it. */
export function badgeFamilyOf(achievementId: string): BadgeFamily | null {
  if (Object.hasOwn(FAMILY_BY_ID, achievementId)) return FAMILY_BY_ID[achievementId] ?? null;
  return FAMILY_BY_PREFIX.find(([prefix]) => achievementId.startsWith(prefix))?.[1] ?? null;
}

/**
 * Spec §8: "Broken achievement or missing tier images fall back to the kill_streak_10 image or a default image".
 * The streak image is kill_streak_10's: the streak drawing in its tier (bronze).
 */
export const FALLBACK_BADGE_ID = 'kill_streak_10';
const FALLBACK_ART = { family: 'kill_streak', tier: 'bronze' } as const satisfies BadgeArtChoice;

export interface BadgeArtChoice {
  family: BadgeFamily;
  tier: KnownTier;
}

/**
 * The drawing of an award: its family in its tier; an id without a drawing, or a tier without colours, gets the
 * kill_streak_10 image. (The default image, the last fallback, is for when no drawing can be loaded at all: see
 * badge-image.tsx.)
 */
export function badgeArtFor(achievementId: string, tier: string): BadgeArtChoice {
  const family = badgeFamilyOf(achievementId);
  const known = knownTier(tier);
  return family && known ? { family, tier: known } : FALLBACK_ART;
}
