import { countersReset, type Counters } from '../../domain/player-counters.ts';

/**
 * A name's entries on one server's scoreboard, followed from poll to poll.
 *
 * The feed identifies nobody: a name is all it gives, and a name can be worn by two people at once, or come back
 * after its wearer dropped out. Each entry is therefore followed on its own, by continuity of its counters, as
 * one stay ("stint") of one person; a name's session adds up its stints. Two people sharing a name give two
 * stints whose totals add up (never one person's counters read as the other's), and a rejoin starts a new stint.
 */

/** One entry's counters and side, as last seen. */
export interface EntryState extends Counters {
  team: number;
}

/**
 * Could `current` be the same stay as `previous`, seen at the poll just before? Deaths never go down within a
 * stay, and kills and score only by penalties (round-boundaries.ts countersReset).
 */
function continuesStay(previous: Counters, current: Counters): boolean {
  return !countersReset(previous, current);
}

/**
 * Could `current` be the stay last seen as `previous`, after the name was missing from at least one poll in
 * between? The only way off a scoreboard is to leave, and a player who comes back starts from zero, so a return
 * is a new stay unless it cannot be one: all counters at least where they were, with kills or deaths already
 * made (counters of a fresh stay could match points alone, never those). A feed that drops an entry for a poll
 * then gives the stay back whole instead of counting it twice.
 */
function resumesStay(previous: Counters, current: Counters): boolean {
  return (
    (previous.kills > 0 || previous.deaths > 0) &&
    current.deaths >= previous.deaths &&
    current.kills >= previous.kills &&
    current.score >= previous.score
  );
}

/** Above this many entries of one name, matching is greedy instead of exhaustive (it never happens in play). */
const EXHAUSTIVE_LIMIT = 5;
/** A change of side within a stay is rare (autobalance): it only decides between otherwise equal matches. */
const SIDE_CHANGE_COST = 1_000;
/**
 * Scores rise in play and fall only by a penalty (a team kill, a suicide), so a fall weighs far more than a rise
 * of the same size: of two people with one name, the one whose score would have to fall is not the one who stayed.
 */
const SCORE_FALL_WEIGHT = 10;

/**
 * For each current entry, the index of the previous entry whose stay it continues, or -1 for a new stay. Most
 * continued stays win, then the closest counters (same side first): two people sharing a name keep their own
 * counters whichever of them scores more.
 */
export function matchEntries(
  previous: readonly EntryState[],
  current: readonly EntryState[],
  afterAbsence: boolean,
): number[] {
  const fits = afterAbsence ? resumesStay : continuesStay;
  const cost = (from: EntryState, to: EntryState): number | undefined =>
    fits(from, to)
      ? (from.team === to.team ? 0 : SIDE_CHANGE_COST) +
        (to.kills - from.kills) +
        (to.deaths - from.deaths) +
        (to.score >= from.score ? to.score - from.score : (from.score - to.score) * SCORE_FALL_WEIGHT)
      : undefined;

  if (previous.length === 1 && current.length === 1) {
    return [cost(previous[0] as EntryState, current[0] as EntryState) === undefined ? -1 : 0];
  }
  const costs = current.map((to) => previous.map((from) => cost(from, to)));
  if (previous.length > EXHAUSTIVE_LIMIT || current.length > EXHAUSTIVE_LIMIT) return matchGreedily(costs);

  let best = { matched: -1, cost: Infinity, assignment: [] as number[] };
  const assignment: number[] = [];
  const taken = new Set<number>();
  const search = (index: number, matched: number, total: number) => {
    if (index === current.length) {
      if (matched > best.matched || (matched === best.matched && total < best.cost)) {
        best = { matched, cost: total, assignment: [...assignment] };
      }
      return;
    }
    assignment.push(-1);
    search(index + 1, matched, total);
    assignment.pop();
    costs[index]?.forEach((candidate, from) => {
      if (candidate === undefined || taken.has(from)) return;
      taken.add(from);
      assignment.push(from);
      search(index + 1, matched + 1, total + candidate);
      assignment.pop();
      taken.delete(from);
    });
  };
  search(0, 0, 0);
  return best.assignment;
}

function matchGreedily(costs: readonly (readonly (number | undefined)[])[]): number[] {
  const pairs = costs.flatMap((row, to) =>
    row.flatMap((cost, from) => (cost === undefined ? [] : [{ to, from, cost }])),
  );
  pairs.sort((a, b) => a.cost - b.cost);
  const assignment = costs.map(() => -1);
  const taken = new Set<number>();
  for (const { to, from } of pairs) {
    if (assignment[to] !== -1 || taken.has(from)) continue;
    assignment[to] = from;
    taken.add(from);
  }
  return assignment;
}
