import { describe, expect, it } from 'vitest';
import { addInterval, overlapMinutes, packIntervals, trimIntervals, weekOfMs } from './online-intervals.ts';
import {
  addClosedSession,
  emptyFeatureState,
  summariseFeatures,
  typicalOnlineHoursOf,
  type ClosedSessionFacts,
} from './player-features.ts';
import { rankSimilarPlayers } from './rank-similar-players.ts';
import { pingSimilarityOf, scoreSimilarity, type ScoredFeatures } from './similarity-score.ts';
import { compareTemporal, expectedOverlapOf, prepareTemporalSide } from './temporal-non-overlap.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A Monday, so that days 0–6 are one week. */
const BASE_MS = Date.parse('2026-03-02T00:00:00Z');

interface Habit {
  days: readonly number[];
  /** UTC hour the evening's play starts, and its minutes. */
  startHour: number;
  minutes: number;
  serverGuid: string;
  ping: number;
  killsPerHour: number;
  deathsPerHour: number;
}

function sessionsOf(habit: Habit): ClosedSessionFacts[] {
  return habit.days.map((day) => {
    const startMs = BASE_MS + day * DAY_MS + habit.startHour * HOUR_MS;
    const playedMs = habit.minutes * 60_000;
    const hours = habit.minutes / 60;
    return {
      startMs,
      lastSeenMs: startMs + playedMs,
      serverGuid: habit.serverGuid,
      mapName: 'wake',
      kills: Math.round(habit.killsPerHour * hours),
      deaths: Math.round(habit.deathsPerHour * hours),
      score: Math.round(habit.killsPerHour * hours * 2),
      playedMs,
      pingSum: habit.ping * 20,
      pingCount: 20,
    };
  });
}

function playerOf(name: string, ...habits: Habit[]): ScoredFeatures {
  const sessions = habits.flatMap(sessionsOf).sort((a, b) => a.startMs - b.startMs);
  const state = sessions.reduce(addClosedSession, emptyFeatureState());
  return { ...summariseFeatures(name, state), mapDominance: {} };
}

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

const evening = { startHour: 19, minutes: 120, serverGuid: 'server-a', ping: 48, killsPerHour: 40, deathsPerHour: 20 };

/** One person: the old name every evening of week 1 and the even evenings of week 2; the new name the rest. */
const oldName = playerOf('OldName', { ...evening, days: range(0, 6) }, { ...evening, days: range(8, 12, 2) });
const newName = playerOf('NewName', { ...evening, days: range(7, 13, 2) }, { ...evening, days: range(14, 17) });
/** A stranger of the same skill on the same server at overlapping hours, from farther away. */
const lookAlike = playerOf('LookAlike', { ...evening, startHour: 19, minutes: 90, ping: 85, days: range(0, 13) });
/** A stranger of another skill on another server. */
const other = playerOf('Other', {
  ...evening,
  serverGuid: 'server-b',
  ping: 30,
  killsPerHour: 15,
  deathsPerHour: 30,
  days: range(0, 13),
});

describe('online intervals', () => {
  it('merges touching and overlapping intervals and counts overlap minutes', () => {
    const merged = [
      [0, 10],
      [20, 30],
    ].reduce((all, interval) => addInterval(all, interval as [number, number]), [] as (readonly [number, number])[]);
    expect(addInterval(merged, [10, 20])).toEqual([[0, 30]]);
    expect(addInterval(merged, [5, 25])).toEqual([[0, 30]]);
    expect(addInterval(merged, [40, 50])).toEqual([
      [0, 10],
      [20, 30],
      [40, 50],
    ]);
    expect(overlapMinutes(packIntervals(merged), packIntervals([[8, 22]]))).toBe(4);
    expect(overlapMinutes(packIntervals(merged), packIntervals([[10, 20]]))).toBe(0);
    expect(overlapMinutes(packIntervals([[0, 5]]), packIntervals([]))).toBe(0);
    expect(trimIntervals(merged, 5)).toEqual([
      [5, 10],
      [20, 30],
    ]);
  });

  it('numbers weeks from Monday', () => {
    expect(weekOfMs(BASE_MS)).toBe(weekOfMs(BASE_MS + 6 * DAY_MS + 23 * HOUR_MS));
    expect(weekOfMs(BASE_MS + 7 * DAY_MS)).toBe(weekOfMs(BASE_MS) + 1);
  });
});

