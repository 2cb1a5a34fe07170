import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  groupByIdAndDay,
  groupModalOf,
  historyEntries,
  moreRecordsNote,
  streakRecordsToShow,
} from './achievement-groups.ts';
import { makeAward, makeStreakAward } from './test-fixtures.ts';

const UTC = { timeZone: 'UTC' } as const;

describe('groupByIdAndDay', () => {
  // §2 "Repeat achievements of the same id on the same day merge into one card with count badge".
  it('merges repeats of one id on one day into one card, newest award first', () => {
    const items = [
      makeAward({ achievementId: 'team_victory', achievedAt: '2025-06-01T21:00:00Z', roundId: 'r3' }),
      makeAward({ achievementId: 'round_placement_1', achievedAt: '2025-06-01T18:00:00Z', roundId: 'r2' }),
      makeAward({ achievementId: 'team_victory', achievedAt: '2025-06-01T08:00:00Z', roundId: 'r1' }),
    ];
    const groups = groupByIdAndDay(items, UTC);
    expect(groups.map((group) => [group.achievementId, group.items.length])).toEqual([
      ['team_victory', 2],
      ['round_placement_1', 1],
    ]);
    expect(groups[0]?.latest.roundId).toBe('r3');
  });

  it('keeps the same id on two days as two cards', () => {
    const items = [
      makeAward({ achievementId: 'team_victory', achievedAt: '2025-06-02T00:30:00Z' }),
      makeAward({ achievementId: 'team_victory', achievedAt: '2025-06-01T23:30:00Z' }),
    ];
    expect(groupByIdAndDay(items, UTC)).toHaveLength(2);
  });

  it("counts the day in the visitor's zone: 23:30 and 00:30 UTC are one evening in New York", () => {
    const items = [
      makeAward({ achievementId: 'team_victory', achievedAt: '2025-06-02T00:30:00Z' }),
      makeAward({ achievementId: 'team_victory', achievedAt: '2025-06-01T23:30:00Z' }),
    ];
    const groups = groupByIdAndDay(items, { timeZone: 'America/New_York' });
    expect(groups).toHaveLength(1);
    expect(groups[0]?.day).toBe('2025-06-01');
    expect(calendarDay('2025-06-02T00:30:00Z', UTC)).toBe('2025-06-02');
  });

  it('reads a timestamp without a zone as UTC (§5)', () => {
    expect(calendarDay('2025-06-01T23:30:00', UTC)).toBe('2025-06-01');
  });
});

describe('groupModalOf', () => {
  // §2 "count above 1 opens a history modal …; kill_streak_ ids open a streak-group modal; a single one opens a detail modal".
  it('opens the detail of a single award, whatever its id', () => {
    expect(groupModalOf({ achievementId: 'kill_streak_5', items: [makeStreakAward(5, '2025-06-01T10:00:00Z')] })).toBe(
      'detail',
    );
    expect(groupModalOf({ achievementId: 'team_victory', items: [makeAward()] })).toBe('detail');
  });

  it('opens the history of repeats, and the streak group of repeated kill streaks', () => {
    expect(groupModalOf({ achievementId: 'team_victory', items: [makeAward(), makeAward()] })).toBe('history');
    const streaks = [makeStreakAward(5, '2025-06-01T10:00:00Z'), makeStreakAward(5, '2025-06-01T11:00:00Z')];
    expect(groupModalOf({ achievementId: 'kill_streak_5', items: streaks })).toBe('streak-group');
  });
});

describe('history gaps', () => {
  // §2 "a history modal showing gaps ('N days later', 'N hours later' from 2 hours)" (the wording: lib/time-gap.ts).
  it('lists the awards oldest first with a separator wherever the next came 2 hours or more later', () => {
    const newestFirst = [
      makeAward({ achievedAt: '2025-06-01T20:00:00Z', roundId: 'r3' }),
      makeAward({ achievedAt: '2025-06-01T09:30:00Z', roundId: 'r2' }),
      makeAward({ achievedAt: '2025-06-01T08:00:00Z', roundId: 'r1' }),
    ];
    const entries = historyEntries(newestFirst).map((entry) =>
      entry.kind === 'gap' ? entry.label : entry.award.roundId,
    );
    expect(entries).toEqual(['r1', 'r2', '10 hours later', 'r3']);
  });
});

describe('streak records', () => {
  // §2 "Streak modal: at most 12 records, newest start first, with a '+N more record(s)' note".
  it('shows the newest 12 and counts the rest', () => {
    const awards = Array.from({ length: 15 }, (_, index) =>
      makeStreakAward(5, new Date(Date.UTC(2025, 5, 1, index)).toISOString(), { roundId: `r${index}` }),
    );
    const { shown, more } = streakRecordsToShow(awards, (award) => award.achievedAt);
    expect(shown).toHaveLength(12);
    expect(shown[0]?.roundId).toBe('r14');
    expect(shown[11]?.roundId).toBe('r3');
    expect(more).toBe(3);
    expect(moreRecordsNote(more)).toBe('+3 more records');
    expect(moreRecordsNote(1)).toBe('+1 more record');
  });

  it('shows all of 12 or fewer, with no note', () => {
    const awards = [makeStreakAward(10, '2025-06-01T10:00:00Z'), makeStreakAward(5, '2025-06-01T12:00:00Z')];
    const { shown, more } = streakRecordsToShow(awards, (award) => award.achievedAt);
    expect(shown.map((award) => award.achievementId)).toEqual(['kill_streak_5', 'kill_streak_10']);
    expect(more).toBe(0);
  });
});
