import { describe, expect, it } from 'vitest';
import { formatOffset, mapTitle, offsetMs, reportDescription, reportTitle, roundMatchup } from './report-display.ts';
import { ROUND_START, report, sampleReport, snapshot } from './test-fixtures.ts';

// Spec site-statistics §2 "Round report": "team labels (default Team 1, Team 2) and tickets for two-team rounds
// (shown only when both present and at least 0)"; "Document title '{map} on {server} on {date} | team1 (tickets)
// vs team2 (tickets) - {product}'; description and social title updated".

const UTC = { locale: 'en-GB', timeZone: 'UTC' };

describe('round matchup', () => {
  it('states both sides with their tickets', () => {
    const matchup = roundMatchup(sampleReport());
    expect(matchup).toEqual({ team1: 'Axis', team2: 'Allies', tickets: [30, 0] });
    expect(reportTitle(sampleReport(), UTC)).toContain(' | Axis (30) vs Allies (0) - ');
  });

  it('leaves the tickets out when either is missing or negative', () => {
    for (const tickets of [
      { tickets1: null, tickets2: 5 },
      { tickets1: 5, tickets2: null },
      { tickets1: -1, tickets2: 5 },
    ]) {
      expect(roundMatchup(sampleReport(tickets))?.tickets).toBeNull();
      expect(reportTitle(sampleReport(tickets), UTC)).toContain(' | Axis vs Allies - ');
    }
  });

  it("names unlabelled sides 'Team 1' and 'Team 2'", () => {
    expect(roundMatchup(sampleReport({ team1Label: '', team2Label: '' }))).toMatchObject({
      team1: 'Team 1',
      team2: 'Team 2',
    });
  });

  it('has no matchup when the final scoreboard has a player outside sides 1 and 2', () => {
    const source = report([
      snapshot(0, [
        ['Ann', 1, 0, 0, 0],
        ['Spec', 0, 0, 0, 0],
      ]),
    ]);
    expect(roundMatchup(source)).toBeNull();
  });
});

describe('report title and description', () => {
  it("reads '{map} on {server} on {date} | team1 (tickets) vs team2 (tickets) - Frontline'", () => {
    expect(reportTitle(sampleReport(), UTC)).toBe(
      'Wake Island on Alpha / Wake #1 on 3 Mar 2026 | Axis (30) vs Allies (0) - Frontline',
    );
  });

  it("drops the ' (tickets)' parts without tickets, and the matchup without two sides", () => {
    expect(reportTitle(sampleReport({ tickets1: null }), UTC)).toBe(
      'Wake Island on Alpha / Wake #1 on 3 Mar 2026 | Axis vs Allies - Frontline',
    );
    const coop = report([snapshot(0, [['Ann', 3, 0, 0, 0]])]);
    expect(reportTitle(coop, UTC)).toBe('Wake Island on Alpha / Wake #1 on 3 Mar 2026 - Frontline');
  });

  it('describes the round and its top scorer', () => {
    expect(reportDescription(sampleReport(), UTC)).toBe(
      'Round report of Wake Island on Alpha / Wake #1, 3 Mar 2026: 3 players. Bob topped the scoreboard with 75 ' +
        'points. Replay how the battle unfolded.',
    );
    expect(reportDescription(sampleReport({ isActive: true, participantCount: 1 }), UTC)).toContain(
      '1 player. Bob leads with 75 points.',
    );
    expect(reportDescription(report([]), UTC)).toBe(
      'Round report of Wake Island on Alpha / Wake #1, 3 Mar 2026: 3 players. Replay how the battle unfolded.',
    );
  });
});

describe('display helpers', () => {
  it('title-cases map folder names', () => {
    expect(mapTitle('omaha_beach')).toBe('Omaha Beach');
    expect(mapTitle('Battle_of_the_Bulge')).toBe('Battle Of The Bulge');
    expect(mapTitle('el_alamein')).toBe('El Alamein');
  });

  it('measures time into the round as the round clock shows it', () => {
    expect(formatOffset(offsetMs(ROUND_START, '2026-03-03T20:12:30Z'))).toBe('12:30');
    expect(formatOffset(offsetMs(ROUND_START, '2026-03-03T21:15:05'))).toBe('75:05');
    // A poll stamped before its round (clock skew) reads as the start.
    expect(offsetMs(ROUND_START, '2026-03-03T19:59:00Z')).toBe(0);
  });
});
