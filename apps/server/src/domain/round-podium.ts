/**
 * A closed round's podium, one rule for the servers' placement counts (round-aggregates.ts) and the placement
 * achievements (achievements/placements.ts): the sessions with a score above 0, ranked by score, then kills, then
 * fewer deaths, then name (compared as SQLite orders text: by UTF-8 bytes, which is by code point; JavaScript's <
 * compares UTF-16 units); the first three get first, second and third place. A round where nobody scored has none.
 */

export interface PodiumEntry {
  playerName: string;
  score: number;
  kills: number;
  deaths: number;
}

export const PODIUM_PLACES = 3;

const compareAsSqliteText = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The podium's entries, first place first. */
export function podiumOf<Entry extends PodiumEntry>(entries: readonly Entry[]): Entry[] {
  return entries
    .filter((entry) => entry.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.kills - a.kills ||
        a.deaths - b.deaths ||
        compareAsSqliteText(a.playerName, b.playerName),
    )
    .slice(0, PODIUM_PLACES);
}
