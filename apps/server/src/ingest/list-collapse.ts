/**
 * When is a game's server list, though the feed returned it without error, not to be believed? A list that is
 * suddenly empty, or that suddenly lost most of its servers, says the feed (or its master server) failed, not
 * that the servers did: taken as true, it emptied the browser at once and, five minutes later, closed every open
 * round as "server offline", to reopen each on the same map at the next good list. Such a list is a gap, like a
 * failed poll (decision 0003, "Gaps"), until it has lasted long enough to be the truth.
 */

/** An empty list is a gap only after a list of at least this many servers: one or two servers may all close. */
export const MIN_SERVERS_FOR_EMPTY_GAP = 3;
/** A list that shrank is judged only against a list of at least this many servers: in smaller games a few
 * servers going at once is ordinary. */
export const MIN_SERVERS_FOR_COLLAPSE = 8;
/**
 * Fewer than this share of the last good list's servers is a collapse. Servers come and go one by one; three in
 * four of a game's servers gone between two polls 30 s apart is the feed, not the servers.
 */
export const COLLAPSE_SHARE = 0.25;
/**
 * A collapse that lasts this long is accepted as the truth (servers really shut down). Longer than the 5-minute
 * server timeout, so that a feed outage of a few minutes closes nothing; the rounds of servers that really went
 * away still end where they were last seen, so waiting costs only the time their end is noticed.
 */
export const COLLAPSE_ACCEPTED_AFTER_MS = 10 * 60_000;

export type ListVerdict =
  /** An ordinary list: the tracker takes it, it becomes the reference. */
  | { kind: 'trusted' }
  /** A gap: the tracker sees a failed poll, the live list keeps the last good list, marked stale. */
  | { kind: 'collapsed'; reason: string; since: number }
  /** Collapsed for `COLLAPSE_ACCEPTED_AFTER_MS` or more: taken as the truth after all. */
  | { kind: 'accepted'; reason: string };

/**
 * Judges a complete list of `listed` servers polled at `at` (unix ms) against `reference`, the servers of the
 * last list taken as true, when a run of collapsed lists began at `collapsedSince` (undefined: none).
 */
export function judgeList(
  reference: number,
  listed: number,
  at: number,
  collapsedSince: number | undefined,
): ListVerdict {
  const collapse = describeCollapse(reference, listed);
  if (collapse === undefined) return { kind: 'trusted' };
  const since = collapsedSince ?? at;
  if (at - since >= COLLAPSE_ACCEPTED_AFTER_MS) {
    const minutes = Math.round((at - since) / 60_000);
    return { kind: 'accepted', reason: `${collapse} for ${minutes} min: taken as the game's list` };
  }
  return { kind: 'collapsed', reason: collapse, since };
}

function describeCollapse(reference: number, listed: number): string | undefined {
  if (listed === 0 && reference >= MIN_SERVERS_FOR_EMPTY_GAP) {
    return `the list is empty where the last good one had ${reference} servers`;
  }
  if (reference >= MIN_SERVERS_FOR_COLLAPSE && listed < reference * COLLAPSE_SHARE) {
    return `the list has ${listed} servers where the last good one had ${reference}`;
  }
  return undefined;
}
