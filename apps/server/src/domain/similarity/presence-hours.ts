import { EXPECTED_OVERLAP_SCALE_MINUTES, NEIGHBOURHOOD_DAYS } from './temporal-non-overlap.ts';
import { firstMinuteOfWeek, INTERVAL_WEEKS } from './player-features.ts';
import { minutesPerHour, type PackedIntervals } from './online-intervals.ts';

/**
 * A player's presence hours: one bit per clock hour of the interval window (13 weeks ending with the player's latest
 * week), set when the player was online for more than half of that hour. Alias detection's candidate funnel reads
 * them for every candidate (273 bytes each) to estimate the temporal non-overlap term before reading anyone's
 * intervals (docs/decisions/0018-similar-players-and-aliases.md, "Funnel").
 *
 * More than half an hour is what makes a shared bit a proof: two names with more than 30 minutes each in the same
 * hour were online together at least a minute, so one person can never share a bit with himself, not even in the
 * hour he changed names. Strangers who met for less than that share no bit; the funnel only ranks, and their
 * intervals, read for the answer, show the meeting.
 */

const HOURS_PER_WEEK = 7 * 24;
export const PRESENCE_HOURS = INTERVAL_WEEKS * HOURS_PER_WEEK;
const PRESENCE_BYTES = PRESENCE_HOURS / 8;
/** A bit stands for more than half an hour online: about 45 minutes on average. */
const MINUTES_PER_BIT = 45;

/** The window's first clock hour (hours since 1970) for a player whose latest week is `lastWeek`. */
function firstHourOf(lastWeek: number): number {
  return firstMinuteOfWeek(lastWeek - INTERVAL_WEEKS + 1) / 60;
}

/** The presence bits of merged, sorted intervals (whole minutes) in the window ending with `lastWeek`. */
export function presenceHoursOf(intervals: PackedIntervals, lastWeek: number): Uint8Array {
  const bits = new Uint8Array(PRESENCE_BYTES);
  const firstHour = firstHourOf(lastWeek);
  for (const [hour, minutes] of minutesPerHour(intervals)) {
    const index = hour - firstHour;
    if (minutes > 30 && index >= 0 && index < PRESENCE_HOURS) bits[index >> 3]! |= 1 << (index & 7);
  }
  return bits;
}

export interface PresenceHours {
  lastWeek: number;
  presence: Uint8Array;
}

/** The absolute clock hours of a player's set bits: the side a funnel walks, once per answer. */
export function presentHoursOf({ lastWeek, presence }: PresenceHours): number[] {
  const firstHour = firstHourOf(lastWeek);
  const hours: number[] = [];
  presence.forEach((byte, index) => {
    for (let bit = 0; byte !== 0 && bit < 8; bit += 1) {
      if (byte & (1 << bit)) hours.push(firstHour + index * 8 + bit);
    }
  });
  return hours;
}

/**
 * Whether the candidate shares a presence hour with the target (its present hours): both were online more than half
 * of one clock hour, so they were online at the same minute, and are two people. Alias mode's funnel drops them
 * before it scores anyone (decision 0018, "Met names").
 */
export function sharesPresenceHour(targetHours: readonly number[], candidate: PresenceHours): boolean {
  const firstHour = firstHourOf(candidate.lastWeek);
  const bits = candidate.presence;
  for (const hour of targetHours) {
    const index = hour - firstHour;
    if (index >= 0 && index < PRESENCE_HOURS && (bits[index >> 3]! & (1 << (index & 7))) !== 0) return true;
  }
  return false;
}

/**
 * The funnel's estimate of the temporal non-overlap term between a target (its present hours) and a candidate:
 * 0 when they share an hour (they met), else 1 − e^(−E/30) with E the term's expected overlap counted on the bits
 * (each bit about 45 minutes; the same hour of the days within 3 days, as the term counts it).
 */
export function estimateNonOverlap(targetHours: readonly number[], candidate: PresenceHours): number {
  const firstHour = firstHourOf(candidate.lastWeek);
  const bits = candidate.presence;
  const present = (hour: number) => {
    const index = hour - firstHour;
    return index >= 0 && index < PRESENCE_HOURS && (bits[index >> 3]! & (1 << (index & 7))) !== 0;
  };
  let nearby = 0;
  for (const hour of targetHours) {
    if (present(hour)) return 0;
    for (let days = 1; days <= NEIGHBOURHOOD_DAYS; days += 1) {
      if (present(hour - 24 * days)) nearby += 1;
      if (present(hour + 24 * days)) nearby += 1;
    }
  }
  const expected = (nearby * MINUTES_PER_BIT * MINUTES_PER_BIT) / (60 * (2 * NEIGHBOURHOOD_DAYS + 1));
  return 1 - Math.exp(-expected / EXPECTED_OVERLAP_SCALE_MINUTES);
}
