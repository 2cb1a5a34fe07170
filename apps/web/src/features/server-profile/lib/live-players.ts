import type { LiveServerDetail } from '@frontline/contract';
import { displayPlayerName } from '../../../lib/player-name.ts';

/**
 * The live players panel of the server profile (spec: site-statistics §2 "Server profile": "one table per
 * team with header of team label and '{tickets} tickets'; columns PLAYER, SCORE, KILLS, DEATHS, PING (ms).
 * Default sort score descending; same header toggles; new column starts descending except name ascending";
 * §9 "Live table colours").
 */

export type LivePlayer = LiveServerDetail['players'][number];
export type LiveTeam = LiveServerDetail['teams'][number];

export const LIVE_SORT_KEYS = ['name', 'score', 'kills', 'deaths', 'ping'] as const;
export type LiveSortKey = (typeof LIVE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface LiveSortState {
  key: LiveSortKey;
  direction: SortDirection;
}

export const DEFAULT_LIVE_SORT: LiveSortState = { key: 'score', direction: 'desc' };

export const LIVE_COLUMN_LABELS: Record<LiveSortKey, string> = {
  name: 'Player',
  score: 'Score',
  kills: 'Kills',
  deaths: 'Deaths',
  ping: 'Ping (ms)',
};

/** The headers on a phone, in the site's short forms ("148 K · 227 D"). */
export const LIVE_COLUMN_SHORT_LABELS: Record<LiveSortKey, string> = {
  name: 'Player',
  score: 'Score',
  kills: 'K',
  deaths: 'D',
  ping: 'Ping',
};

function initialLiveDirection(key: LiveSortKey): SortDirection {
  return key === 'name' ? 'asc' : 'desc';
}

export function nextLiveSort(current: LiveSortState, key: LiveSortKey): LiveSortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: initialLiveDirection(key) };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * A sorted copy. Names sort as they are shown (a legacy-encoded name by its decoded letters). Ties fall back
 * to the name (A to Z) whatever the direction, so two players on the same score do not swap places at every
 * refresh of the live data.
 */
export function sortLivePlayers(players: readonly LivePlayer[], sort: LiveSortState): LivePlayer[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const shown = new Map(players.map((player) => [player, displayPlayerName(player.name)]));
  const byName = (a: LivePlayer, b: LivePlayer) => collator.compare(shown.get(a) ?? a.name, shown.get(b) ?? b.name);
  return [...players].sort((a, b) => {
    const primary = sort.key === 'name' ? byName(a, b) : a[sort.key] - b[sort.key];
    return primary * sign || byName(a, b);
  });
}

export interface TeamGroup {
  /** The team's index, or the player's team number when the server did not list that team. */
  index: number;
  label: string;
  tickets: number | null;
  players: LivePlayer[];
}

/**
 * One group per listed team, in team order, plus a group for players whose team the server did not list
 * (spectators, or a feed that omits teams), so nobody online is left out of the panel.
 */
export function groupPlayersByTeam(players: readonly LivePlayer[], teams: readonly LiveTeam[]): TeamGroup[] {
  const groups = new Map<number, TeamGroup>();
  for (const team of [...teams].sort((a, b) => a.index - b.index)) {
    groups.set(team.index, { index: team.index, label: team.label, tickets: team.tickets, players: [] });
  }
  for (const player of players) {
    let group = groups.get(player.team);
    if (!group) {
      group = { index: player.team, label: player.teamLabel || `Team ${player.team}`, tickets: null, players: [] };
      groups.set(player.team, group);
    }
    group.players.push(player);
  }
  // A listed team nobody is on still shows (its tickets matter); an unlisted empty one cannot exist.
  return [...groups.values()].sort((a, b) => a.index - b.index);
}

// ---------------------------------------------------------------------------------------------------------
// §9: "Live table colours: score at least 100 green, 50 blue, 25 orange; kills at least 30 red, 15 orange,
// 5 green; deaths at least 20 red, 10 orange, 5 green, else blue; ping at most 50 green, 100 blue, 150 orange,
// else red."

export type LiveTone = 'green' | 'blue' | 'orange' | 'red' | 'plain';

export function scoreTone(score: number): LiveTone {
  if (score >= 100) return 'green';
  if (score >= 50) return 'blue';
  if (score >= 25) return 'orange';
  return 'plain';
}

export function killsTone(kills: number): LiveTone {
  if (kills >= 30) return 'red';
  if (kills >= 15) return 'orange';
  if (kills >= 5) return 'green';
  return 'plain';
}

export function deathsTone(deaths: number): LiveTone {
  if (deaths >= 20) return 'red';
  if (deaths >= 10) return 'orange';
  if (deaths >= 5) return 'green';
  return 'blue';
}

export function pingTone(ping: number): LiveTone {
  if (ping <= 50) return 'green';
  if (ping <= 100) return 'blue';
  if (ping <= 150) return 'orange';
  return 'red';
}

/** The theme's tokens for each tone (orange is the theme's warning colour). */
export const LIVE_TONE_CLASSES: Record<LiveTone, string> = {
  green: 'text-good',
  blue: 'text-info',
  orange: 'text-warn',
  red: 'text-danger',
  plain: 'text-ink',
};
