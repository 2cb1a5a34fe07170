/**
 * The spec's constants and value lists that both apps use. This module (like games.ts, page-meta.ts and
 * busy-guids.ts) must not import zod: the web app imports only such modules at run time, so the schema
 * modules, and zod with them, stay out of its bundle (types from them are erased).
 */

// Server browser (site-statistics §9).
export const HISTORY_PERIODS = ['1d', '3d', '7d', '1month', '3months', 'thisyear', 'alltime'] as const;
export const ROLLING_WINDOWS = [7, 14, 30] as const;
/**
 * The players-online history's bucket of each period, in minutes: each point is the average of the players polled
 * over its bucket (docs/formulas.md "Player activity history"). Every size divides a day.
 */
export const HISTORY_BUCKET_MINUTES = {
  '1d': 5,
  '3d': 30,
  '7d': 60,
  '1month': 240,
  '3months': 720,
  thisyear: 1440,
  alltime: 1440,
} as const satisfies Record<(typeof HISTORY_PERIODS)[number], number>;

/**
 * A server's busy level now, against its usual players at this hour, in words (docs/formulas.md "Busy level (now)"):
 * the API's busyText and the badge of every screen.
 */
export const BUSY_LEVEL_TEXTS = {
  very_busy: 'Busier than usual',
  busy: 'Busy',
  moderate: 'As busy as usual',
  quiet: 'Not too busy',
  very_quiet: 'Quieter than usual',
  unknown: 'Not enough data',
} as const;

// Server profile and rankings (site-statistics §5, §9).
/** §9: "Min players for weighting default 15; options 10, 15, 20, 25, 30". */
export const MIN_PLAYERS_FOR_WEIGHTING_OPTIONS = [10, 15, 20, 25, 30] as const;
export const DEFAULT_MIN_PLAYERS_FOR_WEIGHTING = 15;
/** §9 periods as day counts; insights default to 1 day. */
export const INSIGHT_DAYS = [1, 3, 7, 30, 90, 365, 3650] as const;
export const DEFAULT_INSIGHT_DAYS = 1;
/** §5: "orderBy only TotalScore, TotalKills, TotalDeaths, KDRatio, TotalPlayTimeMinutes". */
export const RANKING_ORDER_BY = ['TotalScore', 'TotalKills', 'TotalDeaths', 'KDRatio', 'TotalPlayTimeMinutes'] as const;
export const RANKING_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_RANKING_PAGE_SIZE = 100;
/** Leaderboard periods of the server profile (§4 "Leaderboards tab: week (default), month, alltime"). */
export const LEADERBOARD_PERIODS = ['Week', 'Month', 'AllTime'] as const;
/**
 * Ratio boards (K/D, kill rate) need this many rounds in the period, so one lucky round cannot top them.
 * The same minimums an established site used: 3 in a week, 10 in a month, 20 all time.
 */
export const MIN_ROUNDS_FOR_RATIO_BOARDS = { Week: 3, Month: 10, AllTime: 20 } as const;
/**
 * A player is ranked on a server (the rankings, the rank on the player profile) after this much closed-round
 * play there, all time: a one-round visitor cannot top the K/D order, and a one-minute 0-score visitor does not
 * fill the list. The ratio boards ask the same minutes within their period, with their own rounds above.
 */
export const MINIMUM_TO_RANK = { rounds: 3, minutes: 30 } as const;
/** Placement points per §3 Server details: first 3, second 2, third 1. */
export const PLACEMENT_POINTS = [3, 2, 1] as const;

// Players (site-statistics §9).
/** §9: "Page sizes: players 100". */
export const PLAYERS_PAGE_SIZE = 100;
export const PLAYERS_SORT_KEYS = ['playerName', 'lastSeen'] as const;
export const MAP_STATS_RANGES = ['Last30Days', 'ThisYear', 'LastYear'] as const;
/** Best scores kept per window; the profile shows 6 and offers 'View All N Scores' (§2). */
export const BEST_SCORES_PER_WINDOW = 20;
/** UTC days behind recentStats' trends: today and the 89 days before. */
export const RECENT_STATS_DAYS = 90;
/** UTC days behind activityByHour: the week, today and the 6 days before (domain-facts §6: "last 7 days"). */
export const ACTIVITY_BY_HOUR_DAYS = 7;

export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export type RankingOrderBy = (typeof RANKING_ORDER_BY)[number];
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export type PlayersSortKey = (typeof PLAYERS_SORT_KEYS)[number];
export type MapStatsRange = (typeof MAP_STATS_RANGES)[number];
