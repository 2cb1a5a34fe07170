import { minutesPerHourInWeeks, overlapMinutes, type OnlineInterval } from './online-intervals.ts';

/**
 * The temporal non-overlap term of alias detection (docs/decisions/0018-similar-players-and-aliases.md). One
 * person cannot be online under two names at once; two strangers who play the same servers in the same weeks at
 * the same hours will meet sooner or later. So:
 *
 * - the shared weeks are the weeks in which both names played on at least one common server;
 * - E, the overlap two independent players would be expected to have: each name's minutes in the shared weeks by
 *   hour (a[d,h] on day d at UTC hour h), and E = Σ over d, h of a[d,h] · (Σ over the days d' within 3 days of d
 *   of b[d',h]) / (60·7). That is two stays placed at random in the same hour of day of the same week around them
 *   (they overlap by a·b/(60·7) on average). A week around each day, not the calendar week: a name played only
 *   on the first days of a week cannot have met one played only on its last days, and counting them as met
 *   in expectation made strangers who merely followed each other look like one person;
 * - the observed overlap O is the minutes both were online at once, anywhere, over the interval window;
 * - the score is 0 when O > 0, else 1 − e^(−E/30): the chance that strangers with those habits would have met at
 *   least once (stays last about an hour, so an expected overlap of 30 minutes is about one meeting).
 *
 * With no shared week E is 0 and so is the score: names that never play the same servers in the same weeks say
 * nothing by not meeting.
 */

export const EXPECTED_OVERLAP_SCALE_MINUTES = 30;
/** The days either side of a day whose same hour counts as "around it" (a week in all). */
export const NEIGHBOURHOOD_DAYS = 3;
const MINUTES_PER_HOUR_OF_DAY_IN_A_WEEK = 60 * (2 * NEIGHBOURHOOD_DAYS + 1);

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
  const aHours = minutesPerHourInWeeks(a.intervals, shared);
  const bHours = minutesPerHourInWeeks(b.intervals, shared);
  let expected = 0;
  for (const [hour, minutes] of aHours) {
    let nearby = 0;
    for (let days = -NEIGHBOURHOOD_DAYS; days <= NEIGHBOURHOOD_DAYS; days += 1)
      nearby += bHours.get(hour + 24 * days) ?? 0;
    expected += (minutes * nearby) / MINUTES_PER_HOUR_OF_DAY_IN_A_WEEK;
  }
  const nonOverlapScore = observed > 0 ? 0 : 1 - Math.exp(-expected / EXPECTED_OVERLAP_SCALE_MINUTES);
  return { overlapMinutes: observed, expectedOverlapMinutes: expected, sharedWeeks: shared.size, nonOverlapScore };
}
