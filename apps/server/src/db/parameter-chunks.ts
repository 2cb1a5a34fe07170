/** Keeps each statement's parameter count far below SQLite's limit, however many servers a list holds. */
export const IDS_PER_QUERY = 500;

/** `ids` in consecutive slices of at most `size`, one statement each. */
export function* parameterChunks<T>(ids: readonly T[], size: number = IDS_PER_QUERY): Generator<T[]> {
  for (let start = 0; start < ids.length; start += size) yield ids.slice(start, start + size);
}
