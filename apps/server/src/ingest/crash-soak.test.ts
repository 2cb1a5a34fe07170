import { describe, expect, it } from 'vitest';
import { runCrashSoak } from '../../../../scripts/lib/crash-soak.ts';
import {
  pollsLostAround,
  SoakTruth,
  splitRounds,
  wronglyClosedRounds,
  type StoredRound,
} from '../../../../scripts/lib/soak-checks.ts';
import type { SoakFeedClock, SoakTrueRound } from '../../../../scripts/lib/soak-feed.ts';

/**
 * A seeded share of the crash soak (scripts/crash-soak.ts; `npm run bench -- --only=crash` runs 25 kills and 5 worker
 * deaths): the real server, as a process of its own, collecting the emulator's world every second on a database
 * file, killed with SIGKILL three times at random moments and its collector's worker terminated once; after each,
 * the file is sound, the open rounds go on under the same ids, no name has two sessions in a round, and no round
 * is split. First, the soak's own checks against a made-up truth, so that a clean run cannot pass for lack of them.
 */

const STEP = 30_000;
/** The world at 15 times real time: real second s is world second 15 s, from world time 0. */
const CLOCK: SoakFeedClock = { realStart: 0, worldStart: 0, speed: 15, stepMs: STEP };
const server = { game: 'bf1942', ip: '192.0.2.1', port: 14567 };

function storedRound(id: string, map: string, start: number, end: number | undefined): StoredRound {
  return {
    roundKey: 0,
    roundId: id,
    serverGuid: 'guid-1',
    ...server,
    map,
    start,
    end,
    closedAt: end === undefined ? undefined : end + 2_000,
    closeReason: end === undefined ? null : 'restart',
    open: end === undefined,
  };
}

async function truthOf(rounds: Omit<SoakTrueRound, keyof typeof server>[]): Promise<SoakTruth> {
  const truth = new SoakTruth(async () => ({
    clock: CLOCK,
    rounds: rounds.map((round) => ({ ...server, ...round })),
  }));
  await truth.refresh();
  return truth;
}

describe("the crash soak's checks", () => {
  it('a round cut in two where the world played it through is split and wrongly closed; a real restart is neither', async () => {
    // The world: wake from 0 to step 20, restarted at step 21 (real 42 s) and still on at step 40.
    const truth = await truthOf([
      { map: 'wake', start: 0, end: 20 * STEP },
      { map: 'wake', start: 21 * STEP, end: 40 * STEP },
    ]);
    // Stored: cut at real 20 s (world step 10, where nothing happened), and again at real 42 s (the restart).
    const rounds = [
      storedRound('a', 'wake', 0, 20_000),
      storedRound('b', 'wake', 22_000, 40_000),
      storedRound('c', 'wake', 42_000, undefined),
    ];

    expect(splitRounds(rounds, truth).map(({ first, second }) => [first.roundId, second.roundId])).toEqual([
      ['a', 'b'],
    ]);
    expect(wronglyClosedRounds(rounds, truth).map((round) => round.roundId)).toEqual(['a']);
  });

  it('counts the poll slots skipped around an interruption', () => {
    const polls = [0, 2_000, 4_000, 10_000, 12_000];
    expect(pollsLostAround(polls, 5_000, 2_000)).toEqual({ gapMs: 6_000, lost: 2 });
    expect(pollsLostAround(polls, 1_000, 2_000)).toEqual({ gapMs: 2_000, lost: 0 });
    // No poll after it: not known.
    expect(pollsLostAround(polls, 13_000, 2_000)).toBeUndefined();
  });
});

describe('the crash soak, a seeded share', () => {
  it('three kills -9 and a dead worker: the file sound, rounds continued, no duplicate session, no split', async () => {
    const result = await runCrashSoak({
      kills: 3,
      workerDeaths: 1,
      pollIntervalSeconds: 1,
      speed: 30,
      seed: 7,
      runMs: [300, 1_500],
      pollsAfter: 1,
    });

    expect(result.problems).toEqual([]);
    expect(result.serverErrors).toEqual([]);
    expect(result).toMatchObject({
      kills: 3,
      workerDeaths: 1,
      integrityFailures: 0,
      roundsNotContinued: 0,
      splitRounds: 0,
      duplicateSessions: 0,
    });
    // Every interruption had open rounds to continue, and polls on both sides of it.
    for (const interruption of result.interruptions) {
      expect(interruption.openRoundsBefore).toBeGreaterThan(0);
      expect(interruption.pollsLost).toBeTypeOf('number');
    }
    expect(result.downtimeMsMax).toBeLessThan(15_000);
    // About 25 s alone; room for a machine busy with other tests.
  }, 120_000);
});
