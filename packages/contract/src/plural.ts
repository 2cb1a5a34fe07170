/**
 * How a count is written with its noun, on every screen and in the API's own sentences: "1 death", "2 deaths",
 * "1,234 kills", never "1 deaths" nor "server(s)". One helper for the whole site, so the same count reads the same
 * way everywhere. (No zod here: the web app imports it.)
 */

// Counts are whole; a fraction given (an average) keeps up to two decimals rather than being rounded out of sight.
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The noun alone, for a count shown apart (a styled figure beside its word): "death" for 1, else "deaths". The plural
 * is the singular with an "s" unless given ("buddy" → "buddies"). Only exactly 1 takes the singular: "0 deaths",
 * "1.5 hours".
 */
export function pluralNoun(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** "1 death", "2 deaths", "1,234 kills": the count (grouped by thousands) and its noun. */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${countFormat.format(count)} ${pluralNoun(count, singular, plural)}`;
}
