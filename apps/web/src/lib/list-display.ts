/**
 * What the paged list screens (Find Players, rankings, session lists) share about showing a list.
 */

/**
 * The list on screen is the previous answer while the next one loads (TanStack Query's keepPreviousData), or
 * is being fetched again: the screen marks it as updating.
 */
export function isListUpdating(query: {
  isPlaceholderData: boolean;
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
}): boolean {
  return query.isPlaceholderData || (query.isFetching && !query.isPending && !query.isError);
}

/** The pager sits under its list: after a page change the new page is read from the list's top. */
export function showListTop(list: HTMLElement | null): void {
  if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
}
