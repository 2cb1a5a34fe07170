import { ACHIEVEMENT_TIERS, findBadgeDefinition, type AchievementTier } from '@frontline/contract';
import { isBot } from '../bots.ts';
import { medianOf } from '../quantiles.ts';
import { teamLabelFor } from '../team-labels.ts';
import type { Timeline } from '../timeline-codec.ts';
import type { RoundAward } from './round-award.ts';

/**
 * Team victories (domain-facts §4 "Team victories"): everyone on the winning side at the end of a closed round,
 * scored by how much of the round they gave that side. The observations are the round's timeline samples, one per
 * poll a player was on the scoreboard, so the figures come from the stored polls and come out the same whenever
 * the round is recomputed.
 */

export interface TeamVictoryRound {
  /** ISO-8601 UTC; also the awards' `achievedAt`. */
  endTime: string;
  /** Last polled tickets of team 1 and team 2 (null when the game does not report them). */
  tickets1: number | null;
  tickets2: number | null;
  /** Last polled seconds left (null when the feed does not report it). */
  roundTimeRemain: number | null;
  teamLabels: readonly [string, string];
  serverName: string;
  participantCount: number;
}

/** A player's session in the round, by the name the timeline lists. */
export interface TeamVictorySession {
  playerName: string;
  score: number;
  kills: number;
  deaths: number;
  isBot: boolean;
}

export type TeamVictoryId = 'team_victory' | 'team_victory_switched';

export interface TeamVictoryMetadata {
  WinningTeam: number;
  WinningTeamLabel: string;
  WinningTeamTickets: number;
  LosingTeam: number;
  LosingTeamLabel: string;
  LosingTeamTickets: number;
  ServerName: string;
  Score: number;
  Kills: number;
  Deaths: number;
  TotalPlayers: number;
  /** Loyalty: the share of the player's observations spent on the winning team. */
  ParticipationWeight: number;
  /** Contribution: observations on the winning team against the median winner's. */
  TeamContribution: number;
  /** The player's observations on the winning team. */
  PlayerObservations: number;
  /** The median M, rounded. */
  MaxPossibleObservations: number;
  /** How many regular winners the median was taken over. */
  TeamObservations: number;
  WasTeamSwitched: boolean;
}

export type TeamVictoryAward = RoundAward<TeamVictoryId, TeamVictoryMetadata>;

/** "Eligible only if last observation ≥ EndTime − 2 min": a player who left before the end did not win it. */
const ELIGIBLE_BEFORE_END_MS = 2 * 60_000;

/** One player's observations over the round. */
interface PlayerPresence {
  playerIndex: number;
  totalObservations: number;
  /** Observations on team 1 and team 2 (index 1 and 2; index 0 is unused, other team numbers are not counted). */
  teamObservations: [number, number, number];
  finalTeam: number;
  lastObservationAt: number;
}

interface EligiblePlayer {
  presence: PlayerPresence;
  session: TeamVictorySession;
}

export function roundTeamVictories(
  timeline: Timeline,
  round: TeamVictoryRound,
  sessions: readonly TeamVictorySession[],
): TeamVictoryAward[] {
  const result = roundResult(round);
  if (!result) return [];
  const endMs = Date.parse(round.endTime);
  if (Number.isNaN(endMs)) throw new RangeError(`round end ${JSON.stringify(round.endTime)} is not a timestamp`);

  const sessionByName = new Map(sessions.map((session) => [session.playerName, session]));
  const humans: EligiblePlayer[] = [];
  for (const presence of presences(timeline)) {
    if (presence.lastObservationAt < endMs - ELIGIBLE_BEFORE_END_MS) continue;
    const name = timeline.names[presence.playerIndex]!;
    const session = sessionByName.get(name);
    // The timeline's names are the round's sessions (the collector writes one per name): a missing one is a bug.
    if (!session) throw new Error(`timeline player ${JSON.stringify(name)} has no session in the round`);
    if (!isBot({ name, isBot: session.isBot })) humans.push({ presence, session });
  }

  const { winner } = result;
  const regularWinners = humans.filter(({ presence }) => presence.finalTeam === winner);
  // No one on the winning side at the end leaves no teammate to measure against; the established site then
  // awards nothing, the switched award included.
  if (regularWinners.length === 0) return [];
  // "(min 1)" keeps the facts' formula whole; from a timeline it never bites, as every regular winner's last
  // observation is on the winning team.
  const medianObservations = Math.max(
    1,
    medianOf(regularWinners.map(({ presence }) => presence.teamObservations[winner])),
  );

  const awards: TeamVictoryAward[] = [];
  for (const { presence, session } of humans) {
    const kind = victoryKind(presence, winner);
    if (!kind) continue;
    const onWinningTeam = presence.teamObservations[winner];
    const contribution = onWinningTeam / medianObservations;
    const loyalty = onWinningTeam / presence.totalObservations;
    const score = contribution * loyalty;
    awards.push({
      achievementId: kind === 'regular' ? 'team_victory' : 'team_victory_switched',
      playerName: session.playerName,
      value: roundHalfToEven(score * 100),
      tier: teamVictoryTier(kind, score),
      achievedAt: round.endTime,
      metadata: {
        WinningTeam: winner,
        WinningTeamLabel: teamLabelFor(winner, round.teamLabels),
        WinningTeamTickets: result.winnerTickets,
        LosingTeam: result.loser,
        LosingTeamLabel: teamLabelFor(result.loser, round.teamLabels),
        LosingTeamTickets: result.loserTickets,
        ServerName: round.serverName,
        Score: session.score,
        Kills: session.kills,
        Deaths: session.deaths,
        TotalPlayers: round.participantCount,
        ParticipationWeight: loyalty,
        TeamContribution: contribution,
        PlayerObservations: onWinningTeam,
        MaxPossibleObservations: roundHalfToEven(medianObservations),
        TeamObservations: regularWinners.length,
        WasTeamSwitched: wasSwitched(presence),
      },
    });
  }
  return awards;
}

