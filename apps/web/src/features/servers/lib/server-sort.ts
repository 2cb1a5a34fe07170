import type { LiveServer } from '@frontline/contract';
import { serverClock } from '../../../lib/server-clock.ts';

/**
 * Sorting of the server table (spec: site-statistics §2 "Sortable keys: name, numPlayers, mapName,
 * gameType, roundTimeRemain, timezone"; §4 "Column sort: same column toggles; new column starts descending
 * for numPlayers, ascending otherwise"; "Refetch sorts by player count descending").
 */

export const SORT_KEYS = ['name', 'numPlayers', 'mapName', 'gameType', 'roundTimeRemain', 'timezone'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'numPlayers', direction: 'desc' };

export const SORT_LABELS: Record<SortKey, string> = {
  name: 'Server name',
  numPlayers: 'Players',
  mapName: 'Map',
  gameType: 'Game type',
  roundTimeRemain: 'Time remaining',
  timezone: 'Local time',
};

export function isSortKey(value: string): value is SortKey {
  return (SORT_KEYS as readonly string[]).includes(value);
}

/** The direction a column starts in when it becomes the sort column. */
export function initialDirection(key: SortKey): SortDirection {
  return key === 'numPlayers' ? 'desc' : 'asc';
}

/** A click on a column header: the same column flips, another column starts in its own direction. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: initialDirection(key) };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

// A sort value of null is "missing" (no clock, no zone): missing values go last in either direction, so
// flipping a column never floods its top with dashes.
type SortValue = string | number | null;

function sortValue(server: LiveServer, key: SortKey, now: Date): SortValue {
  switch (key) {
    case 'name':
      return server.name;
    case 'numPlayers':
      return server.numPlayers;
    case 'mapName':
      return server.mapName || null;
    case 'gameType':
      return server.gameType || null;
    case 'roundTimeRemain':
      return server.roundTimeRemain >= 0 ? server.roundTimeRemain : null;
    case 'timezone':
      // By the server's UTC offset now, so "local time" columns read in clock order (west to east).
      return serverClock(server.timezone, now)?.offsetMinutes ?? null;
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy. Ties fall back to the name (A→Z), then the address, so the order is stable between refreshes. */
export function sortServers(servers: readonly LiveServer[], sort: SortState, now: Date = new Date()): LiveServer[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  const keyed = servers.map((server) => ({ server, value: sortValue(server, sort.key, now) }));
  keyed.sort((left, right) => {
    if (left.value === null || right.value === null) {
      if (left.value !== right.value) return left.value === null ? 1 : -1;
    } else {
      const primary = compareValues(left.value, right.value) * factor;
      if (primary !== 0) return primary;
    }
    return (
      collator.compare(left.server.name, right.server.name) ||
      collator.compare(`${left.server.ip}:${left.server.port}`, `${right.server.ip}:${right.server.port}`)
    );
  });
  return keyed.map((item) => item.server);
}
