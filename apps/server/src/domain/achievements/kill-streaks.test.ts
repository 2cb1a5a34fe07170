import { describe, expect, it } from 'vitest';
import { killStreaksOf, type StreakSample } from './kill-streaks.ts';

const T0 = Date.UTC(2025, 0, 1, 20, 0, 0);
const POLL_MS = 30_000;

/**
 * Samples from rows of [kills, deaths] or [kills, deaths, score], one poll (30 s) apart. Score defaults to two
 * points a kill, as the games give, so a rejoin's drop shows in kills and score together.
 */
function samples(...rows: ([number, number] | [number, number, number])[]): StreakSample[] {
  return rows.map(([kills, deaths, score = kills * 2], index) => ({ at: at(index), kills, deaths, score }));
}

const at = (pollIndex: number): number => T0 + pollIndex * POLL_MS;

/** The awards as [threshold, poll index, actual streak], to compare at a glance. */
function walk(rows: StreakSample[]): [number, number, number][] {
  return killStreaksOf(rows).map((award) => [award.threshold, (award.at - T0) / POLL_MS, award.actualStreak]);
}

describe('killStreaksOf (domain-facts §4 "Kill streaks", issue 18)', () => {
  it('"Need ≥ 2 samples": none or one sample awards nothing', () => {
    expect(walk([])).toEqual([]);
    expect(walk(samples([30, 0]))).toEqual([]);
  });

  it('awards 5 at the sample whose kills reach it, counting from the first sample (the baseline)', () => {
    expect(walk(samples([2, 0], [3, 0], [5, 0], [6, 0]))).toEqual([]);
    expect(walk(samples([0, 0], [3, 0], [5, 0], [6, 0]))).toEqual([[5, 2, 5]]);
  });

  it('"Δdeaths>0 → streak=0 and thresholds reset": a death resets the streak', () => {
    // 4 kills, a death, then 4 more: never 5 in a row.
    expect(walk(samples([0, 0], [4, 0], [4, 1], [8, 1]))).toEqual([]);
  });

  it('"a poll with both a kill and a death counts as a death"', () => {
    // 4 kills, then a poll with +2 kills and +1 death, then 3 more: the streak is 3, not 9.
    expect(walk(samples([0, 0], [4, 0], [6, 1], [9, 1]))).toEqual([]);
    // The kills of the mixed poll do not start the next streak either: 5 more are needed after it.
    expect(walk(samples([0, 0], [4, 0], [6, 1], [10, 1], [11, 1]))).toEqual([[5, 4, 5]]);
  });

  it('"a rejoin does not reset the streak unless a death was seen": rejoin without a death keeps it', () => {
    // 4 kills, rejoin (counters back to zero), 1 kill since: the streak is 5 at the first sample after the rejoin.
    expect(walk(samples([0, 0], [4, 0], [1, 0], [3, 0]))).toEqual([[5, 2, 5]]);
    // A rejoin seen at zero, then kills as usual.
    expect(walk(samples([0, 0], [3, 0], [0, 0], [2, 0]))).toEqual([[5, 3, 5]]);
  });

  it('a rejoin with a death resets the streak', () => {
    // 4 kills (2 deaths before them), rejoin shows 1 kill and 1 death: the death ends the streak.
    expect(walk(samples([0, 2], [4, 2], [1, 1], [4, 1]))).toEqual([]);
    // The death can also come after the rejoin's first sample.
    expect(walk(samples([0, 0], [4, 0], [0, 0], [0, 1], [4, 1]))).toEqual([]);
  });

  it('a team-kill penalty (kills down, score not halved) is no rejoin and no death: the streak goes on', () => {
    // 4 kills (score 8), a team kill takes a kill and 2 points, then 1 kill: streak 5 at the last poll.
    expect(walk(samples([0, 0], [4, 0], [3, 0, 6], [4, 0]))).toEqual([[5, 3, 5]]);
  });

  it('"several streaks per round can each award … however close in time": two streaks each award 5', () => {
    expect(walk(samples([0, 0], [5, 0], [5, 1], [10, 1]))).toEqual([
      [5, 1, 5],
      [5, 3, 5],
    ]);
  });

  it('a streak reaching 50 awards 5, 10, 15, 20, 25, 30 and 50 once each, at the right instants', () => {
    // One kill a poll: the streak equals the poll index.
    const rows = samples(...Array.from({ length: 56 }, (_, index): [number, number] => [index, 0]));
    expect(walk(rows)).toEqual([
      [5, 5, 5],
      [10, 10, 10],
      [15, 15, 15],
      [20, 20, 20],
      [25, 25, 25],
      [30, 30, 30],
      [50, 50, 50],
    ]);
  });

  it('a jump of +7 kills in one poll from 3 awards 5 and 10 at that instant', () => {
    expect(walk(samples([0, 0], [3, 0], [10, 0]))).toEqual([
      [5, 2, 10],
      [10, 2, 10],
    ]);
  });

  it('walks a round of a streak, a death, a streak carried over a rejoin', () => {
    // 6 kills; death; 6 kills; rejoin showing 3 kills (streak 9); 6 more (streak 15).
    const rows = samples([0, 0], [6, 0], [6, 1], [12, 1], [3, 0], [9, 0]);
    expect(walk(rows)).toEqual([
      [5, 1, 6],
      [5, 3, 6],
      [10, 5, 15],
      [15, 5, 15],
    ]);
  });

  it('a step no play can make credits nothing, and moves only the baseline (a jump a later poll confirmed)', () => {
    // 4 kills, a jump to 1,004 kills, then one kill a poll: the streak reaches 5 one poll after the jump, never 50.
    expect(walk(samples([0, 0], [4, 0], [1004, 0], [1005, 0], [1006, 0]))).toEqual([[5, 3, 5]]);
  });

  it('a rejoin that shows more kills than the time since the poll before allows credits none of them', () => {
    expect(walk(samples([0, 0], [2, 1], [500, 0]))).toEqual([]);
  });
});