/** Each kind's cut-offs, highest tier first, as the catalogue states them (`requirements.performance_tiers`). */
const TIER_CUTOFFS: Readonly<Record<'regular' | 'switched', readonly [AchievementTier, number][]>> = {
  regular: tierCutoffsOf('team_victory'),
  switched: tierCutoffsOf('team_victory_switched'),
};

function tierCutoffsOf(id: TeamVictoryId): [AchievementTier, number][] {
  const tiers = findBadgeDefinition(id)?.requirements.performance_tiers;
  if (!tiers) throw new Error(`badge ${id} has no performance tiers in the catalogue`);
  return ACHIEVEMENT_TIERS.flatMap((tier): [AchievementTier, number][] => {
    const cutoff = tiers[tier];
    return cutoff === undefined ? [] : [[tier, cutoff]];
  }).reverse();
}

/**
 * Tiers by the final score (contribution × loyalty), at least each tier's cut-off in the catalogue. A switched winner
 * ended the round on the losing side, so the catalogue gives their award no legend tier: it tops out at gold.
 */
export function teamVictoryTier(kind: 'regular' | 'switched', score: number): AchievementTier {
  for (const [tier, cutoff] of TIER_CUTOFFS[kind]) if (score >= cutoff) return tier;
  return 'bronze';
}

interface RoundResult {
  winner: 1 | 2;
  loser: 1 | 2;
  winnerTickets: number;
  loserTickets: number;
}

/**
 * The round's winner, or null when the round has none to award: "RoundTimeRemain >= 0, both tickets non-null and
 * unequal; winner = team with more remaining tickets".
 *
 * A negative time left is the feeds' "not shown" (spec: "-1 hidden"), so such a round is left out as the
 * established site does. A null time left is accepted: it means the feed does not report a clock (Vietnam), and the
 * established site stored 0 for that game, so its ticket-decided rounds did count. The tickets decide the winner
 * either way; Forgotten Hope 2 reports none and so has no team victories.
 */
function roundResult(round: TeamVictoryRound): RoundResult | null {
  const { tickets1, tickets2, roundTimeRemain } = round;
  if (roundTimeRemain !== null && roundTimeRemain < 0) return null;
  if (tickets1 === null || tickets2 === null || tickets1 === tickets2) return null;
  return tickets1 > tickets2
    ? { winner: 1, loser: 2, winnerTickets: tickets1, loserTickets: tickets2 }
    : { winner: 2, loser: 1, winnerTickets: tickets2, loserTickets: tickets1 };
}

/**
 * "Regular award: eligible with finalTeam == winner. Switched award: eligible, switched, majorityTeam == winner,
 * finalTeam ≠ winner": a player moved to the losing side late (often by the server's autobalance) still shared
 * most of the win.
 */
function victoryKind(presence: PlayerPresence, winner: 1 | 2): 'regular' | 'switched' | null {
  if (presence.finalTeam === winner) return 'regular';
  if (wasSwitched(presence) && majorityTeam(presence) === winner) return 'switched';
  return null;
}

/** "switched = observed on both teams". */
function wasSwitched(presence: PlayerPresence): boolean {
  return presence.teamObservations[1] > 0 && presence.teamObservations[2] > 0;
}

/** "majorityTeam (more obs; tie → finalTeam)". */
function majorityTeam(presence: PlayerPresence): number {
  const [, team1, team2] = presence.teamObservations;
  if (team1 === team2) return presence.finalTeam;
  return team1 > team2 ? 1 : 2;
}

/** Every player's observations, in the timeline's player order (so the awards come out in a stable order). */
function presences(timeline: Timeline): PlayerPresence[] {
  const byPlayer = new Map<number, PlayerPresence>();
  // Polls are stored in time order, so a player's last sample is their final team and last observation.
  for (const poll of timeline.polls) {
    for (const sample of poll.samples) {
      let presence = byPlayer.get(sample.player);
      if (!presence) {
        presence = {
          playerIndex: sample.player,
          totalObservations: 0,
          teamObservations: [0, 0, 0],
          finalTeam: sample.team,
          lastObservationAt: poll.at,
        };
        byPlayer.set(sample.player, presence);
      }
      presence.totalObservations++;
      if (sample.team === 1 || sample.team === 2) presence.teamObservations[sample.team]++;
      presence.finalTeam = sample.team;
      presence.lastObservationAt = poll.at;
    }
  }
  return [...byPlayer.values()].sort((a, b) => a.playerIndex - b.playerIndex);
}

/**
 * Rounds a half to the even neighbour, as the established site's Math.Round does: a median of 8.5 observations
 * reads 8 there, and Frontline's values match its values for the same polls.
 */
export function roundHalfToEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}
