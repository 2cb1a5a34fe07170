import type {
  LeaderboardEntry,
  LeaderboardSnapshot,
  RoundReportResponse,
  RoundSummary,
  StandingEntry,
} from '@frontline/contract';

/** Round reports for the feature's tests, written as scoreboards per poll so each test shows what it replays. */

export const ROUND_START = '2026-03-03T20:00:00.000Z';

export function round(extra: Partial<RoundSummary> = {}): RoundSummary {
  return {
    roundId: 'r-42',
    serverName: 'Alpha / Wake #1',
    serverGuid: 'g1',
    gameId: 'bf1942',
    mapName: 'wake_island',
    gameType: 'conquest',
    startTime: ROUND_START,
    endTime: '2026-03-03T20:30:00.000Z',
    durationMinutes: 30,
    participantCount: 3,
    isActive: false,
    team1Label: 'Axis',
    team2Label: 'Allies',
    tickets1: 30,
    tickets2: 0,
    ...extra,
  };
}

/** A scoreboard line: [name, team, score, kills, deaths]; the rank comes from the line's order. */
export type Line = readonly [name: string, team: number, score: number, kills: number, deaths: number];

/** A snapshot `secondsIn` seconds into the round; lines are ranked in the order given (best first). */
export function snapshot(secondsIn: number, lines: readonly Line[]): LeaderboardSnapshot {
  return {
    timestamp: new Date(Date.parse(ROUND_START) + secondsIn * 1000).toISOString(),
    entries: lines.map(([playerName, team, score, kills, deaths], index): LeaderboardEntry => ({
      rank: index + 1,
      playerName,
      score,
      kills,
      deaths,
      ping: 40,
      team,
      teamLabel: team === 1 ? 'Axis' : team === 2 ? 'Allies' : '',
    })),
  };
}

/** Final standings as lines: [name, team, score, kills, deaths, left?]; ranked in the order given. */
export type StandingLine = readonly [
  name: string,
  team: number,
  score: number,
  kills: number,
  deaths: number,
  left?: 'left',
];

export function standings(lines: readonly StandingLine[], lastSeen = '2026-03-03T20:30:00.000Z'): StandingEntry[] {
  return lines.map(([playerName, team, score, kills, deaths, left], index) => ({
    rank: index + 1,
    playerName,
    score,
    kills,
    deaths,
    team,
    teamLabel: team === 1 ? 'Axis' : team === 2 ? 'Allies' : '',
    left: left === 'left',
    lastSeen,
  }));
}

/**
 * A report of these snapshots. Without `finalStandings`, everyone played to the end: the standings are the last
 * snapshot's lines.
 */
export function report(
  snapshots: readonly LeaderboardSnapshot[],
  extra: Partial<RoundSummary> = {},
  finalStandings?: StandingEntry[],
): RoundReportResponse {
  const last = snapshots.at(-1)?.entries ?? [];
  return {
    round: round(extra),
    finalStandings:
      finalStandings ??
      standings(last.map((entry) => [entry.playerName, entry.team, entry.score, entry.kills, entry.deaths])),
    snapshotIntervalMinutes: null,
    leaderboardSnapshots: [...snapshots],
  };
}

/**
 * A small finished round, one poll every 30 s for 2:30: Ann kills steadily, Bob takes a flag (60 points without a
 * kill) at 1:00, Cid joins late at 1:30.
 */
export function sampleReport(extra: Partial<RoundSummary> = {}): RoundReportResponse {
  return report(
    [
      snapshot(10, [
        ['Ann', 1, 4, 1, 0],
        ['Bob', 2, 0, 0, 0],
      ]),
      snapshot(40, [
        ['Ann', 1, 14, 3, 0],
        ['Bob', 2, 2, 0, 1],
      ]),
      snapshot(70, [
        ['Bob', 2, 62, 0, 1],
        ['Ann', 1, 14, 3, 1],
      ]),
      snapshot(100, [
        ['Bob', 2, 62, 0, 1],
        ['Ann', 1, 24, 5, 1],
        ['Cid', 1, 8, 2, 0],
      ]),
      snapshot(130, [
        ['Bob', 2, 70, 1, 2],
        ['Ann', 1, 34, 7, 1],
        ['Cid', 1, 8, 2, 1],
      ]),
      snapshot(150, [
        ['Bob', 2, 75, 2, 2],
        ['Ann', 1, 44, 9, 1],
        ['Cid', 1, 9, 2, 1],
      ]),
    ],
    extra,
  );
}
