import { describe, expect, it } from 'vitest';
import { nextMilestones, progressPercent, progressText } from './next-milestone.ts';

describe('nextMilestones', () => {
  // Catalogue thresholds (§9 "Kill milestones: 100, 500, 1000, …"; play time 10, 50, … hours; score 10000, …).
  it("finds each kind's lowest threshold above the total, closest to done first", () => {
    const [first, second, third] = nextMilestones({ kills: 450, score: 2_000, playTimeMinutes: 9 * 60 });
    expect(first).toMatchObject({ track: 'kills', achievementId: 'total_kills_500', current: 450, target: 500 });
    expect(first?.fraction).toBeCloseTo(0.9);
    expect(second).toMatchObject({ track: 'playtime', achievementId: 'milestone_playtime_10h', target: 10 });
    expect(third).toMatchObject({ track: 'score', achievementId: 'total_score_10000', target: 10_000 });
  });

  it('moves on to the next threshold exactly at one (the award is given at the threshold)', () => {
    const kills = nextMilestones({ kills: 500, score: 0, playTimeMinutes: 0 }).find((m) => m.track === 'kills');
    expect(kills?.target).toBe(1_000);
    expect(kills?.name).toBe('Elite (1,000 Kills)');
  });

  it('leaves out a kind whose every milestone is reached', () => {
    const tracks = nextMilestones({ kills: 60_000, score: 0, playTimeMinutes: 0 }).map((m) => m.track);
    expect(tracks).not.toContain('kills');
  });
});

describe('progress text', () => {
  it('never rounds a total up to the mark', () => {
    expect(progressText({ track: 'kills', current: 499.9, target: 500, unit: 'kills' })).toBe('499 / 500 kills');
    expect(progressText({ track: 'playtime', current: 9.99, target: 10, unit: 'hours' })).toBe('9.9 / 10 hours');
    expect(progressPercent(0.996)).toBe(99);
    expect(progressPercent(2)).toBe(100);
  });
});
