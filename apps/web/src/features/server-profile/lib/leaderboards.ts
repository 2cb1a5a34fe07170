import {
  DEFAULT_MIN_PLAYERS_FOR_WEIGHTING,
  MIN_PLAYERS_FOR_WEIGHTING_OPTIONS,
  type LeaderboardPeriod,
  type PlacementStanding,
  type ServerAddress,
  type ServerLeaderboard,
} from '@frontline/contract';
import { formatDate } from '../../../lib/date-format.ts';
import { utcDaysRule } from '../../../lib/utc-days.ts';
import { countOf } from '../../../lib/plural.ts';

/**
 * The 'Player Statistics & Rankings' section (spec: site-statistics §4 "Leaderboards tab: week (default),
 * month, alltime. Placement view: High-Stakes (weighted, default) or All Rounds; weighted falls back to
 * unweighted when absent; section appears only when any placement data exists. Minimum players select
 * refetches details."; §8 "'No placement standings available', 'No {placement title} data available' (hints
 * to lower minimum players or switch to All Rounds)"; §9 "Min players for weighting default 15; options 10,
 * 15, 20, 25, 30").
 */

export const DEFAULT_LEADERBOARD_PERIOD: LeaderboardPeriod = 'Week';

export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  Week: 'Week',
  Month: 'Month',
  AllTime: 'All Time',
};

/** Whole UTC days each period covers, today included (the ONE WEEK rule); null: all time. */
const LEADERBOARD_PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { Week: 7, Month: 30, AllTime: null };

/**
 * What a period's boards count, in words, with its dates in UTC: "Week: today and the 6 days before, UTC
 * (5 Jan – 11 Jan 2026)"; all time from the first round Frontline saw. A round counts on the day it ended.
 */
export function leaderboardPeriodRule(board: Pick<ServerLeaderboard, 'period' | 'startPeriod' | 'endPeriod'>): string {
  const utc = { timeZone: 'UTC' } as const;
  const days = LEADERBOARD_PERIOD_DAYS[board.period];
  const label = LEADERBOARD_PERIOD_LABELS[board.period];
  if (days === null) return `${label}: every closed round since ${formatDate(board.startPeriod, utc)}`;
  return `${label}: ${utcDaysRule(days)} (${formatDate(board.startPeriod, utc)} – ${formatDate(board.endPeriod, utc)})`;
}

/** Who may be on the K/D and kill-rate boards: "At least 3 rounds and 30 min in the week". */
export function ratioBoardRule(
  board: Pick<ServerLeaderboard, 'period' | 'minRoundsForRatios' | 'minMinutesForRatios'>,
): string {
  const rounds = `${countOf(board.minRoundsForRatios, 'round')}`;
  const within = board.period === 'AllTime' ? 'in all' : `in the ${board.period === 'Week' ? 'week' : 'month'}`;
  return `At least ${rounds} and ${board.minMinutesForRatios} min ${within}`;
}

/**
 * The note of a server whose name moved between addresses (servers sharing a name): its history is every
 * address's; null with one address.
 */
export function combinedAddressesNote(addresses: readonly ServerAddress[]): string | null {
  if (addresses.length < 2) return null;
  const [, ...older] = addresses;
  const list = older.map((address) => `${address.ip}:${address.port}`).join(', ');
  return `This server has used ${addresses.length} addresses under this name. Its boards, rankings and activity combine them all (earlier: ${list}); the address, map and players shown are the newest address's.`;
}

export type PlacementView = 'weighted' | 'all';
export const DEFAULT_PLACEMENT_VIEW: PlacementView = 'weighted';

export const PLACEMENT_VIEW_TITLES: Record<PlacementView, string> = {
  weighted: 'High-Stakes',
  all: 'All Rounds',
};

export const MIN_PLAYERS_OPTIONS = MIN_PLAYERS_FOR_WEIGHTING_OPTIONS;
export const DEFAULT_MIN_PLAYERS: MinPlayersOption = DEFAULT_MIN_PLAYERS_FOR_WEIGHTING;

export type MinPlayersOption = (typeof MIN_PLAYERS_OPTIONS)[number];

export function isMinPlayersOption(value: number): value is MinPlayersOption {
  return (MIN_PLAYERS_OPTIONS as readonly number[]).includes(value);
}

export const NO_PLACEMENTS_TEXT = 'No placement standings available';

export function noPlacementDataText(view: PlacementView): string {
  return `No ${PLACEMENT_VIEW_TITLES[view]} data available`;
}

export const PLACEMENT_EMPTY_HINT =
  'Try a lower minimum of players, or switch to All Rounds to count every round regardless of its size.';

/** The board of `period`, if the answer has one. */
export function findLeaderboard(
  leaderboards: readonly ServerLeaderboard[],
  period: LeaderboardPeriod,
): ServerLeaderboard | undefined {
  return leaderboards.find((board) => board.period === period);
}

/**
 * A board as it may arrive: older or partial answers can lack the weighted standings, which is what
 * "absent" means in the fallback rule (an empty list is an answer: no round had enough players).
 */
type BoardPlacements = Pick<ServerLeaderboard, 'topPlacements'> & {
  weightedTopPlacements?: ServerLeaderboard['weightedTopPlacements'] | null;
};

function hasAnyPlacements(board: BoardPlacements): boolean {
  return board.topPlacements.length > 0 || (board.weightedTopPlacements?.length ?? 0) > 0;
}

/** The placement part of the section is shown only when some period has standings. */
export function hasPlacementData(leaderboards: readonly BoardPlacements[]): boolean {
  return leaderboards.some(hasAnyPlacements);
}

export type PlacementRows =
  | { kind: 'rows'; rows: readonly PlacementStanding[]; fellBack: boolean }
  /** This period has no standings at all. */
  | { kind: 'none' }
  /** This view has none, though the other has: the hint says how to widen it. */
  | { kind: 'empty-view' };

export function resolvePlacementRows(board: BoardPlacements | undefined, view: PlacementView): PlacementRows {
  if (!board || !hasAnyPlacements(board)) return { kind: 'none' };
  if (view === 'all') {
    return board.topPlacements.length > 0
      ? { kind: 'rows', rows: board.topPlacements, fellBack: false }
      : { kind: 'empty-view' };
  }
  const weighted = board.weightedTopPlacements;
  if (weighted === undefined || weighted === null) return { kind: 'rows', rows: board.topPlacements, fellBack: true };
  return weighted.length > 0 ? { kind: 'rows', rows: weighted, fellBack: false } : { kind: 'empty-view' };
}
