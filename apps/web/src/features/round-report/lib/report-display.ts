import type { LeaderboardEntry, LeaderboardSnapshot, RoundReportResponse, RoundSummary } from '@frontline/contract';
import { PRODUCT_NAME } from '@frontline/contract';
import { formatDate, type DateFormatOptions } from '../../../lib/date-format.ts';
import { formatRoundTime, parseApiTimestamp } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { countOf } from '../../../lib/plural.ts';

/**
 * How the round report names its round (spec: site-statistics §2 "Round report": "team labels (default Team 1,
 * Team 2) and tickets for two-team rounds (shown only when both present and at least 0)"; "Document title '{map}
 * on {server} on {date} | team1 (tickets) vs team2 (tickets) - {product}'; description and social title
 * updated").
 */

const DEFAULT_TEAM_LABELS = ['Team 1', 'Team 2'] as const;

/** "omaha_beach" → "Omaha Beach": the title and the console's sentences have no CSS to capitalise them. */
export function mapTitle(mapName: string): string {
  return formatMapName(mapName).replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => `${space}${letter.toLocaleUpperCase()}`,
  );
}

/** A team's name: the label the feed gave it, else the round's label for its side, else 'Team N'. */
export function teamName(team: number, label: string, round: Pick<RoundSummary, 'team1Label' | 'team2Label'>): string {
  const own = label.trim();
  if (own) return own;
  if (team === 1) return round.team1Label.trim() || DEFAULT_TEAM_LABELS[0];
  if (team === 2) return round.team2Label.trim() || DEFAULT_TEAM_LABELS[1];
  return `Team ${team}`;
}

export interface Matchup {
  team1: string;
  team2: string;
  /** Both sides' tickets at the end, or null when either is missing or negative (the feed's "no tickets"). */
  tickets: readonly [number, number] | null;
}

function finalSnapshot(report: RoundReportResponse): LeaderboardSnapshot | undefined {
  return report.leaderboardSnapshots.at(-1);
}

/**
 * The "team1 vs team2" line, for two-team rounds only. A round counts as two-team when everyone on its final
 * scoreboard is on side 1 or 2 (the classic Battlefield sides); a co-op round, or one whose last poll still
 * shows unassigned players (team 0), has no matchup to state, and its standings show whatever teams it had.
 */
export function roundMatchup(report: RoundReportResponse): Matchup | null {
  const entries = finalSnapshot(report)?.entries ?? [];
  if (entries.some((entry) => entry.team !== 1 && entry.team !== 2)) return null;
  const { round } = report;
  const { tickets1, tickets2 } = round;
  return {
    team1: teamName(1, '', round),
    team2: teamName(2, '', round),
    tickets: tickets1 !== null && tickets2 !== null && tickets1 >= 0 && tickets2 >= 0 ? [tickets1, tickets2] : null,
  };
}

/** "Axis (30) vs Allies (10)"; without tickets the parentheses are left out: "Axis vs Allies". */
function formatMatchup(matchup: Matchup): string {
  const [tickets1, tickets2] = matchup.tickets ?? [];
  const side = (name: string, tickets: number | undefined) => (tickets === undefined ? name : `${name} (${tickets})`);
  return `${side(matchup.team1, tickets1)} vs ${side(matchup.team2, tickets2)}`;
}

/**
 * The document title. Spec: '{map} on {server} on {date} | team1 (tickets) vs team2 (tickets) - {product}'. The
 * product is joined with ' - ' as the spec writes it (not the ' | ' of the other pages' titles); a round without
 * tickets drops the ' (tickets)' parts, and a round that is not two-team drops the '| … vs …' part.
 */
export function reportTitle(report: RoundReportResponse, options: DateFormatOptions = {}): string {
  const { round } = report;
  const matchup = roundMatchup(report);
  const where = `${mapTitle(round.mapName)} on ${round.serverName} on ${formatDate(round.startTime, options)}`;
  return `${where}${matchup ? ` | ${formatMatchup(matchup)}` : ''} - ${PRODUCT_NAME}`;
}

/** The best line of a scoreboard (rank 1; the first line if ranks are missing). */
export function topEntry(entries: readonly LeaderboardEntry[]): LeaderboardEntry | undefined {
  return entries.find((entry) => entry.rank === 1) ?? entries[0];
}

/** The description and social-sharing text: what the round was, and who topped it. */
export function reportDescription(report: RoundReportResponse, options: DateFormatOptions = {}): string {
  const { round } = report;
  const players = `${countOf(round.participantCount, 'player')}`;
  const top = topEntry(finalSnapshot(report)?.entries ?? []);
  const topText = top
    ? ` ${displayPlayerName(top.playerName)} ${round.isActive ? 'leads' : 'topped the scoreboard'} with ${top.score} points.`
    : '';
  return (
    `Round report of ${mapTitle(round.mapName)} on ${round.serverName}, ${formatDate(round.startTime, options)}: ` +
    `${players}.${topText} Replay how the battle unfolded.`
  );
}

/** Milliseconds from the round's start to a snapshot; never negative (a poll is never before its round). */
export function offsetMs(roundStart: string, timestamp: string): number {
  const offset = parseApiTimestamp(timestamp).getTime() - parseApiTimestamp(roundStart).getTime();
  return Number.isFinite(offset) ? Math.max(0, offset) : 0;
}

/** A time into the round as the round clock shows it: '12:30', minutes not wrapped into hours ('75:00'). */
export function formatOffset(ms: number): string {
  return formatRoundTime(ms / 1000);
}
