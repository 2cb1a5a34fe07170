import type { SyncConnection } from '../db/sync-connection.ts';
import { serverGuidFor } from '../domain/identity.ts';
import type { TrueRound, TrueSession } from './ground-truth.ts';

/**
 * Compares what the collector stored with what really happened in the emulated world (ground-truth.ts).
 *
 * - A true round is found exactly when the store has a round of the same server with the same first and last
 *   poll. A true round whose first poll starts no stored round was merged into the one before it; a stored round
 *   that starts where no true round does was split off one.
 * - A true session (one name in one round) is exact when its round is found exactly and the stored session of
 *   that name has the same score, kills and deaths.
 * - A true round that begins at the last poll the collector applied is left out: the tracker holds a poll that would
 *   end a round until the next poll confirms it (decision 0003, "Glitches"), and there is no next poll yet.
 *
 * `npm run bench` prints these figures for the 30-day demo world (truth.bench.ts); a test holds a small world to
 * every session exact (truth-check.test.ts).
 */

export interface TruthReport {
  rounds: number;
  roundsExact: number;
  /** True rounds the collector did not start: merged into the round before. */
  roundsMerged: number;
  /** True rounds begun at the last poll applied, left out of every other figure: no poll could confirm them yet. */
  roundsAwaitingConfirmation: number;
  /** Stored rounds that start where no true round does: split off a true round. */
  roundsSplit: number;
  sessions: number;
  sessionsExact: number;
  /** Stored sessions of exactly found rounds whose name did not play that round. */
  sessionsUnexpected: number;
  /** True restarts of the map being played (no map change, no outage), per game, and how many the collector found. */
  restarts: Record<string, { total: number; found: number }>;
  /** Sessions of names two people wore at once, and of rejoins after points without kills or deaths. */
  sharedNameSessions: { total: number; exact: number };
  scoreOnlyRejoinSessions: { total: number; exact: number };
  /** The first few differences, described, to start an investigation from. */
  examples: string[];
}

interface StoredRound {
  roundKey: number;
  start: number;
  end: number;
  map: string;
}

interface StoredSession {
  score: number;
  kills: number;
  deaths: number;
}

const MAX_EXAMPLES = 12;

