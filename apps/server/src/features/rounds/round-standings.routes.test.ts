import type { RoundReportResponse, StandingEntry } from '@frontline/contract';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TimelinePoll, TimelinePlayerSample } from '../../domain/timeline-codec.ts';
import { insertRound, insertServer, type FixtureSession } from '../../test/round-fixtures.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * The round report's final standings (issue "Numbers a player can trust": "Final standings hold everyone who
 * played the round, with their last totals; a player who left is marked so"; spec site-statistics §2 Round
 * report "Standings panel 'Live or Final Standings' … table rank (top 3 medals)"). A hand-made round of 22
 * players, polled every 5 minutes from 20:00 to 20:30 (7 polls), of whom 9 left before the end:
 *
 *   Lead      Axis    left after the 20:20 poll with 120 points: the round's best score (gold, though gone)
 *   Rejoin    Allies  40/8/2 by 20:10, away at 20:15, back at 20:20 with the scoreboard reset, 25/5/1 at the end:
 *                     the session's totals are 65/13/3; the last poll shows only 25/5/1
 *   Stay01..Stay12    in every poll, 100 down to 45 points (Stay01 100, Stay02 95, … Stay12 45)
 *   Gone01..Gone08    left after polls 1..4 (Gone01 and Gone02 after 20:05, …), 30 down to 2 points
 *
 * The last poll (20:30) sees 13 players (Rejoin and the Stays), the header counts 22.
 */

const NOW = '2026-03-12T12:00:00.000Z';
const START = Date.parse('2026-03-11T20:00:00.000Z');
const POLL_MS = 5 * 60_000;
const POLLS = 7;
const pollTime = (index: number) => new Date(START + index * POLL_MS).toISOString();

interface Player {
  name: string;
  team: number;
  /** Session totals (every stint added up). */
  score: number;
  kills: number;
  deaths: number;
  /** The polls that saw the player, with the scoreboard's figures at each. */
  seen: { poll: number; score: number; kills: number; deaths: number }[];
}

/** A player in polls 0..lastPoll, the scoreboard climbing evenly to their totals. */
function steady(name: string, team: number, score: number, kills: number, deaths: number, lastPoll: number): Player {
  const share = (poll: number) => (lastPoll === 0 ? 1 : poll / lastPoll);
  const seen = Array.from({ length: lastPoll + 1 }, (_, poll) => ({
    poll,
    score: Math.round(score * share(poll)),
    kills: Math.round(kills * share(poll)),
    deaths: Math.round(deaths * share(poll)),
  }));
  return { name, team, score, kills, deaths, seen };
}

const PLAYERS: Player[] = [
  steady('Lead', 1, 120, 30, 4, 4),
  {
    name: 'Rejoin',
    team: 2,
    score: 65,
    kills: 13,
    deaths: 3,
    seen: [
      { poll: 0, score: 0, kills: 0, deaths: 0 },
      { poll: 1, score: 20, kills: 4, deaths: 1 },
      { poll: 2, score: 40, kills: 8, deaths: 2 },
      // Away at poll 3; back at poll 4 with the counters reset.
      { poll: 4, score: 0, kills: 0, deaths: 0 },
      { poll: 5, score: 10, kills: 2, deaths: 0 },
      { poll: 6, score: 25, kills: 5, deaths: 1 },
    ],
  },
  ...Array.from({ length: 12 }, (_, index) =>
    steady(`Stay${String(index + 1).padStart(2, '0')}`, (index % 2) + 1, 100 - index * 5, 20 - index, 5, POLLS - 1),
  ),
  ...Array.from({ length: 8 }, (_, index) =>
    steady(`Gone${String(index + 1).padStart(2, '0')}`, (index % 2) + 1, 30 - index * 4, 6, 6, 1 + (index >> 1)),
  ),
];

function timelineOf(players: readonly Player[], polls: number): TimelinePoll[] {
  return Array.from({ length: polls }, (_, poll) => ({
    at: START + poll * POLL_MS,
    samples: players.flatMap((player, index): TimelinePlayerSample[] => {
      const line = player.seen.find((seen) => seen.poll === poll);
      return line ? [{ player: index, ...line, ping: 50, team: player.team }] : [];
    }),
  }));
}

function sessionsOf(players: readonly Player[]): FixtureSession[] {
  return players.map((player) => ({
    name: player.name,
    score: player.score,
    kills: player.kills,
    deaths: player.deaths,
    minutes: player.seen.length * 5,
    team: player.team,
    start: pollTime(player.seen[0]?.poll ?? 0),
    lastSeen: pollTime(player.seen.at(-1)?.poll ?? 0),
  }));
}

