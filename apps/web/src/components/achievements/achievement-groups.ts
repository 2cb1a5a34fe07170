import type { Achievement } from '@frontline/contract';
import { parseApiTimestamp } from '../../lib/format.ts';
import { gapLaterLabel } from '../../lib/time-gap.ts';
import { pluralNoun } from '../../lib/plural.ts';

/**
 * How lists of awards are arranged (spec: site-statistics §2 "Achievements": "Repeat achievements of the same id on
 * the same day merge into one card with count badge; count above 1 opens a history modal showing gaps ('N days
 * later', 'N hours later' from 2 hours); kill_streak_ ids open a streak-group modal; a single one opens a detail
 * modal"; "Streak modal: at most 12 records, newest start first, with a '+N more record(s)' note").
 */

export interface DayOptions {
  /** Tests pin a zone; the page uses the browser's, so a day is the visitor's calendar day. */
  timeZone?: string;
}

/**
 * The visitor's zone as the browser names it: the achievements page asks the server for cards of its calendar days
 * and groups the answer in the same zone.
 */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const dayKeyFormatters = new Map<string, Intl.DateTimeFormat>();

/** "2025-06-01": the calendar day of an instant in the zone (en-CA writes dates in ISO order). */
export function calendarDay(timestamp: string, { timeZone }: DayOptions = {}): string {
  const date = parseApiTimestamp(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let formatter = dayKeyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    dayKeyFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

export interface AchievementGroup<A extends Achievement = Achievement> {
  key: string;
  achievementId: string;
  /** The group's calendar day (calendarDay). */
  day: string;
  /** In the list's order (the page's: newest first). */
  items: A[];
  /** The first of `items`: the card shows it. */
  latest: A;
}

/**
 * One card per id and calendar day, in the order each card's first award appears in the list. Only the awards
 * given are merged: the achievements page's server sends whole cards (every award of the id that day, in the zone
 * it was asked for), so its cards hold the whole day; the profile's lists are the newest awards only.
 */
export function groupByIdAndDay<A extends Achievement>(
  items: readonly A[],
  options: DayOptions = {},
): AchievementGroup<A>[] {
  const groups = new Map<string, AchievementGroup<A>>();
  for (const item of items) {
    const day = calendarDay(item.achievedAt, options);
    const key = `${item.achievementId}|${day}`;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { key, achievementId: item.achievementId, day, items: [item], latest: item });
  }
  return [...groups.values()];
}

export const isKillStreakId = (achievementId: string): boolean => achievementId.startsWith('kill_streak_');

export type GroupModal = 'detail' | 'history' | 'streak-group';

/** Which modal a card opens: one award its detail; repeats their history, or for a streak the streak records. */
export function groupModalOf(group: Pick<AchievementGroup, 'achievementId' | 'items'>): GroupModal {
  if (group.items.length <= 1) return 'detail';
  return isKillStreakId(group.achievementId) ? 'streak-group' : 'history';
}

export type HistoryEntry<A> = { kind: 'award'; award: A } | { kind: 'gap'; label: string; key: string };

/**
 * The history modal's list: oldest first, so that each separator's 'later' reads true from top to bottom, with a
 * separator wherever the next award came 2 hours or more after the one above it.
 */
export function historyEntries<A extends Pick<Achievement, 'achievedAt'>>(awards: readonly A[]): HistoryEntry<A>[] {
  const oldestFirst = [...awards].sort(
    (a, b) => parseApiTimestamp(a.achievedAt).getTime() - parseApiTimestamp(b.achievedAt).getTime(),
  );
  return oldestFirst.flatMap((award, index): HistoryEntry<A>[] => {
    const previous = oldestFirst[index - 1];
    const label = previous
      ? gapLaterLabel(parseApiTimestamp(award.achievedAt).getTime() - parseApiTimestamp(previous.achievedAt).getTime())
      : null;
    const entry: HistoryEntry<A> = { kind: 'award', award };
    return label ? [{ kind: 'gap', label, key: `gap-${index}` }, entry] : [entry];
  });
}

/** §2 "Streak modal: at most 12 records"; §9 "streak modal 12 records". */
export const STREAK_MODAL_RECORDS = 12;

/** The records a streak modal lists, newest start first, and how many more there are. */
export function streakRecordsToShow<R>(
  records: readonly R[],
  startOf: (record: R) => string,
  limit: number = STREAK_MODAL_RECORDS,
): { shown: R[]; more: number } {
  const newestFirst = [...records].sort(
    (a, b) => parseApiTimestamp(startOf(b)).getTime() - parseApiTimestamp(startOf(a)).getTime(),
  );
  return { shown: newestFirst.slice(0, limit), more: Math.max(0, newestFirst.length - limit) };
}

/** §2 "'+N more record(s)'". */
export function moreRecordsNote(more: number): string {
  return `+${more} more ${pluralNoun(more, 'record')}`;
}
