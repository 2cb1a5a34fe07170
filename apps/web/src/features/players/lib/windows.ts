import type { MapStatsRange } from '@frontline/contract';
import { utcDaysRule } from '../../../lib/utc-days.ts';

/**
 * The windows of the player screens said in words, the site's one rule (docs/formulas.md): "Week" is today (UTC) and
 * the 6 days before, "30 Days" today and the 29 days before, from 00:00 UTC of the first day until now; a round
 * counts on the UTC day it ended.
 */
export const WEEK_RULE = `This Week: ${utcDaysRule(7)}`;
export const THIRTY_DAYS_RULE = `30 Days: ${utcDaysRule(30)}`;

/** What each range of the Map Performance modal holds. */
export const MAP_RANGE_RULES: Record<MapStatsRange, string> = {
  Last30Days: `Finished rounds that ended ${utcDaysRule(30)}.`,
  ThisYear: 'Finished rounds that ended this calendar year (UTC).',
  LastYear: 'Finished rounds that ended last calendar year (UTC).',
};
