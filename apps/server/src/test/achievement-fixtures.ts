import type { SyncConnection } from '../db/sync-connection.ts';
import type { TimelinePoll } from '../domain/timeline-codec.ts';
import { insertRound, insertServer } from './round-fixtures.ts';

/**
 * One scripted round whose achievements are worked out by hand (ingest/store/round-achievements.test.ts): five
 * names on 'Wake 24/7' ('g'), on 'Wake Island', polled once a minute for five minutes, team 1 winning 120
 * tickets to 45.
 */

const MINUTE = 60_000;

/** Per player, per poll (one a minute, 0..5): [score, kills, deaths, team]. */
export const SCRIPTED_LINES: Record<string, [number, number, number, number][]> = {
  // Streak 0 → 3 → 6 (5 reached at minute 2), a death, then 3 → 5 (5 reached again at minute 5).
  Ace: [
    [0, 0, 0, 1],
    [10, 3, 0, 1],
    [20, 6, 0, 1],
    [24, 7, 1, 1],
    [30, 10, 1, 1],
    [40, 12, 1, 1],
  ],
  Bee: [
    [0, 0, 0, 2],
    [5, 1, 0, 2],
    [5, 1, 1, 2],
    [10, 2, 1, 2],
    [12, 3, 1, 2],
    [15, 3, 2, 2],
  ],
  // Moved to the winning side for the last two polls: a regular winner, with little of the win.
  Cid: [
    [0, 0, 0, 2],
    [2, 0, 0, 2],
    [4, 1, 0, 2],
    [4, 1, 0, 2],
    [6, 2, 0, 1],
    [8, 2, 0, 1],
  ],
  // Fought four polls for the winners, ended on the losing side: a switched winner.
  Dee: [
    [0, 0, 0, 1],
    [1, 0, 0, 1],
    [2, 0, 0, 1],
    [5, 1, 0, 1],
    [5, 1, 0, 2],
    [5, 1, 0, 2],
  ],
  // A default name: a bot, in no podium and no victory, however well it scores.
  BFPlayer_3: [
    [0, 0, 0, 1],
    [20, 4, 0, 1],
    [30, 6, 0, 1],
    [40, 8, 0, 1],
    [50, 10, 0, 1],
    [60, 12, 0, 1],
  ],
};
const NAMES = Object.keys(SCRIPTED_LINES);

/** The instant `minute` minutes after a scripted round's start, ISO. */
export const scriptedMinute = (startMs: number, minute: number) => new Date(startMs + minute * MINUTE).toISOString();

/** Inserts the server (once) and the closed round `roundKey` (id `round-{roundKey}`) starting at `startMs`. */
export function insertScriptedRound(sqlite: SyncConnection, roundKey: number, startMs: number): void {
  const known = sqlite.prepare("select 1 from servers where server_guid = 'g'").get();
  if (!known) {
    insertServer(sqlite, {
      serverGuid: 'g',
      name: 'Wake 24/7',
      firstSeen: scriptedMinute(startMs, 0),
      lastSeen: scriptedMinute(startMs, 5),
    });
  }
  const polls: TimelinePoll[] = Array.from({ length: 6 }, (_, minute) => ({
    at: startMs + minute * MINUTE,
    samples: NAMES.map((name, player) => {
      const [score, kills, deaths, team] = SCRIPTED_LINES[name]![minute]!;
      return { player, score, kills, deaths, ping: 40, team };
    }),
  }));
  insertRound(sqlite, {
    roundKey,
    serverGuid: 'g',
    mapName: 'Wake Island',
    start: scriptedMinute(startMs, 0),
    end: scriptedMinute(startMs, 5),
    tickets: [120, 45],
    sessions: NAMES.map((name) => {
      const [score, kills, deaths, team] = SCRIPTED_LINES[name]!.at(-1)!;
      return { name, score, kills, deaths, team, minutes: 5 };
    }),
    polls,
  });
}
