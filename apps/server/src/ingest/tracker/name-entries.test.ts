import { describe, expect, it } from 'vitest';
import { matchEntries, type EntryState } from './name-entries.ts';

// Issue 13: "Match the feed's entries to the previous poll's by continuity (team, score, kills, deaths), never
// read an alternation as a rejoin" and "A rejoin reset is missed when the first segment had score but no kills
// or deaths (objective points are lost; a −2 team-kill becomes +2)".

const entry = (score: number, kills: number, deaths: number, team = 1): EntryState => ({ score, kills, deaths, team });

/** Whether `current` carries on the stay last seen as `previous`: one entry each, as most names are. */
const continues = (previous: EntryState, current: EntryState, afterAbsence: boolean) =>
  matchEntries([previous], [current], afterAbsence)[0] === 0;

describe('an entry seen at the poll before', () => {
  it('continues its stay through gains, team-kill penalties and suicides', () => {
    expect(continues(entry(10, 4, 2), entry(14, 6, 2), false)).toBe(true);
    expect(continues(entry(10, 4, 2), entry(8, 4, 2), false)).toBe(true);
    expect(continues(entry(10, 4, 2), entry(9, 4, 3), false)).toBe(true);
  });
  it('starts a new stay when deaths go down, or kills and score fall together', () => {
    expect(continues(entry(10, 4, 2), entry(10, 4, 0), false)).toBe(false);
    expect(continues(entry(10, 4, 2), entry(2, 1, 2), false)).toBe(false);
  });
});

describe('an entry back after missing a poll', () => {
  it('starts a new stay after points without kills or deaths, whatever the counters say', () => {
    expect(continues(entry(6, 0, 0), entry(2, 0, 0), true)).toBe(false);
    expect(continues(entry(6, 0, 0), entry(8, 0, 0), true)).toBe(false);
    expect(continues(entry(-2, 0, 0), entry(0, 0, 0), true)).toBe(false);
  });
  it('starts a new stay when any counter is lower than it was', () => {
    expect(continues(entry(20, 8, 3), entry(21, 8, 2), true)).toBe(false);
    expect(continues(entry(20, 8, 3), entry(19, 8, 3), true)).toBe(false);
  });
  it('continues a stay with kills or deaths whose counters all stand where they were or higher', () => {
    expect(continues(entry(20, 8, 3), entry(20, 8, 3), true)).toBe(true);
    expect(continues(entry(20, 8, 3), entry(24, 10, 3), true)).toBe(true);
  });
  it('is stricter than at the next poll: a penalty that continues a seen stay starts a new one after an absence', () => {
    expect(continues(entry(10, 4, 2), entry(8, 4, 2), false)).toBe(true);
    expect(continues(entry(10, 4, 2), entry(8, 4, 2), true)).toBe(false);
  });
});

describe('matchEntries', () => {
  it('follows one entry, or starts a new stay', () => {
    expect(matchEntries([entry(10, 4, 2)], [entry(12, 5, 2)], false)).toEqual([0]);
    expect(matchEntries([entry(10, 4, 2)], [entry(0, 0, 0)], false)).toEqual([-1]);
  });
  it('keeps two people with one name apart whichever of them leads, and whatever order the feed lists them in', () => {
    const previous = [entry(4, 2, 1, 1), entry(6, 3, 3, 2)];
    // The leader changes and the feed swaps the order: each entry still continues its own stay.
    expect(matchEntries(previous, [entry(6, 3, 3, 2), entry(9, 4, 1, 1)], false)).toEqual([1, 0]);
    expect(matchEntries(previous, [entry(9, 4, 1, 1), entry(6, 3, 3, 2)], false)).toEqual([0, 1]);
  });
  it('does not make a score fall to keep someone: of two namesakes, the one left is the one who needs no penalty', () => {
    // The demo world's Gen.Wizard: two on one side at 14/1/0 and 8/1/0; one leaves, 11/1/0 is left.
    expect(matchEntries([entry(14, 1, 0), entry(8, 1, 0)], [entry(11, 1, 0)], false)).toEqual([1]);
  });
  it('prefers the same side between otherwise possible matches', () => {
    const previous = [entry(5, 2, 1, 1), entry(5, 2, 1, 2)];
    expect(matchEntries(previous, [entry(7, 3, 1, 2), entry(6, 2, 2, 1)], false)).toEqual([1, 0]);
  });
  it('starts a new stay for a second person who arrives, and lets a departed one go', () => {
    expect(matchEntries([entry(10, 4, 2)], [entry(11, 4, 2), entry(0, 0, 0, 2)], false)).toEqual([0, -1]);
    expect(matchEntries([entry(10, 4, 2), entry(3, 1, 1, 2)], [entry(3, 1, 2, 2)], false)).toEqual([1]);
  });
  it('matches the most stays it can, then the closest counters', () => {
    // The first entry is closest to the second stay, but only it can continue the first (deaths never go down):
    // both stays go on.
    const previous = [entry(2, 1, 3), entry(5, 2, 1)];
    expect(matchEntries(previous, [entry(6, 2, 3), entry(5, 2, 2)], false)).toEqual([0, 1]);
  });
});
