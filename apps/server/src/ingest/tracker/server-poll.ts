import { isBot } from '../../domain/bots.ts';
import type { ServerSnapshot, SnapshotPlayer } from '../../domain/snapshot.ts';

/** One server poll's scoreboard as the tracker reads it. */
export interface Roster {
  /** Each tracked name's entries, in the feed's order (bots left out). */
  byName: Map<string, SnapshotPlayer[]>;
  /** Human entries: two people sharing a name are two. */
  humans: number;
  bots: number;
}

export function readRoster(players: readonly SnapshotPlayer[]): Roster {
  const byName = new Map<string, SnapshotPlayer[]>();
  let bots = 0;
  for (const player of players) {
    if (isBot(player)) {
      bots += 1;
      continue;
    }
    const entries = byName.get(player.name);
    if (entries) entries.push(player);
    else byName.set(player.name, [player]);
  }
  return { byName, humans: players.length - bots, bots };
}

/** A team's tickets as the server reports them (on the server, else on the team), null when it reports none. */
export function ticketsOf(snapshot: ServerSnapshot, index: 1 | 2): number | null {
  const direct = index === 1 ? snapshot.tickets1 : snapshot.tickets2;
  return direct ?? snapshot.teams.find((team) => team.index === index)?.tickets ?? null;
}
