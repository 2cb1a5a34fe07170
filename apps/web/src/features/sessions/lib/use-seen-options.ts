import { useState } from 'react';

/**
 * A filter's choices (spec: site-statistics §2 Server sessions "Filters for map, server, game type (options
 * from loaded items)"): every value seen in the pages loaded so far, plus the one chosen, sorted. They
 * accumulate, so choosing a map does not shrink the map list to that one map.
 */
export function useSeenOptions(values: readonly string[]): string[] {
  const [seen, setSeen] = useState<string[]>(() => mergeOptions([], values));
  const merged = mergeOptions(seen, values);
  // Stored during render (React's pattern for state derived from earlier renders): no extra paint.
  if (merged !== seen) setSeen(merged);
  return merged;
}

/** `known` itself when `values` adds nothing to it, else a new sorted list; blank values are not choices. */
export function mergeOptions(known: string[], values: readonly string[]): string[] {
  const added = values.filter((value) => value !== '' && !known.includes(value));
  if (added.length === 0) return known;
  return [...new Set([...known, ...added])].sort((a, b) => a.localeCompare(b));
}