export function checkAgainstTruth(sqlite: SyncConnection, truth: readonly TrueRound[]): TruthReport {
  const roundsByStart = new Map<string, StoredRound>();
  const storedStarts = new Map<string, Set<number>>();
  for (const row of sqlite
    .prepare('select round_key, server_guid, map_name, start_time, last_poll_at from rounds')
    .all() as {
    round_key: number;
    server_guid: string;
    map_name: string;
    start_time: string;
    last_poll_at: string;
  }[]) {
    const start = Date.parse(row.start_time);
    roundsByStart.set(`${row.server_guid}|${start}`, {
      roundKey: row.round_key,
      start,
      end: Date.parse(row.last_poll_at),
      map: row.map_name,
    });
    let starts = storedStarts.get(row.server_guid);
    if (!starts) storedStarts.set(row.server_guid, (starts = new Set()));
    starts.add(start);
  }
  const sessionsOf = sqlite.prepare('select player_name, score, kills, deaths from sessions where round_key = ?');
  const lastPollOf = new Map(
    (
      sqlite.prepare('select game, last_success_at from collector_games').all() as {
        game: string;
        last_success_at: string | null;
      }[]
    ).map((row) => [row.game, row.last_success_at === null ? Infinity : Date.parse(row.last_success_at)]),
  );
  const awaiting = new Set(truth.filter((round) => round.start >= (lastPollOf.get(round.game) ?? Infinity)));
  const decided = truth.filter((round) => !awaiting.has(round));

  const report: TruthReport = {
    rounds: decided.length,
    roundsExact: 0,
    roundsMerged: 0,
    roundsAwaitingConfirmation: awaiting.size,
    roundsSplit: 0,
    sessions: 0,
    sessionsExact: 0,
    sessionsUnexpected: 0,
    restarts: {},
    sharedNameSessions: { total: 0, exact: 0 },
    scoreOnlyRejoinSessions: { total: 0, exact: 0 },
    examples: [],
  };
  const example = (text: string) => {
    if (report.examples.length < MAX_EXAMPLES) report.examples.push(text);
  };

  const trueStarts = new Map<string, Set<number>>();
  for (const round of decided) {
    const guid = serverGuidFor(round.game, round.ip, round.port);
    let starts = trueStarts.get(guid);
    if (!starts) trueStarts.set(guid, (starts = new Set()));
    starts.add(round.start);

    const stored = roundsByStart.get(`${guid}|${round.start}`);
    if (!stored) {
      report.roundsMerged += 1;
      example(`merged: ${round.game} ${round.ip}:${round.port} ${round.map} from ${iso(round.start)}`);
    }
    if (round.restart) {
      const restarts = (report.restarts[round.game] ??= { total: 0, found: 0 });
      restarts.total += 1;
      if (stored) restarts.found += 1;
    }
    const exactRound = stored !== undefined && stored.end === round.end;
    if (exactRound) report.roundsExact += 1;
    else if (stored)
      example(`ends differ: ${round.map} from ${iso(round.start)}: ${iso(round.end)} vs ${iso(stored.end)}`);

    const storedSessions = new Map<string, StoredSession>();
    if (exactRound) {
      for (const row of sessionsOf.all(stored.roundKey) as unknown as ({ player_name: string } & StoredSession)[]) {
        storedSessions.set(row.player_name, row);
      }
    }
    for (const session of round.sessions) {
      const found = storedSessions.get(session.name);
      const exact = found !== undefined && sameTotals(found, session);
      report.sessions += 1;
      if (exact) report.sessionsExact += 1;
      else if (exactRound) example(describeSession(round, session, found));
      if (session.sharedName) tally(report.sharedNameSessions, exact);
      if (session.rejoinedAfterScoreOnly) tally(report.scoreOnlyRejoinSessions, exact);
      storedSessions.delete(session.name);
    }
    report.sessionsUnexpected += storedSessions.size;
  }

  for (const [guid, starts] of storedStarts) {
    const truthStarts = trueStarts.get(guid);
    if (!truthStarts) continue; // a server outside the recorded games
    for (const start of starts) {
      if (truthStarts.has(start)) continue;
      report.roundsSplit += 1;
      const round = roundsByStart.get(`${guid}|${start}`);
      example(`split: ${round?.map ?? '?'} from ${iso(start)} on ${guid}`);
    }
  }
  return report;
}

function sameTotals(stored: StoredSession, truth: TrueSession): boolean {
  return stored.score === truth.score && stored.kills === truth.kills && stored.deaths === truth.deaths;
}

function tally(counter: { total: number; exact: number }, exact: boolean): void {
  counter.total += 1;
  if (exact) counter.exact += 1;
}

function describeSession(round: TrueRound, truth: TrueSession, stored: StoredSession | undefined): string {
  const where = `${round.map} from ${iso(round.start)}`;
  const real = `${truth.score}/${truth.kills}/${truth.deaths} in ${truth.stints} stint(s)`;
  const kind = [truth.sharedName ? 'shared name' : '', truth.rejoinedAfterScoreOnly ? 'score-only rejoin' : '']
    .filter(Boolean)
    .join(', ');
  const got = stored ? `${stored.score}/${stored.kills}/${stored.deaths}` : 'no session';
  return `session ${JSON.stringify(truth.name)} ${where}: truth ${real}${kind ? ` (${kind})` : ''}, stored ${got}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The report's headline figures, as `npm run bench` prints them. */
export function truthFigures(report: TruthReport): {
  sessionsExactPct: number;
  fh2RestartsFoundPct: number;
} {
  const fh2 = report.restarts.fh2 ?? { total: 0, found: 0 };
  return {
    sessionsExactPct: report.sessions === 0 ? 100 : (report.sessionsExact / report.sessions) * 100,
    fh2RestartsFoundPct: fh2.total === 0 ? 100 : (fh2.found / fh2.total) * 100,
  };
}
