/**
 * Achievements and the badge catalogue (issue 18; site-statistics §3 "Achievement", "Badge definition", §9 tiers;
 * domain-facts §4 "Gamification"). Plain data, no zod: the web draws badges and names from this module, and the
 * collector awards by the same ids and thresholds, so both read one table instead of two copies.
 */

/** domain-facts §4: "Achievement types: kill_streak, badge, milestone, ranking, round_placement, team_victory, team_victory_switched". */
export const ACHIEVEMENT_TYPES = [
  'kill_streak',
  'badge',
  'milestone',
  'ranking',
  'round_placement',
  'team_victory',
  'team_victory_switched',
] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

/** domain-facts §4: "Tiers: bronze, silver, gold, legend" (lowest first, so an index compares tiers). */
export const ACHIEVEMENT_TIERS = ['bronze', 'silver', 'gold', 'legend'] as const;
export type AchievementTier = (typeof ACHIEVEMENT_TIERS)[number];

/** domain-facts §4: "Categories: performance, milestone, social, map_mastery, consistency, team_play". */
export const BADGE_CATEGORIES = [
  'performance',
  'milestone',
  'social',
  'map_mastery',
  'consistency',
  'team_play',
] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

/** site-statistics §9: "achievements default 50 (25/50/100)". Here, not beside the zod schemas: the web reads it. */
export const ACHIEVEMENT_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_ACHIEVEMENT_PAGE_SIZE = 50;

/** domain-facts §4: "each threshold in {5,10,15,20,25,30,50} newly reached emits an instance". */
export const KILL_STREAK_THRESHOLDS = [5, 10, 15, 20, 25, 30, 50] as const;
/** domain-facts §4: "Kills total_kills_{T}, T ∈ 100, 500, 1000, 2500, 5000, 10000, 25000, 50000". */
export const KILLS_MILESTONES = [100, 500, 1000, 2500, 5000, 10000, 25000, 50000] as const;
/** domain-facts §4: "Play time milestone_playtime_{H}h, H ∈ 10, 50, 100, 500, 1000". */
export const PLAYTIME_MILESTONE_HOURS = [10, 50, 100, 500, 1000] as const;
/** domain-facts §4: "Score total_score_{T}, T ∈ 10000, 50000, 100000, 500000, 1000000". */
export const SCORE_MILESTONES = [10000, 50000, 100000, 500000, 1000000] as const;

export const killStreakId = (threshold: number): string => `kill_streak_${threshold}`;
export const killsMilestoneId = (kills: number): string => `total_kills_${kills}`;
export const playtimeMilestoneId = (hours: number): string => `milestone_playtime_${hours}h`;
export const scoreMilestoneId = (score: number): string => `total_score_${score}`;
export const roundPlacementId = (place: 1 | 2 | 3): string => `round_placement_${place}`;
export const TEAM_VICTORY_ID = 'team_victory';
export const TEAM_VICTORY_SWITCHED_ID = 'team_victory_switched';

/**
 * What earns a badge, as numbers a screen can show and an evaluator can test against. Keys are snake_case as in
 * the stored metadata. Only the fields of the badge's own rule are present.
 */
