import { serverGuidFor } from '../domain/identity.ts';
import { createCollectorStore } from '../ingest/store/collector-store.ts';
import type { TrackerEvent } from '../ingest/tracker/tracker-events.ts';
import { Tracker } from '../ingest/tracker/tracker.ts';
import type { LoadedFixture } from './sequence-fixture.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A recorded poll sequence (sequence-fixture.ts) run through the real tracker into a real database, and what it gave
 * in the fixtures' own terms: the tracker's sequence tests compare it with each fixture's expected outcome, and the
 * `glitches` bench prints it for the glitch sequences.
 */

type Row = Record<string, unknown>;

export function offsetSeconds(value: unknown, startMs: number): number | null {
  return typeof value === 'string' ? (Date.parse(value) - startMs) / 1000 : null;
}

export interface RunOutcome {
  database: TestDatabase;
  events: TrackerEvent[];
}

export async function runSequence(loaded: LoadedFixture, interruptAfter?: number): Promise<RunOutcome> {
  const database = await openTestDatabase();
  const store = createCollectorStore(database.sqlite);
  let tracker = new Tracker(loaded.options);
  const events: TrackerEvent[] = [];
  loaded.polls.forEach((poll, index) => {
    if (index === interruptAfter) tracker = new Tracker(loaded.options, store.loadTrackerState());
    const result = tracker.ingest(poll);
    store.applyBatches([result.batch]);
    events.push(...result.events);
    // As the collector does: a server that failed may have left the tracker's memory half-changed.
    if (result.failedServers.length > 0) tracker = new Tracker(loaded.options, store.loadTrackerState());
  });
  return { database, events };
}

export function dump(database: TestDatabase, sql: string): Row[] {
  return database.sqlite.prepare(sql).all();
}

export function describeOutcome(loaded: LoadedFixture, outcome: RunOutcome) {
  const { fixture, startMs } = loaded;
  const offset = (value: unknown) => offsetSeconds(value, startMs);
  const aliases = new Map<string, string>();
  for (const poll of fixture.polls) {
    if ('failed' in poll) continue;
    for (const server of poll.servers) {
      const { ip, port } = loaded.serverAddress(server.server);
      aliases.set(serverGuidFor(fixture.game, ip, port), server.server);
    }
  }
  const rounds = dump(outcome.database, 'select * from rounds').sort(
    (a, b) =>
      String(a.start_time).localeCompare(String(b.start_time)) ||
      String(aliases.get(String(a.server_guid))).localeCompare(String(aliases.get(String(b.server_guid)))),
  );
  const roundIndex = new Map(rounds.map((round, index) => [String(round.round_id), index]));
  const sessions = dump(
    outcome.database,
    'select sessions.*, rounds.round_id from sessions join rounds using (round_key) order by player_index',
  ).sort((a, b) => (roundIndex.get(String(a.round_id)) ?? 0) - (roundIndex.get(String(b.round_id)) ?? 0));
  return {
    rounds: rounds.map((round) => ({
      server: aliases.get(String(round.server_guid)),
      map: round.map_name,
      start: offset(round.start_time),
      end: offset(round.end_time),
      reason: round.close_reason,
      participants: round.participant_count,
      polls: round.poll_count,
      tickets: [round.tickets1, round.tickets2],
    })),
    sessions: sessions.map((session) => ({
      round: roundIndex.get(String(session.round_id)),
      player: session.player_name,
      score: session.score,
      kills: session.kills,
      deaths: session.deaths,
      playedSeconds: Number(session.played_ms) / 1000,
      segments: session.segments,
      active: session.is_active === 1,
      start: offset(session.start_time),
      lastSeen: offset(session.last_seen),
    })),
    events: outcome.events.map((event): [string, string | number, number] => {
      switch (event.type) {
        case 'playerOnline':
          return [event.type, event.playerName, (event.at - startMs) / 1000];
        case 'serverMapChange':
          return [event.type, `${event.oldMap}>${event.newMap}`, (event.at - startMs) / 1000];
        case 'roundClosed':
          return [event.type, roundIndex.get(event.roundId) ?? -1, (event.endTime - startMs) / 1000];
      }
    }),
  };
}

/**
 * What the closed rounds award once their round-closed work is done (streaks, placements, victories, …), as
 * [player, achievement id, offset of the instant awarded], sorted.
 */
export function awardsOf(loaded: LoadedFixture, outcome: RunOutcome): [string, string, number | null][] {
  createCollectorStore(outcome.database.sqlite).roundClosedQueue.processQueue(Infinity);
  return dump(outcome.database, 'select player_name, achievement_id, achieved_at from player_achievements')
    .map((row): [string, string, number | null] => [
      String(row.player_name),
      String(row.achievement_id),
      offsetSeconds(row.achieved_at, loaded.startMs),
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
