import { describe, expect, it } from 'vitest';
import { countersReset } from '../../domain/player-counters.ts';
import { mostScoresReset, outlivedTimeLimit, ticketsJumpedUp, timeRemainJumpedUp } from './round-boundaries.ts';

// DESIGN.md: "a round ends on a map change, and also when the same map restarts: tickets jump back up,
// roundTimeRemain jumps up, or most players' scores reset together." Issue 13: on FH2 (no tickets, no round
// clock), "use all the evidence the FH2 feed gives (every present player's score, kills and deaths resetting
// together, even with two players; the server emptying and refilling on the same map; anything else the feed
// carries)".

describe('ticketsJumpedUp ("tickets jump back up")', () => {
  it('sees a refill of the tickets as a restart', () => {
    expect(ticketsJumpedUp({ tickets1: 12, tickets2: 40 }, { tickets1: 150, tickets2: 150 })).toBe(true);
  });
  it('ignores bleeding and small rises (mode quirks)', () => {
    expect(ticketsJumpedUp({ tickets1: 120, tickets2: 130 }, { tickets1: 118, tickets2: 129 })).toBe(false);
    expect(ticketsJumpedUp({ tickets1: 120, tickets2: 130 }, { tickets1: 125, tickets2: 130 })).toBe(false);
  });
  it('needs tickets on both sides of the comparison', () => {
    expect(ticketsJumpedUp({ tickets1: null, tickets2: 10 }, { tickets1: 150, tickets2: 150 })).toBe(false);
  });
});

describe('timeRemainJumpedUp ("roundTimeRemain jumps up by more than a poll\'s worth")', () => {
  it('sees a clock reset as a restart', () => {
    expect(timeRemainJumpedUp(70, 1790, 30)).toBe(true);
  });
  it('ignores the clock running down, standing still, and jitter within a poll', () => {
    expect(timeRemainJumpedUp(1800, 1770, 30)).toBe(false);
    expect(timeRemainJumpedUp(1770, 1770, 30)).toBe(false);
    expect(timeRemainJumpedUp(1770, 1795, 30)).toBe(false);
  });
  it('uses the real interval when polls were missed', () => {
    expect(timeRemainJumpedUp(600, 660, 90)).toBe(false);
    expect(timeRemainJumpedUp(600, 700, 90)).toBe(true);
  });
  it('has nothing to compare when the time is unknown or unlimited (0)', () => {
    expect(timeRemainJumpedUp(null, 1800, 30)).toBe(false);
    expect(timeRemainJumpedUp(0, 1800, 30)).toBe(false);
    expect(timeRemainJumpedUp(100, 0, 30)).toBe(false);
  });
});

describe('countersReset (a player starting again from zero)', () => {
  it('is a reset when deaths go down', () => {
    expect(countersReset({ score: 10, kills: 5, deaths: 3 }, { score: 10, kills: 5, deaths: 0 })).toBe(true);
  });
  it('is a reset when kills and score fall together, to half or less', () => {
    expect(countersReset({ score: 12, kills: 6, deaths: 0 }, { score: 1, kills: 0, deaths: 0 })).toBe(true);
  });
  it('is no reset for a team-kill penalty or a suicide', () => {
    expect(countersReset({ score: 12, kills: 6, deaths: 2 }, { score: 10, kills: 5, deaths: 2 })).toBe(false);
    expect(countersReset({ score: 12, kills: 6, deaths: 2 }, { score: 11, kills: 6, deaths: 3 })).toBe(false);
  });
});

describe('mostScoresReset ("most players\' scores reset in the same poll")', () => {
  const played = { score: 10, kills: 4, deaths: 2 };
  const zero = { score: 0, kills: 0, deaths: 0 };
  it('needs more than half of at least three players who had played', () => {
    expect(
      mostScoresReset([
        { previous: played, current: zero },
        { previous: played, current: zero },
        { previous: played, current: played },
      ]),
    ).toBe(true);
    expect(
      mostScoresReset([
        { previous: played, current: zero },
        { previous: played, current: played },
        { previous: played, current: played },
      ]),
    ).toBe(false);
  });
  it('decides on two players present in both polls when both reset (neither can have rejoined)', () => {
    const bothReset = [
      { previous: played, current: zero },
      { previous: played, current: zero },
    ];
    expect(mostScoresReset(bothReset)).toBe(true);
    expect(
      mostScoresReset([
        { previous: played, current: zero },
        { previous: played, current: played },
      ]),
    ).toBe(false);
  });
  it('decides on one player only where nothing else can show a restart (minAllPlayers 1)', () => {
    const alone = [{ previous: played, current: zero }];
    expect(mostScoresReset(alone)).toBe(false);
    expect(mostScoresReset(alone, 1)).toBe(true);
    expect(mostScoresReset([{ previous: played, current: played }], 1)).toBe(false);
  });
  it('reads counters back at exactly zero after points as a new round, but not a penalty paid back', () => {
    const pointsOnly = { score: 3, kills: 0, deaths: 0 };
    expect(mostScoresReset([{ previous: pointsOnly, current: zero }], 1)).toBe(true);
    expect(mostScoresReset([{ previous: { score: -2, kills: 0, deaths: 0 }, current: zero }], 1)).toBe(false);
  });
  it('leaves out players who had not played yet', () => {
    expect(
      mostScoresReset([
        { previous: played, current: zero },
        { previous: played, current: zero },
        { previous: zero, current: zero },
        { previous: zero, current: zero },
      ]),
    ).toBe(true);
    expect(
      mostScoresReset(
        [
          { previous: zero, current: zero },
          { previous: zero, current: zero },
        ],
        1,
      ),
    ).toBe(false);
  });
});

describe("outlivedTimeLimit (a round cannot outlast the server's time limit)", () => {
  const start = Date.parse('2026-11-01T20:00:00Z');
  it('is a restart once the round has been open for the whole limit', () => {
    expect(outlivedTimeLimit(start, start + 3_599_000, 3600)).toBe(false);
    expect(outlivedTimeLimit(start, start + 3_600_000, 3600)).toBe(true);
  });
  it('says nothing without a known limit', () => {
    expect(outlivedTimeLimit(start, start + 86_400_000, null)).toBe(false);
    expect(outlivedTimeLimit(start, start + 86_400_000, 0)).toBe(false);
  });
});
