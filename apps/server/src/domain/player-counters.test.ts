import { describe, expect, it } from 'vitest';
import { countersWithinLimits, plausibleMove, ZERO_COUNTERS } from './player-counters.ts';

// What play can make (decision 0003, "Glitches"): the tracker credits nothing else, and the kill streak walk neither.

const counters = (score: number, kills: number, deaths: number) => ({ score, kills, deaths });
const POLL_MS = 30_000;

describe('countersWithinLimits', () => {
  it('takes any real round, however long, and refuses what the feed’s normaliser clamps absurd values to', () => {
    expect(countersWithinLimits(counters(2_400, 1_100, 300))).toBe(true);
    expect(countersWithinLimits(counters(-40, -3, 0))).toBe(true);
    expect(countersWithinLimits(counters(1_000_000, 4, 0))).toBe(false);
    expect(countersWithinLimits(counters(10, -1_000_000, 0))).toBe(false);
    expect(countersWithinLimits(counters(10, 4, 1_000_000))).toBe(false);
  });
});

describe('plausibleMove', () => {
  it('lets a poll’s play through: kills, deaths, points, and the penalties of team kills', () => {
    expect(plausibleMove(counters(10, 4, 2), counters(30, 12, 5), POLL_MS)).toBe(true);
    expect(plausibleMove(counters(10, 4, 2), counters(4, 3, 2), POLL_MS)).toBe(true);
    expect(plausibleMove(counters(10, 4, 2), counters(10, 4, 2), POLL_MS)).toBe(true);
  });

  it('refuses what no poll’s play can make: a hundred kills, a thousand points, a large fall', () => {
    expect(plausibleMove(counters(10, 4, 2), counters(210, 104, 2), POLL_MS)).toBe(false);
    expect(plausibleMove(counters(10, 4, 2), counters(1_010, 4, 2), POLL_MS)).toBe(false);
    expect(plausibleMove(counters(10, 4, 2), counters(10, 4, 40), POLL_MS)).toBe(false);
    expect(plausibleMove(counters(300, 120, 2), counters(300, 20, 2), POLL_MS)).toBe(false);
    expect(plausibleMove(counters(300, 120, 2), counters(100, 120, 2), POLL_MS)).toBe(false);
  });

  it('allows more the longer the time between the two sightings (a player back after minutes away)', () => {
    expect(plausibleMove(counters(10, 4, 2), counters(130, 64, 10), POLL_MS)).toBe(false);
    expect(plausibleMove(counters(10, 4, 2), counters(130, 64, 10), 4 * 60_000)).toBe(true);
  });

  it('from zero, judges a stay begun since the poll before: a rejoin shows what that time allows', () => {
    expect(plausibleMove(ZERO_COUNTERS, counters(6, 2, 1), POLL_MS)).toBe(true);
    expect(plausibleMove(ZERO_COUNTERS, counters(600, 250, 1), POLL_MS)).toBe(false);
  });
});
