import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { generateHistory } from './generate-history.ts';
import type { TrueRound } from './ground-truth.ts';
import { checkAgainstTruth } from './truth-check.ts';

/** The world's own clock at the end of the history: a Sunday evening in Europe, a busy hour. */
const WORLD_END = Date.parse('2025-06-01T20:00:00Z');

/** Three hours of one game's history ending at `endMs`, the world's own clock ending at WORLD_END. */
async function historyEndingAt(endMs: number) {
  const database = await openTestDatabase();
  try {
    const result = generateHistory({
      sqlite: database.sqlite,
      seed: 7,
      endMs,
      days: 0.125,
      worldEndMs: WORLD_END,
      games: ['bf1942'],
      recordTruth: true,
    });
    const truth = result.truth ?? [];
    const rounds = database.sqlite
      .prepare('select map_name, start_time, last_poll_at from rounds order by start_time, server_guid')
      .all() as { map_name: string; start_time: string; last_poll_at: string }[];
    return { result, truth, rounds, report: checkAgainstTruth(database.sqlite, truth) };
  } finally {
    await database.close();
  }
}

function moved(rounds: readonly TrueRound[], byMs: number): TrueRound[] {
  return rounds.map((round) => ({
    ...round,
    start: round.start + byMs,
    end: round.end + byMs,
    sessions: round.sessions.map((session) => ({
      ...session,
      firstSeen: session.firstSeen + byMs,
      lastSeen: session.lastSeen + byMs,
    })),
  }));
}

describe('generateHistory with a fixed world instant', () => {
  it('writes the same history on any day, moved to end at the given end', async () => {
    const onTheDay = await historyEndingAt(WORLD_END);
    // Any later moment, not a whole number of steps or days after.
    const offset = 3 * 86_400_000 + 7 * 3_600_000 + 12_345;
    const later = await historyEndingAt(WORLD_END + offset);

    expect(onTheDay.result.worldOffsetMs).toBe(0);
    expect(later.result.worldOffsetMs).toBe(offset);
    // The world itself ends at its own time, ready to go on live at the offset.
    expect(later.result.world.now()).toBe(WORLD_END);
    expect(later.result.steps).toBe(onTheDay.result.steps);

    // What really happened is the same, only later; and the collector stored it as exactly.
    expect(onTheDay.truth.length).toBeGreaterThan(20);
    expect(later.truth).toEqual(moved(onTheDay.truth, offset));
    expect(later.report.roundsExact).toBe(onTheDay.report.roundsExact);
    expect(later.report.sessionsExact).toBe(onTheDay.report.sessionsExact);
    expect(later.report.sessionsExact).toBe(later.report.sessions);

    const shift = (iso: string) => new Date(Date.parse(iso) + offset).toISOString();
    expect(later.rounds).toEqual(
      onTheDay.rounds.map((round) => ({
        map_name: round.map_name,
        start_time: shift(round.start_time),
        last_poll_at: shift(round.last_poll_at),
      })),
    );
    // The stored history ends by its end, not by the world's.
    const lastPoll = Math.max(...later.rounds.map((round) => Date.parse(round.last_poll_at)));
    expect(lastPoll).toBeLessThanOrEqual(WORLD_END + offset);
    expect(lastPoll).toBeGreaterThan(WORLD_END + offset - 60_000);
  }, 60_000);
});
