import { HOURS_PER_DAY } from './format.ts';
import { countOf } from './plural.ts';

/**
 * The separator between two events of a list that are 2 hours or more apart (spec: site-statistics §2: player
 * sessions "A separator 'N hours later', '1 day later', 'N days later' appears between sessions at least 2 hours
 * apart"; achievements history "'N days later', 'N hours later' from 2 hours"). One rule for both lists, worded as
 * the spec words it: it tells how long after the earlier event the later one came.
 *
 * Rounding: down, to whole hours under a day and to whole days from 24 hours on, so a label never overstates the
 * wait: 2 h 59 min reads '2 hours later', 47 h '1 day later'.
 */

const GAP_MIN_HOURS = 2;

const MS_PER_HOUR = 3_600_000;

/** The separator for a wait of this many milliseconds, or null under 2 hours (or for a time that cannot be read). */
export function gapLaterLabel(gapMs: number): string | null {
  if (!Number.isFinite(gapMs)) return null;
  const hours = Math.floor(gapMs / MS_PER_HOUR);
  if (hours < GAP_MIN_HOURS) return null;
  if (hours < HOURS_PER_DAY) return `${countOf(hours, 'hour')} later`;
  return `${countOf(Math.floor(hours / HOURS_PER_DAY), 'day')} later`;
}
