import { displayPlayerName } from '../../../lib/player-name.ts';

/**
 * Which players the report marks: the highlighted ones named by the link (spec: site-statistics §2 route table
 * "/rounds/{roundId}/report (query players, comma-separated names to highlight)") and the one the visitor tracks
 * in the console's Track field (§2 "Track field (Player name...) highlighting a player's events and dimming
 * others").
 */

/** The `players` query: names split on commas, trimmed, blanks and repeats dropped. */
export function parseHighlightedPlayers(value: string | null): string[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return [...new Set(names)];
}

/**
 * The round's players the link highlights. Links carry the stored names; case is forgiven for hand-typed URLs.
 * Returns raw names of the round, so the console and the standings compare names as the API sends them.
 */
export function highlightedInRound(highlighted: readonly string[], roundPlayers: Iterable<string>): Set<string> {
  const wanted = new Set(highlighted.map((name) => name.toLocaleLowerCase()));
  const matched = new Set<string>();
  for (const name of roundPlayers) if (wanted.has(name.toLocaleLowerCase())) matched.add(name);
  return matched;
}

/**
 * The round's players the Track field means: those whose name (as stored or as shown) is exactly the text
 * typed, case aside; when none is, every name that contains it. So clicking 'Bob' in the standings tracks Bob
 * alone, not Bobby too, while typing 'sniper' follows every sniper of the round.
 */
export function trackedInRound(query: string, roundPlayers: Iterable<string>): Set<string> {
  const text = query.trim().toLocaleLowerCase();
  if (!text) return new Set();
  const keyed = [...new Set(roundPlayers)].map((name) => ({
    name,
    keys: [name.toLocaleLowerCase(), displayPlayerName(name).toLocaleLowerCase()],
  }));
  const exact = keyed.filter(({ keys }) => keys.includes(text));
  const matched = exact.length > 0 ? exact : keyed.filter(({ keys }) => keys.some((key) => key.includes(text)));
  return new Set(matched.map(({ name }) => name));
}

/** Everyone any snapshot of the round listed, in order of first appearance. */
export function roundPlayerNames(snapshots: readonly { entries: readonly { playerName: string }[] }[]): string[] {
  const names = new Set<string>();
  for (const snapshot of snapshots) for (const entry of snapshot.entries) names.add(entry.playerName);
  return [...names];
}
