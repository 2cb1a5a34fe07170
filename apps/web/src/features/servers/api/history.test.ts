import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playersOnlineHistoryQueryOptions } from './history.ts';

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const empty = {
  dataPoints: [],
  insights: { peakPlayers: 0, lowestPlayers: 0, overallAverage: 0, rollingAverage: [] },
  period: '7d',
  rollingWindowDays: 14,
};

/** The history as the panel loads it: through the query's options. */
function load(...args: Parameters<typeof playersOnlineHistoryQueryOptions>) {
  return new QueryClient().fetchQuery(playersOnlineHistoryQueryOptions(...args));
}

afterEach(() => vi.unstubAllGlobals());

describe("players-online history call (spec §7: 'GET /stats/LiveServers/{id}/players-online-history, query period, rollingWindowDays')", () => {
  it('calls the path with the period and window, and passes an abort signal', async () => {
    const fetchMock = answer(empty);
    await expect(load('bf1942', '7d', 14)).resolves.toEqual(empty);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/stats/LiveServers/bf1942/players-online-history?period=7d&rollingWindowDays=14',
    );
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("throws 'HTTP error! status: {code}' on failure", async () => {
    answer({ error: 'x', message: 'x' }, 500);
    await expect(load('fh2', '1d', 7)).rejects.toThrow('HTTP error! status: 500');
  });

  it("asks each game once for 'all'", async () => {
    const fetchMock = answer(empty);
    await load('all', '3d', 30);
    expect(fetchMock.mock.calls.map(([url]) => (typeof url === 'string' ? url : 'not a string'))).toEqual([
      '/stats/LiveServers/bf1942/players-online-history?period=3d&rollingWindowDays=30',
      '/stats/LiveServers/fh2/players-online-history?period=3d&rollingWindowDays=30',
      '/stats/LiveServers/bfvietnam/players-online-history?period=3d&rollingWindowDays=30',
    ]);
  });

  it("keys the query ['players-online-history', target, period, window]", () => {
    expect(playersOnlineHistoryQueryOptions('fh2', '1month', 7).queryKey).toEqual([
      'players-online-history',
      'fh2',
      '1month',
      7,
    ]);
  });
});
