/**
 * The rules every search box on the site follows (player search in the header, Find Players, comparison
 * autocomplete, the dashboard's add modals). Both specs state them (§5 and §9), so they live in one place.
 */

/** Queries shorter than this (after trimming) are not sent; results are cleared instead. */
export const SEARCH_MIN_CHARS = 2;

/** A search is sent this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A results dropdown closes this long after its input loses focus, so a click on a result still lands. */
export const BLUR_CLOSE_MS = 200;

/** Search calls ask for this many results. */
export const SEARCH_PAGE_SIZE = 10;

/** Whether a query is long enough to search for. */
export function isSearchableQuery(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_CHARS;
}