let database: TestDatabase;
let app: FastifyInstance;
const getJson = <T>(url: string, status = 200) => getJsonFrom<T>(app, url, status);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  database = await openTestDatabase();
  const { sqlite } = database;
  insertServer(sqlite, {
    serverGuid: 'guid-a',
    name: 'Alpha',
    firstSeen: '2026-01-01T00:00:00.000Z',
    lastSeen: NOW,
  });
  insertServer(sqlite, {
    serverGuid: 'guid-b',
    name: 'Bravo',
    firstSeen: '2026-01-01T00:00:00.000Z',
    lastSeen: NOW,
  });
  insertRound(sqlite, {
    roundKey: 1,
    serverGuid: 'guid-a',
    mapName: 'el_alamein',
    start: pollTime(0),
    end: pollTime(POLLS - 1),
    sessions: sessionsOf(PLAYERS),
    polls: timelineOf(PLAYERS, POLLS),
  });
  // Being played: Lead and Rejoin in both polls so far, Gone01 only in the first (20:00, 20:05).
  const live = [steady('Lead', 1, 40, 8, 1, 1), steady('Rejoin', 2, 40, 9, 2, 1), steady('Gone01', 1, 50, 10, 0, 0)];
  insertRound(sqlite, {
    roundKey: 2,
    serverGuid: 'guid-b',
    mapName: 'wake',
    start: pollTime(0),
    end: null,
    sessions: sessionsOf(live),
    polls: timelineOf(live, 2),
  });
  app = await createTestApp({}, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

const line = (entry: StandingEntry) =>
  `${entry.rank} ${entry.playerName} ${entry.score}/${entry.kills}/${entry.deaths}${entry.left ? ' left' : ''}`;

describe('GET /stats/rounds/{roundId}/report: final standings', () => {
  it('hold everyone who played the round, ranked over all of them, the leavers marked', async () => {
    const report = await getJson<RoundReportResponse>('/stats/rounds/round-1/report');
    expect(report.round.participantCount).toBe(22);
    expect(report.leaderboardSnapshots.at(-1)?.entries).toHaveLength(13);

    const standings = report.finalStandings;
    expect(standings).toHaveLength(22);
    expect(standings.map((entry) => entry.rank)).toEqual(Array.from({ length: 22 }, (_, index) => index + 1));
    expect(standings.map(line)).toEqual([
      // The best score of the round left early: still first, gold.
      '1 Lead 120/30/4 left',
      '2 Stay01 100/20/5',
      '3 Stay02 95/19/5',
      '4 Stay03 90/18/5',
      '5 Stay04 85/17/5',
      '6 Stay05 80/16/5',
      '7 Stay06 75/15/5',
      '8 Stay07 70/14/5',
      // The rejoiner's session totals (40 + 25), not the last poll's 25.
      '9 Rejoin 65/13/3',
      '10 Stay08 65/13/5',
      '11 Stay09 60/12/5',
      '12 Stay10 55/11/5',
      '13 Stay11 50/10/5',
      '14 Stay12 45/9/5',
      '15 Gone01 30/6/6 left',
      '16 Gone02 26/6/6 left',
      '17 Gone03 22/6/6 left',
      '18 Gone04 18/6/6 left',
      '19 Gone05 14/6/6 left',
      '20 Gone06 10/6/6 left',
      '21 Gone07 6/6/6 left',
      '22 Gone08 2/6/6 left',
    ]);
    // Exactly the players the last poll did not see are marked, each with the time they were last seen.
    const lastPollNames = new Set(report.leaderboardSnapshots.at(-1)?.entries.map((entry) => entry.playerName));
    for (const entry of standings) expect(entry.left).toBe(!lastPollNames.has(entry.playerName));
    expect(standings.find((entry) => entry.playerName === 'Lead')).toMatchObject({
      lastSeen: '2026-03-11T20:20:00.000Z',
      team: 1,
      teamLabel: 'Axis',
    });
    expect(standings.find((entry) => entry.playerName === 'Gone01')?.lastSeen).toBe('2026-03-11T20:05:00.000Z');
    expect(standings.find((entry) => entry.playerName === 'Rejoin')).toMatchObject({
      team: 2,
      teamLabel: 'Allies',
      lastSeen: '2026-03-11T20:30:00.000Z',
    });
  });

  it('of a round being played are the standings so far: left means not in the latest poll', async () => {
    const report = await getJson<RoundReportResponse>('/stats/rounds/round-2/report');
    expect(report.round).toMatchObject({ isActive: true, endTime: '2026-03-11T20:05:00.000Z', participantCount: 3 });
    expect(report.finalStandings.map(line)).toEqual(['1 Gone01 50/10/0 left', '2 Rejoin 40/9/2', '3 Lead 40/8/1']);
  });
});
