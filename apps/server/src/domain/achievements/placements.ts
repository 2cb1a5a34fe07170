import type { AchievementTier } from '@frontline/contract';
import { isBot } from '../bots.ts';
import { podiumOf } from '../round-podium.ts';
import type { RoundAward } from './round-award.ts';

/**
 * Round placements (domain-facts §4 "Placements"): the podium of a closed round as the servers' placement counts
 * rank it (domain/round-podium.ts: scorers by score, kills, fewer deaths, name; one rule for a rank on every screen,
 * where the established site broke ties by session id), bots excluded. There is no minimum player count here: the
 * weighted leaderboards filter on `TotalPlayers` when they are read.
 */

export interface PlacementSession {
  sessionId: number;
  playerName: string;
  score: number;
  kills: number;
  deaths: number;
  /** The team and label of the session's last observation. */
  team: number;
  teamLabel: string;
  isBot: boolean;
}

export interface PlacementRound {
  /** ISO-8601 UTC. */
  endTime: string;
  serverName: string;
  participantCount: number;
}

export type PlacementId = 'round_placement_1' | 'round_placement_2' | 'round_placement_3';

export interface PlacementMetadata {
  Team: number;
  TeamLabel: string;
  ServerName: string;
  Score: number;
  Kills: number;
  Deaths: number;
  TotalPlayers: number;
}

export type PlacementAward = RoundAward<PlacementId, PlacementMetadata>;

/** "1st gold, 2nd silver, 3rd bronze"; the list's length is the podium's. */
const PODIUM: readonly { id: PlacementId; tier: AchievementTier }[] = [
  { id: 'round_placement_1', tier: 'gold' },
  { id: 'round_placement_2', tier: 'silver' },
  { id: 'round_placement_3', tier: 'bronze' },
];

export function roundPlacements(sessions: readonly PlacementSession[], round: PlacementRound): PlacementAward[] {
  // The podium every screen counts (domain/round-podium.ts), bots left out (issue 18).
  const ranked = podiumOf(sessions.filter((session) => !isBot({ name: session.playerName, isBot: session.isBot })));
  return ranked.map((session, index) => {
    const { id, tier } = PODIUM[index]!;
    return {
      achievementId: id,
      playerName: session.playerName,
      value: index + 1,
      tier,
      achievedAt: round.endTime,
      metadata: {
        Team: session.team,
        TeamLabel: session.teamLabel,
        ServerName: round.serverName,
        Score: session.score,
        Kills: session.kills,
        Deaths: session.deaths,
        TotalPlayers: round.participantCount,
      },
    };
  });
}
