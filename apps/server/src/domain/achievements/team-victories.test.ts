import { describe, expect, it } from 'vitest';
import type { Timeline } from '../timeline-codec.ts';
import {
  roundTeamVictories,
  teamVictoryTier,
  type TeamVictoryMetadata,
  type TeamVictoryRound,
  type TeamVictorySession,
} from './team-victories.ts';

const END_TIME = '2024-05-01T12:00:00.000Z';
const END_MS = Date.parse(END_TIME);
const MINUTE = 60_000;
/** Twelve polls a minute apart, the last one at the round's end: poll i is at END − (11 − i) min. */
const POLL_COUNT = 12;

const ROUND: TeamVictoryRound = {
  endTime: END_TIME,
  tickets1: 120,
  tickets2: 45,
  roundTimeRemain: 0,
  teamLabels: ['Axis', 'Allies'],
  serverName: 'Frontline Wake Island',
  participantCount: 13,
};

/** A stretch of polls [from, to] (inclusive) a player spent on one team. */
type Stretch = [from: number, to: number, team: number];

interface PlayerSpec {
  name: string;
  stretches: Stretch[];
  score?: number;
  kills?: number;
  deaths?: number;
  isBot?: boolean;
}

/** The round's timeline and sessions from each player's stretches; kills and score in the samples do not matter here. */
function roundOf(players: PlayerSpec[]): { timeline: Timeline; sessions: TeamVictorySession[] } {
  const polls = Array.from({ length: POLL_COUNT }, (_, index) => ({
    at: END_MS - (POLL_COUNT - 1 - index) * MINUTE,
    samples: [] as Timeline['polls'][number]['samples'],
  }));
  players.forEach((player, playerIndex) => {
    for (const [from, to, team] of player.stretches) {
      for (let poll = from; poll <= to; poll++) {
        polls[poll]!.samples.push({ player: playerIndex, score: 0, kills: 0, deaths: 0, ping: 50, team });
      }
    }
  });
  return {
    timeline: { names: players.map((player) => player.name), polls },
    sessions: players.map((player) => ({
      playerName: player.name,
      score: player.score ?? 0,
      kills: player.kills ?? 0,
      deaths: player.deaths ?? 0,
      isBot: player.isBot ?? false,
    })),
  };
}

function victoriesOf(players: PlayerSpec[], round: TeamVictoryRound = ROUND) {
  const { timeline, sessions } = roundOf(players);
  return roundTeamVictories(timeline, round, sessions);
}

/** The round's fields of every award's metadata when team 1 (Axis, 120 tickets) beats team 2 (Allies, 45). */
const AXIS_WIN = {
  WinningTeam: 1,
  WinningTeamLabel: 'Axis',
  WinningTeamTickets: 120,
  LosingTeam: 2,
  LosingTeamLabel: 'Allies',
  LosingTeamTickets: 45,
  ServerName: 'Frontline Wake Island',
  TotalPlayers: 13,
} satisfies Partial<TeamVictoryMetadata>;

