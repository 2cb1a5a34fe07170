import { ACHIEVEMENT_PAGE_SIZES, DEFAULT_ACHIEVEMENT_PAGE_SIZE } from '@frontline/contract';
import type { QueryValue } from '../../../lib/api-client.ts';

/**
 * What /players/{playerName}/achievements shows, as kept in its URL query (spec: site-statistics §2 "query map,
 * achievement, page, pageSize"; §4 "changing either filter resets to page 1 and refetches; URL query synced by
 * replacing history"; §5 "page positive integer; pageSize only 25, 50 or 100; map and achievement strings"; §9
 * "achievements default 50"). A missing or invalid value reads as its default; defaults are left out of the URL.
 */

export type AchievementsPageSize = (typeof ACHIEVEMENT_PAGE_SIZES)[number];

export interface AchievementsFilters {
  /** Exact map name; '' for every map. */
  map: string;
  /** Exact achievement id; '' for every achievement. */
  achievement: string;
}

export interface AchievementsQuery extends AchievementsFilters {
  page: number;
  pageSize: AchievementsPageSize;
}

/** The server refuses longer filter texts (contract: max 100). */
const MAX_FILTER_LENGTH = 100;
const MAX_PAGE = 100_000;

function filterText(text: string | null | undefined): string {
  return (text ?? '').trim().slice(0, MAX_FILTER_LENGTH).trim();
}

function parsePage(text: string | null): number {
  if (text === null || !/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function isAchievementsPageSize(value: number): value is AchievementsPageSize {
  return (ACHIEVEMENT_PAGE_SIZES as readonly number[]).includes(value);
}

function parsePageSize(text: string | null): AchievementsPageSize {
  return ACHIEVEMENT_PAGE_SIZES.find((size) => String(size) === text) ?? DEFAULT_ACHIEVEMENT_PAGE_SIZE;
}

export function parseAchievementsQuery(params: URLSearchParams): AchievementsQuery {
  return {
    map: filterText(params.get('map')),
    achievement: filterText(params.get('achievement')),
    page: parsePage(params.get('page')),
    pageSize: parsePageSize(params.get('pageSize')),
  };
}

export function achievementsQueryParams(query: AchievementsQuery): URLSearchParams {
  const params = new URLSearchParams();
  const map = filterText(query.map);
  const achievement = filterText(query.achievement);
  if (map) params.set('map', map);
  if (achievement) params.set('achievement', achievement);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_ACHIEVEMENT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/**
 * §7: the page always asks newest first; blank filters are not sent. `pageSize` cards of one id and one calendar
 * day of `timeZone` (the visitor's), each with every award of that day (docs/formulas.md, "Achievements page").
 */
export function achievementsApiQuery(
  playerName: string,
  query: AchievementsQuery,
  timeZone: string,
): Record<string, QueryValue> {
  return {
    playerName,
    page: query.page,
    pageSize: query.pageSize,
    sortBy: 'AchievedAt',
    sortOrder: 'desc',
    mapName: filterText(query.map) || undefined,
    achievementId: filterText(query.achievement) || undefined,
    timeZone,
  };
}

/** A changed filter is a new list: it starts from its first page (§4). */
export function withAchievementFilters(
  query: AchievementsQuery,
  change: Partial<AchievementsFilters>,
): AchievementsQuery {
  return {
    ...query,
    map: filterText(change.map ?? query.map),
    achievement: filterText(change.achievement ?? query.achievement),
    page: 1,
  };
}

export function withAchievementsPageSize(query: AchievementsQuery, pageSize: AchievementsPageSize): AchievementsQuery {
  return { ...query, pageSize, page: 1 };
}

export const hasAchievementFilters = (query: AchievementsFilters): boolean =>
  query.map !== '' || query.achievement !== '';

/** §9 "Pagination window 5 (achievements: current plus or minus 2)". */
export const ACHIEVEMENTS_PAGINATION_WINDOW = 5;
