/**
 * How a team is named: the collector labels each session and round with it, and the round report labels its
 * snapshots and standings with it, so a player's team reads the same everywhere.
 */

/** A round's two team labels when the feed names neither. */
export const DEFAULT_TEAM_LABELS = ['Team 1', 'Team 2'] as const;

/** The label of team index `team` (1 and 2 are the round's two teams, labelled `labels`). */
export function teamLabelFor(team: number, labels: readonly [string, string]): string {
  if (team === 1) return labels[0];
  if (team === 2) return labels[1];
  return `Team ${team}`;
}
