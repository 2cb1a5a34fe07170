/**
 * Time online as intervals, for the comparison's hourly overlap (docs/formulas.md "Comparison"): a player is online
 * from a session's first to its last sighting; sessions that touch or overlap merge, so two servers at once (or
 * a rejoin) never count a minute twice. Times are Unix ms.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface Interval {
  startMs: number;
  endMs: number;
}

/** The intervals sorted and merged where they overlap or touch; empty ones are dropped. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => interval.endMs > interval.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

/** The parts of time both merged lists cover (each list sorted and non-overlapping, as mergeIntervals gives). */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const both: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    const startMs = Math.max(left.startMs, right.startMs);
    const endMs = Math.min(left.endMs, right.endMs);
    if (endMs > startMs) both.push({ startMs, endMs });
    // The one that ends first can overlap nothing further in the other list.
    if (left.endMs < right.endMs) i += 1;
    else j += 1;
  }
  return both;
}

/**
 * Minutes of the intervals in each UTC hour of the day (24 values, hour 0–23), counting only the part within
 * [fromMs, toMs]. Unrounded: the caller rounds the totals, so that a sum of parts is never rounded twice.
 */
export function minutesPerUtcHour(intervals: readonly Interval[], fromMs: number, toMs: number): number[] {
  const minutes = Array.from({ length: 24 }, () => 0);
  for (const interval of intervals) {
    let cursor = Math.max(interval.startMs, fromMs);
    const endMs = Math.min(interval.endMs, toMs);
    while (cursor < endMs) {
      const hourEnd = Math.min(endMs, (Math.floor(cursor / HOUR_MS) + 1) * HOUR_MS);
      const hour = new Date(cursor).getUTCHours();
      minutes[hour] = (minutes[hour] ?? 0) + (hourEnd - cursor) / MINUTE_MS;
      cursor = hourEnd;
    }
  }
  return minutes;
}
