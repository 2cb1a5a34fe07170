import type { LeaderboardEntry, LeaderboardSnapshot } from '@frontline/contract';
import { teamLabelFor } from '../../domain/team-labels.ts';
import type { Timeline, TimelinePoll } from '../../domain/timeline-codec.ts';

/**
 * A round's leaderboard as it stood at each poll, from its stored timeline (DESIGN: round reports read the
 * timeline; nothing per snapshot is stored). A snapshot lists everyone that poll saw on the server, with the
 * scoreboard's own figures: a player who left and rejoined shows what the game showed then.
 */

const MINUTE_MS = 60_000;

interface LeaderboardSnapshots {
  /** Null: one snapshot per poll; N: one per N minutes (see REPORT_MAX_POLL_SNAPSHOTS). */
  intervalMinutes: number | null;
  snapshots: LeaderboardSnapshot[];
}

/**
 * Every poll when there are at most `maxPollSnapshots`; otherwise the last poll of each N-minute span counted
 * from the first poll, N the fewest whole minutes that gives at most `maxPollSnapshots` spans. The last poll
 * always ends its span, so the final standings are always there.
 */
function pickSnapshotPolls(
  polls: readonly TimelinePoll[],
  maxPollSnapshots: number,
): { intervalMinutes: number | null; polls: TimelinePoll[] } {
  const first = polls[0];
  const last = polls.at(-1);
  if (!first || !last || polls.length <= maxPollSnapshots) return { intervalMinutes: null, polls: [...polls] };
  // With spans of N minutes from the first poll, polls fall into at most floor(span / N) + 1 of them.
  const intervalMinutes = Math.max(1, Math.ceil((last.at - first.at) / ((maxPollSnapshots - 1) * MINUTE_MS)));
  const spanMs = intervalMinutes * MINUTE_MS;
  const picked: TimelinePoll[] = [];
  polls.forEach((poll, index) => {
    const next = polls[index + 1];
    const endsSpan = !next || Math.floor((next.at - first.at) / spanMs) !== Math.floor((poll.at - first.at) / spanMs);
    if (endsSpan) picked.push(poll);
  });
  return { intervalMinutes, polls: picked };
}

type RankedFigures = Pick<LeaderboardEntry, 'playerName' | 'score' | 'kills' | 'deaths'>;

/**
 * Best first: score, then kills, then fewer deaths, then name (so equal lines always come in the same order). The
 * snapshots and the final standings rank with it.
 */
export function compareEntries(a: RankedFigures, b: RankedFigures): number {
  return (
    b.score - a.score ||
    b.kills - a.kills ||
    a.deaths - b.deaths ||
    (a.playerName < b.playerName ? -1 : a.playerName > b.playerName ? 1 : 0)
  );
}

function nameOf(names: readonly string[], player: number): string {
  const name = names[player];
  // The store writes a round's sessions with its polls, so this is a broken timeline, not a missing player.
  if (name === undefined) throw new Error(`timeline sample names player ${player} of ${names.length}`);
  return name;
}

export function buildLeaderboardSnapshots(
  timeline: Timeline,
  teamLabels: readonly [string, string],
  maxPollSnapshots: number,
): LeaderboardSnapshots {
  const { intervalMinutes, polls } = pickSnapshotPolls(timeline.polls, maxPollSnapshots);
  const snapshots: LeaderboardSnapshot[] = [];
  for (const poll of polls) {
    // A poll that saw nobody (everyone between maps, say) has no leaderboard to show.
    if (!poll.samples.length) continue;
    const entries = poll.samples
      .map((sample) => ({
        playerName: nameOf(timeline.names, sample.player),
        score: sample.score,
        kills: sample.kills,
        deaths: sample.deaths,
        ping: sample.ping,
        team: sample.team,
        teamLabel: teamLabelFor(sample.team, teamLabels),
      }))
      .sort(compareEntries)
      .map((entry, index) => ({ rank: index + 1, ...entry }));
    snapshots.push({ timestamp: new Date(poll.at).toISOString(), entries });
  }
  return { intervalMinutes, snapshots };
}
