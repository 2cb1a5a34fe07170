import { describe, expect, it } from 'vitest';
import { busyGuidBatches, selectBusyGuids, toBatches } from './busy-guids.ts';

// Spec site-statistics §9: "Busy indicators for top 10 servers, 25 guids per batch"; §5: "Busy lookups skipped
// for servers without guid". The server preloads exactly the calls the browser makes (apps/server/src/web).

const server = (guid: string, numPlayers: number) => ({ guid, numPlayers });

describe('busy indicator calls', () => {
  it('asks for the busiest servers first, skipping servers without a guid and repeats', () => {
    expect(selectBusyGuids([server('a', 1), server('', 30), server('b', 9), server('b', 9), server('c', 5)])).toEqual([
      'b',
      'c',
      'a',
    ]);
  });
  it('batches 25 at a time', () => {
    expect(toBatches(Array.from({ length: 51 }, (_, index) => index)).map((batch) => batch.length)).toEqual([
      25, 25, 1,
    ]);
    expect(toBatches([])).toEqual([]);
  });
  it('makes the top 10 one call, then every other server busiest first in calls of 25', () => {
    const servers = Array.from({ length: 47 }, (_, index) => server(`s${index}`, 100 - index));
    const batches = busyGuidBatches(servers);
    expect(batches.map((batch) => batch.length)).toEqual([10, 25, 12]);
    expect(batches.flat()).toEqual(servers.map((entry) => entry.guid));
    expect(busyGuidBatches(servers.slice(0, 4))).toEqual([['s0', 's1', 's2', 's3']]);
    expect(busyGuidBatches([])).toEqual([]);
  });
});