describe('roundTeamVictories: the worked example', () => {
  // Team 1 (Axis) wins 120 to 45. Twelve polls, minutes −11 … 0 before the end (poll 9 is exactly END − 2 min).
  //
  // player     polls on team 1   polls on team 2   total  final  last poll  eligible  award
  // Echo       0–11 (12)         –                  12     1      0 min      yes       regular
  // Alpha      2–11 (10)         –                  10     1      0 min      yes       regular
  // Bravo      2–11 (10)         0–1 (2)            12     1      0 min      yes       regular, switched over to the winner
  // Charlie    2–9 (8)           –                   8     1     −2 min      yes (≥ END − 2 min, the boundary)
  // Delta      8–11 (4)          –                   4     1      0 min      yes       regular (late joiner)
  // Golf       0–6 (7)           7–11 (5)           12     2      0 min      yes       switched (majority 1 = winner)
  // Mike       0–9 (10)          10–11 (2)          12     2      0 min      yes       switched
  // Hotel      0–8 (9)           –                   9     1     −3 min      no (left more than 2 min before the end)
  // Juliet     –                 0–11 (12)          12     2      0 min      yes       none (loser)
  // Lima       0–5 (6)           6–11 (6)           12     2      0 min      yes       none (tie → majority = final = 2)
  // Player_7   0–11 (12)         –                  12     1      0 min      bot (default name): none
  // Kilo       0–11 (12)         –                  12     1      0 min      bot (flagged): none
  //
  // Regular winners' observations on team 1: Echo 12, Alpha 10, Bravo 10, Charlie 8, Delta 4.
  //   sorted 4, 8, 10, 10, 12 → median M = 10 (MaxPossibleObservations 10, TeamObservations 5).
  //   (Counting the leaver Hotel would make it 4, 8, 9, 10, 10, 12 → 9.5.)
  // contribution = onWinning / 10, loyalty = onWinning / total, final = contribution × loyalty, value = round(final × 100):
  //   Echo     12/10 = 1.2 × 12/12 = 1      → 1.2      → 120, regular ≥ 1.2 → legend
  //   Alpha    10/10 = 1.0 × 10/10 = 1      → 1.0      → 100, regular ≥ 1.0 → gold
  //   Bravo    10/10 = 1.0 × 10/12 = 0.833  → 0.833    →  83, regular ≥ 0.7 → silver
  //   Charlie   8/10 = 0.8 × 8/8   = 1      → 0.8      →  80, regular ≥ 0.7 → silver
  //   Delta     4/10 = 0.4 × 4/4   = 1      → 0.4      →  40, regular       → bronze
  //   Golf      7/10 = 0.7 × 7/12  = 0.583  → 0.408333 →  41, switched      → bronze
  //   Mike     10/10 = 1.0 × 10/12 = 0.833  → 0.833    →  83, switched ≥ 0.7 → silver
  const players: PlayerSpec[] = [
    { name: 'Echo', stretches: [[0, 11, 1]], score: 61, kills: 20, deaths: 4 },
    { name: 'Alpha', stretches: [[2, 11, 1]], score: 45, kills: 14, deaths: 6 },
    {
      name: 'Bravo',
      stretches: [
        [0, 1, 2],
        [2, 11, 1],
      ],
      score: 38,
      kills: 11,
      deaths: 9,
    },
    { name: 'Charlie', stretches: [[2, 9, 1]], score: 22, kills: 7, deaths: 3 },
    { name: 'Delta', stretches: [[8, 11, 1]], score: 9, kills: 3, deaths: 1 },
    {
      name: 'Golf',
      stretches: [
        [0, 6, 1],
        [7, 11, 2],
      ],
      score: 30,
      kills: 10,
      deaths: 10,
    },
    {
      name: 'Mike',
      stretches: [
        [0, 9, 1],
        [10, 11, 2],
      ],
      score: 41,
      kills: 13,
      deaths: 5,
    },
    { name: 'Hotel', stretches: [[0, 8, 1]], score: 50, kills: 16, deaths: 2 },
    { name: 'Juliet', stretches: [[0, 11, 2]], score: 70, kills: 25, deaths: 8 },
    {
      name: 'Lima',
      stretches: [
        [0, 5, 1],
        [6, 11, 2],
      ],
      score: 12,
      kills: 4,
      deaths: 7,
    },
    { name: 'Player_7', stretches: [[0, 11, 1]], score: 5, kills: 1, deaths: 9 },
    { name: 'Kilo', stretches: [[0, 11, 1]], score: 8, kills: 2, deaths: 6, isBot: true },
  ];

  const awards = victoriesOf(players);
  const awardOf = (name: string) => awards.find((award) => award.playerName === name);

  it('awards exactly the eligible human winners, in the timeline’s player order', () => {
    expect(awards.map((award) => [award.playerName, award.achievementId])).toEqual([
      ['Echo', 'team_victory'],
      ['Alpha', 'team_victory'],
      ['Bravo', 'team_victory'],
      ['Charlie', 'team_victory'],
      ['Delta', 'team_victory'],
      ['Golf', 'team_victory_switched'],
      ['Mike', 'team_victory_switched'],
    ]);
  });

  it('"Regular award … ≥1.2 legend": 120 % of the median with full loyalty', () => {
    expect(awardOf('Echo')).toEqual({
      achievementId: 'team_victory',
      playerName: 'Echo',
      value: 120,
      tier: 'legend',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 61,
        Kills: 20,
        Deaths: 4,
        ParticipationWeight: 1,
        TeamContribution: 1.2,
        PlayerObservations: 12,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: false,
      },
    });
  });

  it('"≥1.0 gold": exactly the median with full loyalty', () => {
    expect(awardOf('Alpha')).toEqual({
      achievementId: 'team_victory',
      playerName: 'Alpha',
      value: 100,
      tier: 'gold',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 45,
        Kills: 14,
        Deaths: 6,
        ParticipationWeight: 1,
        TeamContribution: 1,
        PlayerObservations: 10,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: false,
      },
    });
  });

  it('"loyalty = playerObsOnWinningTeam / totalObs": a switch over to the winner costs the time spent on the loser', () => {
    expect(awardOf('Bravo')).toEqual({
      achievementId: 'team_victory',
      playerName: 'Bravo',
      value: 83,
      tier: 'silver',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 38,
        Kills: 11,
        Deaths: 9,
        ParticipationWeight: 10 / 12,
        TeamContribution: 1,
        PlayerObservations: 10,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: true,
      },
    });
  });

  it('"Eligible only if last observation ≥ EndTime − 2 min": last seen exactly 2 minutes before the end still wins', () => {
    expect(awardOf('Charlie')).toEqual({
      achievementId: 'team_victory',
      playerName: 'Charlie',
      value: 80,
      tier: 'silver',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 22,
        Kills: 7,
        Deaths: 3,
        ParticipationWeight: 1,
        TeamContribution: 0.8,
        PlayerObservations: 8,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: false,
      },
    });
  });

  it('"contribution = playerObsOnWinningTeam / M": a late joiner wins with a bronze', () => {
    expect(awardOf('Delta')).toEqual({
      achievementId: 'team_victory',
      playerName: 'Delta',
      value: 40,
      tier: 'bronze',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 9,
        Kills: 3,
        Deaths: 1,
        ParticipationWeight: 1,
        TeamContribution: 0.4,
        PlayerObservations: 4,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: false,
      },
    });
  });

  it('"Switched award: eligible, switched, majorityTeam == winner, finalTeam ≠ winner", scored like the others', () => {
    expect(awardOf('Golf')).toEqual({
      achievementId: 'team_victory_switched',
      playerName: 'Golf',
      value: 41,
      tier: 'bronze',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 30,
        Kills: 10,
        Deaths: 10,
        ParticipationWeight: 7 / 12,
        TeamContribution: 0.7,
        PlayerObservations: 7,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: true,
      },
    });
    expect(awardOf('Mike')).toEqual({
      achievementId: 'team_victory_switched',
      playerName: 'Mike',
      value: 83,
      tier: 'silver',
      achievedAt: END_TIME,
      metadata: {
        ...AXIS_WIN,
        Score: 41,
        Kills: 13,
        Deaths: 5,
        ParticipationWeight: 10 / 12,
        TeamContribution: 1,
        PlayerObservations: 10,
        MaxPossibleObservations: 10,
        TeamObservations: 5,
        WasTeamSwitched: true,
      },
    });
  });

  it('gives nothing to a leaver, a loser, a tied switcher ("tie → finalTeam") or a bot', () => {
    for (const name of ['Hotel', 'Juliet', 'Lima', 'Player_7', 'Kilo']) expect(awardOf(name), name).toBeUndefined();
  });
});

