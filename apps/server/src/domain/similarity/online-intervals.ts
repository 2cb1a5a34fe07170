/**
 * When a player was online, as merged intervals of whole UTC minutes since 1970 (`[start, end)`), for the temporal
 * terms of similarity (docs/decisions/0018-similar-players-and-aliases.md). Starts and ends are both rounded down
 * to the minute, so one person who leaves and comes back under another name a poll later never overlaps himself.
 */

export type OnlineInterval = readonly [start: number, end: number];

/**
 * The same intervals packed, `[start₀, end₀, start₁, end₁, …]`: what a summary holds and the scoring walks. A year's
 * active player has about a thousand intervals in his 13 weeks; as pairs of numbers in JSON they were three quarters
 * of his summary, and parsing 150 candidates' summaries was half of a similar-players answer.
 */
export type PackedIntervals = Uint32Array;

export function packIntervals(intervals: readonly OnlineInterval[]): PackedIntervals {
  const packed = new Uint32Array(intervals.length * 2);
  intervals.forEach(([start, end], index) => {
    packed[2 * index] = start;
    packed[2 * index + 1] = end;
  });
  return packed;
}

export const MINUTE_MS = 60_000;

export function intervalOfSession(startMs: number, lastSeenMs: number): OnlineInterval {
  return [Math.floor(startMs / MINUTE_MS), Math.floor(lastSeenMs / MINUTE_MS)];
}

/** Adds one interval to sorted, merged ones, keeping them sorted and merged (touching intervals merge). */
export function addInterval(intervals: readonly OnlineInterval[], added: OnlineInterval): OnlineInterval[] {
  if (added[1] <= added[0]) return [...intervals];
  const result: OnlineInterval[] = [];
  let [start, end] = added;
  let placed = false;
  for (const interval of intervals) {
    if (interval[1] < start) result.push(interval);
    else if (interval[0] > end) {
      if (!placed) {
        result.push([start, end]);
        placed = true;
      }
      result.push(interval);
    } else {
      start = Math.min(start, interval[0]);
      end = Math.max(end, interval[1]);
    }
  }
  if (!placed) result.push([start, end]);
  return result;
}

/** Drops what ends before `fromMinute` and cuts what straddles it. */
export function trimIntervals(intervals: readonly OnlineInterval[], fromMinute: number): OnlineInterval[] {
  const result: OnlineInterval[] = [];
  for (const [start, end] of intervals) {
    if (end <= fromMinute) continue;
    result.push([Math.max(start, fromMinute), end]);
  }
  return result;
}

/** Minutes both sorted, merged lists cover (a two-pointer walk). */
export function overlapMinutes(a: PackedIntervals, b: PackedIntervals): number {
  let total = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const aEnd = a[i + 1]!;
    const bEnd = b[j + 1]!;
    total += Math.max(0, Math.min(aEnd, bEnd) - Math.max(a[i]!, b[j]!));
    if (aEnd <= bEnd) i += 2;
    else j += 2;
  }
  return total;
}

/** Calls `visit` with each whole UTC hour the intervals touch (hours since 1970) and their minutes in it, in order. */
export function forEachHour(intervals: PackedIntervals, visit: (hour: number, minutes: number) => void): void {
  for (let index = 0; index < intervals.length; index += 2) {
    const end = intervals[index + 1]!;
    let minute = intervals[index]!;
    while (minute < end) {
      const hour = Math.floor(minute / 60);
      const chunkEnd = Math.min(end, (hour + 1) * 60);
      visit(hour, chunkEnd - minute);
      minute = chunkEnd;
    }
  }
}

/** Minutes online per hour since 1970 (the key). Sparse: two hours an evening for 13 weeks is about 200 entries. */
export function minutesPerHour(intervals: PackedIntervals): Map<number, number> {
  const hours = new Map<number, number>();
  forEachHour(intervals, (hour, minutes) => hours.set(hour, (hours.get(hour) ?? 0) + minutes));
  return hours;
}

/** Monday-based UTC week number since 1970 (1970-01-01 was a Thursday, so Monday 1970-01-05 starts week 1). */
export function weekOfMs(ms: number): number {
  return Math.floor((Math.floor(ms / 86_400_000) + 3) / 7);
}
