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

/** The start of the `minutes`-long UTC slot (5-minute bucket, hour, day) a time falls in, unix ms. */
export function floorTo(ms: number, minutes: number): number {
  const size = minutes * 60_000;
  return Math.floor(ms / size) * size;
}
