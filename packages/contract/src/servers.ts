import { z } from 'zod';
import { utcTimestamp } from './timestamps.ts';
import { LEADERBOARD_PERIODS } from './constants.ts';
import { gameIdSchema } from './live-servers.ts';

/**
 * The server profile and rankings calls (spec: site-statistics §3 Server details, Server insights, Server
 * ranking response, Server search result; §5 rankings query; §7; §9). Field names are the spec's; where the
 * spec leaves a figure's rule open, the field's comment says the rule Frontline uses.
 */

export const recentRoundSchema = z.object({
  roundId: z.string(),
  mapName: z.string(),
  startTime: utcTimestamp,
  /** Null while the round is being played. */
  endTime: utcTimestamp.nullable(),
  isActive: z.boolean(),
  participantCount: z.number(),
});

export const mostActivePlayerSchema = z.object({
  playerName: z.string(),
  minutesPlayed: z.number(),
  totalKills: z.number(),
  totalDeaths: z.number(),
});

/** One round's score (issue: "single-round scores, with map and time"); a player may appear more than once. */
export const topScoreSchema = z.object({
  playerName: z.string(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  mapName: z.string(),
  /** When the round ended. */
  timestamp: utcTimestamp,
  roundId: z.string(),
});

export const topKdRatioSchema = z.object({
  playerName: z.string(),
  /** Kills / deaths to 2 decimals; the kills when deaths is 0 (§5). */
  kdRatio: z.number(),
  kills: z.number(),
  deaths: z.number(),
  totalRounds: z.number(),
});

export const topKillRateSchema = z.object({
  playerName: z.string(),
  /** Kills per minute played, 2 decimals. */
  killRate: z.number(),
  kills: z.number(),
  deaths: z.number(),
  totalRounds: z.number(),
});

export const placementStandingSchema = z.object({
  rank: z.number(),
  playerName: z.string(),
  firstPlaces: z.number(),
  secondPlaces: z.number(),
  thirdPlaces: z.number(),
  /** 3 per first place, 2 per second, 1 per third. */
  placementPoints: z.number(),
});

export const serverLeaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  /** Whole UTC days: the period's first day at 00:00 (Week: today and the 6 days before; Month: 30 days). */
  startPeriod: utcTimestamp,
  endPeriod: utcTimestamp,
  /** Rounds a player needs in the period to be on topKDRatios and topKillRates. */
  minRoundsForRatios: z.number(),
  /** Minutes played a player needs in the period to be on topKDRatios and topKillRates (MINIMUM_TO_RANK's). */
  minMinutesForRatios: z.number(),
  mostActivePlayersByTime: z.array(mostActivePlayerSchema),
  topScores: z.array(topScoreSchema),
  topKDRatios: z.array(topKdRatioSchema),
  topKillRates: z.array(topKillRateSchema),
  /** From every closed round with a scoring top three (ranked by first, then second, then third places). */
  topPlacements: z.array(placementStandingSchema),
  /** The same, counting only rounds with at least minPlayersForWeighting participants. */
  weightedTopPlacements: z.array(placementStandingSchema),
});

/**
 * One address (game, ip, port: one serverGuid) that has carried the server's name. A server name is the
 * community's server: its history combines every address that carried the name; live facts (map, players, join
 * link, the address shown) come from the newest one.
 */
export const serverAddressSchema = z.object({
  serverGuid: z.string(),
  ip: z.string(),
  port: z.number(),
  firstSeen: utcTimestamp,
  lastSeen: utcTimestamp,
});

export const serverDetailsResponseSchema = z.object({
  serverGuid: z.string(),
  serverName: z.string(),
  serverIp: z.string(),
  serverPort: z.number(),
  gameId: gameIdSchema,
  region: z.string().nullable(),
  /** Country name in English when the code is known. */
  country: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().nullable(),
  /** IANA time zone. */
  timezone: z.string().nullable(),
  discordUrl: z.string().nullable(),
  forumUrl: z.string().nullable(),
  joinLink: z.string().nullable(),
  isOnline: z.boolean(),
  currentMap: z.string(),
  /** People playing at the last poll (bots are not players); 0 when offline. */
  numPlayers: z.number(),
  maxPlayers: z.number(),
  /** First and last time Frontline saw the server under this name, at any address (the range its figures cover). */
  startPeriod: utcTimestamp,
  endPeriod: utcTimestamp,
  /** Every address that carried the name, newest first (the first is the one above); the boards combine them. */
  addresses: z.array(serverAddressSchema),
  minPlayersForWeighting: z.number(),
  recentRounds: z.array(recentRoundSchema),
  leaderboards: z.array(serverLeaderboardSchema),
});

