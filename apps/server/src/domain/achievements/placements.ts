import type { AchievementTier } from '@frontline/contract';
import { isBot } from '../bots.ts';
import type { RoundAward } from './round-award.ts';

/**
 * Round placements (domain-facts §4 "Placements"): the podium of a closed round. The three best sessions by
 * score, then kills, then session id (the earlier session wins a full tie, so the order never depends on how the
 * rows were read), bots excluded. There is no minimum player count here: the weighted leaderboards filter on
 * `TotalPlayers` when they are read.
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
  const ranked = sessions
    .filter((session) => !isBot({ name: session.playerName, isBot: session.isBot }))
    .sort((a, b) => b.score - a.score || b.kills - a.kills || a.sessionId - b.sessionId);
  return ranked.slice(0, PODIUM.length).map((session, index) => {
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
