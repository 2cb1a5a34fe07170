import type { LeaderboardEntry, RoundSummary, StandingEntry } from '@frontline/contract';
import { teamName } from './report-display.ts';

/**
 * The standings panel's figures (spec: site-statistics §3 "Standings (derived): per team teamName, totalKills,
 * totalScore, players (playerName, rank, score, kills, deaths)"; §2 "grouped per team with team kills (K) and
 * points (P); table rank (top 3 medals), player, PTS, K, D").
 */

/** A line of the panel: a poll's scoreboard line (live ladder), or a participant's final line (with `left`). */
export type StandingLine = LeaderboardEntry | StandingEntry;

export interface TeamStanding<Line extends StandingLine = StandingLine> {
  team: number;
  teamName: string;
  totalKills: number;
  totalScore: number;
  /** Best first (by the rank, which is over the whole round, so medals go to the top 3 overall). */
  players: Line[];
}

/**
 * One scoreboard split per team. Teams keep their side's order (1, 2, then any other index), not the order of
 * their points, so that the two tables do not swap places while the live ladder replays a close round. In the
 * final standings a team's kills and points are its players' session totals, leavers included (each player
 * counts on the team they were last seen on).
 */
export function teamStandings<Line extends StandingLine>(
  entries: readonly Line[],
  round: Pick<RoundSummary, 'team1Label' | 'team2Label'>,
): TeamStanding<Line>[] {
  const teams = new Map<number, TeamStanding<Line>>();
  for (const entry of entries) {
    let standing = teams.get(entry.team);
    if (!standing) {
      standing = {
        team: entry.team,
        teamName: teamName(entry.team, entry.teamLabel, round),
        totalKills: 0,
        totalScore: 0,
        players: [],
      };
      teams.set(entry.team, standing);
    }
    standing.totalKills += entry.kills;
    standing.totalScore += entry.score;
    standing.players.push(entry);
  }
  const sideOrder = (team: number) => (team === 1 || team === 2 ? team : Number.MAX_SAFE_INTEGER);
  return [...teams.values()]
    .sort((a, b) => sideOrder(a.team) - sideOrder(b.team) || a.team - b.team)
    .map((standing) => ({ ...standing, players: [...standing.players].sort((a, b) => a.rank - b.rank) }));
}
