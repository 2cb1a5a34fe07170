const isoCache = new Map<number, string>();

/**
 * ISO text of a time (unix ms), as the store writes times; cached because one poll writes the same few times into
 * thousands of rows, and a closed round's pings the same few hours.
 */
export function isoTime(ms: number): string {
  let text = isoCache.get(ms);
  if (text === undefined) {
    if (isoCache.size > 10_000) isoCache.clear();
    text = new Date(ms).toISOString();
    isoCache.set(ms, text);
  }
  return text;
}