export const serverInsightsResponseSchema = z.object({
  serverGuid: z.string(),
  serverName: z.string(),
  days: z.number(),
  startPeriod: utcTimestamp,
  endPeriod: utcTimestamp,
  /** Size of one history point in minutes (1 day: 15, 3: 60, 7: 120, 30: 360, 90 and 365: 1440, 3650: 10080). */
  bucketMinutes: z.number(),
  /** Average players online in each bucket (one decimal); buckets before the server was seen are left out. */
  playerCountHistory: z.array(z.object({ timestamp: utcTimestamp, playerCount: z.number() })),
  /** The period before, of the same length, its timestamps moved forward by the period to overlay. */
  playerCountHistoryComparison: z.array(z.object({ timestamp: utcTimestamp, playerCount: z.number() })),
  playerCountSummary: z.object({
    peakPlayerCount: z.number(),
    averagePlayerCount: z.number(),
    /** Average of this period against the period before, in percent (2 decimals); null without a before. */
    changePercentFromPreviousPeriod: z.number().nullable(),
  }),
  pingByHour: z.object({
    /**
     * Median and 95th percentile in ms, per bucket or per hour when buckets are shorter (pings are kept as
     * hourly histograms of 10 ms bins; the percentiles are interpolated within a bin). Buckets without pings
     * are left out.
     */
    data: z.array(z.object({ timePeriod: utcTimestamp, medianPing: z.number(), p95Ping: z.number() })),
  }),
  /**
   * The maps table counts rounds that ended on the UTC days from mapsStartPeriod (00:00 UTC) until now: today and
   * the days-1 days before (the ONE WEEK rule: 7 = today and the 6 days before).
   */
  mapsStartPeriod: utcTimestamp,
  /** Maps players were seen on in those rounds, most played first (maps only ever played empty are left out). */
  maps: z.array(
    z.object({
      mapName: z.string(),
      /** Players (humans) per poll over every poll of the map's rounds, empty polls counted as 0 (2 decimals). */
      averagePlayerCount: z.number(),
      /** Most players (humans) in one poll of the map's rounds. */
      peakPlayerCount: z.number(),
      /**
       * Minutes players were on the map: each round's length times the share of its polls that saw at least one
       * player (an empty round adds 0).
       */
      totalPlayTime: z.number(),
      /** This map's play time against all maps' play time in the period, in percent (2 decimals). */
      playTimePercentage: z.number(),
    }),
  ),
});

export const serverRankingSchema = z.object({
  /**
   * Place among all the server's ranked players in the chosen order (ties share it: 1, 2, 2, 4); filters only
   * select rows, they never renumber them. In the default order (score, descending) it is the player profile's rank.
   */
  rank: z.number(),
  playerName: z.string(),
  totalScore: z.number(),
  kdRatio: z.number(),
  totalKills: z.number(),
  totalDeaths: z.number(),
  totalPlayTimeMinutes: z.number(),
});

export const serverRankingsResponseSchema = z.object({
  items: z.array(serverRankingSchema),
  serverContext: z.object({
    serverName: z.string(),
    /** The newest address's. */
    serverGuid: z.string(),
    /** How many addresses carried the name (the totals combine them all). */
    addressCount: z.number(),
  }),
  /** Closed-round play on the server (all addresses, all time) a player needs to be ranked. */
  minimumToRank: z.object({ rounds: z.number(), minutes: z.number() }),
  /** Every ranked player of the server, whatever the filters. */
  rankedPlayers: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  /** Ranked players matching the filters. */
  totalItems: z.number(),
});

export const serverSearchResultSchema = z.object({
  serverGuid: z.string(),
  serverName: z.string(),
  gameId: gameIdSchema,
  currentMap: z.string(),
  totalPlayersAllTime: z.number(),
  /** Frontline knows countries, not cities: always null. */
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  hasActivePlayers: z.boolean(),
  /** People playing at the last poll (bots are not players); 0 when offline. */
  numPlayers: z.number(),
  lastActivity: utcTimestamp,
});

export const serverSearchResponseSchema = z.object({
  items: z.array(serverSearchResultSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
});

export type RecentRound = z.infer<typeof recentRoundSchema>;
export type ServerAddress = z.infer<typeof serverAddressSchema>;
export type ServerLeaderboard = z.infer<typeof serverLeaderboardSchema>;
export type PlacementStanding = z.infer<typeof placementStandingSchema>;
export type ServerDetailsResponse = z.infer<typeof serverDetailsResponseSchema>;
export type ServerInsightsResponse = z.infer<typeof serverInsightsResponseSchema>;
export type ServerRanking = z.infer<typeof serverRankingSchema>;
export type ServerRankingsResponse = z.infer<typeof serverRankingsResponseSchema>;
export type ServerSearchResult = z.infer<typeof serverSearchResultSchema>;
export type ServerSearchResponse = z.infer<typeof serverSearchResponseSchema>;
