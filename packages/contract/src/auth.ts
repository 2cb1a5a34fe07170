import { z } from 'zod';
import { gameIdSchema } from './live-servers.ts';
import { utcTimestamp } from './timestamps.ts';

/**
 * Sign-in, the account and the personal dashboard (spec site-account-and-realtime §3 and §7; domain-facts §7).
 * Every call but login, refresh and logout carries the access token as a bearer.
 */

/** The per-user limits of the lists (a request past one answers 400 naming it). */
export const ACCOUNT_LIST_LIMITS = { playerNames: 100, favoriteServers: 100, buddies: 200 } as const;

/** Longest player name accepted in a list: longer than any game allows, short enough to stop abuse. */
export const ACCOUNT_NAME_MAX_LENGTH = 64;

export const loginRequestSchema = z.object({
  googleIdToken: z.string().min(1).max(8192),
});

export const authUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
});

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: utcTimestamp,
  user: authUserSchema,
});

export const refreshResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: utcTimestamp,
});

/** What the collector knows of a listed player right now (online = an open session seen within 5 minutes). */
export const livePlayerSchema = z.object({
  name: z.string(),
  isOnline: z.boolean(),
  /** The server's name while online, else null. */
  currentServer: z.string().nullable(),
  currentServerGuid: z.string().nullable(),
  currentMap: z.string().nullable(),
  currentSessionScore: z.number(),
  currentSessionKills: z.number(),
  currentSessionDeaths: z.number(),
  /** Last sighting in any session, null when the collector has never seen the name. */
  lastSeenIso: utcTimestamp.nullable(),
  totalPlayTimeMinutes: z.number(),
});

export const playerNameLinkSchema = z.object({
  id: z.number(),
  playerName: z.string(),
  createdAt: utcTimestamp,
  /** Null when the collector has never seen the name (names need not exist yet). */
  player: livePlayerSchema.nullable(),
});

export const buddySchema = z.object({
  id: z.number(),
  buddyPlayerName: z.string(),
  createdAt: utcTimestamp,
  player: livePlayerSchema.nullable(),
});

export const favoriteServerSchema = z.object({
  id: z.number(),
  serverGuid: z.string(),
  serverName: z.string(),
  gameId: gameIdSchema,
  /** Null when the server is offline. */
  currentMap: z.string().nullable(),
  maxPlayers: z.number(),
  /** Players (bots excluded) at the last poll; 0 when offline. */
  activeSessions: z.number(),
  joinLink: z.string().nullable(),
  createdAt: utcTimestamp,
});

export const accountProfileResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  createdAt: utcTimestamp,
  lastLoggedIn: utcTimestamp,
  playerNames: z.array(playerNameLinkSchema),
  favoriteServers: z.array(favoriteServerSchema),
  buddies: z.array(buddySchema),
});

export const addPlayerNameRequestSchema = z.object({ playerName: z.string().max(1000) });
export const addFavoriteServerRequestSchema = z.object({ serverGuid: z.string().max(1000) });
export const addBuddyRequestSchema = z.object({ buddyPlayerName: z.string().max(1000) });

export const onlineBuddySchema = z.object({
  playerName: z.string(),
  serverName: z.string(),
  serverGuid: z.string(),
  roundId: z.string(),
  currentMap: z.string(),
  joinLink: z.string().nullable(),
  sessionDurationMinutes: z.number(),
  currentScore: z.number(),
  currentKills: z.number(),
  currentDeaths: z.number(),
  joinedAt: utcTimestamp,
});

export const offlineBuddySchema = z.object({
  playerName: z.string(),
  lastSeen: utcTimestamp.nullable(),
  totalPlayTimeMinutes: z.number(),
  addedAt: utcTimestamp,
});

export const dashboardFavoriteServerSchema = z.object({
  id: z.number(),
  serverGuid: z.string(),
  serverName: z.string(),
  gameId: gameIdSchema,
  currentPlayers: z.number(),
  maxPlayers: z.number(),
  currentMap: z.string().nullable(),
  joinLink: z.string().nullable(),
});

/** The social panel's data (spec §3 "Dashboard data"). */
export const dashboardResponseSchema = z.object({
  onlineBuddies: z.array(onlineBuddySchema),
  offlineBuddies: z.array(offlineBuddySchema),
  favoriteServers: z.array(dashboardFavoriteServerSchema),
});

export const accountSessionSchema = z.object({
  createdAt: utcTimestamp,
  lastRefreshedAt: utcTimestamp.nullable(),
  revokedAt: utcTimestamp.nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** `GET /stats/auth/export`: everything stored about the user. */
export const accountExportResponseSchema = z.object({
  exportedAt: utcTimestamp,
  user: z.object({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    createdAt: utcTimestamp,
    lastLoggedIn: utcTimestamp,
  }),
  playerNames: z.array(z.object({ playerName: z.string(), createdAt: utcTimestamp })),
  favoriteServers: z.array(z.object({ serverGuid: z.string(), serverName: z.string(), createdAt: utcTimestamp })),
  buddies: z.array(z.object({ buddyPlayerName: z.string(), createdAt: utcTimestamp })),
  sessions: z.array(accountSessionSchema),
});

/** The ready-made people of the demo's local identity provider (only while `DEMO_SIGN_IN` is on). */
export const demoUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** What the account holds after its first sign-in: active players of the simulated world. */
  playerNames: z.array(z.string()),
  buddies: z.array(z.string()),
});

export const demoUsersResponseSchema = z.object({ users: z.array(demoUserSchema) });
export const demoIdTokenRequestSchema = z.object({ email: z.string().max(320) });
export const demoIdTokenResponseSchema = z.object({ idToken: z.string() });

export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
export type AuthUser = z.infer<typeof authUserSchema>;
export type LivePlayer = z.infer<typeof livePlayerSchema>;
export type PlayerNameLink = z.infer<typeof playerNameLinkSchema>;
export type Buddy = z.infer<typeof buddySchema>;
export type FavoriteServer = z.infer<typeof favoriteServerSchema>;
export type AccountProfileResponse = z.infer<typeof accountProfileResponseSchema>;
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type OnlineBuddy = z.infer<typeof onlineBuddySchema>;
export type OfflineBuddy = z.infer<typeof offlineBuddySchema>;
export type DashboardFavoriteServer = z.infer<typeof dashboardFavoriteServerSchema>;
export type AccountExportResponse = z.infer<typeof accountExportResponseSchema>;
export type DemoUser = z.infer<typeof demoUserSchema>;
export type DemoUsersResponse = z.infer<typeof demoUsersResponseSchema>;
