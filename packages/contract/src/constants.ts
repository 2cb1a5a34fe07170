/**
 * The spec's constants and value lists that both apps use. This module (like games.ts, page-meta.ts and
 * busy-guids.ts) must not import zod: the web app imports only such modules at run time, so the schema
 * modules, and zod with them, stay out of its bundle (types from them are erased).
 */

// Server browser (site-statistics §9).
export const HISTORY_PERIODS = ['1d', '3d', '7d', '1month', '3months', 'thisyear', 'alltime'] as const;
export const ROLLING_WINDOWS = [7, 14, 30] as const;

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
/** Placement points per §3 Server details: first 3, second 2, third 1. */
export const PLACEMENT_POINTS = [3, 2, 1] as const;

// Players (site-statistics §9).
/** §9: "Page sizes: players 100". */
export const PLAYERS_PAGE_SIZE = 100;
export const PLAYERS_SORT_KEYS = ['playerName', 'lastSeen'] as const;
export const MAP_STATS_RANGES = ['Last30Days', 'ThisYear', 'LastYear'] as const;
/** Best scores kept per window; the profile shows 6 and offers 'View All N Scores' (§2). */
export const BEST_SCORES_PER_WINDOW = 20;
/** Days of history behind recentStats' trends and activityByHour. */
export const RECENT_STATS_DAYS = 90;
export const ACTIVITY_BY_HOUR_DAYS = 30;

export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export type RankingOrderBy = (typeof RANKING_ORDER_BY)[number];
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export type PlayersSortKey = (typeof PLAYERS_SORT_KEYS)[number];
export type MapStatsRange = (typeof MAP_STATS_RANGES)[number];

// Rounds, sessions and the round report (site-statistics §4, §5, §9).
/** §5: "Sessions query: … pageSize 10, 20 or 50"; §9 "sessions default 10". */
export const SESSIONS_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_SESSIONS_PAGE_SIZE = 10;
/** What `GET /stats/rounds` sorts by (§7 "sortBy (default startTime)"; §4 the sessions screen uses endTime). */
export const ROUNDS_SORT_KEYS = [
  'startTime',
  'endTime',
  'durationMinutes',
  'participantCount',
  'serverName',
  'mapName',
  'gameType',
] as const;
/** A round must contain every named player; more names than this is refused (each one is an index lookup). */
export const MAX_ROUND_FILTER_PLAYERS = 10;
/** §5: "Sessions player search excludes already selected players, 10 suggestions". */
export const SESSION_PLAYER_SUGGESTIONS = 10;
/**
 * The report has one snapshot per poll for rounds of up to this many polls (2 hours at the default 30 s
 * cadence). Longer rounds have one per N minutes (the span's last poll), N the fewest whole minutes that keeps
 * them at most this many, so a marathon round's report stays the size of a two-hour one.
 */
export const REPORT_MAX_POLL_SNAPSHOTS = 240;
/** §9: "Round replay interval per step: 1600, 800, 400, 200, 100 ms for 0.5x to 8x; default 800 ms". */
export const REPLAY_SPEEDS = [
  { label: '0.5x', intervalMs: 1600 },
  { label: '1x', intervalMs: 800 },
  { label: '2x', intervalMs: 400 },
  { label: '4x', intervalMs: 200 },
  { label: '8x', intervalMs: 100 },
] as const;
export const DEFAULT_REPLAY_INTERVAL_MS = 800;
/** §4: "an event with score over 50 points and no kills counts as an objective". */
export const OBJECTIVE_EVENT_MIN_SCORE = 50;
/** §4: "a leader event is added every 3rd snapshot". */
export const LEADER_EVENT_EVERY_SNAPSHOTS = 3;

export type RoundsSortKey = (typeof ROUNDS_SORT_KEYS)[number];
