import { describe, expect, it } from 'vitest';
import { milestonesCrossed, type MilestoneTotals } from './milestones.ts';

const HOUR_MS = 3_600_000;
const NONE: ReadonlySet<string> = new Set();

const totals = (kills: number, playMs: number, score: number): MilestoneTotals => ({ kills, playMs, score });

const ids = (previous: MilestoneTotals, added: MilestoneTotals, owned = NONE): string[] =>
  milestonesCrossed(previous, added, owned).map((award) => award.achievementId);

describe('milestonesCrossed (domain-facts §4 "Crossing (prev < T ≤ new) awards, unless id already owned")', () => {
  it('awards a kills milestone reached exactly at the threshold, with previous and new totals', () => {
    expect(milestonesCrossed(totals(90, 0, 0), totals(10, 0, 0), NONE)).toEqual([
      { achievementId: 'total_kills_100', value: 100, metadata: { previous_kills: 90, new_kills: 100 } },
    ]);
  });

  it('awards nothing just below a threshold, nor when the previous total already reached it', () => {
    expect(ids(totals(90, 0, 0), totals(9, 0, 0))).toEqual([]);
    expect(ids(totals(100, 0, 0), totals(50, 0, 0))).toEqual([]);
    expect(ids(totals(0, 0, 9_000), totals(0, 0, 999))).toEqual([]);
  });

  it('awards play time in whole hours, compared in ms: 10 h exactly crosses, a millisecond short does not', () => {
    expect(milestonesCrossed(totals(0, 9 * HOUR_MS, 0), totals(0, HOUR_MS, 0), NONE)).toEqual([
      { achievementId: 'milestone_playtime_10h', value: 10, metadata: { previous_hours: 9, new_hours: 10 } },
    ]);
    const justShort = 10 * HOUR_MS - 1;
    expect(ids(totals(0, 9 * HOUR_MS, 0), totals(0, justShort - 9 * HOUR_MS, 0))).toEqual([]);
    // Hours are shown rounded down, so a total a millisecond short never reads as 10.
    const [award] = milestonesCrossed(totals(0, justShort, 0), totals(0, 30 * 60_000, 0), NONE);
    expect(award?.metadata).toEqual({ previous_hours: 9.99, new_hours: 10.49 });
  });

  it('awards score milestones with their totals', () => {
    expect(milestonesCrossed(totals(0, 0, 9_950), totals(0, 0, 120), NONE)).toEqual([
      { achievementId: 'total_score_10000', value: 10_000, metadata: { previous_score: 9_950, new_score: 10_070 } },
    ]);
  });

  it('awards each threshold crossed at once, and each family in one session', () => {
    expect(ids(totals(400, 0, 0), totals(700, 0, 0))).toEqual(['total_kills_500', 'total_kills_1000']);
    expect(ids(totals(99, 49 * HOUR_MS, 49_000), totals(1, 2 * HOUR_MS, 2_000))).toEqual([
      'total_kills_100',
      'milestone_playtime_50h',
      'total_score_50000',
    ]);
  });

  it('"awarded once ever per id": an owned milestone is skipped, the others crossed with it are not', () => {
    const owned = new Set(['total_kills_500']);
    expect(ids(totals(400, 0, 0), totals(700, 0, 0), owned)).toEqual(['total_kills_1000']);
  });

  it('a session with a negative score crosses nothing downwards', () => {
    expect(ids(totals(0, 0, 10_050), totals(0, 0, -100))).toEqual([]);
  });
});
