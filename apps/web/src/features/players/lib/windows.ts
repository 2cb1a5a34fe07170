import type { MapStatsRange } from '@frontline/contract';

/**
 * The windows of the player screens said in words, the site's one rule (docs/formulas.md): "Week" is today (UTC) and
 * the 6 days before, "30 Days" today and the 29 days before, from 00:00 UTC of the first day until now; a round
 * counts on the UTC day it ended.
 */
export const WEEK_RULE = 'This Week: today and the 6 days before, UTC';
export const THIRTY_DAYS_RULE = '30 Days: today and the 29 days before, UTC';

/** What each range of the Map Performance modal holds. */
export const MAP_RANGE_RULES: Record<MapStatsRange, string> = {
  Last30Days: 'Finished rounds that ended today or in the 29 days before (UTC days).',
  ThisYear: 'Finished rounds that ended this calendar year (UTC).',
  LastYear: 'Finished rounds that ended last calendar year (UTC).',
};
