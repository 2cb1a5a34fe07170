import { describe, expect, it } from 'vitest';
import type { CollectionStatus } from '../../domain/collection-status.ts';
import { useTestDatabase } from '../../test/test-database.ts';
import { createHealthRepository } from './health.repository.ts';
import { createHealthService } from './health.service.ts';

const START = Date.parse('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;

describe('health service: a feed outage is a gap until it lasts longer than the limit', () => {
  const getDatabase = useTestDatabase();

  const check = (status: CollectionStatus, nowMs: number) =>
    createHealthService({
      healthRepository: createHealthRepository(getDatabase().db),
      collection: { collectionStatus: () => status },
      unhealthyAfterMs: 10 * MINUTE,
      clock: () => nowMs,
    }).checkHealth();

  const lastGood = new Date(START + 5 * MINUTE);
  const status: CollectionStatus = {
    startedAt: new Date(START),
    games: [
      { game: 'bf1942', lastGoodPollAt: lastGood, consecutiveFailures: 12, lastError: 'HTTP 503' },
      { game: 'fh2', lastGoodPollAt: new Date(START + 20 * MINUTE), consecutiveFailures: 0, lastError: null },
    ],
  };

  it('reports a failing game as ok while it has failed for at most the limit', async () => {
    const result = await check(status, lastGood.getTime() + 10 * MINUTE);
    expect(result.problems).toEqual([]);
    expect(result.collector).toEqual({
      status: 'ok',
      games: [
        { game: 'bf1942', lastGoodPollAt: '2026-03-01T12:05:00.000Z', consecutiveFailures: 12, lastError: 'HTTP 503' },
        { game: 'fh2', lastGoodPollAt: '2026-03-01T12:20:00.000Z', consecutiveFailures: 0, lastError: null },
      ],
      worker: null,
    });
  });

  it("is failing at once while the collector's worker is not running, whatever the games say", async () => {
    const worker = { alive: false, restarts: 2, problem: "the collector's worker stopped (exit code 1)" };
    const result = await check({ ...status, worker: { ...worker, standby: false } }, lastGood.getTime() + MINUTE);
    expect(result.collector).toEqual({ status: 'failing', games: expect.any(Array) as unknown, worker });
    expect(result.problems).toEqual(["The collector is not running: the collector's worker stopped (exit code 1)"]);
  });

  it('stands by, healthy, while another instance collects, however old its games look', async () => {
    const worker = { alive: true, restarts: 0, problem: null };
    const longAfter = lastGood.getTime() + 24 * 60 * MINUTE;
    const result = await check({ ...status, worker: { ...worker, standby: true } }, longAfter);
    expect(result.collector).toEqual({ status: 'standby', games: [], worker });
    expect(result.problems).toEqual([]);
  });

  it('names the game, how long and why once it has failed for longer', async () => {
    const result = await check(status, lastGood.getTime() + 10 * MINUTE + 1);
    expect(result.collector.status).toBe('failing');
    expect(result.problems).toEqual(['Collection of bf1942 has failed for 10 min: HTTP 503']);
  });

  it('counts a game never polled well from start-up', async () => {
    const never: CollectionStatus = {
      startedAt: new Date(START),
      games: [{ game: 'bfvietnam', lastGoodPollAt: null, consecutiveFailures: 40, lastError: 'connect ECONNREFUSED' }],
    };
    expect((await check(never, START + 9 * MINUTE)).problems).toEqual([]);
    expect((await check(never, START + 25 * MINUTE)).problems).toEqual([
      'Collection of bfvietnam has failed since start-up (25 min): connect ECONNREFUSED',
    ]);
  });

  it('is not about the collector when none runs here', async () => {
    const result = await createHealthService({
      healthRepository: createHealthRepository(getDatabase().db),
      collection: undefined,
      unhealthyAfterMs: MINUTE,
      clock: () => START,
    }).checkHealth();
    expect(result).toEqual({
      collector: { status: 'off', games: [], worker: null },
      problems: [],
      databaseError: undefined,
    });
  });
});
