import type { GameId } from '@frontline/contract';

/**
 * What the tracker decided from one poll, for the store to write in one transaction. Rows carry their
 * full tracker state, so the store can always rebuild the tracker from what it wrote (crash safety).
 * Times are unix milliseconds, UTC.
 */

export interface GameStateRow {
  game: GameId;
  /** The last poll of this game that succeeded. */
  lastSuccessAt: number | null;
  /** Whether polls have failed since then: the next interval is then not evidence of anything. */
  gap: boolean;
}

export interface ServerRow {
  serverGuid: string;
  game: GameId;
  ip: string;
  port: number;
  feedGuid: string | null;
  name: string;
  mapName: string;
  gameType: string;
  numPlayers: number;
  botCount: number;
  maxPlayers: number;
  hasPassword: boolean;
  joinLink: string | null;
  tickets1: number | null;
  tickets2: number | null;
  roundTimeRemain: number | null;
  isOnline: boolean;
  firstSeen: number;
  /** Last poll that listed the server. */
  lastSeen: number;
  /** Time without evidence of a round (unlisted, or listed without a map), counted in successful polls. */
  absentMs: number;
  openRoundId: string | null;
}

export interface RoundRow {
  roundId: string;
  serverGuid: string;
  mapName: string;
  gameType: string;
  startTime: number;
  /** Last poll in which the round was observed. */
  lastPollAt: number;
  tickets1: number | null;
  tickets2: number | null;
  team1Label: string;
  team2Label: string;
  roundTimeRemain: number | null;
  participantCount: number;
  pollCount: number;
  isActive: boolean;
}

export type RoundCloseReason = 'map_change' | 'restart' | 'server_offline';

export interface RoundClose {
  roundId: string;
  /** The last poll that observed the round: the round ended between it and the next one. */
  endTime: number;
  reason: RoundCloseReason;
}

export interface SessionRow {
  roundId: string;
  playerName: string;
  /** The player's position in the round's timeline name list. */
  playerIndex: number;
  serverGuid: string;
  startTime: number;
  lastSeen: number;
  isActive: boolean;
  /** Totals over all segments of the session (a rejoin that resets the score starts a new segment). */
  score: number;
  kills: number;
  deaths: number;
  /** The raw values last seen in the current segment. */
  segmentScore: number;
  segmentKills: number;
  segmentDeaths: number;
  segments: number;
  /** Time observed playing: intervals between consecutive polls that saw the player. */
  playedMs: number;
  absentMs: number;
  observations: number;
  pingSum: number;
  pingCount: number;
  team: number;
  teamLabel: string;
}

export interface RoundPollRow {
  roundId: string;
  at: number;
  /** One poll's samples, encoded by timeline-codec (player = index into the round's names). */
  data: Uint8Array;
}

export interface PopulationSample {
  serverGuid: string;
  at: number;
  players: number;
}

export interface PingSample {
  serverGuid: string;
  at: number;
  pings: number[];
}

export interface WriteBatch {
  games: GameStateRow[];
  servers: ServerRow[];
  roundsOpened: RoundRow[];
  roundsUpdated: RoundRow[];
  roundsClosed: RoundClose[];
  sessions: SessionRow[];
  roundPolls: RoundPollRow[];
  /** Players that started a session in this poll: created if new, last seen refreshed. */
  playersSeen: { playerName: string; at: number }[];
  population: PopulationSample[];
  pings: PingSample[];
}

export function emptyBatch(): WriteBatch {
  return {
    games: [],
    servers: [],
    roundsOpened: [],
    roundsUpdated: [],
    roundsClosed: [],
    sessions: [],
    roundPolls: [],
    playersSeen: [],
    population: [],
    pings: [],
  };
}
