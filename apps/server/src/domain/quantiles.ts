/**
 * The p-quantile (0..1) of ascending values by linear interpolation between the two nearest ranks, at index
 * p·(n−1): the definition the reference site uses (its busy levels, its median winner of a team victory), so
 * Frontline's figures agree with its figures. 0 for no values.
 */
export function quantileOfSorted(sortedValues: readonly number[], p: number): number {
  const count = sortedValues.length;
  if (count === 0) return 0;
  const index = p * (count - 1);
  const lower = Math.floor(index);
  const upper = Math.ceil(index);
  const lowerValue = sortedValues[lower] ?? 0;
  const upperValue = sortedValues[upper] ?? lowerValue;
  return lowerValue + (upperValue - lowerValue) * (index - lower);
}

/** The middle value, or the mean of the two middle values of an even count. */
export function medianOf(values: readonly number[]): number {
  return quantileOfSorted(
    values.toSorted((a, b) => a - b),
    0.5,
  );
}
