/**
 * The constants of rounds, session lists and the round report (site-statistics §4, §5, §9). Zod-free like
 * constants.ts, and a module of its own: only the screens loaded on demand use these, so they stay out of the
 * first page's bundle.
 */

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