export interface BadgeRequirements {
  /** Kills in one life within one round. */
  streak_count?: number;
  /** Lifetime totals (milestones). */
  total_kills?: number;
  play_hours?: number;
  total_score?: number;
  /** Place in a closed round's standings (1..3). */
  placement?: number;
  /** Over the player's last `last_rounds` closed rounds (sharpshooter: kills per minute; elite warrior: K/D). */
  kills_per_minute?: number;
  kd_ratio?: number;
  last_rounds?: number;
  /**
   * Map mastery: within the top `top_percent` % of the map's players by score, with `min_map_rounds` there, on a map
   * with at least `min_map_players` players (Frontline's number: a percentile of a handful of players means little).
   */
  top_percent?: number;
  min_map_rounds?: number;
  min_map_players?: number;
  /** consistent_killer: share of the last rounds with a positive K/D (K/D above 1). */
  positive_kd_share?: number;
  /** comeback_king: K/D of the last `period_days` over the one before, at least this factor. */
  kd_improvement_factor?: number;
  period_days?: number;
  /** rock_solid: variance of per-round K/D at most this. */
  max_kd_variance?: number;
  /** server_regular: closed rounds on one server within `period_days`. */
  server_rounds?: number;
  /** night_owl / early_bird: rounds started within [from_hour, to_hour) of the server's local time. */
  from_hour?: number;
  to_hour?: number;
  rounds_in_hours?: number;
  /** marathon_warrior: one sitting on one server, across rounds. */
  session_hours?: number;
  /**
   * Team victories: the tier is set per award from the final score (contribution × loyalty), at least the given
   * value for each tier (site-statistics §3 "requirements.performance_tiers keyed by lowercase tier").
   */
  performance_tiers?: Partial<Readonly<Record<AchievementTier, number>>>;
}

export interface BadgeDefinition {
  id: string;
  name: string;
  description: string;
  category: BadgeCategory;
  /** The badge's tier; team victories' base tier, replaced per award (see `performance_tiers`). */
  tier: AchievementTier;
  /** The type an awarded row of this id carries. */
  achievementType: AchievementType;
  requirements: BadgeRequirements;
}

/** "10,000" whatever the runtime's locale, so a name reads the same on the server and in every browser. */
function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

const KILL_STREAK_BADGES: readonly [number, string, AchievementTier][] = [
  [5, 'First Blood', 'bronze'],
  [10, 'Double Digits', 'bronze'],
  [15, 'Killing Spree', 'silver'],
  [20, 'Rampage', 'silver'],
  [25, 'Unstoppable', 'gold'],
  [30, 'Godlike', 'gold'],
  [50, 'Legendary', 'legend'],
];

const KILLS_MILESTONE_BADGES: readonly [number, string, AchievementTier][] = [
  [100, 'Centurion', 'bronze'],
  [500, 'Veteran', 'bronze'],
  [1000, 'Elite', 'silver'],
  [2500, 'Master', 'silver'],
  [5000, 'Warlord', 'gold'],
  [10000, 'Legend', 'gold'],
  [25000, 'Immortal', 'legend'],
  [50000, 'God of War', 'legend'],
];

const PLAYTIME_MILESTONE_BADGES: readonly [number, string, AchievementTier][] = [
  [10, 'Recruit', 'bronze'],
  [50, 'Soldier', 'bronze'],
  [100, 'Veteran', 'silver'],
  [500, 'Elite', 'gold'],
  [1000, 'Legend', 'legend'],
];

const SCORE_MILESTONE_BADGES: readonly [number, string, AchievementTier][] = [
  [10000, 'Bronze Scorer', 'bronze'],
  [50000, 'Silver Scorer', 'silver'],
  [100000, 'Gold Scorer', 'silver'],
  [500000, 'Master Scorer', 'gold'],
  [1000000, 'Legendary Scorer', 'legend'],
];

/** domain-facts §4: sharpshooter "1.0/1.5/2.0/2.5 KPM over 10/25/50/100 rounds". */
const SHARPSHOOTER: readonly [AchievementTier, number, number][] = [
  ['bronze', 1.0, 10],
  ['silver', 1.5, 25],
  ['gold', 2.0, 50],
  ['legend', 2.5, 100],
];
/** domain-facts §4: elite warrior "2/3/4/5 KD over 25/50/100/200 rounds". */
const ELITE_WARRIOR: readonly [AchievementTier, number, number][] = [
  ['bronze', 2, 25],
  ['silver', 3, 50],
  ['gold', 4, 100],
  ['legend', 5, 200],
];

const titleCase = (tier: AchievementTier): string => tier[0]!.toUpperCase() + tier.slice(1);

