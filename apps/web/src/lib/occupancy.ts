/**
 * How busy a server is as a state and a colour (spec: site-statistics §9 and site-account §9 "Occupancy
 * colours: 90%+ red, 70%+ orange, 30%+ green, else grey; badge states offline (max 0), empty, full, hot
 * (75%+), active (50%+), low"). The server browser's bar uses the fill-ratio scale; these are for the
 * player count, and for the dashboard's and social panel's server cards.
 */

export type OccupancyState = 'offline' | 'empty' | 'full' | 'hot' | 'active' | 'low';

const OCCUPANCY_RED = 0.9;
const OCCUPANCY_ORANGE = 0.7;
const OCCUPANCY_GREEN = 0.3;
const OCCUPANCY_HOT = 0.75;
const OCCUPANCY_ACTIVE = 0.5;

export function occupancyState(players: number, maxPlayers: number): OccupancyState {
  if (!(maxPlayers > 0)) return 'offline';
  if (!(players > 0)) return 'empty';
  const ratio = players / maxPlayers;
  if (ratio >= 1) return 'full';
  if (ratio >= OCCUPANCY_HOT) return 'hot';
  if (ratio >= OCCUPANCY_ACTIVE) return 'active';
  return 'low';
}

/** A text colour class for the occupancy (red, orange, green or grey). */
export function occupancyColourClass(players: number, maxPlayers: number): string {
  const ratio = maxPlayers > 0 && players > 0 ? players / maxPlayers : 0;
  if (ratio >= OCCUPANCY_RED) return 'text-danger';
  if (ratio >= OCCUPANCY_ORANGE) return 'text-warn';
  if (ratio >= OCCUPANCY_GREEN) return 'text-good';
  return 'text-faint';
}

export const OCCUPANCY_LABELS: Record<OccupancyState, string> = {
  offline: 'Offline',
  empty: 'Empty',
  full: 'Full',
  hot: 'Hot',
  active: 'Active',
  low: 'Low',
};
