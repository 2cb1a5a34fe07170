/**
 * Every duration and play time Frontline shows is a whole number of minutes, rounded to the nearest, half a minute
 * up (docs/formulas.md, "Whole minutes"): a round of 19 m 30 s is 20 minutes, one of 19 m 29 s is 19, on every page
 * and in every filter that compares minutes. One function, so that server and web cannot round apart.
 */

const MINUTE_MS = 60_000;

/** Milliseconds as the whole minutes shown. */
export function wholeMinutes(ms: number): number {
  return Math.round(ms / MINUTE_MS);
}

/**
 * The exact minutes whose whole minutes lie within [min, max]: from `min` − ½ (included) to `max` + ½ (excluded),
 * after taking the filter's bounds to whole minutes (a minimum of 19.2 asks for 20 or more, a maximum of 20.7 for 20
 * or less). Undefined bounds stay open.
 */
export function exactMinutesShownWithin(
  min: number | undefined,
  max: number | undefined,
): { fromIncluded?: number; toExcluded?: number } {
  return {
    fromIncluded: min === undefined ? undefined : Math.ceil(min) - 0.5,
    toExcluded: max === undefined ? undefined : Math.floor(max) + 0.5,
  };
}
