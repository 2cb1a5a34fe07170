import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_TIERS,
  ACHIEVEMENT_TYPES,
  BADGE_CATEGORIES,
  BADGE_DEFINITIONS,
  KILL_STREAK_THRESHOLDS,
  KILLS_MILESTONES,
  PLAYTIME_MILESTONE_HOURS,
  SCORE_MILESTONES,
  findBadgeDefinition,
  killStreakId,
  killsMilestoneId,
  playtimeMilestoneId,
  scoreMilestoneId,
} from './achievements.ts';

describe('badge catalogue (domain-facts §4 "Badge catalogue")', () => {
  it('has unique ids', () => {
    const ids = BADGE_DEFINITIONS.map((badge) => badge.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses only the defined tiers, categories and types, and a non-empty name and description', () => {
    for (const badge of BADGE_DEFINITIONS) {
      expect(ACHIEVEMENT_TIERS).toContain(badge.tier);
      expect(BADGE_CATEGORIES).toContain(badge.category);
      expect(ACHIEVEMENT_TYPES).toContain(badge.achievementType);
      expect(badge.name.trim()).not.toBe('');
      expect(badge.description.trim()).not.toBe('');
      expect(Object.keys(badge.requirements).length).toBeGreaterThan(0);
    }
  });

  it('has a kill_streak badge for every threshold {5,10,15,20,25,30,50}, named and tiered as the facts say', () => {
    expect(KILL_STREAK_THRESHOLDS).toEqual([5, 10, 15, 20, 25, 30, 50]);
    const streaks = KILL_STREAK_THRESHOLDS.map((threshold) => findBadgeDefinition(killStreakId(threshold)));
    expect(streaks.map((badge) => [badge?.name, badge?.tier, badge?.requirements.streak_count])).toEqual([
      ['First Blood', 'bronze', 5],
      ['Double Digits', 'bronze', 10],
      ['Killing Spree', 'silver', 15],
      ['Rampage', 'silver', 20],
      ['Unstoppable', 'gold', 25],
      ['Godlike', 'gold', 30],
      ['Legendary', 'legend', 50],
    ]);
    expect(streaks.every((badge) => badge?.achievementType === 'kill_streak')).toBe(true);
  });

  it('has a milestone badge for every kills, play-time and score threshold', () => {
    const ids = [
      ...KILLS_MILESTONES.map(killsMilestoneId),
      ...PLAYTIME_MILESTONE_HOURS.map(playtimeMilestoneId),
      ...SCORE_MILESTONES.map(scoreMilestoneId),
    ];
    expect(ids).toHaveLength(8 + 5 + 5);
    for (const id of ids) expect(findBadgeDefinition(id)?.achievementType, id).toBe('milestone');
    expect(BADGE_DEFINITIONS.filter((badge) => badge.achievementType === 'milestone')).toHaveLength(ids.length);
  });

  it('formats milestone names as in the facts: "Centurion (100 Kills)", "Recruit (10h Played)"', () => {
    expect(findBadgeDefinition('total_kills_100')?.name).toBe('Centurion (100 Kills)');
    expect(findBadgeDefinition('total_kills_50000')?.name).toBe('God of War (50,000 Kills)');
    expect(findBadgeDefinition('milestone_playtime_10h')?.name).toBe('Recruit (10h Played)');
    expect(findBadgeDefinition('milestone_playtime_1000h')?.name).toBe('Legend (1,000h Played)');
    expect(findBadgeDefinition('total_score_1000000')?.name).toBe('Legendary Scorer (1,000,000 Score)');
    expect(findBadgeDefinition('total_score_100000')?.tier).toBe('silver');
    expect(findBadgeDefinition('total_kills_25000')?.tier).toBe('legend');
  });

  it('defines the badges the established site never awarded, with their numbers', () => {
    expect(findBadgeDefinition('sharpshooter_gold')?.requirements).toEqual({ kills_per_minute: 2.0, last_rounds: 50 });
    expect(findBadgeDefinition('elite_warrior_legend')?.requirements).toEqual({ kd_ratio: 5, last_rounds: 200 });
    expect(findBadgeDefinition('map_dominator')).toMatchObject({
      tier: 'gold',
      category: 'map_mastery',
      requirements: { top_percent: 3, min_map_rounds: 100 },
    });
    expect(findBadgeDefinition('consistent_killer')?.requirements).toEqual({ positive_kd_share: 0.8, last_rounds: 50 });
    expect(findBadgeDefinition('comeback_king')?.requirements.kd_improvement_factor).toBe(1.5);
    expect(findBadgeDefinition('rock_solid')?.requirements).toEqual({ max_kd_variance: 0.3, last_rounds: 100 });
    expect(findBadgeDefinition('night_owl')?.requirements).toMatchObject({ from_hour: 22, to_hour: 6 });
    expect(findBadgeDefinition('early_bird')?.requirements).toMatchObject({ from_hour: 6, to_hour: 10 });
    expect(findBadgeDefinition('marathon_warrior')).toMatchObject({ tier: 'gold', requirements: { session_hours: 6 } });
    const never = [
      ...['bronze', 'silver', 'gold', 'legend'].flatMap((tier) => [`sharpshooter_${tier}`, `elite_warrior_${tier}`]),
      'map_specialist',
      'map_legend',
      'server_regular',
    ];
    for (const id of never) expect(findBadgeDefinition(id)?.achievementType, id).toBe('badge');
  });

  it('keys team victory tiers by lowercase tier (§3 "requirements.performance_tiers keyed by lowercase tier")', () => {
    expect(findBadgeDefinition('team_victory')?.requirements.performance_tiers).toEqual({
      bronze: 0,
      silver: 0.7,
      gold: 1.0,
      legend: 1.2,
    });
    // "Switched: ≥1.0 gold, ≥0.7 silver, else bronze": no legend.
    expect(findBadgeDefinition('team_victory_switched')?.requirements.performance_tiers).toEqual({
      bronze: 0,
      silver: 0.7,
      gold: 1.0,
    });
  });

  it('has the placements 1st gold, 2nd silver, 3rd bronze', () => {
    expect([1, 2, 3].map((place) => findBadgeDefinition(`round_placement_${place}`)?.tier)).toEqual([
      'gold',
      'silver',
      'bronze',
    ]);
    expect(findBadgeDefinition('round_placement_1')?.name).toBe('1st Place');
  });

  it('finds nothing for an unknown id', () => {
    expect(findBadgeDefinition('kill_streak_7')).toBeUndefined();
  });
});
