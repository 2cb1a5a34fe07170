import type { GameId } from '@frontline/contract';

/**
 * A normalised view of one game server at one instant, as every source (BFList feed, GameSpy query,
 * emulator) produces it. Sources only produce snapshots; the tracker decides what they mean.
 */

export interface SnapshotPlayer {
  /** Exactly as the feed sent it (legacy code-page names are decoded for display only). */
  name: string;
  score: number;
  kills: number;
  deaths: number;
  ping: number;
  /** Team index as the feed numbers it (1 or 2 for the two-team games). */
  team: number;
  teamLabel: string | null;
  /** Flagged as a bot by the feed (FH2's `aibot`). Default bot names are recognised by the tracker. */
  isBot: boolean;
}

export interface SnapshotTeam {
  index: number;
  label: string;
  tickets: number | null;
}

export interface ServerSnapshot {
  game: GameId;
  ip: string;
  port: number;
  /** The feed's own id for the server (kept as an attribute: it is known to change for one server). */
  feedGuid: string | null;
  name: string;
  /** Empty when the server reports no map (between rounds, or starting up). */
  mapName: string;
  gameType: string;
  numPlayers: number;
  maxPlayers: number;
  hasPassword: boolean;
  /** Seconds left in the round; null when the game does not report it. */
  roundTimeRemain: number | null;
  /**
   * The configured length of a round in seconds (BF1942/BFV `roundTime`, FH2 `timelimit`), null or 0 when
   * unknown or unlimited. Not a countdown: it says how long a round can last, not how long this one has left.
   */
  roundTimeLimit: number | null;
  tickets1: number | null;
  tickets2: number | null;
  teams: SnapshotTeam[];
  players: SnapshotPlayer[];
  joinLink: string | null;
}

/** What one poll of one game gave: either the servers listed, or a failure (a gap, never "all offline"). */
export type GamePoll =
  | { game: GameId; at: Date; ok: true; servers: ServerSnapshot[]; skippedEntries: number }
  | { game: GameId; at: Date; ok: false; error: string };
