import { busyGuidBatches } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBusyResult } from './test-fixtures.ts';
import { useBusyIndicators } from './busy-indicators.ts';

function stubFetch(fail: (guids: string[]) => boolean = () => false) {
  const calls: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      const guids = url.searchParams.getAll('serverGuids');
      calls.push(guids);
      if (fail(guids)) return new Response('{}', { status: 500 });
      return new Response(
        JSON.stringify({ serverResults: guids.map((guid) => makeBusyResult(guid)), generatedAt: '' }),
        { status: 200 },
      );
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useBusyIndicators: the top 10 first (the preloaded call), the other rows after it', () => {
  function renderBusy(guids: readonly string[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useBusyIndicators(guids, { utcHour: 20, listLoadedAt: 1 }), { wrapper });
  }

  it('asks for the others only once the top 10 have answered, and merges both answers', async () => {
    const calls: string[][] = [];
    let releaseTop: () => void = () => {};
    const topHeld = new Promise<void>((resolve) => {
      releaseTop = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
        const guids = url.searchParams.getAll('serverGuids');
        calls.push(guids);
        if (calls.length === 1) await topHeld;
        return new Response(
          JSON.stringify({ serverResults: guids.map((guid) => makeBusyResult(guid)), generatedAt: '' }),
          { status: 200 },
        );
      }),
    );
    const guids = Array.from({ length: 40 }, (_, index) => `g${index}`);
    const { result } = renderBusy(guids);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual(guids.slice(0, 10));
    // While the top 10 are on their way, nothing else is asked (the page's first paint comes first).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
    releaseTop();
    await waitFor(() => expect(result.current?.size).toBe(40));
    expect(calls.slice(1)).toEqual([guids.slice(10, 35), guids.slice(35)]);
    // Exactly the calls the server preloads with the page (contract busyGuidBatches, apps/server/src/web).
    expect(calls).toEqual(busyGuidBatches(guids.map((guid, index) => ({ guid, numPlayers: 100 - index }))));
  });

  it('makes one call for a list of 10 or fewer, the guids as repeated serverGuids keys', async () => {
    const calls = stubFetch();
    const { result } = renderBusy(['a', 'b']);
    await waitFor(() => expect(result.current?.size).toBe(2));
    expect(calls).toEqual([['a', 'b']]);
  });

  it("makes no call for an empty list (spec §7: 'empty list makes no call')", async () => {
    const calls = stubFetch();
    const { result } = renderBusy([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    expect(result.current).toBeUndefined();
  });

  it("keeps the other batches when one fails, with a silent warning (spec §7 'busy indicator failure is a silent warning')", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubFetch((guids) => guids.includes('g30'));
    const guids = Array.from({ length: 40 }, (_, index) => `g${index}`);
    const { result } = renderBusy(guids);
    await waitFor(() => expect(calls).toHaveLength(3));
    // The top 10 and the last 5 show; the failed batch of 25 (g10…g34) is left out.
    await waitFor(() => expect(result.current?.size).toBe(15));
    expect(result.current?.has('g35')).toBe(true);
    expect(result.current?.has('g30')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe('Failed to get server busy indicators');
  });
});