describe('player features', () => {
  it('sums the window and names the favourite server and the typical hours', () => {
    expect(oldName.kills).toBe(10 * 80);
    expect(oldName.playedMinutes).toBe(10 * 120);
    expect(oldName.favouriteServer).toBe('server-a');
    expect(oldName.serverPings).toEqual({ 'server-a': 48 });
    expect(typicalOnlineHoursOf(oldName.hourMinutes)).toEqual([19, 20]);
  });

  it('typical hours: domain facts §6, hours with at least half the 95th percentile of hourly minutes', () => {
    const hours = Array.from({ length: 24 }, () => 0);
    hours[20] = 100;
    hours[21] = 60;
    hours[22] = 20;
    // p95 of the 24 values (index 21.85 of the sorted ones) is 20 + 0.85 × 40 = 54: hours from 27 minutes count.
    expect(typicalOnlineHoursOf(hours)).toEqual([20, 21]);
    expect(typicalOnlineHoursOf(Array.from({ length: 24 }, () => 0))).toEqual([]);
  });
});

describe('temporal non-overlap (docs/decisions/0018)', () => {
  it('is high for two names active in the same weeks on the same server but never online together', () => {
    const temporal = compareTemporal(oldName, newName);
    expect(temporal.overlapMinutes).toBe(0);
    expect(temporal.apart?.sharedWeeks).toBe(1);
    expect(temporal.nonOverlapScore).toBeGreaterThan(0.5);
  });

  it('is 0 for a pair that overlaps in time', () => {
    const temporal = compareTemporal(oldName, lookAlike);
    expect(temporal.overlapMinutes).toBeGreaterThan(0);
    expect(temporal.nonOverlapScore).toBe(0);
  });

  it('expects a·b/(60·7) minutes for stays at the same hour within 3 days of each other in a shared week', () => {
    // Monday 19:00–20:00 and Wednesday 19:00–20:30 on one server: 60 · 60 / 420 (the half hour past 20:00 meets
    // nothing at 20:00 on Monday).
    const monday = playerOf('Monday', { ...evening, minutes: 60, days: [0] });
    const wednesday = playerOf('Wednesday', { ...evening, minutes: 90, days: [2] });
    expect(compareTemporal(monday, wednesday).apart?.expectedOverlapMinutes).toBeCloseTo(3600 / 420, 10);
    // Five days apart: not around each other.
    const saturday = playerOf('Saturday', { ...evening, minutes: 90, days: [5] });
    expect(compareTemporal(monday, saturday).apart).toEqual({ sharedWeeks: 1, expectedOverlapMinutes: 0 });
  });

  it('is 0 for names that never share a server in the same week (not meeting says nothing)', () => {
    // Mornings on another server: never online with OldName, and never on his server.
    const elsewhere = playerOf('Elsewhere', { ...evening, serverGuid: 'server-b', startHour: 8, days: range(0, 13) });
    const temporal = compareTemporal(oldName, elsewhere);
    expect(temporal.overlapMinutes).toBe(0);
    expect(temporal.apart?.sharedWeeks).toBe(0);
    expect(temporal.nonOverlapScore).toBe(0);
  });

  it('is 0 for names that met, without working out what strangers would be expected to have', () => {
    const temporal = compareTemporal(oldName, other);
    expect(temporal.overlapMinutes).toBeGreaterThan(0);
    expect(temporal).toEqual({ overlapMinutes: temporal.overlapMinutes, nonOverlapScore: 0 });
  });
});

