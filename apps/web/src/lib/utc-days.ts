/**
 * The site's one rule for a window of days, in the words every screen uses (docs/formulas.md "Week / This Week",
 * "Month / 30 Days"): whole UTC days ending with today, from 00:00 UTC of the first until now; a round counts on
 * the UTC day it ended. "today and the 6 days before, UTC" is a week.
 */
export function utcDaysRule(days: number): string {
  if (days <= 1) return 'today, UTC';
  return `today and the ${days - 1} ${days === 2 ? 'day' : 'days'} before, UTC`;
}
