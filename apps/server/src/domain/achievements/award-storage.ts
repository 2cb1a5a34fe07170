import { TEAM_VICTORY_ID, TEAM_VICTORY_SWITCHED_ID, roundPlacementId } from '@frontline/contract';
import { teamLabelFor } from '../team-labels.ts';
import type { PlacementMetadata } from './placements.ts';
import { roundHalfToEven, type TeamVictoryMetadata } from './team-victories.ts';

/**
 * How an award's metadata is stored (decision 0017). Placements, team victories and kill streaks are most of the
 * awards (three placements per round, a victory per winner), and most of their metadata repeats what the round
 * and the player's session already hold (tickets, team labels, server name, score, kills, deaths, players). Only
 * the rule's own figures are stored, as a short JSON array; the rest is read back from the round and session when
 * the award is shown. Other awards (milestones, badges: a few per player) keep their whole metadata object.
 */

/** What the round and the player's session say, to rebuild the metadata. */
export interface AwardContext {
  serverName: string;
  participantCount: number;
  tickets1: number | null;
  tickets2: number | null;
  teamLabels: readonly [string, string];
  /** The player's session in the round (null if it is gone, which the schema does not allow today). */
  session: { score: number; kills: number; deaths: number; team: number; teamLabel: string } | null;
}

const PLACEMENT_IDS: ReadonlySet<string> = new Set(([1, 2, 3] as const).map(roundPlacementId));
const VICTORY_IDS: ReadonlySet<string> = new Set([TEAM_VICTORY_ID, TEAM_VICTORY_SWITCHED_ID]);
const isKillStreak = (id: string) => id.startsWith('kill_streak_');

/** The stored form of an award's metadata (JSON text). */
export function storedMetadata(achievementId: string, metadata: object): string {
  if (PLACEMENT_IDS.has(achievementId)) return '[]';
  if (isKillStreak(achievementId)) return JSON.stringify([(metadata as { actual_streak: number }).actual_streak]);
  if (VICTORY_IDS.has(achievementId)) {
    const victory = metadata as TeamVictoryMetadata;
    const observed = victory.PlayerObservations;
    // The two shares were computed as observed ÷ all and observed ÷ median: divided back, they give those whole
    // numbers (the median is one or the mean of two) up to the last bit, which the rounding removes.
    const allObservations = Math.round(observed / victory.ParticipationWeight);
    const median = Math.round((observed / victory.TeamContribution) * 2) / 2;
    return JSON.stringify([
      observed,
      allObservations,
      median,
      victory.TeamObservations,
      victory.WasTeamSwitched ? 1 : 0,
    ]);
  }
  return JSON.stringify(metadata);
}

/** The metadata an award was given with, from its stored form and its round and session (JSON text). */
export function awardMetadata(achievementId: string, stored: string, context: AwardContext): string {
  const session = context.session ?? { score: 0, kills: 0, deaths: 0, team: 0, teamLabel: '' };
  if (PLACEMENT_IDS.has(achievementId)) {
    const placement: PlacementMetadata = {
      Team: session.team,
      TeamLabel: session.teamLabel,
      ServerName: context.serverName,
      Score: session.score,
      Kills: session.kills,
      Deaths: session.deaths,
      TotalPlayers: context.participantCount,
    };
    return JSON.stringify(placement);
  }
  if (isKillStreak(achievementId)) {
    const [actualStreak] = JSON.parse(stored) as [number];
    return JSON.stringify({ actual_streak: actualStreak, round_kills: session.kills });
  }
  if (VICTORY_IDS.has(achievementId)) {
    const [observed, allObservations, median, winners, switched] = JSON.parse(stored) as number[] as [
      number,
      number,
      number,
      number,
      number,
    ];
    // A victory is only awarded with both tickets known and unequal: the side with more won.
    const winner = (context.tickets1 ?? 0) > (context.tickets2 ?? 0) ? 1 : 2;
    const loser = winner === 1 ? 2 : 1;
    const tickets = [context.tickets1 ?? 0, context.tickets2 ?? 0];
    const victory: TeamVictoryMetadata = {
      WinningTeam: winner,
      WinningTeamLabel: teamLabelFor(winner, context.teamLabels),
      WinningTeamTickets: tickets[winner - 1]!,
      LosingTeam: loser,
      LosingTeamLabel: teamLabelFor(loser, context.teamLabels),
      LosingTeamTickets: tickets[loser - 1]!,
      ServerName: context.serverName,
      Score: session.score,
      Kills: session.kills,
      Deaths: session.deaths,
      TotalPlayers: context.participantCount,
      ParticipationWeight: observed / allObservations,
      TeamContribution: observed / median,
      PlayerObservations: observed,
      MaxPossibleObservations: roundHalfToEven(median),
      TeamObservations: winners,
      WasTeamSwitched: switched === 1,
    };
    return JSON.stringify(victory);
  }
  return stored;
}
