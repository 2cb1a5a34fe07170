import { forEachHour, overlapMinutes, type PackedIntervals } from './online-intervals.ts';

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
  intervals: PackedIntervals;
}

export interface TemporalComparison {
  overlapMinutes: number;
  nonOverlapScore: number;
  /** For names never online together: the weeks both played a common server, and E. */
  apart?: ExpectedOverlap;
}

export interface ExpectedOverlap {
  sharedWeeks: number;
  expectedOverlapMinutes: number;
}

/** The UTC week (weekOfMs) of an hour counted since 1970. */
function weekOfHour(hour: number): number {
  return Math.floor((Math.floor(hour / 24) + 3) / 7);
}

/**
 * One side of many comparisons (a similar-players answer compares its target with every candidate), worked out
 * once: its weeks per server as sets, and its minutes per clock hour over its whole interval window.
 */
export interface TemporalSide {
  inputs: TemporalInputs;
  weeksByServer: Map<string, Set<number>>;
  firstHour: number;
  /** Minutes online per clock hour from `firstHour`. */
  hourMinutes: Float64Array;
}

export function prepareTemporalSide(inputs: TemporalInputs): TemporalSide {
  const weeksByServer = new Map(Object.entries(inputs.serverWeeks).map(([server, weeks]) => [server, new Set(weeks)]));
  const { intervals } = inputs;
  const firstHour = intervals.length > 0 ? Math.floor(intervals[0]! / 60) : 0;
  const hourMinutes = new Float64Array(intervals.length > 0 ? Math.floor(intervals.at(-1)! / 60) - firstHour + 1 : 0);
  forEachHour(inputs.intervals, (hour, minutes) => (hourMinutes[hour - firstHour]! += minutes));
  return { inputs, weeksByServer, firstHour, hourMinutes };
}

/** The weeks in which both played on at least one common server. */
function sharedWeeksOf(a: TemporalSide, b: TemporalInputs): Set<number> {
  const shared = new Set<number>();
  for (const [serverGuid, weeks] of Object.entries(b.serverWeeks)) {
    const own = a.weeksByServer.get(serverGuid);
    if (!own) continue;
    for (const week of weeks) if (own.has(week)) shared.add(week);
  }
  return shared;
}

/** E and the shared weeks of two players (whether or not they met). */
export function expectedOverlapOf(a: TemporalSide, b: TemporalInputs): ExpectedOverlap {
  const shared = sharedWeeksOf(a, b);
  if (shared.size === 0) return { sharedWeeks: 0, expectedOverlapMinutes: 0 };
  // Walks b's hours in the shared weeks and, for each, a's minutes at the same hour of the days around it (in the
  // shared weeks too): the same sum as over a's hours, from the side that is usually the shorter (the candidate).
  const { firstHour, hourMinutes } = a;
  const inSharedWeek = (hour: number) => shared.has(weekOfHour(hour));
  let products = 0;
  forEachHour(b.intervals, (hour, minutes) => {
    if (!inSharedWeek(hour)) return;
    let nearby = 0;
    for (let days = -NEIGHBOURHOOD_DAYS; days <= NEIGHBOURHOOD_DAYS; days += 1) {
      const around = hour + 24 * days;
      const aMinutes = hourMinutes[around - firstHour];
      if (aMinutes && inSharedWeek(around)) nearby += aMinutes;
    }
    products += minutes * nearby;
  });
  return { sharedWeeks: shared.size, expectedOverlapMinutes: products / MINUTES_PER_HOUR_OF_DAY_IN_A_WEEK };
}

/** The comparison of a prepared side with another player. */
export function compareTemporalWith(a: TemporalSide, b: TemporalInputs): TemporalComparison {
  const observed = overlapMinutes(a.inputs.intervals, b.intervals);
  // Names that met score 0 whatever strangers with their habits would be expected to have: E is not worked out.
  if (observed > 0) return { overlapMinutes: observed, nonOverlapScore: 0 };
  const apart = expectedOverlapOf(a, b);
  const nonOverlapScore = 1 - Math.exp(-apart.expectedOverlapMinutes / EXPECTED_OVERLAP_SCALE_MINUTES);
  return { overlapMinutes: 0, nonOverlapScore, apart };
}

export function compareTemporal(a: TemporalInputs, b: TemporalInputs): TemporalComparison {
  return compareTemporalWith(prepareTemporalSide(a), b);
}
