import type { GameId } from '@frontline/contract';
import type { RoundId, ServerGuid } from '../../domain/ids.ts';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import type { EntryState } from './name-entries.ts';
import type { UnconfirmedChange } from './poll-judgement.ts';

/**
 * What the tracker decided from one poll, for the store to write in one transaction. Rows carry their
 * full tracker state, so the store can always rebuild the tracker from what it wrote (crash safety).
 * Times are unix milliseconds, UTC.
 *
 * The server, round and session rows are the tracker's own state objects, not copies (copying thousands of
 * rows per poll cost more than the rest of the tracker): write a batch before ingesting the next poll, or
 * coalesce consecutive batches first, which keeps only each row's last state anyway.
 */

export interface GameStateRow {
  game: GameId;
  /** The last poll of this game that succeeded. */
  lastSuccessAt: number | null;
  /** Whether polls have failed since then: the next interval is then not evidence of anything. */
  gap: boolean;
  /**
   * Time counted in successful polls (gaps excluded), the clock that absence is measured on: a player or
   * server is absent for `clockMs − clock when last seen`. Storing the clock at each sighting means an
   * absent player's row needs no write until their session actually closes.
   */
  clockMs: number;
}

export interface ServerRow {
  serverGuid: ServerGuid;
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
  /** The game clock when the server last showed a round (listed with a map). */
  evidenceClockMs: number;
  openRoundId: RoundId | null;
}

export interface RoundRow {
  /** Compact key for the tables that refer to the round (assigned in order, so recent rows stay together). */
  roundKey: number;
  /** The public id (a hash of server, map and start). */
  roundId: RoundId;
  serverGuid: ServerGuid;
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
  roundKey: number;
  roundId: RoundId;
  serverGuid: ServerGuid;
  startTime: number;
  /** The last poll that observed the round: the round ended between it and the next one. */
  endTime: number;
  /** The poll that found it ended (later than `endTime`, much later when a server went quiet). */
  closedAt: number;
  reason: RoundCloseReason;
}

export interface SessionRow {
  sessionId: number;
  roundKey: number;
  playerName: string;
  /** The player's position in the round's timeline name list. */
  playerIndex: number;
  startTime: number;
  lastSeen: number;
  isActive: boolean;
  /** Totals over all segments of the session (a rejoin that resets the score starts a new segment). */
  score: number;
  kills: number;
  deaths: number;
  /** The raw values last seen in the current segment (the session's own stay). */
  segmentScore: number;
  segmentKills: number;
  segmentDeaths: number;
  /** Other entries listed under the same name at the last poll: other people's stays (name-entries.ts). */
  extraEntries: EntryState[];
  segments: number;
  /** Time observed playing: intervals between consecutive polls that saw the player. */
  playedMs: number;
  /** The game clock when the player was last seen (see GameStateRow.clockMs). */
  seenClockMs: number;
  observations: number;
  pingSum: number;
  pingCount: number;
  team: number;
  teamLabel: string;
}

export interface RoundPollRow {
  roundKey: number;
  at: number;
  /** One poll's samples, encoded by timeline-codec (player = index into the round's names). */
  data: Uint8Array;
}

/** A server's poll waiting for the next poll's word (decision 0003, "Glitches"): kept so that a restart keeps it. */
export interface HeldPoll {
  at: number;
  /** The game's clock at that poll (see GameStateRow.clockMs), to apply it at its own time if confirmed. */
  clockMs: number;
  change: UnconfirmedChange;
  snapshot: ServerSnapshot;
}

export interface PopulationSample {
  serverGuid: ServerGuid;
  at: number;
  players: number;
}

export interface WriteBatch {
  games: GameStateRow[];
  servers: ServerRow[];
  roundsOpened: RoundRow[];
  roundsUpdated: RoundRow[];
  roundsClosed: RoundClose[];
  sessions: SessionRow[];
  /** Sessions (also among `sessions`) that became active or inactive: the store writes that flag only then. */
  sessionsActivityChanged: SessionRow[];
  roundPolls: RoundPollRow[];
  /** Players that started or resumed a session in this poll (created when first seen). */
  playersSeen: { playerName: string; at: number }[];
  population: PopulationSample[];
  /** A server's held poll set (or, null, forgotten): the last state of each server is what is kept. */
  heldPolls: { serverGuid: ServerGuid; held: HeldPoll | null }[];
}

export function emptyBatch(): WriteBatch {
  return {
    games: [],
    servers: [],
    roundsOpened: [],
    roundsUpdated: [],
    roundsClosed: [],
    sessions: [],
    sessionsActivityChanged: [],
    roundPolls: [],
    playersSeen: [],
    population: [],
    heldPolls: [],
  };
}

/**
 * Several consecutive batches as one, for bulk runs (history generation) where one transaction per poll
 * would be wasteful. Rows that carry a full state keep only their last state; everything that adds up
 * (polls, samples, closes, sightings) is kept whole and in order. Applying the result gives the same
 * database as applying the batches one by one.
 */
export function coalesceBatches(batches: readonly WriteBatch[]): WriteBatch {
  const lastOf = <Row>(rows: Row[], keyOf: (row: Row) => string): Row[] => [
    ...new Map(rows.map((row) => [keyOf(row), row])).values(),
  ];
  const all = <Key extends keyof WriteBatch>(key: Key): WriteBatch[Key] =>
    batches.flatMap((batch): unknown[] => batch[key]) as WriteBatch[Key];
  return {
    games: lastOf(all('games'), (row) => row.game),
    servers: lastOf(all('servers'), (row) => row.serverGuid),
    // Opened and updated rounds are written by the same upsert, so the last state of each suffices.
    roundsOpened: [],
    roundsUpdated: lastOf([...all('roundsOpened'), ...all('roundsUpdated')], (row) => String(row.roundKey)),
    roundsClosed: all('roundsClosed'),
    sessions: lastOf(all('sessions'), (row) => String(row.sessionId)),
    // Rows are live state: the last state of each is what the flag must end as.
    sessionsActivityChanged: lastOf(all('sessionsActivityChanged'), (row) => String(row.sessionId)),
    roundPolls: all('roundPolls'),
    playersSeen: all('playersSeen'),
    population: all('population'),
    heldPolls: lastOf(all('heldPolls'), (row) => row.serverGuid),
  };
}