/** Every badge Frontline knows, in the catalogue's order (domain-facts §4 "Badge catalogue"). */
export const BADGE_DEFINITIONS: readonly BadgeDefinition[] = [
  ...KILL_STREAK_BADGES.map(([streak, name, tier]) => ({
    id: killStreakId(streak),
    name,
    description: `${streak} kills in a row without dying, in one round`,
    category: 'performance' as const,
    tier,
    achievementType: 'kill_streak' as const,
    requirements: { streak_count: streak },
  })),
  ...SHARPSHOOTER.map(([tier, kpm, rounds]) => ({
    id: `sharpshooter_${tier}`,
    name: `Sharpshooter (${titleCase(tier)})`,
    description: `${kpm.toFixed(1)} kills per minute over your last ${rounds} rounds`,
    category: 'performance' as const,
    tier,
    achievementType: 'badge' as const,
    requirements: { kills_per_minute: kpm, last_rounds: rounds },
  })),
  ...ELITE_WARRIOR.map(([tier, kd, rounds]) => ({
    id: `elite_warrior_${tier}`,
    name: `Elite Warrior (${titleCase(tier)})`,
    description: `A K/D of ${kd} over your last ${rounds} rounds`,
    category: 'performance' as const,
    tier,
    achievementType: 'badge' as const,
    requirements: { kd_ratio: kd, last_rounds: rounds },
  })),
  {
    id: 'map_specialist',
    name: 'Map Specialist',
    description: "Top 10 % of a map's players by score, with at least 50 rounds on it",
    category: 'map_mastery',
    tier: 'silver',
    achievementType: 'badge',
    requirements: { top_percent: 10, min_map_rounds: 50, min_map_players: 20 },
  },
  {
    id: 'map_dominator',
    name: 'Map Dominator',
    description: "Top 3 % of a map's players by score, with at least 100 rounds on it",
    category: 'map_mastery',
    tier: 'gold',
    achievementType: 'badge',
    requirements: { top_percent: 3, min_map_rounds: 100, min_map_players: 20 },
  },
  {
    id: 'map_legend',
    name: 'Map Legend',
    description: "Top 1 % of a map's players by score, with at least 200 rounds on it",
    category: 'map_mastery',
    tier: 'legend',
    achievementType: 'badge',
    requirements: { top_percent: 1, min_map_rounds: 200, min_map_players: 20 },
  },
  {
    id: 'consistent_killer',
    name: 'Consistent Killer',
    description: 'A positive K/D in 80 % of your last 50 rounds',
    category: 'consistency',
    tier: 'silver',
    achievementType: 'badge',
    requirements: { positive_kd_share: 0.8, last_rounds: 50 },
  },
  {
    id: 'comeback_king',
    name: 'Comeback King',
    description: 'Your K/D of the last 30 days is 1.5 times that of the 30 days before',
    category: 'consistency',
    tier: 'gold',
    achievementType: 'badge',
    requirements: { kd_improvement_factor: 1.5, period_days: 30 },
  },
  {
    id: 'rock_solid',
    name: 'Rock Solid',
    description: 'A variance of per-round K/D of at most 0.3 over your last 100 rounds',
    category: 'consistency',
    tier: 'gold',
    achievementType: 'badge',
    requirements: { max_kd_variance: 0.3, last_rounds: 100 },
  },
  ...KILLS_MILESTONE_BADGES.map(([kills, name, tier]) => ({
    id: killsMilestoneId(kills),
    name: `${name} (${groupDigits(kills)} Kills)`,
    description: `${groupDigits(kills)} kills in total`,
    category: 'milestone' as const,
    tier,
    achievementType: 'milestone' as const,
    requirements: { total_kills: kills },
  })),
  ...PLAYTIME_MILESTONE_BADGES.map(([hours, name, tier]) => ({
    id: playtimeMilestoneId(hours),
    name: `${name} (${groupDigits(hours)}h Played)`,
    description: `${groupDigits(hours)} hours played in total`,
    category: 'milestone' as const,
    tier,
    achievementType: 'milestone' as const,
    requirements: { play_hours: hours },
  })),
  ...SCORE_MILESTONE_BADGES.map(([score, name, tier]) => ({
    id: scoreMilestoneId(score),
    name: `${name} (${groupDigits(score)} Score)`,
    description: `${groupDigits(score)} points scored in total`,
    category: 'milestone' as const,
    tier,
    achievementType: 'milestone' as const,
    requirements: { total_score: score },
  })),
  {
    // Facts give no number for this one: 50 rounds on one server in 30 days is Frontline's rule (issue 18 asks
    // for a decision record of every never-before-awarded badge's rule).
    id: 'server_regular',
    name: 'Server Regular',
    description: '50 rounds on one server within 30 days',
    category: 'social',
    tier: 'silver',
    achievementType: 'badge',
    requirements: { server_rounds: 50, period_days: 30 },
  },
  {
    // Facts give the hours (22–06); the count of 10 rounds is Frontline's, so that one late round is not enough.
    id: 'night_owl',
    name: 'Night Owl',
    description: "10 rounds started between 22:00 and 06:00, the server's local time",
    category: 'social',
    tier: 'bronze',
    achievementType: 'badge',
    requirements: { from_hour: 22, to_hour: 6, rounds_in_hours: 10 },
  },
  {
    id: 'early_bird',
    name: 'Early Bird',
    description: "10 rounds started between 06:00 and 10:00, the server's local time",
    category: 'social',
    tier: 'bronze',
    achievementType: 'badge',
    requirements: { from_hour: 6, to_hour: 10, rounds_in_hours: 10 },
  },
  {
    id: 'marathon_warrior',
    name: 'Marathon Warrior',
    description: 'Six hours in one sitting on one server, across rounds',
    category: 'social',
    tier: 'gold',
    achievementType: 'badge',
    requirements: { session_hours: 6 },
  },
  ...(
    [
      [1, '1st Place', 'gold'],
      [2, '2nd Place', 'silver'],
      [3, '3rd Place', 'bronze'],
    ] as const
  ).map(([place, name, tier]) => ({
    id: roundPlacementId(place),
    name,
    description: `Finished a round ${name.toLowerCase()} by score`,
    category: 'performance' as const,
    tier,
    achievementType: 'round_placement' as const,
    requirements: { placement: place },
  })),
  {
    id: TEAM_VICTORY_ID,
    name: 'Team Victory',
    description: 'On the winning side at the end of a round',
    category: 'team_play',
    tier: 'bronze',
    // domain-facts §4: "Team victories (type team_victory; ids team_victory, team_victory_switched)".
    achievementType: 'team_victory',
    // domain-facts §4: "Tiers regular: ≥1.2 legend, ≥1.0 gold, ≥0.7 silver, else bronze".
    requirements: { performance_tiers: { bronze: 0, silver: 0.7, gold: 1.0, legend: 1.2 } },
  },
  {
    id: TEAM_VICTORY_SWITCHED_ID,
    name: 'Team Victory (Switched)',
    description: 'Fought most of a round for the side that won it, then switched sides',
    category: 'team_play',
    tier: 'bronze',
    achievementType: 'team_victory',
    // domain-facts §4: "Switched: ≥1.0 gold, ≥0.7 silver, else bronze".
    requirements: { performance_tiers: { bronze: 0, silver: 0.7, gold: 1.0 } },
  },
];

const BADGES_BY_ID: ReadonlyMap<string, BadgeDefinition> = new Map(BADGE_DEFINITIONS.map((badge) => [badge.id, badge]));

/** The catalogue entry of an achievement id, or undefined for an id Frontline does not define. */
export function findBadgeDefinition(id: string): BadgeDefinition | undefined {
  return BADGES_BY_ID.get(id);
}
