import { KILLS_MILESTONES, killsMilestoneId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { nextMilestones, progressPercent, progressText, unfinishedRoundsNote } from './next-milestone.ts';

describe('nextMilestones', () => {
  // Catalogue thresholds (§9 "Kill milestones: 100, 500, 1000, …"; play time 10, 50, … hours; score 10000, …).
  it("finds each kind's lowest threshold not awarded, closest to done first", () => {
    const [first, second, third] = nextMilestones(
      { kills: 450, score: 2_000, playTimeMinutes: 9 * 60 },
      new Set(['total_kills_100']),
    );
    expect(first).toMatchObject({ track: 'kills', achievementId: 'total_kills_500', current: 450, target: 500 });
    expect(first?.fraction).toBeCloseTo(0.9);
    expect(second).toMatchObject({ track: 'playtime', achievementId: 'milestone_playtime_10h', target: 10 });
    expect(third).toMatchObject({ track: 'score', achievementId: 'total_score_10000', target: 10_000 });
  });

  it('moves on to the next threshold once the award is given (at the threshold)', () => {
    const owned = new Set(['total_kills_100', 'total_kills_500']);
    const kills = nextMilestones({ kills: 500, score: 0, playTimeMinutes: 0 }, owned).find((m) => m.track === 'kills');
    expect(kills?.target).toBe(1_000);
    expect(kills?.name).toBe('Elite (1,000 Kills)');
  });

  it('never shows a mark reached before its award: play time is rounded to the nearest minute', () => {
    // 599 min 30 s of play reads as 600 minutes; the 10-hour award comes at 600 minutes exactly.
    const playtime = (owned: string[]) =>
      nextMilestones({ kills: 0, score: 0, playTimeMinutes: 600 }, new Set(owned)).find((m) => m.track === 'playtime');
    const before = playtime([]);
    expect(before).toMatchObject({ achievementId: 'milestone_playtime_10h', target: 10 });
    expect(progressText(before!)).toBe('9.9 / 10 hours');
    expect(progressPercent(before!.fraction)).toBe(99);
    expect(playtime(['milestone_playtime_10h'])).toMatchObject({ achievementId: 'milestone_playtime_50h' });
  });

  it('leaves out a kind whose every milestone is awarded', () => {
    const owned = new Set(KILLS_MILESTONES.map(killsMilestoneId));
    const tracks = nextMilestones({ kills: 60_000, score: 0, playTimeMinutes: 0 }, owned).map((m) => m.track);
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

describe('unfinishedRoundsNote', () => {
  // The header counts the round being played; milestones count finished rounds (docs/formulas.md "Milestones").
  const finished = { kills: 1_234, score: 20_000, playTimeMinutes: 600 };

  it('says why the header shows more: the round still being played counts here when it ends', () => {
    expect(unfinishedRoundsNote('kills', { ...finished, kills: 1_250 }, finished)).toBe(
      "Finished rounds only: the profile's 1,250 kills include a round still being played, counted here when it ends.",
    );
    expect(unfinishedRoundsNote('score', { ...finished, score: 20_100 }, finished)).toContain(
      "profile's 20,100 points",
    );
    expect(unfinishedRoundsNote('playtime', { ...finished, playTimeMinutes: 660 }, finished)).toContain(
      "profile's 11 hours",
    );
  });

  it('says nothing when the totals agree as shown, or without the header', () => {
    expect(unfinishedRoundsNote('kills', finished, finished)).toBeNull();
    // 10 h 20 min against 10 h: both read 10 hours.
    expect(unfinishedRoundsNote('playtime', { ...finished, playTimeMinutes: 620 }, finished)).toBeNull();
    expect(unfinishedRoundsNote('kills', undefined, finished)).toBeNull();
  });
});
