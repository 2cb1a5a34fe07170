import { describe, expect, it } from 'vitest';
import { packIntervals, weekOfMs, type OnlineInterval } from './online-intervals.ts';
import {
  estimateNonOverlap,
  presenceHoursOf,
  presentHoursOf,
  PRESENCE_HOURS,
  sharesPresenceHour,
} from './presence-hours.ts';
import { preSortCandidates, type PreSortFacts } from './rank-similar-players.ts';

/** A Monday 00:00 UTC, as whole minutes since 1970. */
const MONDAY_MINUTE = Date.parse('2026-03-02T00:00:00Z') / 60_000;
const WEEK = weekOfMs(MONDAY_MINUTE * 60_000);

/** [start, end) in minutes, `day` days and `hour`:`minute` after the Monday. */
function stay(day: number, hour: number, minute: number, minutes: number): OnlineInterval {
  const start = MONDAY_MINUTE + day * 1440 + hour * 60 + minute;
  return [start, start + minutes];
}

const presenceOf = (intervals: OnlineInterval[], lastWeek = WEEK) => ({
  lastWeek,
  presence: presenceHoursOf(packIntervals(intervals), lastWeek),
});

describe('presence hours', () => {
  it('sets an hour for more than half of it online, never for exactly half', () => {
    const hours = presentHoursOf(presenceOf([stay(0, 19, 0, 31), stay(1, 19, 0, 30), stay(2, 19, 30, 90)]));
    expect(hours.map((hour) => hour - MONDAY_MINUTE / 60)).toEqual([19, 2 * 24 + 20]);
  });

  it('keeps 13 weeks ending with the latest week: 273 bytes', () => {
    const { presence } = presenceOf([stay(0, 19, 0, 60)]);
    expect(presence.length * 8).toBe(PRESENCE_HOURS);
    expect(presentHoursOf(presenceOf([stay(0, 19, 0, 60)], WEEK + 13))).toEqual([]);
    expect(presentHoursOf(presenceOf([stay(0, 19, 0, 60)], WEEK + 12))).toHaveLength(1);
  });

  it('never makes one person meet himself when he changes names within an hour', () => {
    // The old name until 19:40 and the new one from 19:41 (two polls apart) on even days; the new name alone, at
    // the same hours, on odd days.
    const oldName = [0, 2, 4, 6].map((day) => stay(day, 18, 0, 100));
    const newName = [
      ...[0, 2, 4, 6].map((day) => stay(day, 19, 41, 80)),
      ...[1, 3, 5].map((day) => stay(day, 18, 0, 180)),
    ].sort((a, b) => a[0] - b[0]);
    expect(estimateNonOverlap(presentHoursOf(presenceOf(oldName)), presenceOf(newName))).toBeGreaterThan(0.5);
  });

  it('estimates 0 for two names online together for more than half an hour, whatever their windows', () => {
    const target = presenceOf([stay(3, 20, 0, 60)]);
    // The candidate's latest week is 5 weeks later: its window starts elsewhere, the hour is the same.
    const candidate = presenceOf([stay(3, 20, 10, 45), stay(38, 20, 0, 60)], WEEK + 5);
    expect(estimateNonOverlap(presentHoursOf(target), candidate)).toBe(0);
  });

  it('grows with the hours both played around the same days at the same hour, and is 0 with none', () => {
    const target = presentHoursOf(presenceOf([0, 2, 4].map((day) => stay(day, 20, 0, 120))));
    const nearby = estimateNonOverlap(target, presenceOf([1, 3, 5].map((day) => stay(day, 20, 0, 120))));
    const fewer = estimateNonOverlap(target, presenceOf([5].map((day) => stay(day, 20, 0, 120))));
    const otherHours = estimateNonOverlap(target, presenceOf([1, 3, 5].map((day) => stay(day, 8, 0, 120))));
    // A week later: beyond the 3 days either side.
    const later = estimateNonOverlap(target, presenceOf([8, 10, 12].map((day) => stay(day, 20, 0, 120))));
    expect(nearby).toBeGreaterThan(fewer);
    expect(fewer).toBeGreaterThan(0);
    expect(otherHours).toBe(0);
    expect(later).toBe(0);
  });
});

describe("alias mode's candidate funnel", () => {
  const evenings = (days: number[], hour: number) => days.map((day) => stay(day, hour, 0, 120));
  const candidate = (
    playerName: string,
    facts: Partial<PreSortFacts> & { intervals: OnlineInterval[] },
  ): PreSortFacts => ({
    playerName,
    kills: 100,
    deaths: 50,
    playedMinutes: 600,
    favouriteServer: 'server-a',
    sharedServerShare: 0.5,
    ...presenceOf(facts.intervals),
    ...facts,
  });
  const target = {
    playerName: 'OldName',
    kills: 100,
    deaths: 50,
    playedMinutes: 600,
    favouriteServer: 'server-a',
    ...presenceOf(evenings([0, 2, 4], 20)),
  };

  it('puts the name never online with the target ahead of strangers of the same skill and favourite who met it', () => {
    const strangers = range(20).map((index) =>
      candidate(`Stranger${index}`, { intervals: evenings([0, 2, 4], 20), sharedServerShare: 0.6 }),
    );
    const alias = candidate('NewName', {
      intervals: evenings([1, 3, 5], 20),
      favouriteServer: 'server-b',
      kills: 90,
    });
    const kept = preSortCandidates(target, [...strangers, alias], 1, 'aliasdetection');
    expect(kept[0]?.playerName).toBe('NewName');
    // The strangers spent the target's evenings online with him: alias mode does not even score them.
    expect(kept.map((entry) => entry.playerName)).toEqual(['NewName']);
    // Default mode keeps domain facts §6's order: the same favourite server first.
    const keptByDefault = preSortCandidates(target, [...strangers, alias], 1, 'default');
    expect(keptByDefault.map((entry) => entry.playerName)).not.toContain('NewName');
  });
});

describe('a shared presence hour', () => {
  it('proves a meeting: more than half of one hour each', () => {
    const target = presentHoursOf(presenceOf([stay(2, 20, 0, 40)]));
    expect(sharesPresenceHour(target, presenceOf([stay(2, 20, 20, 40)]))).toBe(true);
    // Half an hour each, back to back: the same hour, never the same minute.
    expect(
      sharesPresenceHour(presentHoursOf(presenceOf([stay(2, 20, 0, 30)])), presenceOf([stay(2, 20, 30, 30)])),
    ).toBe(false);
    expect(sharesPresenceHour(target, presenceOf([stay(3, 20, 0, 60)]))).toBe(false);
  });
});

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
