import type { RoundWithPlayers, Session } from '@frontline/contract';

/**
 * How the server sessions screen arranges a page of rounds (spec: site-statistics §2 Server sessions "Sessions
 * grouped by map then round ... Each round has a leaderboard with medals").
 */

export interface MapGroup {
  mapName: string;
  rounds: RoundWithPlayers[];
}

/**
 * One group per map, in the order the maps first appear in the page; each group's rounds keep the page's order
 * (its sort). So with the default sort the map of the latest round comes first.
 */
export function groupRoundsByMap(rounds: readonly RoundWithPlayers[]): MapGroup[] {
  const groups = new Map<string, MapGroup>();
  for (const round of rounds) {
    const group = groups.get(round.mapName);
    if (group) group.rounds.push(round);
    else groups.set(round.mapName, { mapName: round.mapName, rounds: [round] });
  }
  return [...groups.values()];
}

export interface LeaderboardRow {
  session: Session;
  /** 1-based place in the list as the API ordered it (best score first). */
  place: number;
  /** One of the players the screen is filtered by. */
  highlighted: boolean;
}

/** Rows shown before 'Show all': enough for the podium and the chase, short enough for ten rounds a page. */
const LEADERBOARD_PREVIEW_ROWS = 10;

export function leaderboardRows(players: readonly Session[], highlighted: readonly string[]): LeaderboardRow[] {
  const chosen = new Set(highlighted);
  return players.map((session, index) => ({ session, place: index + 1, highlighted: chosen.has(session.playerName) }));
}

/**
 * The collapsed leaderboard: the first `limit` rows, and after them any filtered-for player placed lower, so a
 * search for players always shows where they finished. `hidden` counts the rows left out.
 */
export function previewRows(
  rows: readonly LeaderboardRow[],
  limit: number = LEADERBOARD_PREVIEW_ROWS,
): { rows: LeaderboardRow[]; hidden: number } {
  const shown = rows.filter((row, index) => index < limit || row.highlighted);
  return { rows: shown, hidden: rows.length - shown.length };
}