describe('roundTeamVictories: which rounds have a winner', () => {
  const teamOneWins: PlayerSpec[] = [
    { name: 'Winner', stretches: [[0, 11, 1]] },
    { name: 'Loser', stretches: [[0, 11, 2]] },
  ];

  it('"both tickets non-null and unequal": a draw awards nothing', () => {
    expect(victoriesOf(teamOneWins, { ...ROUND, tickets1: 80, tickets2: 80 })).toEqual([]);
  });

  it('"both tickets non-null": a round without tickets (Forgotten Hope 2) awards nothing', () => {
    expect(victoriesOf(teamOneWins, { ...ROUND, tickets1: null, tickets2: null })).toEqual([]);
    expect(victoriesOf(teamOneWins, { ...ROUND, tickets1: 120, tickets2: null })).toEqual([]);
  });

  it('"RoundTimeRemain >= 0": a negative time left ("-1 hidden") awards nothing, 0 does', () => {
    expect(victoriesOf(teamOneWins, { ...ROUND, roundTimeRemain: -1 })).toEqual([]);
    expect(victoriesOf(teamOneWins, { ...ROUND, roundTimeRemain: 0 }).map((award) => award.playerName)).toEqual([
      'Winner',
    ]);
  });

  it('a null time left (a feed without a round clock) is decided by the tickets alone', () => {
    expect(victoriesOf(teamOneWins, { ...ROUND, roundTimeRemain: null }).map((award) => award.playerName)).toEqual([
      'Winner',
    ]);
  });

  it('"Winner = team with more remaining tickets": team 2 wins with its own label and tickets', () => {
    const [award] = victoriesOf(teamOneWins, { ...ROUND, tickets1: 0, tickets2: 31 });

    expect(award?.playerName).toBe('Loser');
    expect(award?.metadata).toMatchObject({
      WinningTeam: 2,
      WinningTeamLabel: 'Allies',
      WinningTeamTickets: 31,
      LosingTeam: 1,
      LosingTeamLabel: 'Axis',
      LosingTeamTickets: 0,
    });
  });

  it('no one on the winning side at the end: no median to score against, so no switched award either', () => {
    const switchedOnly: PlayerSpec[] = [
      {
        name: 'Autobalanced',
        stretches: [
          [0, 9, 1],
          [10, 11, 2],
        ],
      },
      { name: 'Leaver', stretches: [[0, 5, 1]] },
    ];

    expect(victoriesOf(switchedOnly)).toEqual([]);
  });
});

