import { z } from 'zod';
import { utcTimestamp } from './timestamps.ts';
import { gameIdSchema } from './live-servers.ts';

/**
 * Rounds, sessions and the round report (spec: site-statistics §3 Session, Round report; §5 sessions query; §7
 * `GET /stats/rounds`, `GET /stats/rounds/{id}/report`; issue "Rounds"). Field names are the spec's; comments
 * state the rule where the spec leaves it open. Times are ISO-8601 UTC.
 */

/** One player's part in one round. */
export const sessionSchema = z.object({
  sessionId: z.number(),
  roundId: z.string(),
  playerName: z.string(),
  startTime: utcTimestamp,
  /** When the player was last seen in the round (so far, while the session is active). */
  endTime: utcTimestamp,
  /** Minutes observed playing (a player who left and rejoined counts only the time on the server). */
  durationMinutes: z.number(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  isActive: z.boolean(),
  /** The team the player was last seen on. */
  teamLabel: z.string(),
  serverName: z.string(),
  serverGuid: z.string(),
  gameId: gameIdSchema,
  mapName: z.string(),
  gameType: z.string(),
  /** Players seen in the round. */
  participantCount: z.number(),
});

export const roundSummarySchema = z.object({
  roundId: z.string(),
  serverName: z.string(),
  serverGuid: z.string(),
  gameId: gameIdSchema,
  mapName: z.string(),
  gameType: z.string(),
  startTime: utcTimestamp,
  /** The round's end; while it is being played, its latest poll. */
  endTime: utcTimestamp,
  durationMinutes: z.number(),
  participantCount: z.number(),
  isActive: z.boolean(),
  team1Label: z.string(),
  team2Label: z.string(),
  /** Tickets at the end (latest poll while active); null when the server does not report them. */
  tickets1: z.number().nullable(),
  tickets2: z.number().nullable(),
});

/** Totals of one player over everything a session list matched (not only the page shown). */
export const sessionsPlayerInfoSchema = z.object({
  playerName: z.string(),
  totalRounds: z.number(),
  totalScore: z.number(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  totalPlayTimeMinutes: z.number(),
  /** Start of the earliest matched session; null when nothing matched. */
  firstSeen: utcTimestamp.nullable(),
  lastSeen: utcTimestamp.nullable(),
});

export const roundWithPlayersSchema = roundSummarySchema.extend({
  /**
   * The round's sessions, best score first (then kills, fewer deaths, name); only the named players with
   * onlySpecifiedPlayers; empty with includePlayers=false.
   */
  players: z.array(sessionSchema),
});

export const roundsListResponseSchema = z.object({
  items: z.array(roundWithPlayersSchema),
  currentPage: z.number(),
  pageSize: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
  /** Present when exactly one player name was given. */
  playerInfo: sessionsPlayerInfoSchema.nullable(),
});

/** `GET /stats/players/{playerName}/sessions`: the player's sessions, newest first. */
export const playerSessionsResponseSchema = z.object({
  items: z.array(sessionSchema),
  playerInfo: sessionsPlayerInfoSchema,
  currentPage: z.number(),
  pageSize: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
});

export const leaderboardEntrySchema = z.object({
  /** 1..n by score, then kills, then fewer deaths, then name. */
  rank: z.number(),
  playerName: z.string(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  ping: z.number(),
  /** The feed's team index (1 or 2 in two-team games). */
  team: z.number(),
  teamLabel: z.string(),
});

export const leaderboardSnapshotSchema = z.object({
  /** The poll the snapshot shows. */
  timestamp: utcTimestamp,
  /** Everyone the poll saw on the server, best first. */
  entries: z.array(leaderboardEntrySchema),
});

/**
 * One line of a round's final standings (its standings so far while it is being played): a participant with the
 * totals of their session, which add up every stint when they left and rejoined (decision 0003).
 */
export const standingEntrySchema = z.object({
  /** 1..n over everyone who played the round, by score, then kills, then fewer deaths, then name. */
  rank: z.number(),
  playerName: z.string(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  /** The team index the player was last seen on (1 or 2 in two-team games). */
  team: z.number(),
  teamLabel: z.string(),
  /** Not in the round's last poll (its latest poll while it is being played): the player had left. */
  left: z.boolean(),
  /** When the player was last seen in the round. */
  lastSeen: utcTimestamp,
});

export const roundReportResponseSchema = z.object({
  round: roundSummarySchema,
  /**
   * Everyone who played the round (participantCount lines) with their session totals, best first. Closed round:
   * the final standings; open round: the standings so far.
   */
  finalStandings: z.array(standingEntrySchema),
  /**
   * Null: one snapshot per poll. A number N: the round had more polls than REPORT_MAX_POLL_SNAPSHOTS, so there is
   * one snapshot per N minutes (the last poll of each span, and always the round's last poll).
   */
  snapshotIntervalMinutes: z.number().nullable(),
  leaderboardSnapshots: z.array(leaderboardSnapshotSchema),
});

/**
 * `GET /stats/rounds/filter-options`: the choices of a rounds list's filters over every round the other filters
 * match (not only one page), rounds somebody played only. Each list leaves its own filter out, so choosing a map
 * does not shrink the map choices to that map.
 */
export const roundFilterOptionsResponseSchema = z.object({
  /** Map names, A to Z. */
  maps: z.array(z.string()),
  /** Game types, A to Z. */
  gameTypes: z.array(z.string()),
  /** Server names, A to Z (a name stands for every address that carried it), each with its game. */
  servers: z.array(z.object({ serverName: z.string(), gameId: gameIdSchema })),
});

export type Session = z.infer<typeof sessionSchema>;
export type RoundSummary = z.infer<typeof roundSummarySchema>;
export type SessionsPlayerInfo = z.infer<typeof sessionsPlayerInfoSchema>;
export type RoundWithPlayers = z.infer<typeof roundWithPlayersSchema>;
export type RoundsListResponse = z.infer<typeof roundsListResponseSchema>;
export type PlayerSessionsResponse = z.infer<typeof playerSessionsResponseSchema>;
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type LeaderboardSnapshot = z.infer<typeof leaderboardSnapshotSchema>;
export type RoundReportResponse = z.infer<typeof roundReportResponseSchema>;
export type StandingEntry = z.infer<typeof standingEntrySchema>;
export type RoundFilterOptionsResponse = z.infer<typeof roundFilterOptionsResponseSchema>;
