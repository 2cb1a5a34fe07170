import {
  countersReset,
  countersWithinLimits,
  plausibleMove,
  ZERO_COUNTERS,
  type Counters,
} from '../../domain/player-counters.ts';
import type { ServerSnapshot, SnapshotPlayer } from '../../domain/snapshot.ts';
import { matchEntries, type EntryState } from './name-entries.ts';
import {
  hasPlayed,
  mostScoresReset,
  outlivedTimeLimit,
  ticketsJumpedUp,
  timeRemainJumpedUp,
} from './round-boundaries.ts';
import { ticketsOf, type Roster } from './server-poll.ts';

/**
 * How one poll of a server is judged against the last poll of it that the tracker believed (decision 0003, "Rounds"
 * and "Glitches"): does it show the round ending, and does it show anything that only a later poll may confirm?
 * Pure functions of the two polls.
 */

/** What a server showed at the last poll the tracker believed of it. */
export interface BelievedPoll {
  at: number;
  mapName: string;
  tickets1: number | null;
  tickets2: number | null;
  roundTimeRemain: number | null;
  /** When the round it showed began (a round cannot outlive the server's time limit). */
  roundStart: number;
  /** The stays a name showed at that poll (the session's own first), or undefined when it was not listed then. */
  staysOf: (name: string) => readonly EntryState[] | undefined;
}

export type RoundEnd = 'map_change' | 'restart';

/**
 * What a poll would do that one poll's word is not enough for: end the round, start a name's stay again while its
 * player was on the scoreboard the poll before (a split), or move a stay's counters further than play can between
 * the two polls.
 */
export type UnconfirmedChange = RoundEnd | 'stay_reset' | 'implausible_counters';

/** A held server poll's own view, for judging the poll after it against it. */
export function believedPollOf(snapshot: ServerSnapshot, roster: Roster, at: number, roundStart: number): BelievedPoll {
  return {
    at,
    mapName: snapshot.mapName,
    tickets1: ticketsOf(snapshot, 1),
    tickets2: ticketsOf(snapshot, 2),
    roundTimeRemain: snapshot.roundTimeRemain,
    roundStart,
    staysOf: (name) => roster.byName.get(name),
  };
}

/**
 * What this poll would change that needs the next poll's confirmation, if anything (decision 0003, "Glitches"): the
 * round ended (another map, or the same map restarted: tickets back up, the clock back up, the players' counters
 * reset together; where the feed shows neither tickets nor a clock, the round outliving the time limit with nobody
 * present who could show a reset), else a name's stay started again or moved beyond play. Counters outside the
 * limits show nothing. One pass over the names: this runs for every server of every poll.
 */
export function unconfirmedChange(
  before: BelievedPoll,
  snapshot: ServerSnapshot,
  roster: Roster,
  at: number,
): UnconfirmedChange | undefined {
  if (before.mapName !== snapshot.mapName) return 'map_change';
  const elapsedMs = at - before.at;
  const scorePairs: { previous: Counters; current: Counters }[] = [];
  // Whether anyone present had played at the previous poll, so could show a reset (a shared name included).
  let resetVisible = false;
  let stayChanged: UnconfirmedChange | undefined;
  for (const [name, entries] of roster.byName) {
    const stays = before.staysOf(name);
    const player = entries[0];
    if (!player || !stays) continue;
    resetVisible ||= stays.some(hasPlayed);
    stayChanged ??= stayChange(stays, entries, elapsedMs);
    // Only one person's name is comparable: two people's entries cannot be paired up reliably.
    if (entries.length > 1 || stays.length > 1) continue;
    const own = stays[0] as EntryState;
    if (countersWithinLimits(player) && countersWithinLimits(own)) scorePairs.push({ previous: own, current: player });
  }
  const current = { tickets1: ticketsOf(snapshot, 1), tickets2: ticketsOf(snapshot, 2) };
  // Without tickets or a clock in the feed (FH2), counters are the only sign of a restart: one player will do.
  const noRoundState = current.tickets1 === null && snapshot.roundTimeRemain === null;
  const restarted =
    ticketsJumpedUp(before, current) ||
    timeRemainJumpedUp(before.roundTimeRemain, snapshot.roundTimeRemain, elapsedMs / 1000) ||
    mostScoresReset(scorePairs, noRoundState ? 1 : 2) ||
    (noRoundState && !resetVisible && outlivedTimeLimit(before.roundStart, at, snapshot.roundTimeLimit));
  return restarted ? 'restart' : stayChanged;
}

/** Whether a name's entries move its stays as play can, or show a stay started again while its player was there. */
function stayChange(
  stays: readonly EntryState[],
  entries: readonly SnapshotPlayer[],
  elapsedMs: number,
): 'stay_reset' | 'implausible_counters' | undefined {
  if (stays.length === 1 && entries.length === 1) {
    // Most names: one stay, one entry.
    const stay = stays[0] as EntryState;
    const entry = entries[0] as SnapshotPlayer;
    if (!countersWithinLimits(stay) || !countersWithinLimits(entry)) return undefined;
    if (!countersReset(stay, entry)) return plausibleMove(stay, entry, elapsedMs) ? undefined : 'implausible_counters';
    return plausibleMove(ZERO_COUNTERS, entry, elapsedMs) ? 'stay_reset' : 'implausible_counters';
  }
  // Counters outside the limits are unknown (never credited): they move nothing, so they show nothing either.
  const from = stays.filter(countersWithinLimits);
  const to = entries.filter(countersWithinLimits);
  if (from.length === 0 || to.length === 0) return undefined;
  const matches = matchEntries(from, to, false);
  let continued = 0;
  let started = 0;
  for (let index = 0; index < to.length; index += 1) {
    const entry = to[index] as SnapshotPlayer;
    const stay = from[matches[index] ?? -1];
    if (stay) {
      continued += 1;
      if (!plausibleMove(stay, entry, elapsedMs)) return 'implausible_counters';
    } else {
      started += 1;
      if (!plausibleMove(ZERO_COUNTERS, entry, elapsedMs)) return 'implausible_counters';
    }
  }
  // A stay ended and another began under the name between two polls that both listed it: a reset (or a rejoin
  // faster than a poll). A second person taking the name while the first stays is no split.
  return started > 0 && continued < from.length ? 'stay_reset' : undefined;
}

/**
 * Did most names of this poll that had one stay at the believed poll show lower kills or score than then, as after a
 * restart or a rejoin, whose new counters start again from zero? Each such fall alone could be a team-kill penalty;
 * most players' at once is not. Decides between a held poll and the round before it when the next poll follows
 * from both.
 */
export function mostCountersFell(before: BelievedPoll, roster: Roster): boolean {
  let comparable = 0;
  let fell = 0;
  for (const [name, entries] of roster.byName) {
    const stays = before.staysOf(name);
    if (!stays || stays.length !== 1 || entries.length !== 1) continue;
    const stay = stays[0] as EntryState;
    const entry = entries[0] as SnapshotPlayer;
    if (!countersWithinLimits(stay) || !countersWithinLimits(entry) || !hasPlayed(stay)) continue;
    comparable += 1;
    if (entry.kills < stay.kills || entry.score < stay.score) fell += 1;
  }
  return fell > 0 && fell > comparable / 2;
}
