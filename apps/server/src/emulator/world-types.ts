import type { GameId } from '@frontline/contract';
import type { ServerSnapshot } from '../domain/snapshot.ts';
import type { GroundTruth } from './ground-truth.ts';
import type { PlantedIdentities } from './planted-identities.ts';

/**
 * The simulated world of the emulator, as the rest of the code sees it: it moves forward in fixed steps
 * of simulated time and can show each game's servers at the current step.
 */

/** One step of the world: the feed's own refresh rhythm, and the collector's poll interval. */
export const WORLD_STEP_MS = 30_000;

export interface MapDefinition {
  /** As the feed reports it (lowercase with underscores for BF1942/BFV, as FH2 servers name them). */
  name: string;
  gameType: string;
  teams: readonly [string, string];
  /** Tickets each team starts with (0 for modes without tickets). */
  tickets: number;
  /** Round time limit in seconds. */
  timeLimitSeconds: number;
  /** FH2's map size (16, 32, 64); absent for the other games. */
  size?: number;
}

export interface RegionDefinition {
  id: string;
  /** Countries (2-letter codes) with the IANA time zone of each, in order of weight. */
  countries: readonly { code: string; timeZone: string; weight: number }[];
  /** Hours to add to UTC for the region's typical local time (for daily habits; DST ignored). */
  utcOffsetHours: number;
  /** Share of the player population living here. */
  playerShare: number;
}

/** Static facts about one server of the world (what the feed lists besides the live state). */
export interface WorldServerProfile {
  game: GameId;
  ip: string;
  port: number;
  queryPort: number;
  name: string;
  region: string;
  country: string;
  timeZone: string;
  maxPlayers: 32 | 64;
  hasPassword: boolean;
  /** Bots always present (co-op servers), by default names or flagged. */
  bots: number;
  rotation: readonly MapDefinition[];
  /** How much players like this server (0.2 = rarely visited, 2 = a community favourite). */
  popularity: number;
  discordUrl: string | null;
  forumUrl: string | null;
}

export interface EmulatedWorld {
  readonly seed: number;
  /** Simulated time of the current step (unix ms, a multiple of WORLD_STEP_MS). */
  now(): number;
  /** Moves the world forward, one step at a time, to the last step at or before `timeMs`. */
  advanceTo(timeMs: number): void;
  /** The servers of one game as the feed would list them now (online servers only). */
  snapshots(game: GameId): ServerSnapshot[];
  /** Static facts of every server (for links, countries, time zones). */
  profiles(): readonly WorldServerProfile[];
  /**
   * Starts recording what really happens from the next step on (and returns the record): the true rounds and
   * what each person made in them, for checking the collector against (ground-truth.ts). Recording only looks.
   */
  recordTruth(): GroundTruth;
  /**
   * The alias pairs (one person, two names) and look-alike strangers planted in the world (planted-identities.ts):
   * the truth a similar-players search and alias detection are checked against.
   */
  plantedIdentities(): PlantedIdentities;
}