describe('similarity scoring', () => {
  const candidates = [lookAlike, other, newName];

  it('ranks the alias first in alias mode, and never offers a name that was online with the target', () => {
    const ranked = rankSimilarPlayers(oldName, candidates, 'aliasdetection', 3);
    // LookAlike and Other were online at the same minutes as OldName: two people, whatever else they share.
    expect(ranked.map((entry) => entry.features.playerName)).toEqual(['NewName']);
    expect(ranked[0]?.similarity.reasons).toContain('Plays on the same servers (100 % of play in common)');
    // Scored on its own, the look-alike is the closer match but for the meeting, which the scoring warns of.
    const lookAlikeScore = scoreSimilarity(oldName, lookAlike, 'aliasdetection');
    expect(lookAlikeScore.temporal.overlapMinutes).toBeGreaterThan(0);
    expect(lookAlikeScore.reasons.some((reason) => reason.startsWith('High ping difference'))).toBe(true);
    expect(lookAlikeScore.reasons.some((reason) => reason.startsWith('High temporal overlap'))).toBe(true);
  });

  it('keeps, in default mode, the names that met the target (similar players may play together)', () => {
    const ranked = rankSimilarPlayers(oldName, candidates, 'default', 3);
    expect(ranked.map((entry) => entry.features.playerName).sort()).toEqual(['LookAlike', 'NewName', 'Other']);
  });

  it('words its reasons for any reader: counts with their noun, no UTC hours (the page shows hours in its zone)', () => {
    const reasons = (['default', 'aliasdetection'] as const).flatMap((mode) =>
      rankSimilarPlayers(oldName, candidates, mode, 3).flatMap((entry) => entry.similarity.reasons),
    );
    const onlineTimes = reasons.filter((reason) => reason.startsWith('Similar online times'));
    expect(onlineTimes.length).toBeGreaterThan(0);
    for (const reason of onlineTimes) expect(reason).toMatch(/^Similar online times \(\d+ overlapping hours?\)$/);
    for (const reason of reasons) {
      expect(reason).not.toMatch(/UTC|\(s\)/);
      expect(reason).not.toMatch(/\b1 (hours|weeks|common servers)\b/);
    }
  });

  it('does not rank the alias first in default mode, where the look-alike with the closer play time wins', () => {
    const ranked = rankSimilarPlayers(oldName, candidates, 'default', 3);
    expect(ranked[0]?.features.playerName).toBe('LookAlike');
    expect(ranked[0]?.similarity.temporal.nonOverlapScore).toBe(0);
  });

  it('pings: domain facts §6 bands up to 30 ms, widened in proportion beyond', () => {
    expect([0, 1, 2, 3, 5, 10, 11].map((gap) => pingSimilarityOf(gap, 25))).toEqual([1, 1, 0.9, 0.7, 0.4, 0.1, 0]);
    // 300 ms away, ten times the bands: 10 ms is 1 ms near by.
    expect([10, 20, 30, 50, 100, 110].map((gap) => pingSimilarityOf(gap, 300))).toEqual([1, 0.9, 0.7, 0.4, 0.1, 0]);
  });

  it('scores stay within 0..1 for any players, and the expected overlap is symmetric (seeded random players)', () => {
    let seed = 12345;
    const random = () => {
      // mulberry32: a small deterministic stream, so a failure can be replayed.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = (count: number) => Math.floor(random() * count);
    const randomPlayer = (name: string): ScoredFeatures => {
      const habits = Array.from({ length: 1 + pick(3) }, () => ({
        days: Array.from({ length: pick(20) }, () => pick(60)).sort((a, b) => a - b),
        startHour: pick(24),
        minutes: 1 + pick(300),
        serverGuid: `server-${pick(3)}`,
        ping: pick(400),
        killsPerHour: pick(3) === 0 ? 0 : random() * 200,
        deathsPerHour: pick(3) === 0 ? 0 : random() * 200,
      }));
      const player = playerOf(name, ...habits);
      const mapDominance: Record<string, number> = pick(2) ? { wake: random() * 5 } : {};
      return { ...player, mapDominance };
    };
    for (let round = 0; round < 300; round += 1) {
      const a = randomPlayer('a');
      const b = randomPlayer('b');
      // The expected overlap is one sum, whichever side it is walked from.
      const expected = (x: ScoredFeatures, y: ScoredFeatures) =>
        expectedOverlapOf(prepareTemporalSide(x), y).expectedOverlapMinutes;
      expect(expected(a, b)).toBeCloseTo(expected(b, a), 9);
      for (const mode of ['default', 'aliasdetection'] as const) {
        const result = scoreSimilarity(a, b, mode);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(1);
        expect(result.temporal.nonOverlapScore).toBeGreaterThanOrEqual(0);
        expect(result.temporal.nonOverlapScore).toBeLessThanOrEqual(1);
      }
    }
  });

  it('a player compared with an identical twin who never overlaps scores close to 1 in alias mode', () => {
    const twin = playerOf('Twin', { ...evening, days: range(7, 13, 2) }, { ...evening, days: range(1, 5, 2) });
    const self = playerOf('Self', { ...evening, days: range(8, 12, 2) }, { ...evening, days: range(0, 6, 2) });
    expect(scoreSimilarity(self, twin, 'aliasdetection').score).toBeGreaterThan(0.9);
  });
});
