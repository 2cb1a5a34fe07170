import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport.ts';

/** A stand-in for the browser's IntersectionObserver: the test says when the element comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  readonly callback: (entries: { isIntersecting: boolean }[]) => void;
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    this.callback = callback;
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('useNearViewport', () => {
  it('watches only once enabled, turns true when the element comes near, and stays true', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const ref = { current: document.createElement('div') };
    const { result, rerender } = renderHook(({ enabled }) => useNearViewport(ref, { enabled }), {
      initialProps: { enabled: false },
    });
    expect(result.current).toBe(false);
    expect(FakeObserver.last).toBeUndefined();

    rerender({ enabled: true });
    expect(FakeObserver.last?.observed).toEqual([ref.current]);
    act(() => FakeObserver.last?.callback([{ isIntersecting: false }]));
    expect(result.current).toBe(false);
    act(() => FakeObserver.last?.callback([{ isIntersecting: true }]));
    expect(result.current).toBe(true);
    // Near once is near for good: nothing is watched any more.
    expect(FakeObserver.last?.observed).toEqual([]);
  });

  it('is true as soon as enabled where the browser cannot watch', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const ref = { current: document.createElement('div') };
    const { result, rerender } = renderHook(({ enabled }) => useNearViewport(ref, { enabled }), {
      initialProps: { enabled: false },
    });
    expect(result.current).toBe(false);
    rerender({ enabled: true });
    expect(result.current).toBe(true);
  });
});
