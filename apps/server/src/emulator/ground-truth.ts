import type { GameId } from '@frontline/contract';
import { isBot } from '../domain/bots.ts';

/**
 * The emulator's record of what really happened: every round each server played and what each person in it
 * made, as far as a poll of the feed could have seen it (the values of each person's last step on the
 * scoreboard, not what they made in the half-minute after the last poll that listed them). The collector is
 * checked against it (truth-check.ts): the world knows who is who, which the feed never tells.
 *
 * A round is one run of a map on a server, from the first step that showed it to the last. Each person's stay
 * on the server ("stint") is followed on its own; a name's totals in a round add up its stints, so two people
 * sharing a name, or one person who left and came back, add up as their entries really made.
 */

/** One person's entry on a server's scoreboard as the world keeps it: the object is the stint's identity. */
export interface TruthEntry {
  name: string;
  isBot: boolean;
  score: number;
  kills: number;
  deaths: number;
}

export interface TruthServerView {
  game: GameId;
  ip: string;
  port: number;
  map: string;
  /** Changes whenever the server starts a round (a map change, a restart, or coming back online). */
  roundSerial: number;
  restartedSameMap: boolean;
  players: readonly TruthEntry[];
}

export interface TrueSession {
  name: string;
  score: number;
  kills: number;
  deaths: number;
  /** Stays on the server in this round: more than one after a rejoin, or when two people share the name. */
  stints: number;
  firstSeen: number;
  lastSeen: number;
  /** Two people with this name were on the server's scoreboard at the same step. */
  sharedName: boolean;
  /** A stint with points but no kill or death (objectives, penalties) was followed by another one. */
  rejoinedAfterScoreOnly: boolean;
}

export interface TrueRound {
  game: GameId;
  ip: string;
  port: number;
  map: string;
  /** The first and last step that showed the round (unix ms). */
  start: number;
  end: number;
  /** The server restarted the map it was playing, without going offline in between. */
  restart: boolean;
  /** The most people (bots excluded) the scoreboard showed at once in this round. */
  peakPlayers: number;
  sessions: TrueSession[];
}

interface StintRecord {
  name: string;
  score: number;
  kills: number;
  deaths: number;
  firstSeen: number;
  lastSeen: number;
}

interface OpenRound {
  round: Omit<TrueRound, 'sessions'>;
  serial: number;
  stints: Map<TruthEntry, StintRecord>;
  sharedNames: Set<string>;
}

export class GroundTruth {
  readonly rounds: TrueRound[] = [];
  readonly #open = new Map<number, OpenRound>();
  #time = 0;
  #seen = new Set<number>();

  /** The world's step, to tell a round that followed straight on from one after an outage. */
  readonly #stepMs: number;

  constructor(stepMs: number) {
    this.#stepMs = stepMs;
  }

  beginStep(time: number): void {
    this.#time = time;
    this.#seen = new Set();
  }

  observeServer(key: number, server: TruthServerView): void {
    this.#seen.add(key);
    let open = this.#open.get(key);
    if (open && open.serial !== server.roundSerial) {
      // Continuous only if the old round was on show at the step before this one.
      const continuous = open.round.end === this.#time - this.#stepMs;
      this.#close(key, open);
      open = this.#openRound(key, server, server.restartedSameMap && continuous);
    } else if (!open) {
      open = this.#openRound(key, server, false);
    }
    open.round.end = this.#time;
    const names = new Set<string>();
    let people = 0;
    for (const entry of server.players) {
      if (isBot(entry)) continue;
      people += 1;
      if (names.has(entry.name)) open.sharedNames.add(entry.name);
      names.add(entry.name);
      const stint = open.stints.get(entry);
      if (stint) {
        stint.score = entry.score;
        stint.kills = entry.kills;
        stint.deaths = entry.deaths;
        stint.lastSeen = this.#time;
      } else {
        open.stints.set(entry, {
          name: entry.name,
          score: entry.score,
          kills: entry.kills,
          deaths: entry.deaths,
          firstSeen: this.#time,
          lastSeen: this.#time,
        });
      }
    }
    open.round.peakPlayers = Math.max(open.round.peakPlayers, people);
  }

  /** Servers not observed in this step are offline: their rounds are over. */
  endStep(): void {
    for (const [key, open] of this.#open) if (!this.#seen.has(key)) this.#close(key, open);
  }

  /** Closes every round still open: the record up to now is complete. */
  finish(): TrueRound[] {
    for (const [key, open] of this.#open) this.#close(key, open);
    return this.rounds;
  }

  #openRound(key: number, server: TruthServerView, restart: boolean): OpenRound {
    const open: OpenRound = {
      round: {
        game: server.game,
        ip: server.ip,
        port: server.port,
        map: server.map,
        start: this.#time,
        end: this.#time,
        restart,
        peakPlayers: 0,
      },
      serial: server.roundSerial,
      stints: new Map(),
      sharedNames: new Set(),
    };
    this.#open.set(key, open);
    return open;
  }

  #close(key: number, open: OpenRound): void {
    this.#open.delete(key);
    const byName = new Map<string, StintRecord[]>();
    for (const stint of open.stints.values()) {
      const stints = byName.get(stint.name);
      if (stints) stints.push(stint);
      else byName.set(stint.name, [stint]);
    }
    const sessions = [...byName].map(([name, stints]): TrueSession => {
      const ordered = stints.sort((a, b) => a.firstSeen - b.firstSeen);
      return {
        name,
        score: sum(ordered, 'score'),
        kills: sum(ordered, 'kills'),
        deaths: sum(ordered, 'deaths'),
        stints: ordered.length,
        firstSeen: Math.min(...ordered.map((stint) => stint.firstSeen)),
        lastSeen: Math.max(...ordered.map((stint) => stint.lastSeen)),
        sharedName: open.sharedNames.has(name),
        rejoinedAfterScoreOnly: ordered
          .slice(0, -1)
          .some((stint) => stint.score !== 0 && stint.kills === 0 && stint.deaths === 0),
      };
    });
    this.rounds.push({ ...open.round, sessions });
  }
}

function sum(stints: readonly StintRecord[], key: 'score' | 'kills' | 'deaths'): number {
  return stints.reduce((total, stint) => total + stint[key], 0);
}