describe('roundTeamVictories: scoring details', () => {
  it('"MaxPossibleObservations (=round(M))" rounds a half to even, as the established site does: M = 8.5 reads 8', () => {
    // Regular winners with 8 and 9 observations: M = (8 + 9) / 2 = 8.5.
    // Nine: 9 / 8.5 = 1.0588… → value 106, gold; eight: 8 / 8.5 = 0.9411… → value 94, silver.
    const awards = victoriesOf([
      { name: 'Nine', stretches: [[3, 11, 1]] },
      { name: 'Eight', stretches: [[4, 11, 1]] },
    ]);

    expect(awards.map((award) => [award.playerName, award.value, award.tier])).toEqual([
      ['Nine', 106, 'gold'],
      ['Eight', 94, 'silver'],
    ]);
    for (const award of awards) expect(award.metadata.MaxPossibleObservations).toBe(8);
  });

  it('"value = round(final × 100)" rounds a half to even too: 5 / 8 = 0.625 → 62', () => {
    // Regular winners with 8, 8 and 5 observations: M = 8; Five scores 5 / 8 × 1 = 0.625, exactly 62.5 %.
    const awards = victoriesOf([
      { name: 'EightA', stretches: [[4, 11, 1]] },
      { name: 'EightB', stretches: [[4, 11, 1]] },
      { name: 'Five', stretches: [[7, 11, 1]] },
    ]);

    expect(awards.find((award) => award.playerName === 'Five')?.value).toBe(62);
  });

  it('counts a sample on neither team (team 0) in the total, so it lowers loyalty', () => {
    // Joiner: poll 0 on team 0, polls 1–11 on team 1 → total 12, on winning 11. Steady: 12 on team 1.
    // M = (11 + 12) / 2 = 11.5; Joiner: 11 / 11.5 × 11 / 12 = 0.8768… → 88, silver, and not a switch.
    const awards = victoriesOf([
      {
        name: 'Joiner',
        stretches: [
          [0, 0, 0],
          [1, 11, 1],
        ],
      },
      { name: 'Steady', stretches: [[0, 11, 1]] },
    ]);
    const joiner = awards.find((award) => award.playerName === 'Joiner');

    expect(joiner?.value).toBe(88);
    expect(joiner?.tier).toBe('silver');
    expect(joiner?.metadata).toMatchObject({
      ParticipationWeight: 11 / 12,
      TeamContribution: 11 / 11.5,
      MaxPossibleObservations: 12,
      WasTeamSwitched: false,
    });
  });

  it('refuses a timeline player without a session: the collector writes one per name', () => {
    const { timeline, sessions } = roundOf([{ name: 'Known', stretches: [[0, 11, 1]] }]);
    const stranger = { ...timeline, names: ['Stranger'] };

    expect(() => roundTeamVictories(stranger, ROUND, sessions)).toThrow(/"Stranger" has no session/);
  });

  it('refuses a round end that is not a timestamp', () => {
    const { timeline, sessions } = roundOf([{ name: 'Known', stretches: [[0, 11, 1]] }]);

    expect(() => roundTeamVictories(timeline, { ...ROUND, endTime: 'yesterday' }, sessions)).toThrow(RangeError);
  });
});

describe('teamVictoryTier', () => {
  it('"Tiers regular: ≥1.2 legend, ≥1.0 gold, ≥0.7 silver, else bronze"', () => {
    const cases: [number, string][] = [
      [2.5, 'legend'],
      [1.2, 'legend'],
      [1.19, 'gold'],
      [1.0, 'gold'],
      [0.99, 'silver'],
      [0.7, 'silver'],
      [0.69, 'bronze'],
      [0, 'bronze'],
    ];
    for (const [score, tier] of cases) expect(teamVictoryTier('regular', score), String(score)).toBe(tier);
  });

  it('"Switched: ≥1.0 gold, ≥0.7 silver, else bronze": no legend however high', () => {
    const cases: [number, string][] = [
      [2.5, 'gold'],
      [1.2, 'gold'],
      [1.0, 'gold'],
      [0.99, 'silver'],
      [0.7, 'silver'],
      [0.69, 'bronze'],
      [0, 'bronze'],
    ];
    for (const [score, tier] of cases) expect(teamVictoryTier('switched', score), String(score)).toBe(tier);
  });
});
