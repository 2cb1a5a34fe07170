import { hourMinutesInWeeks, overlapMinutes, type OnlineInterval } from './online-intervals.ts';

/**
 * The temporal non-overlap term of alias detection (docs/decisions/0018-similar-players-and-aliases.md). One
 * person cannot be online under two names at once; two strangers who play the same servers in the same weeks at
 * the same hours will meet sooner or later. So:
 *
 * - the shared weeks are the weeks in which both names played on at least one common server;
 * - E, the overlap two independent players would be expected to have, is Σ over UTC hours h of a[h]·b[h] / (60·7·W),
 *   where a[h], b[h] are each name's minutes at hour h within the W shared weeks (two stays placed at random in the
 *   60·7·W minutes of that hour of day overlap by a·b/(60·7·W) on average);
 * - the observed overlap O is the minutes both were online at once, anywhere, over the interval window;
 * - the score is 0 when O > 0, else 1 − e^(−E/30): the chance that strangers with those habits would have met at
 *   least once (stays last about an hour, so an expected overlap of 30 minutes is about one meeting).
 *
 * With no shared week E is 0 and so is the score: names that never play the same servers in the same weeks say
 * nothing by not meeting.
 */

export const EXPECTED_OVERLAP_SCALE_MINUTES = 30;

export interface TemporalInputs {
  serverWeeks: Readonly<Record<string, readonly number[]>>;
  intervals: readonly OnlineInterval[];
}

export interface TemporalComparison {
  overlapMinutes: number;
  expectedOverlapMinutes: number;
  sharedWeeks: number;
  nonOverlapScore: number;
}

export function sharedWeeksOf(a: TemporalInputs, b: TemporalInputs): Set<number> {
  const shared = new Set<number>();
  for (const [serverGuid, weeks] of Object.entries(a.serverWeeks)) {
    const other = b.serverWeeks[serverGuid];
    if (!other) continue;
    const otherWeeks = new Set(other);
    for (const week of weeks) if (otherWeeks.has(week)) shared.add(week);
  }
  return shared;
}

export function compareTemporal(a: TemporalInputs, b: TemporalInputs): TemporalComparison {
  const observed = overlapMinutes(a.intervals, b.intervals);
  const shared = sharedWeeksOf(a, b);
  if (shared.size === 0) {
    return { overlapMinutes: observed, expectedOverlapMinutes: 0, sharedWeeks: 0, nonOverlapScore: 0 };
  }
  const aHours = hourMinutesInWeeks(a.intervals, shared);
  const bHours = hourMinutesInWeeks(b.intervals, shared);
  const minutesPerHourOfDay = 60 * 7 * shared.size;
  let expected = 0;
  for (let hour = 0; hour < 24; hour += 1) {
    expected += ((aHours[hour] ?? 0) * (bHours[hour] ?? 0)) / minutesPerHourOfDay;
  }
  const nonOverlapScore = observed > 0 ? 0 : 1 - Math.exp(-expected / EXPECTED_OVERLAP_SCALE_MINUTES);
  return { overlapMinutes: observed, expectedOverlapMinutes: expected, sharedWeeks: shared.size, nonOverlapScore };
}
