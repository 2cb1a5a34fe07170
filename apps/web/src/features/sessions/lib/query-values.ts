import { DEFAULT_SESSIONS_PAGE_SIZE, SESSIONS_PAGE_SIZES } from '@frontline/contract';

/**
 * The URL values both session screens share (spec: site-statistics §5 "Sessions query: sortOrder asc or desc;
 * page positive integer; pageSize 10, 20 or 50. Blank filter values omitted"; §9 "sessions default 10"). A
 * missing or invalid value reads as its default, never as an error: URLs are typed and shared by people.
 */

export type SessionsPageSize = (typeof SESSIONS_PAGE_SIZES)[number];
export type SortOrder = 'asc' | 'desc';

/** The server refuses pages beyond this; a URL asking for more is read as page 1. */
export const MAX_PAGE = 100_000;
/** Filter texts (map, server, game type) are cut to this length, as the other screens' filters are. */
export const MAX_FILTER_LENGTH = 100;

export function parsePage(text: string | null): number {
  if (text === null || !/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function parsePageSize(text: string | null): SessionsPageSize {
  return SESSIONS_PAGE_SIZES.find((size) => String(size) === text) ?? DEFAULT_SESSIONS_PAGE_SIZE;
}

export function isSessionsPageSize(value: number): value is SessionsPageSize {
  return (SESSIONS_PAGE_SIZES as readonly number[]).includes(value);
}

/** A map, server or game type filter: trimmed, '' for none (§5 "Blank filter values omitted"). */
export function normaliseFilterText(text: string | null | undefined): string {
  return (text ?? '').trim().slice(0, MAX_FILTER_LENGTH).trim();
}
