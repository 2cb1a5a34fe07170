import { describe, expect, it } from 'vitest';
import { pingPercentiles } from '../../domain/ping-histogram.ts';
import { asServerGuid } from '../../domain/ids.ts';
import { insertPingHour } from '../../test/round-fixtures.ts';
import { useTestDatabase } from '../../test/test-database.ts';
import { readPingHistory } from './server-history.ts';
import { createServersRepository } from './servers.repository.ts';

describe('readPingHistory', () => {
  const database = useTestDatabase();
  const span = (bucketMinutes: number, foldToWeeks = false) => ({
    startMs: Date.parse('2024-06-01T00:00:00.000Z'),
    endMs: Date.parse('2024-06-02T00:00:00.000Z'),
    bucketMinutes,
    foldToWeeks,
  });

  it('gives each hour of one server its median and p95, oldest first, buckets under an hour read by the hour', async () => {
    const { sqlite, db } = database();
    // Inserted newest first: the order of the answer must come from the reading, not from insertion.
    insertPingHour(sqlite, 'srv-a', '2024-06-01T12:00:00.000Z', { 100: 4 });
    insertPingHour(sqlite, 'srv-a', '2024-06-01T09:00:00.000Z', { 50: 3 });
    // Another server's hour with wildly different pings must not leak in; nor an hour outside the span.
    insertPingHour(sqlite, 'srv-b', '2024-06-01T09:00:00.000Z', { 900: 1000 });
    insertPingHour(sqlite, 'srv-a', '2024-06-02T00:00:00.000Z', { 300: 5 });

    expect(await readPingHistory(createServersRepository(db), [asServerGuid('srv-a')], span(15))).toEqual([
      // Three samples in 50–60 ms: the median lies half-way (55), the p95 at 95 % of the bin (59.5).
      { timePeriod: '2024-06-01T09:00:00.000Z', medianPing: 55, p95Ping: 59.5 },
      { timePeriod: '2024-06-01T12:00:00.000Z', medianPing: 105, p95Ping: 109.5 },
    ]);
    expect(await readPingHistory(createServersRepository(db), [asServerGuid('srv-x')], span(15))).toEqual([]);
  });

  it('merges the histograms of a longer bucket: a day has the median of its pings, not of hourly medians', async () => {
    const { sqlite, db } = database();
    insertPingHour(sqlite, 'srv-a', '2024-06-01T01:00:00.000Z', { 40: 10 });
    insertPingHour(sqlite, 'srv-a', '2024-06-01T02:00:00.000Z', { 40: 10 });
    insertPingHour(sqlite, 'srv-a', '2024-06-01T03:00:00.000Z', { 200: 1 });
    const merged = pingPercentiles([
      { pingBin: 40, samples: 20 },
      { pingBin: 200, samples: 1 },
    ]);
    expect(await readPingHistory(createServersRepository(db), [asServerGuid('srv-a')], span(1440))).toEqual([
      {
        timePeriod: '2024-06-01T00:00:00.000Z',
        medianPing: Math.round((merged?.median ?? 0) * 10) / 10,
        p95Ping: Math.round((merged?.p95 ?? 0) * 10) / 10,
      },
    ]);
  });
});
