/** Nearest rank: the smallest value with at least `share` of the values at or below it (0 when empty). */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1] ?? 0;
}
