/**
 * The comparison's fixed values (issue 19), apart from its zod schemas (compare.ts) so that the web can import them
 * without bringing zod into a page's chunk.
 */

/** The Performance Over Time tabs (§2), in the order the answer lists them. */
export const COMPARISON_BUCKETS = ['Last30Days', 'Last6Months', 'LastYear', 'AllTime'] as const;
export type ComparisonBucket = (typeof COMPARISON_BUCKETS)[number];

/**
 * UTC days behind each windowed bucket: today and the days before it, a round counting on the UTC day it ended
 * (Last30Days is the site's "30 Days"; the other two are the same rule, longer). AllTime has no window.
 */
export const COMPARISON_BUCKET_DAYS = { Last30Days: 30, Last6Months: 183, LastYear: 365 } as const;

/** At most this many head-to-head rounds, newest first (domain-facts §6: "≤50 items"). */
export const HEAD_TO_HEAD_LIMIT = 50;
/** UTC days behind hourlyOverlap and the activity hours: today and the 29 days before (the "30 Days" rule). */
export const COMPARISON_HOURS_DAYS = 30;

/** §8: the 404 of either call, which the page shows as it is. */
export const COMPARISON_NOT_FOUND_MESSAGE = 'One or both players not found. Please check the names and try again.';

/** The same name as both players: nothing to compare (the page says it before asking; the API answers it with 400). */
export const COMPARISON_SAME_PLAYER_MESSAGE = 'Choose two different players: a player cannot be compared with himself.';
